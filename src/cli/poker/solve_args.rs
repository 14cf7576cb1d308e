//! The arguments of `banluck-lab poker solve` and `poker show`, and the
//! solver settings they share, for river spots (`solve`) and
//! turn spots (`turn`) alike.

use std::path::{Path, PathBuf};

use super::spot::SpotArgs;
use crate::atomic::{remove_stale_temporaries, write_atomic};
use crate::cfr::vector::Sampling;
use crate::cfr::{Algorithm, StopRule};
use crate::cli::CliError;
use crate::games::poker::budget::{CHECK_EVERY, DEFAULT_ITERATIONS, parse_target};
use crate::games::poker::game::{SampledError, SolveOptions};
use crate::games::poker::range::Range;
use clap::{Args, ValueEnum};

/// The iteration limit of MCCFR when `--iterations` is not given (a sampled
/// iteration is one deal per player, thousands of times cheaper than a
/// full one).
pub(crate) const DEFAULT_SAMPLED_ITERATIONS: u64 = 10_000_000;

/// How often MCCFR's exploitability is measured.
pub(crate) const SAMPLED_CHECK_EVERY: u64 = 100_000;

/// The regret-minimisation rule on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Discounted CFR (α 1.5, β 0, γ 2).
    Dcfr,
    /// CFR+ with linear averaging.
    #[value(name = "cfr+")]
    CfrPlus,
    /// Monte Carlo CFR, external sampling (seeded by --seed).
    #[value(name = "mccfr-es")]
    MccfrEs,
    /// Monte Carlo CFR, outcome sampling with ε = 0.6 (seeded by --seed).
    #[value(name = "mccfr-os")]
    MccfrOs,
}

/// How a solve iterates.
pub(crate) enum Method {
    /// Full-width vector-form CFR.
    Full(Algorithm),
    /// Monte Carlo CFR.
    Sampled(Sampling),
}

impl AlgorithmArg {
    /// The method and its name in the output.
    pub(crate) fn method(self) -> (Method, &'static str) {
        match self {
            AlgorithmArg::Dcfr => (Method::Full(Algorithm::DCFR_RESTARTED), "dcfr"),
            AlgorithmArg::CfrPlus => (Method::Full(Algorithm::CFR_PLUS), "cfr+"),
            AlgorithmArg::MccfrEs => (Method::Sampled(Sampling::External), "mccfr-es"),
            AlgorithmArg::MccfrOs => (Method::Sampled(Sampling::OUTCOME), "mccfr-os"),
        }
    }
}

/// Arguments of `poker solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The spot: position, sizes, ranges, chip.
    #[command(flatten)]
    pub spot: SpotArgs,
    /// Stop at this exploitability: a share of the pot ("0.01%") or chips ("0.05"). Default 0.1%, or none with --iterations alone.
    #[arg(long, value_name = "X")]
    pub target: Option<String>,
    /// Stop after this many iterations (default 100000; 10000000 sampled ones for MCCFR).
    #[arg(long, value_name = "N", value_parser = crate::cli::parse_iterations)]
    pub iterations: Option<u64>,
    /// The regret-minimisation rule.
    #[arg(long, value_enum, default_value = "dcfr")]
    pub algorithm: AlgorithmArg,
    /// The seed of MCCFR's random numbers (the same seed gives the same solution).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors, e.g. with --out (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// Print the tree's node counts and the bytes the solve needs, without solving (flop spots).
    #[arg(long)]
    pub dry_run: bool,
    /// Refuse a solve that needs more memory: bytes or e.g. "3 GB" (flop spots; default half of physical memory).
    #[arg(long, value_name = "BYTES")]
    pub memory_limit: Option<String>,
    /// Solve every turn and river card, also those alike to another under suit exchanges (flop spots).
    #[arg(long)]
    pub no_isomorphism: bool,
    /// Store regrets and average strategies as 16-bit integers with a scale per decision node: about half the memory.
    #[arg(long)]
    pub compress: bool,
    /// Card abstraction (flop spots): group each player's hands on every turn and river board into at most N buckets by equity and potential, solve that smaller game, and measure it in the full game.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1326))]
    pub buckets: Option<u32>,
    /// Also save the solution to this file (for `poker show` and `explore`): one versioned binary file for every street.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Arguments of `poker show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// A solution saved by `poker solve --out`.
    pub file: PathBuf,
    /// The decision node to show, by its path in history notation: "xb20" on the river; on a turn solution tokens with the river card, e.g. "x b20 c 2s b33". The root by default.
    #[arg(long, value_name = "PATH")]
    pub node: Option<String>,
    /// A flop solution's turn card where the path reaches the turn's deal, e.g. --node "x x" --turn Ad.
    #[arg(long, value_name = "CARD")]
    pub turn: Option<String>,
    /// A turn or flop solution's river card where the path reaches the river's deal, e.g. --node "x b20 c" --river 2s.
    #[arg(long, value_name = "CARD")]
    pub river: Option<String>,
    /// Also show these hands one by one: a class (AKs), a combo (AsKd) or any range.
    #[arg(long, value_name = "HANDS")]
    pub hand: Option<String>,
    /// Print the node as JSON (the saved solution's summary with the shown
    /// node only) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors: only check that the file and node exist.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// What a solve gives before it is printed or saved.
