//! What the servers sharing one PostgreSQL database tell each other.
//!
//! - Changes: every change is committed with a notification on the channel
//!   `tabula` (`"<server> <match> <version>"`, with the move itself when the
//!   change is one move of a match that goes on — see [`change_payload`] — or
//!   `"<server> <match> p"` when who is connected changed). Each server keeps one connection listening,
//!   and passes the other servers' notifications on as [`Notice`]s. When that
//!   connection is lost, the server connects again and sends
//!   [`Notice::Resync`]: whatever it missed meanwhile, it catches up from the
//!   version numbers.
//! - Liveness: each server writes the time into its row of `servers` every
//!   [`HEARTBEAT`]; the live connections a server holds (`presence`) count
//!   only while its row is fresh, and the rows of servers silent for longer
//!   than [`ALIVE_WITHIN`] are swept, their players said to be gone.

use std::time::Duration;

use deadpool_postgres::Pool;
use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio::task::JoinHandle;
use tokio_postgres::{AsyncMessage, NoTls};

use super::postgres::CHANNEL;
use super::{Change, ClockState, Edit, Moved, Notice, StoreError, StoreResult};

/// How often a server says it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(5);
/// How long a server that has not said so counts as alive (an SQL interval).
pub const ALIVE_WITHIN: &str = "15 seconds";
/// The longest wait between two attempts to reach the database again.
const MAX_BACKOFF: Duration = Duration::from_secs(5);

/// The background tasks of one store; they stop when it is dropped.
pub struct Tasks(Vec<JoinHandle<()>>);

impl Drop for Tasks {
    fn drop(&mut self) {
        for task in &self.0 {
            task.abort();
        }
    }
}

/// Registers this server, starts listening for the others' notifications
/// (the first `LISTEN` is done before it returns, so nothing committed after
/// is missed) and starts the heartbeat. Returns whether no other server was
/// alive, and the tasks.
pub async fn start(
    pool: &Pool,
    config: tokio_postgres::Config,
    server: String,
    notices: broadcast::Sender<Notice>,
) -> StoreResult<(bool, Tasks)> {
    let first = listen(&config).await?;
    let client = pool.get().await?;
    client.execute("INSERT INTO servers (id, seen_at) VALUES ($1, now())", &[&server]).await?;
    let others: i64 = client
        .query_one(
            &format!("SELECT COUNT(*) FROM servers WHERE id <> $1 AND seen_at > now() - interval '{ALIVE_WITHIN}'"),
            &[&server],
        )
        .await?
        .get(0);
    drop(client);
    let listener = tokio::spawn(relay_forever(config, first, server.clone(), notices.clone()));
    let heartbeat = tokio::spawn(heartbeat(pool.clone(), server, notices));
    Ok((others == 0, Tasks(vec![listener, heartbeat])))
}

type Listening =
    (tokio_postgres::Client, tokio_postgres::Connection<tokio_postgres::Socket, tokio_postgres::tls::NoTlsStream>);

/// A new connection that listens on the channel.
async fn listen(config: &tokio_postgres::Config) -> StoreResult<Listening> {
    let (client, mut connection) = config.connect(NoTls).await?;
    {
        // The connection must be driven while the LISTEN is sent; nothing is
        // delivered before the LISTEN is done.
        let statement = format!("LISTEN {CHANNEL}");
        let listening = client.batch_execute(&statement);
        tokio::pin!(listening);
        let mut messages = futures_util::stream::poll_fn(|cx| connection.poll_message(cx));
        loop {
            tokio::select! {
                done = &mut listening => {
                    done?;
                    break;
                }
                message = messages.next() => match message {
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Err(e.into()),
                    None => return Err(StoreError::failed("the database closed the connection")),
                },
            }
        }
    }
    Ok((client, connection))
}

