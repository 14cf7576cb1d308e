//! `banluck-lab explore`: writes the interactive strategy page.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::explore_spot::solve_spot;
use crate::cli::common_args::BUILT_IN_RULES;
use crate::cli::{CliError, parse_override};
use crate::explore::{
    Budget, ExploreError, Variant, banluck_data, is_spot_file, load_variants, page,
};
use crate::games::banluck::rules::{CompiledRules, load_rules};
use crate::rules::Override;

/// Arguments of `explore`.
#[derive(Debug, Args)]
pub struct ExploreArgs {
    /// A Banluck or blackjack rules file, an experiment's output folder
    /// (e.g. reports/reveal/: each variant its manifest lists is solved again),
    /// a river or turn solution saved by `poker solve --out` (its range grid per node),
    /// or a poker spot file (e.g. rules/turn-spot.toml: solved first, as `poker solve` does).
    /// Default: the built-in canonical Banluck rules (the same as rules/banluck.toml).
    #[arg(long, value_name = "FILE|DIR")]
    pub rules: Option<PathBuf>,
    /// Override a rule key of the rules or spot file, e.g. --set dealer.upcard=true (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
    /// A poker spot file's target exploitability: a share of the pot ("0.01%") or chips ("0.05"). Default 0.1%, or none with --iterations alone.
    #[arg(long, value_name = "X")]
    pub target: Option<String>,
    /// A poker spot file's iteration limit (default 100000).
    #[arg(long, value_name = "N", value_parser = crate::cli::parse_iterations)]
    pub iterations: Option<u64>,
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
    let Some(rules) = &args.rules else {
        if args.target.is_some() || args.iterations.is_some() {
            return Err(CliError::input(
                "--target and --iterations apply to a poker spot file (game = \"poker\"), which explore solves first",
            ));
        }
        let table = CompiledRules::compile(load_rules(None, &args.overrides)?);
        let variant = Variant::Banluck(Box::new(banluck_data(BUILT_IN_RULES, &table)));
        return write(&args, BUILT_IN_RULES, &[variant]);
    };
    if !rules.exists() {
        return Err(CliError::input(format!(
            "{}: no such rules file, output folder or saved solution",
            rules.display()
        )));
    }
    let variants = if is_spot_file(rules) {
        let budget = Budget {
            target: args.target.as_deref(),
            iterations: args.iterations,
        };
        vec![solve_spot(
            rules,
            &args.overrides,
            &budget,
            !(args.quiet || args.json),
        )?]
    } else {
        if args.target.is_some() || args.iterations.is_some() {
            return Err(CliError::input(
                "--target and --iterations apply to a poker spot file (game = \"poker\"), which explore solves first",
            ));
        }
        load_variants(rules, &args.overrides).map_err(|e| match e {
            ExploreError::Input(message) => CliError::input(message),
        })?
    };
    write(&args, &rules.display().to_string(), &variants)
}

/// Writes the page of `variants` (titled `title`) to `--out` and says so.
fn write(args: &ExploreArgs, title: &str, variants: &[Variant]) -> Result<(), CliError> {
    let html = page(title, variants);
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