pub(crate) struct Solved<S> {
    /// The solution.
    pub solution: S,
    /// The algorithm's name in the output.
    pub name: &'static str,
    /// The seed of a sampled solve (none for a full-width one).
    pub seed: Option<u64>,
    /// The exploitability target in chips (0: none).
    pub target: f64,
}

impl SolveArgs {
    /// Solves a game of pot `pot` by `--algorithm` until `--target` or
    /// `--iterations`: `full` runs a full-width solve with its options,
    /// `sampled` a Monte Carlo one with its sampling, `--seed` and stop
    /// rule.
    ///
    /// # Errors
    /// A `--target` that does not parse, or the sampled solver's refusal.
    pub(crate) fn solve_with<S>(
        &self,
        pot: f64,
        full: impl FnOnce(&SolveOptions) -> S,
        sampled: impl FnOnce(Sampling, u64, &StopRule) -> Result<S, SampledError>,
    ) -> Result<Solved<S>, CliError> {
        let target = match (&self.target, self.iterations) {
            (Some(text), _) => parse_target(text, pot).map_err(CliError::input)?,
            (None, Some(_)) => 0.0,
            (None, None) => 0.001 * pot,
        };
        let (method, name) = self.algorithm.method();
        let (solution, seed) = match method {
            Method::Full(algorithm) => {
                let options = SolveOptions {
                    algorithm,
                    target,
                    max_iterations: self.iterations.unwrap_or(DEFAULT_ITERATIONS),
                    check_every: CHECK_EVERY,
                };
                (full(&options), None)
            }
            Method::Sampled(sampling) => {
                let rule = StopRule {
                    max_iterations: self.iterations.unwrap_or(DEFAULT_SAMPLED_ITERATIONS),
                    target_exploitability: target,
                    check_every: SAMPLED_CHECK_EVERY,
                };
                let solution = sampled(sampling, self.seed, &rule)
                    .map_err(|e| CliError::input(e.to_string()))?;
                (solution, Some(self.seed))
            }
        };
        Ok(Solved {
            solution,
            name,
            seed,
            target,
        })
    }

    /// Writes `bytes` to `--out`, if given, atomically (the temporary
    /// files of a killed earlier solve are removed first, never read).
    pub(crate) fn save(&self, bytes: &[u8]) -> Result<(), CliError> {
        let Some(path) = &self.out else {
            return Ok(());
        };
        remove_stale_temporaries(path.parent().unwrap_or(Path::new(".")));
        write_atomic(path, bytes)
            .map_err(|e| CliError::internal(format!("--out {}: {e}", path.display())))
    }
}

impl ShowArgs {
    /// The `--hand` range, if given.
    pub(crate) fn hands(&self) -> Result<Option<Range>, CliError> {
        self.hand
            .as_deref()
            .map(|text| Range::parse(text).map_err(|e| CliError::input(format!("--hand: {e}"))))
            .transpose()
    }
}
