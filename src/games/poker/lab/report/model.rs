//! The poker report's model: the table of variants and, per variant, the
//! range grids of OOP's root decision and of IP's decision after a check.

use serde::Serialize;

use super::data::{PokerData, Run};
use super::grids::{NodeGrids, RANKS, action_words, node_grids};
use crate::report::Manifest;

/// One variant in the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantRow {
    /// The variant's name.
    pub variant: String,
    /// The pot at the root, chips (`60`, `12.5`).
    pub pot: String,
    /// The effective stack, chips.
    pub stack: String,
    /// OOP's bet and raise sizes, as written.
    pub oop_sizes: String,
    /// IP's bet and raise sizes.
    pub ip_sizes: String,
    /// Hands in each range off the board.
    pub combos: [u64; 2],
    /// OOP's root actions (history notation) with their shares.
    pub oop_pairs: Vec<(String, f64)>,
    /// IP's actions after a check with their shares.
    pub ip_pairs: Vec<(String, f64)>,
    /// OOP's root frequencies in words.
    pub oop_root: String,
    /// IP's frequencies after a check, in words.
    pub ip_after_check: String,
    /// Chip EV of OOP and IP.
    pub value: [f64; 2],
    /// OOP's EV as a share of the pot.
    pub oop_share: f64,
    /// Exploitability, chips and per cent of the pot.
    pub exploitability: f64,
    /// Exploitability in per cent of the pot.
    pub exploitability_pct: f64,
    /// OOP's game value lies in `[lo, hi]`.
    pub bracket: [f64; 2],
    /// Iterations done.
    pub iterations: u64,
}

/// One run's provenance.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunView {
    /// The variant.
    pub variant: String,
    /// The engine.
    pub engine: String,
    /// The rules hash.
    pub rules_hash: String,
    /// The parameters (JSON).
    pub params: String,
}

/// Everything the templates show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PokerModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The experiment file.
    pub experiment_file: String,
    /// The rules file.
    pub rules_file: String,
    /// The crate version.
    pub version: String,
    /// The answer in words.
    pub headline: Vec<String>,
    /// The position of the first variant.
    pub position: String,
    /// Runs in the folder.
    pub tasks_present: usize,
    /// Tasks the manifest lists.
    pub tasks_expected: usize,
    /// The variants.
    pub variants: Vec<VariantRow>,
    /// The grids: per variant, OOP's root and IP after a check.
    pub grids: Vec<NodeGrids>,
    /// The ranks in grid order (column headers).
    pub ranks: Vec<&'static str>,
    /// The provenance of each run.
    pub runs: Vec<RunView>,
}

/// A chip amount without needless decimals (`60`, `12.5`).
pub fn chips(x: f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `x=0.71,b20=0.29` as (action, share) pairs.
fn pairs(listed: &str) -> Vec<(String, f64)> {
    listed
        .split(',')
        .filter_map(|pair| pair.split_once('='))
        .map(|(action, share)| (action.to_string(), share.parse().unwrap_or(f64::NAN)))
        .collect()
}

/// `x=0.71,b20=0.29` in words: `check 71.0%, bet 20 (33% of the pot)
/// 29.0%`.
pub fn frequencies_in_words(listed: &str, pot: f64) -> String {
    pairs(listed)
        .iter()
        .map(|(action, share)| format!("{} {:.1}%", action_words(action, pot), 100.0 * share))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A player's sizes in words: `bet 33%, 75%; raise 60%`.
fn sizes_in_words(sizes: &[String; 2]) -> String {
    let list = |s: &str| {
        if s.trim().is_empty() {
            "none".to_string()
        } else {
            s.to_string()
        }
    };
    format!("bet {}; raise {}", list(&sizes[0]), list(&sizes[1]))
}

impl VariantRow {
    fn new(run: &Run) -> VariantRow {
        VariantRow {
            variant: run.variant.clone(),
            pot: chips(run.pot),
            stack: chips(run.stack),
            oop_sizes: sizes_in_words(&run.sizes[0]),
            ip_sizes: sizes_in_words(&run.sizes[1]),
            combos: run.combos,
            oop_pairs: pairs(&run.oop_root),
            ip_pairs: pairs(&run.ip_after_check),
            oop_root: frequencies_in_words(&run.oop_root, run.pot),
            ip_after_check: frequencies_in_words(&run.ip_after_check, run.pot),
            value: run.value,
            oop_share: run.value[0] / run.pot,
            exploitability: run.exploitability,
            exploitability_pct: run.exploitability_pct,
            bracket: run.bracket,
            iterations: run.iterations,
        }
    }
}

impl PokerModel {
    /// The model of an output folder's manifest and rows (headline empty).
    pub fn new(manifest: &Manifest, data: &PokerData) -> PokerModel {
        let mut grids = Vec::new();
        for run in &data.runs {
            let rows: Vec<_> = data
                .decisions
                .iter()
                .filter(|d| d.variant == run.variant)
                .collect();
            // The root is the first decision node of the variant's rows.
            let Some(root) = rows.first().map(|d| d.node.clone()) else {
                continue;
            };
            let after_check = format!("{root}x");
            for (path, after_check) in [(&root, false), (&after_check, true)] {
                let at: Vec<_> = rows.iter().copied().filter(|d| &d.node == path).collect();
                let Some(actor) = at.first().map(|d| d.player.as_str()) else {
                    continue;
                };
                let title = if after_check {
                    format!("{actor} after a check")
                } else {
                    format!("{actor} at the root")
                };
                grids.push(node_grids(&run.variant, &title, path, &at, run.pot));
            }
        }
        PokerModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            version: manifest.version.clone(),
            headline: Vec::new(),
            position: data
                .runs
                .first()
                .map(|r| r.position.clone())
                .unwrap_or_default(),
            tasks_present: data.runs.len(),
            tasks_expected: manifest.variants.len() * manifest.engines.len(),
            variants: data.runs.iter().map(VariantRow::new).collect(),
            grids,
            ranks: RANKS.to_vec(),
            runs: data
                .runs
                .iter()
                .map(|r| RunView {
                    variant: r.variant.clone(),
                    engine: r.engine.clone(),
                    rules_hash: r.rules_hash.clone(),
                    params: r.params.clone(),
                })
                .collect(),
        }
    }
}
