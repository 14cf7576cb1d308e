//! Effects of removal (EOR) and a card-counting system derived from them.
//!
//! For a remaining deck `D` with `n_r` cards of rank class `r` (`N` in all),
//! the effect of removing one card of rank `r` is
//! `EOR_r = EV*(D − r) − EV*(D)`, where `EV*` is the exact optimal EV of a
//! round dealt from that deck ([`super::deck_value`]).
//!
//! Exact identities: burning an unseen card does not change the
//! distribution of the cards after it, so for any **fixed** strategy `S`,
//! `Σ_r (n_r / N) · EV_S(D − r) = EV_S(D)` exactly. With the optimal play
//! re-solved for each `D − r`, the same average is at least `EV*(D)`; the
//! difference, `Σ_r (n_r / N) · EOR_r ≥ 0`, is the exact worth of seeing
//! one card before the round ([`counting_gain`] with one card seen).
//!
//! The count: tags proportional to the EORs (a card whose removal helps the
//! player counts +), scaled so the largest is the level `L` and rounded:
//! `t_r = round(L · EOR_r / max_r |EOR_r|)`, for `L` = 1, 2, 3; the lowest
//! level whose betting correlation is within 0.01 of the best is kept.
//! The betting correlation is the frequency-weighted correlation of the EOR
//! and tag vectors over the ranks (the ten class weighs its 16 cards, the
//! same as weighing the 13 ranks by their 4 cards each):
//! `BC = Σ n_r (E_r − Ē)(t_r − t̄) / sqrt(Σ n_r (E_r − Ē)² · Σ n_r (t_r − t̄)²)`,
//! with `Ē = Σ n_r E_r / N` and `t̄ = Σ n_r t_r / N`.

use serde::Serialize;

use crate::cards::{RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, RuleSet};
use crate::games::banluck::strategy::PlayerStrategy;

use super::partial::{Remaining, compile_partial, deck_value};

/// The effect of removing one card of one rank class.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RankEffect {
    /// The rank class (`T` is any ten-value card).
    pub rank: char,
    /// Cards of that rank in the deck.
    pub cards: u32,
    /// `EV*(deck − card) − EV*(deck)`, units per hand.
    pub eor: f64,
    /// The count's tag for this rank.
    pub tag: i32,
}

/// The effects of removal from one deck and the count derived from them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RemovalEffects {
    /// `EV*` of the deck itself.
    pub ev: f64,
    /// One entry per rank class present in the deck, 2..9, T, A.
    pub effects: Vec<RankEffect>,
    /// The count's level: the largest absolute tag.
    pub level: i32,
    /// Betting correlation of the rounded tags with the EORs.
    pub betting_correlation: f64,
    /// `Σ_r (n_r / N) · EOR_r`: the exact worth of seeing one card (≥ 0).
    pub one_card_gain: f64,
}

/// The EOR of every rank still in `remaining`, and the count from them.
pub fn effects_of_removal(
    rules: &RuleSet,
    remaining: &Remaining,
) -> Result<RemovalEffects, String> {
    let base = deck_value(rules, remaining)?.ev;
    let mut eors = [0.0; RANK_COUNT];
    for r in 0..RANK_COUNT {
        if remaining[r] > 0 {
            let mut less = *remaining;
            less[r] -= 1;
            eors[r] = deck_value(rules, &less)?.ev - base;
        }
    }
    let weights: [f64; RANK_COUNT] = std::array::from_fn(|r| f64::from(remaining[r]));
    let (level, tags) = derive_tags(&eors, &weights);
    let total: f64 = weights.iter().sum();
    Ok(RemovalEffects {
        ev: base,
        effects: (0..RANK_COUNT)
            .filter(|&r| remaining[r] > 0)
            .map(|r| RankEffect {
                rank: Rank::new(r).label(),
                cards: remaining[r],
                eor: eors[r],
                tag: tags[r],
            })
            .collect(),
        level,
        betting_correlation: betting_correlation(&eors, &tags.map(f64::from), &weights),
        one_card_gain: (0..RANK_COUNT).map(|r| weights[r] / total * eors[r]).sum(),
    })
}