/// Passes the other servers' notifications on, connecting again whenever the connection is lost.
async fn relay_forever(
    config: tokio_postgres::Config,
    first: Listening,
    server: String,
    notices: broadcast::Sender<Notice>,
) {
    let mut current = Some(first);
    let mut backoff = Duration::from_millis(100);
    loop {
        let (client, mut connection) = match current.take() {
            Some(listening) => listening,
            None => match listen(&config).await {
                Ok(listening) => {
                    // Whatever was committed while this server was not listening is caught up.
                    let _ = notices.send(Notice::Resync);
                    listening
                }
                Err(e) => {
                    eprintln!("tabula: cannot listen for the other servers' changes (trying again): {e}");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                    continue;
                }
            },
        };
        backoff = Duration::from_millis(100);
        let mut messages = futures_util::stream::poll_fn(|cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let AsyncMessage::Notification(n) = message {
                if let Some(notice) = read_payload(n.payload(), &server) {
                    let _ = notices.send(notice);
                }
            }
        }
        drop(client);
        eprintln!("tabula: the connection that listens for the other servers' changes was lost; connecting again");
    }
}

/// PostgreSQL's limit on a notification's payload is 8000 bytes; a change
/// whose move would not fit is told without it.
const MAX_PAYLOAD: usize = 7900;

/// The payload that tells the other servers of `change` to match `id`, made
/// by `server`: `"<server> <match> <version>"`, and when the change is one
/// move of a match that goes on, `" <ply> <at> <clock> <move>"` after it
/// (`<clock>`: `-`, or `<left 0>,<left 1>,<running side or ->,<since>`).
pub fn change_payload(server: &str, id: &str, change: &Change) -> String {
    let plain = format!("{server} {id} {}", change.version);
    let Edit::Move(mv) = &change.edit else { return plain };
    if change.result.is_some() || mv.mv.contains(' ') {
        return plain;
    }
    let clock = match &change.clock {
        None => "-".to_string(),
        Some(c) => {
            let running = c.running.map_or("-".to_string(), |side| side.to_string());
            format!("{},{},{running},{}", c.remaining[0], c.remaining[1], c.since)
        }
    };
    let full = format!("{plain} {} {} {clock} {}", mv.ply, mv.at, mv.mv);
    if full.len() > MAX_PAYLOAD {
        plain
    } else {
        full
    }
}

/// The notice a payload stands for, unless this server sent it.
pub fn read_payload(payload: &str, own: &str) -> Option<Notice> {
    let parts: Vec<&str> = payload.split(' ').collect();
    let (sender, id, what) = (*parts.first()?, parts.get(1)?.to_string(), *parts.get(2)?);
    if sender == own {
        return None;
    }
    match (what, &parts[3..]) {
        ("p", []) => Some(Notice::Presence { id }),
        (version, []) => Some(Notice::Changed { id, version: version.parse().ok()?, moved: None }),
        (version, [ply, at, clock, mv]) if !mv.is_empty() => {
            let moved =
                Moved { ply: ply.parse().ok()?, mv: mv.to_string(), at: at.parse().ok()?, clock: read_clock(clock)? };
            Some(Notice::Changed { id, version: version.parse().ok()?, moved: Some(moved) })
        }
        _ => None,
    }
}

/// A clock as [`change_payload`] writes it (`Some(None)`: the match has none).
fn read_clock(text: &str) -> Option<Option<ClockState>> {
    if text == "-" {
        return Some(None);
    }
    let fields: Vec<&str> = text.split(',').collect();
    let [left0, left1, running, since] = fields[..] else { return None };
    let running = match running {
        "-" => None,
        side => Some(side.parse::<usize>().ok().filter(|&s| s < 2)?),
    };
    Some(Some(ClockState {
        remaining: [left0.parse().ok()?, left1.parse().ok()?],
        running,
        since: since.parse().ok()?,
    }))
}

/// Says every [`HEARTBEAT`] that this server is alive, and sweeps the
/// servers that stopped saying so (their players' connections are gone).
async fn heartbeat(pool: Pool, server: String, notices: broadcast::Sender<Notice>) {
    let mut tick = tokio::time::interval(HEARTBEAT);
    tick.tick().await;
    loop {
        tick.tick().await;
        if let Err(e) = beat(&pool, &server, &notices).await {
            eprintln!("tabula: cannot tell the database that this server is alive: {e}");
        }
    }
}

