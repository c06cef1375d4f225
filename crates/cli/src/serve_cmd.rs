//! `tabula serve`: the portal, with every limit a public server needs set
//! from the command line (defaults fit a server facing the internet).

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;
use tabula_server::{Config, Envelope, Limits, Rate};

/// How to serve, and what visitors may ask of the server.
#[derive(Parser, Debug, Clone)]
pub struct ServeArgs {
    /// Port to listen on (if taken, the next free one up to 10 higher is used).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Serve web files from this folder instead of the built-in copies (for page work).
    #[arg(long)]
    pub web_dir: Option<PathBuf>,
    /// Keep every match in this folder (default: $TABULA_DATA, else
    /// $XDG_DATA_HOME/tabula, else ~/.local/share/tabula).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// Keep every match in this PostgreSQL database instead
    /// (postgres://user:password@host:port/dbname), which several servers
    /// may share: each takes any request for any match, and the live
    /// connections of each are told of the others' moves (see docs/deploy.md).
    #[arg(long, value_name = "URL", conflicts_with = "data")]
    pub database: Option<String>,
    /// A public address the portal is reached under, e.g. https://tabula.example
    /// behind a TLS proxy (repeatable). Other host names are refused, so that
    /// DNS rebinding cannot reach the server; loopback names always work.
    #[arg(long = "public-url", value_name = "URL")]
    pub public_urls: Vec<String>,
    /// A reverse proxy on this machine passes each client's address in
    /// X-Forwarded-For: count per-client limits by it.
    #[arg(long)]
    pub behind_proxy: bool,
    /// The longest a computer move, hint or analysis step may think, in seconds.
    #[arg(long, default_value_t = 10.0, value_parser = seconds_in(0.1, 600.0))]
    pub max_think: f64,
    /// The most threads one computer player may use.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub max_threads: u16,
    /// The biggest alpha–beta table one computer player may ask for, in MiB.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_table_mib: u32,
    /// Computations (computer moves, hints, analyses) running at once, in
    /// threads (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub compute_slots: Option<u16>,
    /// Computations that may wait for a slot before more are refused as busy (default: twice the slots).
    #[arg(long, value_parser = clap::value_parser!(u16).range(0..=10_000))]
    pub compute_queue: Option<u16>,
    /// MiB that all engine tables together may take, running or kept between moves.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u32).range(64..=1_048_576))]
    pub memory_mib: u32,
    /// Connections open at once.
    #[arg(long, default_value_t = 512, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub max_connections: u32,
    /// Seconds a client has to send a request's headers (also the longest idle time between requests).
    #[arg(long, default_value_t = 10.0, value_parser = seconds_in(0.5, 3600.0))]
    pub header_timeout: f64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = 10.0, value_parser = seconds_in(0.5, 3600.0))]
    pub body_timeout: f64,
    /// New matches one client may create per minute (after a burst of twice as many).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub matches_per_minute: u32,
    /// Records one client may import per minute (after a burst of ten).
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub imports_per_minute: u32,
    /// Lift the per-client limits on new matches and imports (for load tests on a private machine).
    #[arg(long)]
    pub no_rate_limit: bool,
    /// Days after its last move an unfinished match is deleted (0: never).
    #[arg(long, default_value_t = 30)]
    pub keep_idle_days: u32,
    /// Days after its import an imported record is deleted (0: never).
    #[arg(long, default_value_t = 90)]
    pub keep_imported_days: u32,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs::parse_from(["serve"])
    }
}

/// A clap parser for a number of seconds within `min..=max`.
fn seconds_in(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone {
    move |text| {
        text.parse::<f64>()
            .ok()
            .filter(|s| (min..=max).contains(s))
            .ok_or_else(|| format!("a number of seconds from {min} to {max}, not '{text}'"))
    }
}

impl ServeArgs {
    /// The server's limits as these flags set them.
    fn limits(&self) -> Limits {
        let defaults = Limits::default();
        let mut pool = defaults.pool;
        if let Some(slots) = self.compute_slots {
            pool.slots = usize::from(slots);
            pool.queue = 2 * usize::from(slots);
        }
        if let Some(queue) = self.compute_queue {
            pool.queue = usize::from(queue);
        }
        pool.memory_mib = self.memory_mib as usize;
        let rate = |per_minute: u32, burst: u32| (!self.no_rate_limit).then_some(Rate { burst, per_minute });
        Limits {
            envelope: Envelope {
                max_time: Duration::from_secs_f64(self.max_think),
                max_threads: usize::from(self.max_threads),
                max_table_mib: self.max_table_mib as usize,
                ..Envelope::PUBLIC
            },
            pool,
            connections: tabula_server::ConnectionLimits {
                max_connections: self.max_connections as usize,
                header_timeout: Duration::from_secs_f64(self.header_timeout),
                body_timeout: Duration::from_secs_f64(self.body_timeout),
            },
            new_matches: rate(self.matches_per_minute, self.matches_per_minute.saturating_mul(2)),
            imports: rate(self.imports_per_minute, 10),
            retention: tabula_server::Retention {
                idle_days: self.keep_idle_days,
                imported_days: self.keep_imported_days,
                ..defaults.retention
            },
        }
    }
}

/// Serves the portal, trying the next ports if the chosen one is taken.
pub fn serve(args: ServeArgs) -> Result<(), String> {
    if let Some(dir) = &args.web_dir {
        if !dir.join("index.html").is_file() {
            return Err(format!("{} has no index.html: is it the web folder?", dir.display()));
        }
    }
    // Check the public addresses before anything starts.
    tabula_server::AllowedHosts::new(None, &args.public_urls)?;
    let data_dir = args.data.clone().unwrap_or_else(tabula_server::default_data_dir);
    let kept_in = match &args.database {
        Some(url) => tabula_server::store::postgres::redact(url),
        None => data_dir.display().to_string(),
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let mut last_error = None;
        for candidate in args.port..=args.port.saturating_add(10) {
            let config = Config {
                web_dir: args.web_dir.clone(),
                data_dir: args.database.is_none().then(|| data_dir.clone()),
                database: args.database.clone(),
                public_urls: args.public_urls.clone(),
                behind_proxy: args.behind_proxy,
                limits: args.limits(),
                ..Config::default()
            };
            let addr = SocketAddr::new(args.host, candidate);
            let listener = match tokio::net::TcpListener::bind(addr).await {
                Ok(l) => l,
                Err(e) => {
                    last_error = Some(format!("cannot listen on {addr}: {e}"));
                    if args.port == 0 {
                        break;
                    }
                    continue;
                }
            };
            drop(listener);
            let public = args.public_urls.clone();
            let kept_in = kept_in.clone();
            return tabula_server::serve(addr, config, |bound| {
                println!("Tabula is serving at http://{bound}/  (Ctrl+C stops it; matches are kept in {kept_in})");
                for url in &public {
                    println!("  and, through its proxy, at {url}");
                }
            })
            .await
            .map_err(|e| e.to_string());
        }
        Err(last_error.unwrap_or_else(|| "no port to listen on".into()))
    })
}
