//! `tabula store`: moving a portal's matches between stores (an SQLite data
//! directory and a PostgreSQL database), and opening a store for the other
//! commands that read or write one (`tabula record`).

use std::path::PathBuf;

use clap::Subcommand;
use tabula_server::store::{self, postgres, PgStore, SqliteStore, Store};

/// What `tabula store` can do.
#[derive(Subcommand)]
pub enum StoreCommand {
    /// Copy every match (moves, seats, clocks, results, analyses) from one
    /// store into another; matches it holds already are left as they are, so
    /// a copy that stopped half-way can be run again.
    ///
    /// Each store is a data directory or a PostgreSQL address. Example:
    /// `tabula store copy --from /var/lib/tabula --to postgres://tabula@db/tabula`
    Copy {
        /// The store to copy from: a data directory, or postgres://…
        #[arg(long)]
        from: String,
        /// The store to copy into: a data directory (no server may be using
        /// it), or postgres://…
        #[arg(long)]
        to: String,
    },
}

/// Where matches are kept, as the commands are told.
pub enum Place {
    /// An SQLite data directory.
    Dir(PathBuf),
    /// A PostgreSQL database, by its address.
    Database(String),
}

impl Place {
    /// A data directory or a `postgres://…` address.
    pub fn parse(text: &str) -> Place {
        if postgres::is_database_url(text) {
            Place::Database(text.to_string())
        } else {
            Place::Dir(PathBuf::from(text))
        }
    }

    /// The store given by `--database`, else `--data`, else the default data directory.
    pub fn of(data: Option<PathBuf>, database: Option<String>) -> Place {
        match (database, data) {
            (Some(url), _) => Place::Database(url),
            (None, Some(dir)) => Place::Dir(dir),
            (None, None) => Place::Dir(tabula_server::default_data_dir()),
        }
    }

    /// Opens the store; `claim` takes a data directory for this command
    /// alone (it refuses one that a server is using).
    pub async fn open(&self, claim: bool) -> Result<Box<dyn Store>, String> {
        match self {
            Place::Dir(dir) => {
                let sqlite = SqliteStore::open(dir).map_err(|e| e.to_string())?;
                if claim {
                    sqlite.claim().map_err(|e| e.to_string())?;
                }
                Ok(Box::new(sqlite))
            }
            Place::Database(url) => Ok(Box::new(PgStore::open_for_tools(url).await.map_err(|e| e.to_string())?)),
        }
    }
}

/// A runtime for a command that talks to a store.
pub fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())
}

/// How many matches go into the target store in one transaction.
const BATCH: usize = 500;

/// Runs a `tabula store` command.
pub fn run(command: StoreCommand) -> Result<(), String> {
    match command {
        StoreCommand::Copy { from, to } => runtime()?.block_on(async {
            let from = Place::parse(&from).open(false).await?;
            let to = Place::parse(&to).open(true).await?;
            let done = store::copy_all(from.as_ref(), to.as_ref(), BATCH).await.map_err(|e| e.to_string())?;
            println!("copied {} matches from {} to {}", done.copied, from.describe(), to.describe());
            if done.skipped > 0 {
                println!(
                    "{} matches were there already (from an earlier copy) and were left as they are",
                    done.skipped
                );
            }
            Ok(())
        }),
    }
}
