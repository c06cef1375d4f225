//! `tabula site DIR`: the portal as static files (see `tabula_server::site`).

use std::path::PathBuf;

use clap::Args;

/// Where to write the site, and from which web files.
#[derive(Args, Debug, Clone)]
pub struct SiteArgs {
    /// The folder to write into (made if missing; files already there are replaced).
    pub dir: PathBuf,
    /// Take the web files from this folder instead of the copies built into the binary.
    #[arg(long)]
    pub web_dir: Option<PathBuf>,
}

/// Writes the site and says where, how many files, and how to serve it.
pub fn run(args: &SiteArgs) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let written = runtime.block_on(tabula_server::site::write_site(&args.dir, args.web_dir.clone()))?;
    println!("wrote {} files into {}", written.len(), args.dir.display());
    println!(
        "serve them with any static file server, e.g. `python3 -m http.server --directory {}`",
        args.dir.display()
    );
    Ok(())
}
