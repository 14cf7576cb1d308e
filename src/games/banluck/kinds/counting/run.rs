//! Computing a counting experiment into plain rows: the count derived
//! from the full deck's effects of removal, decks sampled at each
//! penetration with their exact EV and true count, the bins of the chart,
//! and the worth of the other seats' specials within a round.

use std::time::Instant;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::spec::CountingExperiment;
use super::win_rate::{WinRateRow, win_rate_rows};
use crate::cards::RANK_COUNT;
use crate::games::banluck::counting::CountSystem;
use crate::games::banluck::dp::{self, MIN_CARDS_LEFT, Remaining};
use crate::games::banluck::table::info::{InfoSimParams, SeatInfo};
use crate::sim::below;
use crate::sim::chunk_rng;

/// The count, one row: what the full deck's effects of removal give.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountRow {
    /// Cards in the full deck.
    pub cards: u32,
    /// The full deck's optimal EV per round.
    pub ev_full: f64,
    /// The count's level (largest absolute tag).
    pub level: i32,
    /// Betting correlation of the tags with the effects of removal.
    pub betting_correlation: f64,
    /// The exact worth of seeing one card before a round, units per round.
    pub one_card_gain: f64,
    /// The exact worth of counting with a fresh deck every round: no card
    /// of the round's deck is seen before it, so exactly 0.
    pub fresh_deck_gain: f64,
}

/// The effect of removing one card of a rank, and its tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EffectRow {
    /// The rank class (`T` is any ten-value card).
    pub rank: String,
    /// Cards of that rank in the full deck.
    pub cards: u32,
    /// `EV*(deck − card) − EV*(deck)`, units per round.
    pub eor: f64,
    /// The count's tag (a card whose removal helps the player counts +).
    pub tag: i32,
}

/// One sampled deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeckRow {
    /// The share of the deck dealt before it.
    pub penetration: f64,
    /// Its index among the decks of that penetration.
    pub deck: u32,
    /// Cards left.
    pub cards_left: u32,
    /// The true count of the cards dealt (the derived count's, per 52
    /// cards left; see [`crate::games::banluck::counting::CountSystem`]).
    pub true_count: f64,
    /// The exact optimal EV per round dealt from what is left.
    pub ev: f64,
}

/// One true-count bin at one penetration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BinRow {
    /// The share of the deck dealt.
    pub penetration: f64,
    /// The bin's centre (a multiple of the bin width).
    pub true_count: f64,
    /// Decks in the bin.
    pub decks: u32,
    /// Their mean exact EV.
    pub ev_mean: f64,
    /// Its standard error (0 for a single deck).
    pub ev_std_error: f64,
    /// The share of them with a positive EV.
    pub share_positive: f64,
}

/// The worth of the other seats' specials at one table size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WithinRoundRow {
    /// Seats at the table.
    pub seats: u32,
    /// The chance that another seat turns over a special.
    pub p_shown: f64,
    /// The exact route's gain per seat per round.
    pub exact_gain: f64,
    /// The simulated gain per seat per round.
    pub sim_gain: f64,
    /// Its standard error.
    pub sim_std_error: f64,
    /// `(simulated − exact) / SE`.
    pub z: f64,
    /// What the exact route misstates for a fixed strategy.
    pub conditioning_bias: f64,
    /// The share of simulated rounds in which some seat's result changed.
    pub changed: f64,
    /// Simulated rounds.
    pub rounds: u64,
}

/// What the other seats turn over at the largest table, valued exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShownTableRow {
    /// Seats at the table.
    pub seats: u32,
    /// The cards turned over (`-` for none).
    pub cards: String,
    /// Its probability.
    pub probability: f64,
    /// EV per round of the informed optimum on the deck less those cards.
    pub ev_informed: f64,
    /// EV per round of the heads-up optimum on that deck.
    pub ev_ignorant: f64,
    /// The difference.
    pub gain: f64,
}

/// Wall-clock seconds of each part (`timings.parquet`, not committed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimingRow {
    /// The part.
    pub part: String,
    /// Seconds.
    pub seconds: f64,
}

/// Everything a counting experiment computes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CountingTables {
    /// The count (one row).
    pub count: Vec<CountRow>,
    /// The effects of removal, one row per rank.
    pub effects: Vec<EffectRow>,
    /// Every sampled deck.
    pub decks: Vec<DeckRow>,
    /// The decks binned by true count.
    pub bins: Vec<BinRow>,
    /// The other seats' specials, per table size.
    pub within_round: Vec<WithinRoundRow>,
    /// What they turn over at the largest table.
    pub shown: Vec<ShownTableRow>,
    /// The counting simulation per table size and penetration.
    pub win_rate: Vec<WinRateRow>,
}

