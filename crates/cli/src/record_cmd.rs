//! `tabula record`: list the stored matches, export them as records, and
//! import records into the store (all of a file, or nothing if any is broken).

use std::io::Read;
use std::path::PathBuf;

use clap::Subcommand;
use tabula_server::records;
use tabula_server::store::ListStatus;

use crate::store_cmd::{runtime, Place};

/// What `tabula record` can do.
#[derive(Subcommand)]
pub enum RecordCommand {
    /// List the stored matches: id, game, players, moves, result, date.
    List {
        /// Only matches still going on (default: finished ones).
        #[arg(long)]
        playing: bool,
        /// Only this game.
        #[arg(long)]
        game: Option<String>,
        /// At most this many (newest first).
        #[arg(long, default_value_t = 50)]
        limit: usize,
        /// The data directory (default: as for `tabula serve`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The PostgreSQL database instead (postgres://…), as for `tabula serve`.
        #[arg(long, conflicts_with = "data")]
        database: Option<String>,
    },
    /// Write stored matches as records, to standard output or a file.
    ///
    /// Example: `tabula record export 3f9a0c1d2e4b5a67 > game.txt`
    Export {
        /// The ids of the matches (see `tabula record list` or the page's address).
        ids: Vec<String>,
        /// Every finished match instead.
        #[arg(long, conflicts_with = "ids")]
        all: bool,
        /// Write to this file instead of standard output.
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// The data directory (default: as for `tabula serve`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The PostgreSQL database instead (postgres://…), as for `tabula serve`.
        #[arg(long, conflicts_with = "data")]
        database: Option<String>,
    },
    /// Read records from files (`-` for standard input) into the store.
    ///
    /// Every record is checked against the rules first; if any is broken,
    /// its line and what is wrong are printed and nothing is imported.
    Import {
        /// The record files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Only check the records; import nothing.
        #[arg(long)]
        check: bool,
        /// The data directory (default: as for `tabula serve`).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The PostgreSQL database instead (postgres://…), as for `tabula serve`.
        #[arg(long, conflicts_with = "data")]
        database: Option<String>,
    },
}

/// Runs a `tabula record` command.
pub fn run(command: RecordCommand) -> Result<(), String> {
    runtime()?.block_on(run_on_store(command))
}

async fn run_on_store(command: RecordCommand) -> Result<(), String> {
    match command {
        RecordCommand::List { playing, game, limit, data, database } => {
            let db = Place::of(data, database).open(false).await?;
            let status = if playing { ListStatus::Playing } else { ListStatus::Finished };
            let game = match game {
                Some(g) => Some(tabula_games::find(&g).map_err(|e| e.to_string())?.info().slug),
                None => None,
            };
            for s in db.list(status, game, limit.clamp(1, 10_000), None).await.map_err(|e| e.to_string())? {
                let r = &s.row;
                let info = tabula_games::find(&r.game).ok().map(|e| e.info());
                let name = |i: usize| {
                    r.names[i]
                        .clone()
                        .or_else(|| records::seat_name(info, &r.players, i))
                        .unwrap_or_else(|| format!("Player {}", i + 1))
                };
                let result = records::result_token(r.result.as_ref());
                let (date, _) = records::date_time(r.created_at);
                println!("{}  {:<10} {} – {}  {} moves  {}  {}", r.id, r.game, name(0), name(1), s.plies, result, date);
            }
            Ok(())
        }
        RecordCommand::Export { ids, all, out, data, database } => {
            let db = Place::of(data, database).open(false).await?;
            let ids = if all {
                let mut ids = Vec::new();
                let mut before = None;
                loop {
                    let page = db.list(ListStatus::Finished, None, 1000, before).await.map_err(|e| e.to_string())?;
                    ids.extend(page.iter().map(|s| s.row.id.clone()));
                    if page.len() < 1000 {
                        break;
                    }
                    before = page.last().and_then(|s| s.row.finished_at);
                }
                ids.reverse();
                ids
            } else if ids.is_empty() {
                return Err("name the matches to export (see `tabula record list`), or give --all".into());
            } else {
                ids
            };
            let mut text = String::new();
            for id in &ids {
                let stored = db
                    .load(id)
                    .await
                    .map_err(|e| e.to_string())?
                    .ok_or_else(|| format!("there is no match '{id}' in the store"))?;
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&records::write(&records::from_stored(&stored)));
            }
            match out {
                Some(path) => {
                    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?
                }
                None => print!("{text}"),
            }
            Ok(())
        }
        RecordCommand::Import { files, check, data, database } => {
            let mut all = Vec::new();
            for path in &files {
                let text = if path.as_os_str() == "-" {
                    let mut s = String::new();
                    std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read standard input: {e}"))?;
                    s
                } else {
                    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?
                };
                let recs =
                    records::read(&text).map_err(|e| format!("{}: {e}; nothing was imported", path.display()))?;
                all.extend(recs);
            }
            if check {
                println!("{} record(s) are good", all.len());
                return Ok(());
            }
            let db = Place::of(data, database).open(false).await?;
            let stored: Vec<_> = all.iter().map(|r| records::to_stored(r, tabula_server::secret::new_id())).collect();
            db.insert_all(&stored).await.map_err(|e| format!("{e}; nothing was imported"))?;
            for m in &stored {
                println!(
                    "{}  {}  {} moves  {}",
                    m.row.id,
                    m.row.game,
                    m.moves.len(),
                    records::result_token(m.row.result.as_ref())
                );
            }
            Ok(())
        }
    }
}
