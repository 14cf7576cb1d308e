//! The turn report's model: per variant the runs of every algorithm, the
//! aggregate strategy per action at every reported node of the most
//! accurate run, both players' EV by made-hand category and by 13×13
//! class at the start of the turn ([`super::turn_evs`]), the convergence
//! of every algorithm against work, and the range grids of OOP's root and
//! of IP after a check.

use serde::Serialize;

use super::data::{Decision, PokerData, Run};
use super::grids::{NodeGrids, RANKS, node_grids};
use super::model::chips;
use super::turn_convergence::{RaceRow, race_rows};
use super::turn_evs::{PlayerEvs, player_evs};
use crate::report::Manifest;

/// One run in the table of runs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunRow {
    /// The variant.
    pub variant: String,
    /// The algorithm.
    pub algorithm: String,
    /// Chip EV of OOP and IP.
    pub value: [f64; 2],
    /// Exploitability in per cent of the pot.
    pub exploitability_pct: f64,
    /// OOP's game value lies in `[lo, hi]`.
    pub bracket: [f64; 2],
    /// Iterations done.
    pub iterations: u64,
    /// Work done (terminal hand values computed).
    pub work: u64,
    /// The seed (MCCFR), as text (`–` for none).
    pub seed: String,
}

/// One reported node's aggregate strategy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeShare {
    /// The node's path (`(root)` for the root).
    pub path: String,
    /// The acting player.
    pub player: String,
    /// Whether the node is on the river.
    pub river: bool,
    /// Each action's share of the reaching range, in words.
    pub shares: String,
}

/// Everything one variant shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantView {
    /// The variant.
    pub variant: String,
    /// The algorithm of the most accurate run, whose strategy is shown.
    pub reference: String,
    /// Its exploitability, per cent of the pot.
    pub reference_pct: f64,
    /// The reported nodes' aggregate strategies.
    pub nodes: Vec<NodeShare>,
    /// Both players' EVs.
    pub evs: Vec<PlayerEvs>,
    /// Per algorithm: when it reached each target.
    pub race: Vec<RaceRow>,
    /// The convergence chart (SVG).
    pub chart: String,
    /// OOP's root grids and IP's after a check.
    pub grids: Vec<NodeGrids>,
}

/// Everything the turn templates show.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnModel {
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
    /// The position of the first run.
    pub position: String,
    /// The pot (chips).
    pub pot: String,
    /// The reported river card.
    pub river_card: String,
    /// Runs in the folder.
    pub tasks_present: usize,
    /// Tasks the manifest lists.
    pub tasks_expected: usize,
    /// Every run.
    pub runs: Vec<RunRow>,
    /// Per variant.
    pub variants: Vec<VariantView>,
    /// The ranks in grid order.
    pub ranks: Vec<&'static str>,
    /// The provenance of each run: variant, engine, hash, parameters.
    pub provenance: Vec<[String; 4]>,
}

/// An action in words without the pot: `check`, `bet 20`, `raise to 60`.
pub fn plain_action(notation: &str) -> String {
    match notation.split_at(notation.len().min(1)) {
        ("x", _) => "check".into(),
        ("c", _) => "call".into(),
        ("f", _) => "fold".into(),
        ("b", rest) => format!("bet {rest}"),
        ("r", rest) => format!("raise to {rest}"),
        _ => notation.to_string(),
    }
}

/// The actions at the rows of one node with their reach-weighted shares,
/// in action order.
pub fn node_shares(rows: &[&Decision]) -> Vec<(String, f64)> {
    let mut actions: Vec<(String, f64)> = Vec::new();
    let mut total = 0.0;
    let mut seen: Vec<&str> = Vec::new();
    for row in rows {
        if !seen.contains(&row.hand.as_str()) {
            seen.push(&row.hand);
            total += row.reach;
        }
        match actions.iter_mut().find(|(a, _)| a == &row.action) {
            Some(entry) => entry.1 += row.reach * row.frequency,
            None => actions.push((row.action.clone(), row.reach * row.frequency)),
        }
    }
    for entry in &mut actions {
        entry.1 = if total > 0.0 { entry.1 / total } else { 0.0 };
    }
    actions
}

/// Shares in words: `check 41.2%, bet 20 30.1%`.
pub fn shares_in_words(shares: &[(String, f64)]) -> String {
    shares
        .iter()
        .map(|(action, share)| format!("{} {:.1}%", plain_action(action), 100.0 * share))
        .collect::<Vec<_>>()
        .join(", ")
}