/// Computes a counting experiment.
///
/// # Errors
/// A penetration that leaves too few cards for the exact DP, or a failed
/// solve or simulation, in words.
pub fn run_counting(
    experiment: &CountingExperiment,
) -> Result<(CountingTables, Vec<TimingRow>), String> {
    let rules = &experiment.rules;
    let spec = &experiment.spec;
    let mut timings = Vec::new();
    let mut tables = CountingTables::default();
    let started = Instant::now();
    let full = dp::full_deck(rules)?;
    let effects = dp::effects_of_removal(rules, &full)?;
    let system = CountSystem::derive(rules)?;
    tables.count.push(CountRow {
        cards: full.iter().sum(),
        ev_full: effects.ev,
        level: effects.level,
        betting_correlation: effects.betting_correlation,
        one_card_gain: effects.one_card_gain,
        fresh_deck_gain: dp::counting_gain(rules, &full, 0)?,
    });
    tables.effects = effects
        .effects
        .iter()
        .map(|e| EffectRow {
            rank: e.rank.to_string(),
            cards: e.cards,
            eor: e.eor,
            tag: e.tag,
        })
        .collect();
    timings.push(timing("effects of removal", started));

    let started = Instant::now();
    tables.decks = sample_decks(experiment, &full, &system)?;
    tables.bins = bins(&tables.decks, spec.bin_width);
    timings.push(timing("sampled decks", started));

    let started = Instant::now();
    let info = SeatInfo::new(rules)?;
    let params = InfoSimParams {
        rounds: spec.info_rounds,
        seed: spec.seed,
        threads: 0,
        progress: false,
    };
    for &seats in &spec.info_seats {
        let exact = info.exact(seats)?;
        let sim = info.simulate(seats, &params)?;
        tables.within_round.push(WithinRoundRow {
            seats: seats as u32,
            p_shown: exact.p_shown,
            exact_gain: exact.gain,
            sim_gain: sim.gain.mean,
            sim_std_error: sim.gain.std_error,
            z: sim.z_vs_exact,
            conditioning_bias: exact.conditioning_bias,
            changed: sim.changed,
            rounds: sim.rounds,
        });
    }
    if let Some(&largest) = spec.info_seats.iter().max() {
        tables.shown = info
            .exact(largest)?
            .rows
            .into_iter()
            .map(|r| ShownTableRow {
                seats: largest as u32,
                cards: r.cards,
                probability: r.probability,
                ev_informed: r.ev_informed,
                ev_ignorant: r.ev_ignorant,
                gain: r.gain,
            })
            .collect();
    }
    timings.push(timing("within a round", started));

    let started = Instant::now();
    tables.win_rate = win_rate_rows(experiment)?;
    timings.push(timing("counting simulation", started));
    Ok((tables, timings))
}

fn timing(part: &str, started: Instant) -> TimingRow {
    TimingRow {
        part: part.to_string(),
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// `spec.decks` decks per penetration: the cards dealt drawn uniformly
/// (deck `i` of penetration `j` from the stream `chunk_rng(seed, j · decks
/// + i)`), counted by `system`, and valued by the exact DP.
fn sample_decks(
    experiment: &CountingExperiment,
    full: &Remaining,
    system: &CountSystem,
) -> Result<Vec<DeckRow>, String> {
    let spec = &experiment.spec;
    let size: u32 = full.iter().sum();
    let cards: Vec<usize> = (0..RANK_COUNT)
        .flat_map(|r| std::iter::repeat_n(r, full[r] as usize))
        .collect();
    let jobs: Vec<(usize, u32)> = (0..spec.penetrations.len())
        .flat_map(|j| (0..spec.decks).map(move |i| (j, i)))
        .collect();
    jobs.par_iter()
        .map(|&(j, i)| {
            let penetration = spec.penetrations[j];
            let dealt = (penetration * f64::from(size)).round() as u32;
            let left = size - dealt;
            if left < MIN_CARDS_LEFT {
                return Err(format!(
                    "penetration {penetration} leaves {left} cards; the exact DP needs at least {MIN_CARDS_LEFT}"
                ));
            }
            let mut rng = chunk_rng(spec.seed, j as u64 * u64::from(spec.decks) + u64::from(i));
            let mut order = cards.clone();
            let mut remaining = *full;
            for k in 0..dealt as usize {
                let pick = k + below(&mut rng, (order.len() - k) as u32) as usize;
                order.swap(k, pick);
                remaining[order[k]] -= 1;
            }
            let value = dp::deck_value(&experiment.rules, &remaining)?;
            Ok(DeckRow {
                penetration,
                deck: i,
                cards_left: left,
                true_count: system.true_count(&remaining),
                ev: value.ev,
            })
        })
        .collect()
}

/// The decks binned by true count, per penetration, in the order of the
/// penetrations and of the bins.
fn bins(decks: &[DeckRow], width: f64) -> Vec<BinRow> {
    let mut keys: Vec<(f64, i64)> = decks
        .iter()
        .map(|d| (d.penetration, (d.true_count / width).round() as i64))
        .collect();
    keys.dedup();
    keys.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    keys.dedup();
    keys.into_iter()
        .map(|(penetration, bin)| {
            let evs: Vec<f64> = decks
                .iter()
                .filter(|d| {
                    d.penetration == penetration && (d.true_count / width).round() as i64 == bin
                })
                .map(|d| d.ev)
                .collect();
            let n = evs.len() as f64;
            let mean = evs.iter().sum::<f64>() / n;
            let variance = if evs.len() > 1 {
                evs.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0)
            } else {
                0.0
            };
            BinRow {
                penetration,
                true_count: bin as f64 * width,
                decks: evs.len() as u32,
                ev_mean: mean,
                ev_std_error: (variance / n).sqrt(),
                share_positive: evs.iter().filter(|&&e| e > 0.0).count() as f64 / n,
            }
        })
        .collect()
}
