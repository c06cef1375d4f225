//! What the servers sharing one PostgreSQL database tell each other.
//!
//! - Changes: every change is committed with a notification on the channel
//!   `tabula` (`"<server> <match> <version>"`, or `"<server> <match> p"` when
//!   who is connected changed). Each server keeps one connection listening,
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
use super::{Notice, StoreError, StoreResult};

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

/// The notice a payload stands for, unless this server sent it.
pub fn read_payload(payload: &str, own: &str) -> Option<Notice> {
    let mut parts = payload.split(' ');
    let (sender, id, what) = (parts.next()?, parts.next()?, parts.next()?);
    if sender == own || parts.next().is_some() {
        return None;
    }
    let id = id.to_string();
    match what {
        "p" => Some(Notice::Presence { id }),
        version => Some(Notice::Changed { id, version: version.parse().ok()? }),
    }
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

    #[test]
    fn payloads_are_read_and_a_servers_own_are_ignored() {
        assert_eq!(read_payload("a1 m42 7", "b2"), Some(Notice::Changed { id: "m42".into(), version: 7 }));
        assert_eq!(read_payload("a1 m42 p", "b2"), Some(Notice::Presence { id: "m42".into() }));
        assert_eq!(read_payload("- m42 p", "b2"), Some(Notice::Presence { id: "m42".into() }));
        assert_eq!(read_payload("b2 m42 7", "b2"), None, "a server's own change is known to it");
        for broken in ["", "a1", "a1 m42", "a1 m42 x", "a1 m42 7 8"] {
            assert_eq!(read_payload(broken, "b2"), None, "{broken:?}");
        }
    }
}