impl TurnModel {
    /// The model of an output folder's manifest and rows (headline empty).
    pub fn new(manifest: &Manifest, data: &PokerData) -> TurnModel {
        let mut variants = Vec::new();
        for variant in &manifest.variants {
            let runs: Vec<&Run> = data
                .runs
                .iter()
                .filter(|r| r.variant == variant.name)
                .collect();
            // The most accurate run of the exact game (a bucketed run
            // only if there is no other).
            let exact: Vec<&Run> = runs
                .iter()
                .copied()
                .filter(|r| r.label() == r.algorithm)
                .collect();
            let candidates = if exact.is_empty() { &runs } else { &exact };
            let Some(best) = candidates
                .iter()
                .min_by(|a, b| a.exploitability_pct.total_cmp(&b.exploitability_pct))
            else {
                continue;
            };
            variants.push(variant_view(data, &runs, best));
        }
        let first = data.runs.first();
        TurnModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            version: manifest.version.clone(),
            headline: Vec::new(),
            position: first.map(|r| r.position.clone()).unwrap_or_default(),
            pot: first.map(|r| chips(r.pot)).unwrap_or_default(),
            river_card: first.and_then(|r| r.river_card.clone()).unwrap_or_default(),
            tasks_present: data.runs.len(),
            tasks_expected: manifest.variants.len() * manifest.engines.len(),
            runs: data
                .runs
                .iter()
                .map(|r| RunRow {
                    variant: r.variant.clone(),
                    algorithm: r.label(),
                    value: r.value,
                    exploitability_pct: r.exploitability_pct,
                    bracket: r.bracket,
                    iterations: r.iterations,
                    work: r.work,
                    seed: r.seed.map_or("–".into(), |s| s.to_string()),
                })
                .collect(),
            variants,
            ranks: RANKS.to_vec(),
            provenance: data
                .runs
                .iter()
                .map(|r| {
                    [
                        r.variant.clone(),
                        r.engine.clone(),
                        r.rules_hash.clone(),
                        r.params.clone(),
                    ]
                })
                .collect(),
        }
    }
}

/// The view of one variant, whose runs are `runs` and most accurate run
/// `best`.
fn variant_view(data: &PokerData, runs: &[&Run], best: &Run) -> VariantView {
    let rows: Vec<&Decision> = data
        .decisions
        .iter()
        .filter(|d| d.variant == best.variant && d.engine == best.engine)
        .collect();
    let mut paths: Vec<&str> = Vec::new();
    for row in &rows {
        if !row.action.is_empty() && !paths.contains(&row.node.as_str()) {
            paths.push(&row.node);
        }
    }
    let root = paths.first().copied().unwrap_or_default();
    let nodes = paths
        .iter()
        .map(|&path| {
            let at: Vec<&Decision> = rows
                .iter()
                .copied()
                .filter(|d| d.node == path && !d.action.is_empty())
                .collect();
            let river = best
                .river_card
                .as_deref()
                .is_some_and(|card| path.split(' ').any(|t| t == card));
            NodeShare {
                path: if path.is_empty() {
                    "(root)".into()
                } else {
                    path.to_string()
                },
                player: at.first().map(|d| d.player.clone()).unwrap_or_default(),
                river,
                shares: shares_in_words(&node_shares(&at)),
            }
        })
        .collect();
    let evs = ["OOP", "IP"]
        .iter()
        .enumerate()
        .map(|(p, player)| player_evs(&rows, root, player, best.value[p]))
        .collect();
    let after_check = if root.is_empty() {
        "x".to_string()
    } else {
        format!("{root} x")
    };
    let mut grids = Vec::new();
    for (path, title) in [
        (root, "at the root"),
        (after_check.as_str(), "after a check"),
    ] {
        let at: Vec<&Decision> = rows
            .iter()
            .copied()
            .filter(|d| d.node == path && !d.action.is_empty())
            .collect();
        if let Some(actor) = at.first().map(|d| d.player.clone()) {
            let title = format!("{actor} {title}");
            grids.push(node_grids(&best.variant, &title, path, &at, best.pot));
        }
    }
    let (race, chart) = race_rows(data, runs);
    VariantView {
        variant: best.variant.clone(),
        reference: best.label(),
        reference_pct: best.exploitability_pct,
        nodes,
        evs,
        race,
        chart,
        grids,
    }
}