/// Rounded tags at levels 1..=3 (see the module notes); returns the chosen
/// level and its tags. All-zero effects give level 0 and zero tags.
pub fn derive_tags(
    eors: &[f64; RANK_COUNT],
    weights: &[f64; RANK_COUNT],
) -> (i32, [i32; RANK_COUNT]) {
    let largest = eors.iter().fold(0.0_f64, |m, e| m.max(e.abs()));
    if largest == 0.0 {
        return (0, [0; RANK_COUNT]);
    }
    let candidates: Vec<(i32, [i32; RANK_COUNT], f64)> = (1..=3)
        .map(|level| {
            let tags: [i32; RANK_COUNT] =
                std::array::from_fn(|r| (f64::from(level) * eors[r] / largest).round() as i32);
            let bc = betting_correlation(eors, &tags.map(f64::from), weights);
            (level, tags, bc)
        })
        .collect();
    let best = candidates
        .iter()
        .map(|c| c.2)
        .fold(f64::NEG_INFINITY, f64::max);
    let (level, tags, _) = candidates
        .into_iter()
        .find(|c| c.2 >= best - 0.01)
        .unwrap_or((0, [0; RANK_COUNT], 0.0));
    (level, tags)
}

/// The frequency-weighted correlation of `eors` and `tags` (0 when either
/// is constant over the cards present).
pub fn betting_correlation(
    eors: &[f64; RANK_COUNT],
    tags: &[f64; RANK_COUNT],
    weights: &[f64; RANK_COUNT],
) -> f64 {
    let total: f64 = weights.iter().sum();
    if total == 0.0 {
        return 0.0;
    }
    let mean =
        |x: &[f64; RANK_COUNT]| (0..RANK_COUNT).map(|r| weights[r] * x[r]).sum::<f64>() / total;
    let (e_bar, t_bar) = (mean(eors), mean(tags));
    let (mut cov, mut var_e, mut var_t) = (0.0, 0.0, 0.0);
    for r in 0..RANK_COUNT {
        let (de, dt) = (eors[r] - e_bar, tags[r] - t_bar);
        cov += weights[r] * de * dt;
        var_e += weights[r] * de * de;
        var_t += weights[r] * dt * dt;
    }
    if var_e == 0.0 || var_t == 0.0 {
        0.0
    } else {
        cov / (var_e * var_t).sqrt()
    }
}

/// The exact worth of counting `seen` cards: the expectation, over every
/// multiset of `seen` cards dealt from `remaining` (hypergeometric), of
/// `EV*(remaining − those cards)`, less `EV*(remaining)`. A player who sees
/// no card before a round (a fresh deck every round) gains exactly 0; each
/// card seen can only add (the value of information).
pub fn counting_gain(rules: &RuleSet, remaining: &Remaining, seen: u32) -> Result<f64, String> {
    let base = deck_value(rules, remaining)?.ev;
    Ok(expected_after(rules, remaining, seen)? - base)
}

fn expected_after(rules: &RuleSet, remaining: &Remaining, seen: u32) -> Result<f64, String> {
    if seen == 0 {
        return Ok(deck_value(rules, remaining)?.ev);
    }
    let total: u32 = remaining.iter().sum();
    let mut sum = 0.0;
    for r in 0..RANK_COUNT {
        if remaining[r] > 0 {
            let mut less = *remaining;
            less[r] -= 1;
            let p = f64::from(remaining[r]) / f64::from(total);
            sum += p * expected_after(rules, &less, seen - 1)?;
        }
    }
    Ok(sum)
}

/// The exact EV of a fixed player strategy, solved on `from`, when the
/// round is dealt from `remaining` instead (hands matched by their cards).
/// Used to check `Σ_r (n_r / N) · EV_S(D − r) = EV_S(D)`.
pub fn strategy_value(
    rules: &RuleSet,
    from: &CompiledRules,
    strategy: &PlayerStrategy,
    remaining: &Remaining,
) -> Result<f64, String> {
    let table = compile_partial(rules, remaining)?;
    let moved = transfer_strategy(from, strategy, &table);
    let dealer = crate::games::banluck::strategy::DealerStrategy::fixed(&table);
    Ok(super::solve::evaluate(&table, &moved, &dealer).mean())
}

/// `strategy` (on `from`'s compositions) re-indexed for `to`: every hand
/// of `to` that `from` can deal plays as `strategy` plays it; the others
/// (hands `from`'s deck cannot deal) stand.
pub fn transfer_strategy(
    from: &CompiledRules,
    strategy: &PlayerStrategy,
    to: &CompiledRules,
) -> PlayerStrategy {
    let mut moved = PlayerStrategy::stand_everywhere(to);
    let upcards: Vec<Option<Rank>> = if to.rules().dealer.upcard {
        Rank::all().map(Some).collect()
    } else {
        vec![None]
    };
    let comps = to.compositions();
    for id in 0..comps.len() as crate::cards::CompId {
        if let Some(source) = from.compositions().find(comps.counts(id)) {
            for &upcard in &upcards {
                moved.set_hit(id, upcard, strategy.hit_probability(source, upcard));
            }
        }
    }
    moved
}
