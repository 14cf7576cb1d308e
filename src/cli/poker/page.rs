//! `banluck-lab poker page`: writes the self-contained solver page, the
//! committed `reports/poker/solver.html` (the poker solver built for
//! WebAssembly and inlined, run in a Web Worker). The binary carries the
//! committed page, so writing it needs no wasm toolchain; `wasm/build.sh`
//! rebuilds the page from source.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use crate::cli::CliError;

/// The committed page, byte for byte.
pub const SOLVER_PAGE: &str = include_str!("../../../reports/poker/solver.html");

/// Arguments of `poker page`.
#[derive(Debug, Args)]
pub struct PageArgs {
    /// The page to write.
    #[arg(long, value_name = "FILE", default_value = "solver.html")]
    pub out: PathBuf,
    /// Print nothing on success.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print what was written as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `poker page`.
pub fn run(args: &PageArgs) -> Result<(), CliError> {
    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| CliError::internal(format!("--out {}: {e}", parent.display())))?;
    }
    crate::atomic::write_atomic(&args.out, SOLVER_PAGE.as_bytes())
        .map_err(|e| CliError::internal(format!("--out {}: {e}", args.out.display())))?;
    if args.json {
        println!("{}", json!({ "out": args.out, "bytes": SOLVER_PAGE.len() }));
    } else if !args.quiet {
        println!(
            "wrote {} ({} KB); open it in a browser: it solves river, turn and small flop spots offline",
            args.out.display(),
            SOLVER_PAGE.len().div_ceil(1024)
        );
    }
    Ok(())
}
