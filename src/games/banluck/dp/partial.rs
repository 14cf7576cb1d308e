//! The exact DP from any remaining composition of the deck: the player's
//! optimal EV against the fixed dealer, and its standard deviation, when the
//! round is dealt from what is left after some cards have gone.
//!
//! The table is recompiled from the remaining counts (its compositions are
//! those the remaining deck can deal), so a deck with no aces has no hand
//! holding one. From a full deck the result is today's [`super::solve()`].
//!
//! ```
//! use banluck_lab::cards::parse_hand;
//! use banluck_lab::games::banluck::dp::{deck_value, remaining_after};
//! use banluck_lab::games::banluck::rules::RuleSet;
//! let rules = RuleSet::default();
//! let fives = parse_hand("5 5 5 5").unwrap();
//! let left = remaining_after(&rules, &fives).unwrap();
//! assert_eq!(left.iter().sum::<u32>(), 48);
//! let value = deck_value(&rules, &left).unwrap();
//! assert!(value.std_dev > 0.0);
//! ```

use serde::Serialize;

use crate::cards::{Deck, RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS, RuleSet};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::model::{Decision, ExactModel};
use super::outcomes::outcome_distribution;
use super::readout::{root_value, to_strategy};

/// The optimum of one remaining deck next to a fixed strategy, from one
/// dealer pass ([`compiled_optimum_beside`]).
#[derive(Debug, Clone)]
pub struct DeckOptimum {
    /// The optimal composition-dependent EV per dealt hand.
    pub ev: f64,
    /// The EV per dealt hand of the fixed strategy on the same deck.
    pub ev_fixed: f64,
    /// The optimal strategy (on the table's compositions).
    pub strategy: PlayerStrategy,
}

/// Cards per rank class left in a deck, indexed by [`Rank::index`].
pub type Remaining = [u32; RANK_COUNT];

/// The fewest cards a remaining deck must hold for the DP: enough for both
/// hands to reach the card limit, so that no round runs out of cards.
pub const MIN_CARDS_LEFT: u32 = 2 * MAX_HAND_CARDS as u32;

/// The exact value of one round dealt from a remaining deck.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DeckValue {
    /// Expected payoff per dealt hand of the optimal composition-dependent
    /// strategy for this deck (voids count as 0).
    pub ev: f64,
    /// Standard deviation of the payoff per hand under that strategy.
    pub std_dev: f64,
    /// Cards in the deck the round is dealt from.
    pub cards: u32,
}

/// The full deck of `rules` as remaining counts, or an error for the
/// infinite deck (which has no composition to deplete).
pub fn full_deck(rules: &RuleSet) -> Result<Remaining, String> {
    if rules.deck.infinite {
        return Err(
            "deck.infinite = true: an infinite deck has no composition to remove cards from"
                .to_string(),
        );
    }
    let deck = Deck::new(u32::from(rules.deck.decks), false);
    Ok(std::array::from_fn(|r| deck.count(Rank::new(r))))
}

/// The rules' full deck with `removed` taken out, or an error naming the
/// first card the deck no longer holds.
pub fn remaining_after(rules: &RuleSet, removed: &[Rank]) -> Result<Remaining, String> {
    let mut left = full_deck(rules)?;
    for (i, &rank) in removed.iter().enumerate() {
        let slot = &mut left[rank.index()];
        if *slot == 0 {
            let full = full_deck(rules)?[rank.index()];
            return Err(format!(
                "cannot remove card {} (`{}`): the deck of {} holds only {full} card{} of that rank",
                i + 1,
                rank.label(),
                deck_name(rules),
                if full == 1 { "" } else { "s" }
            ));
        }
        *slot -= 1;
    }
    Ok(left)
}

fn deck_name(rules: &RuleSet) -> String {
    match rules.deck.decks {
        1 => "one deck".to_string(),
        n => format!("{n} decks"),
    }
}

/// The rules compiled for a deck of `remaining` (checked: at least
/// [`MIN_CARDS_LEFT`] cards, none above the full deck's counts).
pub fn compile_partial(rules: &RuleSet, remaining: &Remaining) -> Result<CompiledRules, String> {
    let full = full_deck(rules)?;
    if let Some(r) = (0..RANK_COUNT).find(|&r| remaining[r] > full[r]) {
        return Err(format!(
            "the remaining deck holds {} cards of rank `{}`, more than the {} of {}",
            remaining[r],
            Rank::new(r).label(),
            full[r],
            deck_name(rules)
        ));
    }
    let cards: u32 = remaining.iter().sum();
    if cards < MIN_CARDS_LEFT {
        return Err(format!(
            "the remaining deck holds {cards} cards; the exact DP needs at least {MIN_CARDS_LEFT} so that a round cannot run out (the house reshuffles before that)"
        ));
    }
    Ok(CompiledRules::compile_with_deck(
        rules.clone(),
        Deck::from_counts(*remaining),
    ))
}

/// The exact EV and standard deviation of the optimal player against the
/// rules' fixed dealer, for a round dealt from `remaining`. This is the
/// entry point to call at every point of a deck: no chart search, no tables.
pub fn deck_value(rules: &RuleSet, remaining: &Remaining) -> Result<DeckValue, String> {
    let table = compile_partial(rules, remaining)?;
    Ok(compiled_value(&table))
}

/// [`deck_value`] for a table already compiled (e.g. by [`compile_partial`]).
pub fn compiled_value(table: &CompiledRules) -> DeckValue {
    compiled_optimum(table).0
}

/// [`compiled_value`] with the optimal strategy that reaches it (on `table`'s
/// compositions; [`super::transfer_strategy`] moves it to another deck's).
pub fn compiled_optimum(table: &CompiledRules) -> (DeckValue, PlayerStrategy) {
    let dealer = DealerStrategy::fixed(table);
    let model = ExactModel::new(table, &dealer);
    let values = model.values(Decision::Best);
    let distribution = outcome_distribution(&model, &values);
    let value = DeckValue {
        ev: root_value(&model, &values),
        std_dev: distribution.std_dev(),
        cards: table.deck().size(),
    };
    (value, to_strategy(&model, &values))
}

/// The optimal EV and strategy of `table`'s deck, and the EV of `fixed`
/// (already on `table`'s compositions, e.g. by
/// [`super::transfer_strategy`]) on the same deck: one dealer pass serves
/// both, so the second value costs one more backward induction.
pub fn compiled_optimum_beside(table: &CompiledRules, fixed: &PlayerStrategy) -> DeckOptimum {
    let dealer = DealerStrategy::fixed(table);
    let model = ExactModel::new(table, &dealer);
    let best = model.values(Decision::Best);
    let follow = model.values(Decision::Follow(fixed));
    DeckOptimum {
        ev: root_value(&model, &best),
        ev_fixed: root_value(&model, &follow),
        strategy: to_strategy(&model, &best),
    }
}
