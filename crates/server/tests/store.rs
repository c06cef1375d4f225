//! The match store's tests, each run against every backend (SQLite always,
//! PostgreSQL when `TABULA_TEST_POSTGRES` is set; see `support/backends.rs`):
//! the same guarantees, the same tests.

#[path = "support/backends.rs"]
mod backends;

use std::collections::BTreeMap;

use backends::backends;
use serde_json::json;
use tabula_server::store::{
    copy_all, Change, ClockSettings, ClockState, Edit, ListStatus, MatchRow, MoveRow, SeatRow, StoreError, StoredMatch,
    StoredResult,
};
use tabula_server::Retention;

fn row(id: &str) -> MatchRow {
    MatchRow {
        id: id.into(),
        game: "warp-weft".into(),
        options: BTreeMap::from([("seed".to_string(), "42".to_string())]),
        start: None,
        players: ["human".into(), "level:easy".into()],
        names: [Some("Ann".into()), None],
        online: false,
        clock: None,
        clock_state: None,
        created_at: 1,
        updated_at: 1,
        finished_at: None,
        result: None,
        imported: false,
        version: 0,
    }
}

fn plain(id: &str) -> StoredMatch {
    StoredMatch { row: row(id), seats: vec![], moves: vec![] }
}

fn mv(ply: usize, text: &str, side: usize) -> MoveRow {
    MoveRow { ply, mv: text.into(), side, at: 10 + ply as i64, clock_ms: None }
}

/// The match's `version`-th change: `edit`, the game going on, no clock, the names as first stored.
fn change(version: u64, edit: Edit) -> Change {
    Change { version, result: None, clock: None, names: [Some("Ann".into()), None], edit }
}

/// The change that adds `m` as the match's `version`-th change.
fn adding(version: u64, m: MoveRow) -> Change {
    change(version, Edit::Move(m))
}

#[tokio::test]
async fn moves_results_and_seats_are_kept_across_reopening() {
    for backend in backends("kept").await {
        let name = backend.name();
        let state = ClockState { remaining: [299_000, 300_000], running: Some(1), since: 1_700_000_000_000 };
        {
            let db = backend.open().await;
            let mut m = plain("m1");
            m.row.online = true;
            m.row.clock = Some(ClockSettings { initial_ms: 300_000, increment_ms: 3000 });
            m.seats = vec![
                SeatRow { seat: 0, token_hash: Some(vec![1; 32]), invite_hash: None, joined_at: Some(1) },
                SeatRow { seat: 1, token_hash: None, invite_hash: Some(vec![2; 32]), joined_at: None },
            ];
            db.insert_all(&[m]).await.unwrap();
            let first = MoveRow { clock_ms: Some(299_000), ..mv(0, "c4", 0) };
            db.change("m1", 0, &Change { clock: Some(state), ..adding(1, first) }).await.unwrap();
            let names = [Some("Ann".to_string()), Some("Bo \"B\"".to_string())];
            let seat = Edit::Seat { seat: 1, token_hash: vec![3; 32], joined_at: 2 };
            db.change("m1", 1, &Change { names: names.clone(), ..change(2, seat) }).await.unwrap();
            db.change("m1", 2, &Change { names: names.clone(), ..adding(3, mv(1, "c1", 1)) }).await.unwrap();
            let result = StoredResult { winner: Some(1), reason: "Ann resigned.".into(), by_rules: false };
            let end = Change { result: Some(result), names, ..change(4, Edit::Nothing) };
            db.change("m1", 3, &end).await.unwrap();
            // A second move for a ply already played is refused, and changes nothing.
            assert!(db.change("m1", 4, &adding(5, mv(1, "x", 1))).await.is_err(), "{name}");
        }
        let db = backend.open().await;
        let m = db.load("m1").await.unwrap().unwrap();
        assert_eq!(m.moves.iter().map(|m| m.mv.as_str()).collect::<Vec<_>>(), ["c4", "c1"], "{name}");
        assert_eq!(m.moves[0].clock_ms, Some(299_000), "{name}");
        assert_eq!(m.moves[1], mv(1, "c1", 1), "{name}");
        assert_eq!(m.row.names, [Some("Ann".into()), Some("Bo \"B\"".into())], "{name}");
        assert_eq!(m.row.version, 4, "{name}");
        assert_eq!(m.row.result.as_ref().unwrap().winner, Some(1), "{name}");
        assert_eq!(m.row.clock_state, None, "{name}: the end stored the clock it was given (none)");
        assert!(m.row.finished_at.is_some(), "{name}");
        assert_eq!(m.seats[1].token_hash, Some(vec![3; 32]), "{name}");
        assert_eq!(m.seats[1].invite_hash, None, "{name}");
        assert_eq!(m.seats[1].joined_at, Some(2), "{name}");
        assert_eq!(m.row.clock.unwrap().increment_ms, 3000, "{name}");
        assert_eq!(db.list(ListStatus::Finished, None, 10, None).await.unwrap().len(), 1, "{name}");
        assert_eq!(db.list(ListStatus::Finished, Some("leeward"), 10, None).await.unwrap().len(), 0, "{name}");
        db.change("m1", 4, &change(5, Edit::TruncateFrom(1))).await.unwrap();
        let m = db.load("m1").await.unwrap().unwrap();
        assert_eq!(m.moves.len(), 1, "{name}");
        assert!(m.row.finished_at.is_none() && m.row.result.is_none(), "{name}");
        let playing = db.list(ListStatus::Playing, None, 10, None).await.unwrap();
        assert_eq!((playing.len(), playing[0].plies), (1, 1), "{name}");
        assert!(db.schema_version().await.unwrap() > 0, "{name}");
    }
}

