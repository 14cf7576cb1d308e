//! The poker family's frames read back as plain rows for its grid report:
//! one [`Run`] per `runs` row, one [`Decision`] per `strategies` row and
//! one [`Measurement`] per `convergence` row.

use crate::report::columns::{floats, strings, whole};
use crate::report::typed::params_text;
use crate::report::{Frames, ReportError};

/// One row of `runs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// The position, resolved.
    pub position: String,
    /// The pot at the root, chips.
    pub pot: f64,
    /// The effective stack, chips.
    pub stack: f64,
    /// `[OOP, IP]` × `[bet, raise]` sizes as written.
    pub sizes: [[String; 2]; 2],
    /// Hands in each range off the board, `[OOP, IP]`.
    pub combos: [u64; 2],
    /// Chip EV of OOP and IP.
    pub value: [f64; 2],
    /// Exploitability in chips.
    pub exploitability: f64,
    /// Exploitability in per cent of the pot.
    pub exploitability_pct: f64,
    /// OOP's game value lies in `[lo, hi]`.
    pub bracket: [f64; 2],
    /// Iterations done.
    pub iterations: u64,
    /// The algorithm (`dcfr`, `cfr+`, `mccfr-es`, `mccfr-os`).
    pub algorithm: String,
    /// The work of the iterations (terminal hand values computed).
    pub work: u64,
    /// On a turn spot, the river card whose river decisions are reported.
    pub river_card: Option<String>,
    /// MCCFR's seed.
    pub seed: Option<u64>,
    /// OOP's root frequencies, `action=share` pairs.
    pub oop_root: String,
    /// IP's frequencies after a check.
    pub ip_after_check: String,
    /// The rules hash.
    pub rules_hash: String,
    /// The engine's parameters (JSON).
    pub params: String,
}

impl Run {
    /// The run's name in tables and charts: its algorithm, with the card
    /// abstraction's buckets when its parameters have them (`dcfr, 50
    /// buckets`).
    pub fn label(&self) -> String {
        let params: Option<serde_json::Value> = serde_json::from_str(&self.params).ok();
        match params.and_then(|p| p["buckets"].as_u64()) {
            Some(buckets) => format!("{}, {buckets} buckets", self.algorithm),
            None => self.algorithm.clone(),
        }
    }

    /// Whether the run's spot is a flop spot (three board cards in its
    /// position's board field).
    pub fn on_flop(&self) -> bool {
        let board = self.position.split('|').nth(2).unwrap_or_default();
        board.chars().filter(char::is_ascii_alphanumeric).count() == 6
    }
}

/// One row of `strategies`.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// The node's path.
    pub node: String,
    /// `OOP` or `IP`.
    pub player: String,
    /// The 13×13 class.
    pub class: String,
    /// The combo (`AsKd`).
    pub hand: String,
    /// The action in history notation (empty on the row of a hand of the
    /// player who does not act at the node).
    pub action: String,
    /// The hand's frequency of the action (0 without an action).
    pub frequency: f64,
    /// The hand's reach at the node.
    pub reach: f64,
    /// The made-hand category on the node's board.
    pub category: Option<String>,
    /// The hand's chip EV at the node (turn spots).
    pub ev: Option<f64>,
    /// The chance of being at the node with the hand (turn spots).
    pub ev_weight: Option<f64>,
}

/// One row of `convergence`.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// Iterations done.
    pub iteration: u64,
    /// Work done (terminal hand values computed).
    pub work: u64,
    /// Exploitability in per cent of the pot.
    pub exploitability_pct: f64,
}

/// The rows of a poker output folder.
#[derive(Debug, Clone, PartialEq)]
pub struct PokerData {
    /// The runs, in task order.
    pub runs: Vec<Run>,
    /// The decision rows, in task and tree order.
    pub decisions: Vec<Decision>,
    /// The convergence rows, in task order.
    pub convergence: Vec<Measurement>,
}

fn missing(table: &str, what: &str) -> ReportError {
    ReportError::Data(format!("{table}.parquet: a null {what}"))
}

