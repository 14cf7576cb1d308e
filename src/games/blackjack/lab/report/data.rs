//! Blackjack's frames read back as plain rows for its grid report: one
//! [`Run`] per `runs` row (the rules it was solved or simulated under, its
//! figures, a simulation's [`SimFigures`]) and
//! one [`Cell`] per `strategies` row (a cell of a best-moves chart).

use crate::report::columns::{bools, floats, strings, whole};
use crate::report::{Frames, ReportError};

/// The rules of one variant, as its rule columns hold them.
#[derive(Debug, Clone, PartialEq)]
pub struct RulesView {
    /// Decks in the shoe.
    pub decks: u64,
    /// Whether the deck is infinite.
    pub infinite: bool,
    /// H17 rather than S17.
    pub hit_soft_17: bool,
    /// Whether the dealer peeks.
    pub peek: bool,
    /// What a natural pays.
    pub blackjack: f64,
    /// `any`, `9-11`, `10-11` or `none`.
    pub double: String,
    /// Double after split.
    pub das: bool,
    /// Hands a round may grow to.
    pub max_hands: u64,
    /// Resplit aces.
    pub resplit_aces: bool,
    /// Hit split aces.
    pub hit_split_aces: bool,
    /// Late surrender.
    pub late: bool,
    /// Full early surrender.
    pub early: bool,
    /// The split algorithm.
    pub algorithm: String,
}

impl RulesView {
    /// The rules in the usual shorthand, e.g. "6 decks, S17, DAS, split to
    /// 4, late surrender, 3:2".
    pub fn shorthand(&self) -> String {
        let mut parts = vec![if self.infinite {
            "infinite deck".to_string()
        } else if self.decks == 1 {
            "1 deck".to_string()
        } else {
            format!("{} decks", self.decks)
        }];
        parts.push(if self.hit_soft_17 { "H17" } else { "S17" }.into());
        if !self.peek {
            parts.push("no hole card (dealer natural takes all)".into());
        }
        parts.push(match self.double.as_str() {
            "any" => "double any two".to_string(),
            "none" => "no doubling".to_string(),
            range => format!("double {range} only"),
        });
        parts.push(if self.das { "DAS" } else { "no DAS" }.into());
        parts.push(match self.max_hands {
            1 => "no splits".to_string(),
            n => format!("split to {n}"),
        });
        if self.resplit_aces {
            parts.push("resplit aces".into());
        }
        if self.hit_split_aces {
            parts.push("hit split aces".into());
        }
        parts.push(
            if self.early {
                "early surrender"
            } else if self.late {
                "late surrender"
            } else {
                "no surrender"
            }
            .into(),
        );
        parts.push(payout_words(self.blackjack));
        parts.join(", ")
    }
}

/// A natural's payout as odds: 3:2, 6:5, 1:1, else the multiplier.
pub fn payout_words(blackjack: f64) -> String {
    for (x, words) in [(1.5, "3:2"), (1.2, "6:5"), (1.0, "1:1"), (2.0, "2:1")] {
        if blackjack == x {
            return words.to_string();
        }
    }
    format!("natural pays {blackjack}")
}

/// One row of `runs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// The rules solved.
    pub rules: RulesView,
    /// EV per round under the rules' split algorithm.
    pub ev: f64,
    /// EV under `cdz-`, `cdp1`, `cdp` (where asked for).
    pub by_algorithm: [Option<f64>; 3],
    /// A simulation's figures (`sim` rows only).
    pub sim: Option<SimFigures>,
}

/// The figures of a `sim` row besides its mean (`Run::ev`).
#[derive(Debug, Clone, PartialEq)]
pub struct SimFigures {
    /// The mean's standard error.
    pub se: f64,
    /// The mean's difference from the exact EV in standard errors.
    pub z: f64,
    /// Rounds played.
    pub rounds: u64,
    /// Pair-upcard cells whose split hands were checked.
    pub split_cells: u64,
    /// The largest |z| of those cells.
    pub split_max_abs_z: f64,
}

/// One cell of a best-moves chart.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// `hard 12`, `soft 17`, `pair 8`.
    pub row: String,
    /// The upcard label.
    pub upcard: String,
    /// The move's chart code.
    pub code: String,
    /// Whether some hand of the cell plays otherwise.
    pub mixed: bool,
}