#[tokio::test]
async fn a_change_made_for_an_old_version_is_refused_and_changes_nothing() {
    for backend in backends("conflict").await {
        let name = backend.name();
        let db = backend.open().await;
        db.insert_all(&[plain("m")]).await.unwrap();
        db.change("m", 0, &adding(1, mv(0, "c4", 0))).await.unwrap();
        // Another server still at version 0 sends its own first move.
        let late = db.change("m", 0, &adding(1, mv(0, "d4", 0))).await;
        assert_eq!(late, Err(StoreError::Conflict), "{name}");
        let m = db.load("m").await.unwrap().unwrap();
        assert_eq!((m.row.version, m.moves.len(), m.moves[0].mv.as_str()), (1, 1, "c4"), "{name}");
        // So is a change to a match that is not there, and a delete for an old version.
        assert_eq!(db.change("nothing", 0, &adding(1, mv(0, "c4", 0))).await, Err(StoreError::Conflict), "{name}");
        assert_eq!(db.delete("m", 0).await, Err(StoreError::Conflict), "{name}");
        assert_eq!(db.versions(&["m".into(), "nothing".into()]).await.unwrap(), [("m".to_string(), 1)], "{name}");
        assert_eq!(db.delete("m", 1).await, Ok(true), "{name}");
        assert_eq!(db.delete("m", 1).await, Ok(false), "{name}");
        assert_eq!(db.load("m").await.unwrap(), None, "{name}");
    }
}

