//! The argument blocks several commands declare alike, each flattened
//! into them (`#[command(flatten)]`): the rules file with its
//! overrides, and the worker threads with `--quiet`. A command that words
//! one of these flags its own way (`--set`'s example) rewords it with
//! [`reword`], so every command's help stays its own.

use std::path::{Path, PathBuf};

use clap::{Arg, Args};

use super::{CliError, parse_override};
use crate::games::banluck::rules::RuleSet;
use crate::guard::Estimate;
use crate::lab::pick_file;
use crate::rules::{GameKind, Override, load_layered_text};

/// `--rules FILE` and `--set KEY=VALUE`: the rules a command reads.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The rules file (default: the built-in canonical rules).
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// Override a rule key (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE", value_parser = parse_override)]
    pub overrides: Vec<Override>,
}

impl RulesArgs {
    /// The rules file, if one is named.
    pub fn path(&self) -> Option<&Path> {
        self.rules.as_deref()
    }

    /// `--rules` as the reports print it (`None`: the canonical rules).
    pub fn file(&self) -> Option<String> {
        self.rules.as_ref().map(|p| p.display().to_string())
    }

    /// The Banluck rules of the file (or the canonical ones) with every
    /// `--set` applied.
    ///
    /// # Errors
    /// The file or an override does not make valid rules.
    /// The file is read once and must be a Banluck rules file.
    pub fn load(&self) -> Result<RuleSet, CliError> {
        let (_, text) = pick_file(self.path(), &[GameKind::Banluck])?;
        Ok(load_layered_text(text.as_ref(), &self.overrides)?)
    }
}

/// How text output names the rules when no `--rules` file is given.
pub const BUILT_IN_RULES: &str = "built-in canonical Banluck";

/// How text output names the rules: the file as given, or
/// [`BUILT_IN_RULES`].
pub fn rules_label(file: Option<&Path>) -> String {
    file.map_or(BUILT_IN_RULES.to_string(), |p| p.display().to_string())
}

/// Prints, when no rules file is given, which rules a Banluck command uses
/// (the first line of its text output).
pub fn say_built_in(file: Option<&Path>) {
    if file.is_none() {
        println!("rules: {BUILT_IN_RULES} (same as rules/banluck.toml)");
    }
}

/// `--threads N`, `--allow-long` and `--quiet`: how a long run works and
/// what it prints.
#[derive(Debug, Args)]
pub struct WorkArgs {
    /// Worker threads (default: every core; at most 4 per core).
    #[arg(long, value_parser = crate::guard::parse_threads)]
    pub threads: Option<usize>,
    /// Run even when the estimate is above 4 hours of CPU time.
    #[arg(long)]
    pub allow_long: bool,
    /// Print nothing but errors: no progress bar, no notes, no text report (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

impl WorkArgs {
    /// The worker threads, 0 for every core.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or(0)
    }

    /// Whether a progress bar and notes go to stderr (not with `--quiet`).
    pub fn progress(&self) -> bool {
        !self.quiet
    }

    /// The resource guard's verdict on `estimate` of `what` (the request
    /// in the user's words) on these threads ([`admit`]).
    ///
    /// # Errors
    /// The guard refuses the estimate: exit code 2 with the estimate.
    pub fn admit(&self, what: &str, estimate: &Estimate) -> Result<(), CliError> {
        admit(what, estimate, self.threads(), self.allow_long, self.quiet)
    }
}

/// The resource guard's verdict on `estimate` of `what` (the request in
/// the user's words) on `threads` threads (0: every core): a long run's
/// note goes to stderr unless `quiet`.
///
/// # Errors
/// The guard refuses the estimate ([`crate::guard::admit`]): exit code 2
/// with the estimate and the limit.
pub fn admit(
    what: &str,
    estimate: &Estimate,
    threads: usize,
    allow_long: bool,
    quiet: bool,
) -> Result<(), CliError> {
    let note = crate::guard::admit(what, estimate, threads, allow_long)
        .map_err(|refusal| CliError::input(refusal.to_string()))?;
    if let Some(note) = note.filter(|_| !quiet) {
        eprintln!("note: {note}");
    }
    Ok(())
}

/// Gives the flag with id `id` (a field's name) the help `help` where a
/// command words a shared flag its own way:
/// `#[command(mut_args(reword("overrides", "...")))]`. It rewords in place,
/// so the flag keeps its place in the help, usage and completions.
pub fn reword(id: &'static str, help: &'static str) -> impl FnMut(Arg) -> Arg {
    move |arg| {
        if arg.get_id() == id {
            arg.help(help)
        } else {
            arg
        }
    }
}