impl PokerData {
    /// Reads the rows of `frames`.
    ///
    /// # Errors
    /// A missing column or a null where the lab always writes a value.
    pub fn from_frames(frames: &Frames) -> Result<PokerData, ReportError> {
        let df = &frames.runs;
        let text = |name: &str| strings(df, name);
        let number = |name: &str| floats(df, name);
        let (variants, engines, positions) =
            (text("variant")?, text("engine")?, text("spot_position")?);
        let size_columns = [
            text("sizes_oop_bet")?,
            text("sizes_oop_raise")?,
            text("sizes_ip_bet")?,
            text("sizes_ip_raise")?,
        ];
        let (pot, stack) = (number("pot")?, number("stack")?);
        let (oop_combos, ip_combos) = (whole(df, "oop_combos")?, whole(df, "ip_combos")?);
        let (value_oop, value_ip) = (number("value_oop")?, number("value_ip")?);
        let (expl, expl_pct) = (number("exploitability")?, number("exploitability_pct_pot")?);
        let (lo, hi) = (number("bracket_lo")?, number("bracket_hi")?);
        let iterations = whole(df, "iterations")?;
        let (oop_root, ip_after) = (text("oop_root")?, text("ip_after_check")?);
        let (hashes, params) = (text("rules_hash")?, params_text(df)?);
        let (algorithms, work, rivers) =
            (text("algorithm")?, whole(df, "work")?, text("river_card")?);
        let seeds = whole(df, "seed")?;
        let mut runs = Vec::new();
        for i in 0..df.height() {
            let need = |v: Option<f64>, what: &str| v.ok_or_else(|| missing("runs", what));
            let size = |k: usize| size_columns[k][i].clone().unwrap_or_default();
            runs.push(Run {
                variant: variants[i]
                    .clone()
                    .ok_or_else(|| missing("runs", "variant"))?,
                engine: engines[i]
                    .clone()
                    .ok_or_else(|| missing("runs", "engine"))?,
                position: positions[i].clone().unwrap_or_default(),
                pot: need(pot[i], "pot")?,
                stack: need(stack[i], "stack")?,
                sizes: [[size(0), size(1)], [size(2), size(3)]],
                combos: [oop_combos[i].unwrap_or(0), ip_combos[i].unwrap_or(0)],
                value: [
                    need(value_oop[i], "value_oop")?,
                    need(value_ip[i], "value_ip")?,
                ],
                exploitability: need(expl[i], "exploitability")?,
                exploitability_pct: need(expl_pct[i], "exploitability_pct_pot")?,
                bracket: [need(lo[i], "bracket_lo")?, need(hi[i], "bracket_hi")?],
                iterations: iterations[i].unwrap_or(0),
                algorithm: algorithms[i].clone().unwrap_or_default(),
                work: work[i].unwrap_or(0),
                river_card: rivers[i].clone(),
                seed: seeds[i],
                oop_root: oop_root[i].clone().unwrap_or_default(),
                ip_after_check: ip_after[i].clone().unwrap_or_default(),
                rules_hash: hashes[i].clone().unwrap_or_default(),
                params: params[i].clone(),
            });
        }
        let s = &frames.strategies;
        let (variants, nodes, players) = (
            strings(s, "variant")?,
            strings(s, "node")?,
            strings(s, "player")?,
        );
        let (classes, actions) = (strings(s, "class")?, strings(s, "action")?);
        let (frequencies, reaches) = (floats(s, "frequency")?, floats(s, "reach")?);
        let (engines, hands) = (strings(s, "engine")?, strings(s, "hand")?);
        let (categories, evs, weights) = (
            strings(s, "category")?,
            floats(s, "ev")?,
            floats(s, "ev_weight")?,
        );
        let decisions = (0..s.height())
            .map(|i| {
                (|| {
                    Some(Decision {
                        variant: variants[i].clone()?,
                        engine: engines[i].clone()?,
                        node: nodes[i].clone()?,
                        player: players[i].clone()?,
                        class: classes[i].clone()?,
                        hand: hands[i].clone()?,
                        action: actions[i].clone().unwrap_or_default(),
                        frequency: frequencies[i].unwrap_or(0.0),
                        reach: reaches[i]?,
                        category: categories[i].clone(),
                        ev: evs[i],
                        ev_weight: weights[i],
                    })
                })()
                .ok_or_else(|| missing("strategies", "cell"))
            })
            .collect::<Result<_, _>>()?;
        let c = &frames.convergence;
        let (variants, engines) = (strings(c, "variant")?, strings(c, "engine")?);
        let (iterations, work) = (whole(c, "iteration")?, whole(c, "work")?);
        let exploitability = floats(c, "exploitability_pct_pot")?;
        let convergence = (0..c.height())
            .map(|i| {
                (|| {
                    Some(Measurement {
                        variant: variants[i].clone()?,
                        engine: engines[i].clone()?,
                        iteration: iterations[i]?,
                        work: work[i]?,
                        exploitability_pct: exploitability[i]?,
                    })
                })()
                .ok_or_else(|| missing("convergence", "cell"))
            })
            .collect::<Result<_, _>>()?;
        Ok(PokerData {
            runs,
            decisions,
            convergence,
        })
    }
}