#[tokio::test]
async fn of_two_changes_for_one_version_at_once_exactly_one_is_made() {
    for backend in backends("race").await {
        let name = backend.name();
        // Two servers: two stores on one backend (one store for SQLite, which is one server's).
        let (a, b) = (backend.open().await, backend.open().await);
        a.insert_all(&[plain("m")]).await.unwrap();
        for ply in 0..20usize {
            let version = ply as u64;
            let from_a = adding(version + 1, mv(ply, &format!("a{ply}"), ply % 2));
            let from_b = adding(version + 1, mv(ply, &format!("b{ply}"), ply % 2));
            let (x, y) = tokio::join!(a.change("m", version, &from_a), b.change("m", version, &from_b));
            assert!(x.is_ok() != y.is_ok(), "{name}: ply {ply}: exactly one is made ({x:?}, {y:?})");
            for outcome in [x, y] {
                assert!(matches!(outcome, Ok(()) | Err(StoreError::Conflict)), "{name}: {outcome:?}");
            }
        }
        let m = a.load("m").await.unwrap().unwrap();
        assert_eq!((m.row.version, m.moves.len()), (20, 20), "{name}");
        assert!(m.moves.iter().enumerate().all(|(i, mv)| mv.ply == i), "{name}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_read_while_moves_are_added_is_read_as_it_stood_at_one_moment() {
    for backend in backends("snapshot").await {
        let name = backend.name();
        // One server adds moves while another reads the match over and over:
        // every read has as many moves as its version says, never a row from
        // before a move with the move itself (or the other way round).
        let (writer, reader) = (backend.open().await, backend.open().await);
        writer.insert_all(&[plain("m")]).await.unwrap();
        const MOVES: usize = 200;
        let write = async {
            for ply in 0..MOVES {
                let version = ply as u64;
                writer.change("m", version, &adding(version + 1, mv(ply, &format!("p{ply}"), ply % 2))).await.unwrap();
            }
        };
        let read = async {
            let mut reads = 0;
            loop {
                let m = reader.load("m").await.unwrap().unwrap();
                assert_eq!(m.moves.len() as u64, m.row.version, "{name}: read {reads}");
                reads += 1;
                if m.moves.len() == MOVES {
                    return;
                }
                tokio::task::yield_now().await;
            }
        };
        tokio::join!(write, read);
    }
}

#[tokio::test]
async fn a_batch_of_new_matches_is_stored_whole_or_not_at_all() {
    for backend in backends("batch").await {
        let name = backend.name();
        let db = backend.open().await;
        let mut one = plain("one");
        one.moves = vec![mv(0, "c4", 0), mv(1, "c1", 1)];
        db.insert_all(&[one]).await.unwrap();
        let err = db.insert_all(&[plain("two"), plain("one")]).await.unwrap_err();
        assert!(err.to_string().contains("failed"), "{name}: {err}");
        assert_eq!(db.ids().await.unwrap(), ["one"], "{name}: 'two' went with the batch");
        assert_eq!(db.count().await.unwrap(), 1, "{name}");
        assert_eq!(db.load("one").await.unwrap().unwrap().moves.len(), 2, "{name}");
    }
}

#[tokio::test]
async fn clocks_are_kept_as_timestamps_and_the_ones_out_of_time_are_found() {
    for backend in backends("clocks").await {
        let name = backend.name();
        let db = backend.open().await;
        let clocked = |id: &str, running: Option<usize>, since: i64| {
            let mut m = plain(id);
            m.row.online = true;
            m.row.clock = Some(ClockSettings { initial_ms: 60_000, increment_ms: 0 });
            m.row.clock_state = Some(ClockState { remaining: [60_000, 30_000], running, since });
            m
        };
        let t = 1_700_000_000_000;
        db.insert_all(&[
            clocked("soon", Some(0), t),
            clocked("later", Some(0), t + 10_000),
            clocked("second", Some(1), t),
            clocked("stopped", None, t),
        ])
        .await
        .unwrap();
        assert_eq!(
            db.load("soon").await.unwrap().unwrap().row.clock_state,
            Some(ClockState { remaining: [60_000, 30_000], running: Some(0), since: t }),
            "{name}"
        );
        assert!(db.clocks_due(t + 29_999, 10).await.unwrap().is_empty(), "{name}");
        assert_eq!(db.clocks_due(t + 30_000, 10).await.unwrap(), ["second"], "{name}");
        assert_eq!(db.clocks_due(t + 70_000, 10).await.unwrap(), ["second", "soon", "later"], "{name}");
        assert_eq!(db.clocks_due(t + 70_000, 1).await.unwrap(), ["second"], "{name}");
        // The clock that ran out stops with the result: it is no longer due.
        let over = StoredResult { winner: Some(0), reason: "Bo ran out of time.".into(), by_rules: false };
        let stopped = ClockState { remaining: [60_000, 0], running: None, since: t + 30_000 };
        let end = Change { result: Some(over), clock: Some(stopped), ..change(1, Edit::Nothing) };
        db.change("second", 0, &end).await.unwrap();
        assert_eq!(db.clocks_due(t + 70_000, 10).await.unwrap(), ["soon", "later"], "{name}");
        let mut running = db.clocks_running().await.unwrap();
        running.sort();
        assert_eq!(running, ["later", "soon", "stopped"], "{name}");
    }
}

#[tokio::test]
async fn abandoned_matches_are_deleted_and_the_portals_history_kept() {
    for backend in backends("retention").await {
        let name = backend.name();
        let db = backend.open().await;
        let day = 24 * 3600 * 1000_i64;
        let now = 100 * day;
        let aged = |id: &str, updated: i64, moves: usize, finished: bool, imported: bool| {
            let mut m = plain(id);
            m.row.created_at = updated;
            m.row.updated_at = updated;
            m.row.imported = imported;
            m.moves = (0..moves).map(|i| mv(i, "c4", i % 2)).collect();
            if finished {
                m.row.finished_at = Some(updated);
                m.row.result = Some(StoredResult { winner: None, reason: "A draw.".into(), by_rules: true });
            }
            m
        };
        db.insert_all(&[
            aged("empty-old", now - 2 * day, 0, false, false),
            aged("empty-new", now - 3600 * 1000, 0, false, false),
            aged("idle", now - 40 * day, 3, false, false),
            aged("going", now - 2 * day, 3, false, false),
            aged("finished", now - 400 * day, 9, true, false),
            aged("imported-old", now - 91 * day, 9, true, true),
            aged("imported-new", now - 10 * day, 9, true, true),
        ])
        .await
        .unwrap();
        let mut gone = db.prune_abandoned(&Retention::default(), now).await.unwrap();
        gone.sort();
        assert_eq!(gone, ["empty-old", "idle", "imported-old"], "{name}");
        let mut kept = db.ids().await.unwrap();
        kept.sort();
        assert_eq!(kept, ["empty-new", "finished", "going", "imported-new"], "{name}");
    }
}

#[tokio::test]
async fn analyses_are_kept_per_length_and_go_with_their_match() {
    for backend in backends("analysis").await {
        let name = backend.name();
        let db = backend.open().await;
        db.insert_all(&[plain("m")]).await.unwrap();
        assert_eq!(db.analysis("m", 3).await.unwrap(), None, "{name}");
        db.save_analysis("m", 3, &json!({ "graph": [0.1, 0.2] })).await.unwrap();
        db.save_analysis("m", 4, &json!({ "graph": [0.1, 0.2, 0.3] })).await.unwrap();
        assert_eq!(db.analysis("m", 3).await.unwrap(), None, "{name}: replaced by the longer one");
        assert_eq!(db.kept_analysis("m").await.unwrap(), Some((4, json!({ "graph": [0.1, 0.2, 0.3] }))), "{name}");
        db.delete("m", 0).await.unwrap();
        assert_eq!(db.kept_analysis("m").await.unwrap(), None, "{name}");
    }
}

#[tokio::test]
async fn every_match_is_copied_from_one_store_to_another_and_a_copy_can_be_run_again() {
    let sources = backends("copy-from").await;
    let source = sources[0].open().await;
    let mut online = plain("online");
    online.row.online = true;
    online.row.clock = Some(ClockSettings { initial_ms: 60_000, increment_ms: 1000 });
    online.row.clock_state = Some(ClockState { remaining: [59_000, 60_000], running: Some(1), since: 5 });
    online.seats = vec![SeatRow { seat: 0, token_hash: Some(vec![7; 32]), invite_hash: None, joined_at: Some(3) }];
    online.moves = vec![MoveRow { clock_ms: Some(59_000), ..mv(0, "c4", 0) }];
    source.insert_all(&[online, plain("local")]).await.unwrap();
    source.save_analysis("local", 0, &json!({ "graph": [0.0] })).await.unwrap();
    for target in backends("copy-to").await {
        let name = target.name();
        let to = target.open().await;
        let done = copy_all(source.as_ref(), to.as_ref(), 1).await.unwrap();
        assert_eq!((done.copied, done.skipped), (2, 0), "{name}");
        for id in ["online", "local"] {
            assert_eq!(to.load(id).await.unwrap(), source.load(id).await.unwrap(), "{name}: {id}");
        }
        assert_eq!(to.kept_analysis("local").await.unwrap(), Some((0, json!({ "graph": [0.0] }))), "{name}");
        // Run again (say, after it stopped half-way): what is there is left as it is.
        let again = copy_all(source.as_ref(), to.as_ref(), 1).await.unwrap();
        assert_eq!((again.copied, again.skipped), (0, 2), "{name}");
        assert_eq!(to.count().await.unwrap(), 2, "{name}");
    }
}

#[test]
fn a_database_address_gets_each_tests_own_database_name() {
    assert_eq!(backends::with_dbname("postgres://u@127.0.0.1:5432/postgres", "t1"), "postgres://u@127.0.0.1:5432/t1");
    assert_eq!(backends::with_dbname("postgres://u@h:1", "t1"), "postgres://u@h:1/t1");
    assert_eq!(backends::with_dbname("postgres://u@h/x?sslmode=disable", "t1"), "postgres://u@h/t1?sslmode=disable");
}