/// The rows of a blackjack output folder.
#[derive(Debug, Clone, PartialEq)]
pub struct BlackjackData {
    /// The runs, in task order.
    pub runs: Vec<Run>,
    /// The chart cells.
    pub cells: Vec<Cell>,
}

fn null(what: &str) -> ReportError {
    ReportError::Data(format!("a null {what}"))
}

impl BlackjackData {
    /// Reads the rows of `frames`.
    ///
    /// # Errors
    /// A missing column or a null where the lab always writes a value.
    pub fn from_frames(frames: &Frames) -> Result<BlackjackData, ReportError> {
        let df = &frames.runs;
        let text = |name: &str| strings(df, name);
        let (variants, engines) = (text("variant")?, text("engine")?);
        let (decks, max_hands) = (whole(df, "deck_decks")?, whole(df, "split_max_hands")?);
        let flag = |name: &str| bools(df, name);
        let flags = [
            "deck_infinite",
            "dealer_hit_soft_17",
            "dealer_peek",
            "double_after_split",
            "split_resplit_aces",
            "split_hit_split_aces",
            "surrender_late",
            "surrender_early",
        ]
        .map(flag)
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
        let (double, algorithm) = (text("double_allowed")?, text("split_algorithm")?);
        let blackjack = floats(df, "payouts_blackjack")?;
        let evs = ["ev", "ev_cdz", "ev_cdp1", "ev_cdp"]
            .map(|name| floats(df, name))
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let (se, z, split_z) = (
            floats(df, "se")?,
            floats(df, "z")?,
            floats(df, "split_max_abs_z")?,
        );
        let (rounds, split_cells) = (whole(df, "rounds")?, whole(df, "split_cells")?);
        let mut runs = Vec::new();
        for i in 0..df.height() {
            let sim = match (se[i], z[i], rounds[i]) {
                (Some(se), Some(z), Some(rounds)) => Some(SimFigures {
                    se,
                    z,
                    rounds,
                    split_cells: split_cells[i].unwrap_or(0),
                    split_max_abs_z: split_z[i].unwrap_or(0.0),
                }),
                _ => None,
            };
            let on = |k: usize| flags[k][i].ok_or_else(|| null("rule flag"));
            runs.push(Run {
                variant: variants[i].clone().ok_or_else(|| null("variant"))?,
                engine: engines[i].clone().ok_or_else(|| null("engine"))?,
                rules: RulesView {
                    decks: decks[i].ok_or_else(|| null("deck_decks"))?,
                    infinite: on(0)?,
                    hit_soft_17: on(1)?,
                    peek: on(2)?,
                    blackjack: blackjack[i].ok_or_else(|| null("payouts_blackjack"))?,
                    double: double[i].clone().ok_or_else(|| null("double_allowed"))?,
                    das: on(3)?,
                    max_hands: max_hands[i].ok_or_else(|| null("split_max_hands"))?,
                    resplit_aces: on(4)?,
                    hit_split_aces: on(5)?,
                    late: on(6)?,
                    early: on(7)?,
                    algorithm: algorithm[i]
                        .clone()
                        .ok_or_else(|| null("split_algorithm"))?,
                },
                ev: evs[0][i].ok_or_else(|| null("ev"))?,
                by_algorithm: [evs[1][i], evs[2][i], evs[3][i]],
                sim,
            });
        }
        let s = &frames.strategies;
        let columns = ["variant", "engine", "row", "upcard", "move"]
            .map(|name| strings(s, name))
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?;
        let mixed = bools(s, "mixed")?;
        let cells = (0..s.height())
            .map(|i| {
                let get = |k: usize| columns[k][i].clone().ok_or_else(|| null("chart cell"));
                Ok(Cell {
                    variant: get(0)?,
                    engine: get(1)?,
                    row: get(2)?,
                    upcard: get(3)?,
                    code: get(4)?,
                    mixed: mixed[i].unwrap_or(false),
                })
            })
            .collect::<Result<Vec<_>, ReportError>>()?;
        Ok(BlackjackData { runs, cells })
    }
}
