//! `banluck-lab explore`: writes the interactive strategy page.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::{CliError, parse_override};
use crate::explore::{ExploreError, Variant, load_variants, page};
use crate::rules::Override;

/// Arguments of `explore`.
#[derive(Debug, Args)]
pub struct ExploreArgs {
    /// A Banluck or blackjack rules file, an experiment's output folder
    /// (e.g. reports/reveal/: each variant its manifest lists is solved again),
    /// or a river solution saved by `poker solve --out` (its range grid per node).
    #[arg(long, value_name = "FILE|DIR", default_value = "rules/banluck.toml")]
    pub rules: PathBuf,
    /// Override a rule key of the rules file, e.g. --set dealer.upcard=true (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
    /// The page to write.
    #[arg(long, value_name = "FILE", default_value = "explore.html")]
    pub out: PathBuf,
    /// Print nothing on success.
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print what was written as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `explore`.
pub fn run(args: ExploreArgs) -> Result<(), CliError> {
    if !args.rules.exists() {
        return Err(CliError::input(format!(
            "{}: no such rules file, output folder or saved solution",
            args.rules.display()
        )));
    }
    let variants = load_variants(&args.rules, &args.overrides).map_err(|e| match e {
        ExploreError::Input(message) => CliError::input(message),
    })?;
    let html = page(&args.rules.display().to_string(), &variants);
    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| CliError::internal(format!("{}: {e}", parent.display())))?;
    }
    crate::atomic::write_atomic(&args.out, html.as_bytes())
        .map_err(|e| CliError::internal(format!("{}: {e}", args.out.display())))?;
    let names: Vec<&str> = variants.iter().map(Variant::name).collect();
    if args.json {
        let text = json!({ "out": args.out, "bytes": html.len(), "variants": names });
        println!("{text}");
    } else if !args.quiet {
        println!(
            "wrote {} ({} KB, {} variant{}: {}); open it in a browser",
            args.out.display(),
            html.len().div_ceil(1024),
            names.len(),
            if names.len() == 1 { "" } else { "s" },
            names.join(", ")
        );
    }
    Ok(())
}