async fn beat(pool: &Pool, server: &str, notices: &broadcast::Sender<Notice>) -> StoreResult<()> {
    let client = pool.get().await?;
    let anew: bool = client
        .query_one(
            "INSERT INTO servers (id, seen_at) VALUES ($1, now()) \
             ON CONFLICT (id) DO UPDATE SET seen_at = now() RETURNING (xmax = 0)",
            &[&server],
        )
        .await?
        .get(0);
    if anew {
        // This server was silent so long that the others swept it: what it
        // holds must be said again.
        let _ = notices.send(Notice::Resync);
    }
    let rows = client
        .query(
            &format!(
                "WITH gone AS (DELETE FROM servers WHERE seen_at < now() - interval '{ALIVE_WITHIN}' RETURNING id), \
                 left_matches AS (DELETE FROM presence WHERE server_id IN (SELECT id FROM gone) RETURNING match_id) \
                 SELECT DISTINCT match_id FROM left_matches"
            ),
            &[],
        )
        .await?;
    for row in rows {
        let id: String = row.get(0);
        // Sent as from nobody, so that every server (this one too) tells its watchers.
        client.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &format!("- {id} p")]).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MoveRow;

    #[test]
    fn a_move_goes_in_its_notice_and_comes_out_the_same() {
        let mv = MoveRow { ply: 3, mv: "c1-b1".into(), side: 1, at: 1_700_000_000_123, clock_ms: Some(59_000) };
        let clock = ClockState { remaining: [59_000, 61_500], running: Some(0), since: 1_700_000_000_123 };
        let change =
            Change { version: 9, result: None, clock: Some(clock), names: [None, None], edit: Edit::Move(mv.clone()) };
        let payload = change_payload("a1", "m42", &change);
        assert_eq!(payload, "a1 m42 9 3 1700000000123 59000,61500,0,1700000000123 c1-b1");
        let moved = Moved { ply: 3, mv: "c1-b1".into(), at: mv.at, clock: Some(clock) };
        assert_eq!(
            read_payload(&payload, "b2"),
            Some(Notice::Changed { id: "m42".into(), version: 9, moved: Some(moved) })
        );
        let unclocked = Change { clock: None, ..change.clone() };
        let Some(Notice::Changed { moved: Some(m), .. }) = read_payload(&change_payload("a1", "m42", &unclocked), "b2")
        else {
            panic!("a move without a clock is carried too");
        };
        assert_eq!(m.clock, None);
        // A move that ends the game, and any other change, are told by version only.
        let ended = Change {
            result: Some(tabula_play::StoredResult { winner: Some(0), reason: "won".into(), by_rules: true }),
            ..change
        };
        assert_eq!(change_payload("a1", "m42", &ended), "a1 m42 9");
        let truncated = Change { edit: Edit::TruncateFrom(2), result: None, ..ended };
        assert_eq!(change_payload("a1", "m42", &truncated), "a1 m42 9");
    }

    #[test]
    fn payloads_are_read_and_a_servers_own_are_ignored() {
        assert_eq!(read_payload("a1 m42 7", "b2"), Some(Notice::Changed { id: "m42".into(), version: 7, moved: None }));
        assert_eq!(read_payload("a1 m42 p", "b2"), Some(Notice::Presence { id: "m42".into() }));
        assert_eq!(read_payload("- m42 p", "b2"), Some(Notice::Presence { id: "m42".into() }));
        assert_eq!(read_payload("b2 m42 7", "b2"), None, "a server's own change is known to it");
        for broken in [
            "",
            "a1",
            "a1 m42",
            "a1 m42 x",
            "a1 m42 7 8",
            "a1 m42 7 3 99 - ",
            "a1 m42 7 3 99 1,2,5,9 d4",
            "a1 m42 7 x 99 - d4",
        ] {
            assert_eq!(read_payload(broken, "b2"), None, "{broken:?}");
        }
    }
}
