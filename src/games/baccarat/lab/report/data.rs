//! Baccarat's frames read back as plain rows for its grid report: one
//! [`Run`] per `runs` row (its shoe and payout settings and its figures by
//! column name) and one [`Bucket`] per `strategies` row.

use std::collections::BTreeMap;

use crate::games::baccarat::lab::record::FIGURES;
use crate::report::columns::{floats, ints, strings, whole};
use crate::report::{Frames, ReportError};

/// One row of `runs`.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// The variant's name.
    pub variant: String,
    /// The engine's name.
    pub engine: String,
    /// Decks in the shoe.
    pub decks: u64,
    /// The burn rule (`none`, `fixed`, `face_value`).
    pub burn: String,
    /// Cards burnt under `fixed`.
    pub burn_cards: u64,
    /// Cards behind the cut card.
    pub cut_card: u64,
    /// `ez` or `commission`.
    pub banker_rule: String,
    /// The figures by column name (null figures left out).
    pub figures: BTreeMap<&'static str, f64>,
}

impl Run {
    /// The figure `name` (NaN when null).
    pub fn get(&self, name: &str) -> f64 {
        self.figures.get(name).copied().unwrap_or(f64::NAN)
    }

    /// The shoe setting in words, e.g. "burn by face value, cut card 14".
    pub fn shoe(&self) -> String {
        let burn = match self.burn.as_str() {
            "face_value" => "burn by face value".to_string(),
            "fixed" => format!("burn {} face down", self.burn_cards),
            _ => "no burn".to_string(),
        };
        format!("{burn}, cut card {}", self.cut_card)
    }

    /// The payouts in words.
    pub fn payouts(&self) -> &'static str {
        if self.banker_rule == "commission" {
            "classic 5% commission"
        } else {
            "EZ"
        }
    }
}

/// One true-count bucket of the count study.
#[derive(Debug, Clone, PartialEq)]
pub struct Bucket {
    /// The variant's name.
    pub variant: String,
    /// `dragon7` or `panda8`.
    pub bet: String,
    /// The bucket's floor.
    pub true_count: i32,
    /// Hands dealt in it.
    pub hands: u64,
    /// Their mean exact EV.
    pub mean_exact_ev: f64,
}

/// The rows of a baccarat output folder.
#[derive(Debug, Clone, PartialEq)]
pub struct BaccaratData {
    /// The runs, in task order.
    pub runs: Vec<Run>,
    /// The count study's buckets.
    pub buckets: Vec<Bucket>,
}

fn missing(what: &str) -> ReportError {
    ReportError::Data(format!("runs.parquet: a null {what}"))
}

impl BaccaratData {
    /// Reads the rows of `frames`.
    ///
    /// # Errors
    /// A missing column or a null where the lab always writes a value.
    pub fn from_frames(frames: &Frames) -> Result<BaccaratData, ReportError> {
        let df = &frames.runs;
        let variants = strings(df, "variant")?;
        let engines = strings(df, "engine")?;
        let decks = whole(df, "shoe_decks")?;
        let burn = strings(df, "shoe_burn")?;
        let burn_cards = whole(df, "shoe_burn_cards")?;
        let cut_card = whole(df, "shoe_cut_card")?;
        let banker_rule = strings(df, "payouts_banker_rule")?;
        let columns = FIGURES
            .iter()
            .map(|c| Ok((c.name, floats(df, c.name)?)))
            .collect::<Result<Vec<_>, ReportError>>()?;
        let mut runs = Vec::new();
        for i in 0..df.height() {
            let figures = columns
                .iter()
                .filter_map(|(name, values)| values[i].map(|v| (*name, v)))
                .collect();
            runs.push(Run {
                variant: variants[i].clone().ok_or_else(|| missing("variant"))?,
                engine: engines[i].clone().ok_or_else(|| missing("engine"))?,
                decks: decks[i].ok_or_else(|| missing("shoe_decks"))?,
                burn: burn[i].clone().unwrap_or_default(),
                burn_cards: burn_cards[i].unwrap_or(0),
                cut_card: cut_card[i].unwrap_or(0),
                banker_rule: banker_rule[i].clone().unwrap_or_default(),
                figures,
            });
        }
        let s = &frames.strategies;
        let (variants, bets) = (strings(s, "variant")?, strings(s, "bet")?);
        let (counts, hands) = (ints(s, "true_count")?, whole(s, "hands")?);
        let evs = floats(s, "mean_exact_ev")?;
        let buckets = (0..s.height())
            .filter_map(|i| {
                Some(Bucket {
                    variant: variants[i].clone()?,
                    bet: bets[i].clone()?,
                    true_count: counts[i]?,
                    hands: hands[i]?,
                    mean_exact_ev: evs[i]?,
                })
            })
            .collect();
        Ok(BaccaratData { runs, buckets })
    }
}
