//! The dealer's EV of each of its actions when both sides play given
//! strategies: at every dealer decision (its cards, the upcard when one is
//! shown, the cards the waiting player holds) the EV of drawing one card
//! and playing on, and of stopping (standing, or revealing a 3+-card
//! player, which heads-up settle the same way); at a two-card hand the
//! dealer may surrender, the EV of playing on (surrendering voids the hand:
//! EV 0).
//!
//! An EV is the dealer's, in units of the player's bet, given that the
//! decision is reached: the counterfactual value of the action divided by
//! the probability of the player's hands that meet it there. Where the
//! player's strategy never meets a decision there is no EV.

use serde::Serialize;

use crate::cards::{CompId, RANK_COUNT};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::game::{Chance, HeadsUpGame};
use super::params::CfrVariant;
use super::readout::upcard_of;
use super::solver::HeadsUpCfr;
use super::state::Behaviour;

/// One dealer decision facing a waiting player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealerDecision {
    /// The dealer's upcard label, when the rules deal one face up.
    pub upcard: Option<char>,
    /// The dealer's cards, e.g. `T6`.
    pub hand: String,
    /// Cards the waiting player holds.
    pub player_cards: u8,
    /// The dealer's draw probability here.
    pub hit: f64,
    /// The dealer's EV of drawing and playing on, where it may draw.
    pub ev_hit: Option<f64>,
    /// The dealer's EV of stopping (standing or revealing), where it may
    /// stop.
    pub ev_stop: Option<f64>,
}

/// One two-card hand the dealer may surrender.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealerDeal {
    /// The dealer's upcard label, when the rules deal one face up.
    pub upcard: Option<char>,
    /// The dealer's two cards.
    pub hand: String,
    /// The probability that the dealer surrenders it.
    pub surrender: f64,
    /// The dealer's EV of playing on (surrendering is worth 0).
    pub ev_play: f64,
}

/// The dealer's EVs at every decision where its rules leave it a choice.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealerValues {
    /// Draw or stop, per dealer hand, upcard and player card count.
    pub decisions: Vec<DealerDecision>,
    /// Surrender or play on, per two-card hand and upcard.
    pub deals: Vec<DealerDeal>,
}

/// The dealer's EVs at its decisions when the player plays `player` and
/// the dealer `dealer` (the rules' forced moves applied to both).
///
/// A decision is listed for every dealer hand its rules do not settle
/// (not where it must stand or draw whatever the player holds, nor beyond
/// its card limit), against 2 to 5 cards; a deal where it may surrender.
pub fn dealer_values(
    table: &CompiledRules,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
) -> DealerValues {
    let game = HeadsUpGame::new(table);
    let profile = profile_of(&game, player, dealer);
    let mut solver = HeadsUpCfr::new(&game, CfrVariant::CfrPlus);
    solver.follow(&profile);
    let chance = Chance::new(table);
    let comps = table.compositions();
    let n = game.comps();
    let mut decisions = Vec::new();
    let mut deals = Vec::new();
    for slot in 0..game.slots {
        let upcard = upcard_of(&game, slot);
        let meets = meeting_weights(&game, &chance, &solver, slot, &profile);
        for d in comps.of_size(2).start..n as CompId {
            if upcard.is_some_and(|u| comps.counts(d)[u.index()] == 0) {
                continue;
            }
            let node = table.dealer(d);
            let hand = comps.label(d);
            if node.may_surrender {
                let start = chance.of(&[0; RANK_COUNT], comps.counts(d));
                deals.push(DealerDeal {
                    upcard: upcard.map(|u| u.label()),
                    hand: hand.clone(),
                    surrender: profile.surrender[slot * n + d as usize],
                    ev_play: -solver.dealer_play(slot, d) / start,
                });
            }
            if !chooses(table, d) {
                continue;
            }
            for cards in 2..=MAX_HAND_CARDS {
                let weight = meets[d as usize][usize::from(cards)];
                let per_meeting =
                    |allowed: bool, value: f64| (allowed && weight > 0.0).then(|| -value / weight);
                let forced = node.forced_hit(cards);
                let free = node.chooses[usize::from(cards)];
                decisions.push(DealerDecision {
                    upcard: upcard.map(|u| u.label()),
                    hand: hand.clone(),
                    player_cards: cards,
                    hit: profile.dealer_draw(table, slot, d, cards),
                    ev_hit: per_meeting(free || forced, solver.dealer_hit(slot, d, cards)),
                    ev_stop: per_meeting(free || !forced, solver.dealer_stop(slot, d, cards)),
                });
            }
        }
    }
    DealerValues { decisions, deals }
}

/// Whether the dealer's rules leave it the choice to draw or stop with
/// `d` (two cards or more, within its card limit, neither settled at the
/// deal nor forced).
pub(crate) fn chooses(table: &CompiledRules, d: CompId) -> bool {
    let hand = table.hand(d);
    let node = table.dealer(d);
    hand.cards <= table.rules().dealer.max_cards
        && (!hand.class.is_deal_special() || hand.cards != 2)
        && !node.must_stand
        && !node.must_hit
}

/// Both strategies as the solver's profile.
fn profile_of(
    game: &HeadsUpGame<'_>,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
) -> Behaviour {
    let table = game.table;
    let n = game.comps();
    let mut profile = HeadsUpCfr::new(game, CfrVariant::CfrPlus).average();
    for slot in 0..game.slots {
        let upcard = upcard_of(game, slot);
        for id in 0..n as CompId {
            let i = slot * n + id as usize;
            profile.player_hit[i] = player.hit_probability(id, upcard);
            for cards in 2..=MAX_HAND_CARDS {
                profile.dealer_hit[i][usize::from(cards)] =
                    dealer.effective_hit(table, id, cards, upcard);
            }
            profile.surrender[i] = dealer.effective_surrender(table, id, upcard);
        }
    }
    profile
}

/// Per dealer composition and player card count in `slot`: the
/// probability of the waiting player's hands that meet it, per unit of the
/// dealer's reach (the denominator of its EVs).
fn meeting_weights(
    game: &HeadsUpGame<'_>,
    chance: &Chance,
    solver: &HeadsUpCfr<'_, '_>,
    slot: usize,
    profile: &Behaviour,
) -> Vec<[f64; MAX_HAND_CARDS as usize + 1]> {
    let table = game.table;
    let comps = table.compositions();
    let mut weights = vec![[0.0; MAX_HAND_CARDS as usize + 1]; game.comps()];
    for block in game.blocks.iter().map(|b| b.part(slot)) {
        let c = usize::from(block.cards);
        for &p in &block.rows {
            let stops = solver.player_reach(slot, p) * (1.0 - profile.player_draw(table, slot, p));
            if stops == 0.0 {
                continue;
            }
            for &d in &block.cols {
                weights[d as usize][c] += stops * chance.of(comps.counts(p), comps.counts(d));
            }
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::orderings;
    use crate::games::banluck::dp;
    use crate::games::banluck::equilibrium::{CfrParams, dealer_best_response, solve};
    use crate::games::banluck::rules::RuleSet;

    fn canonical() -> CompiledRules {
        CompiledRules::compile(RuleSet::default())
    }

    #[test]
    fn stopping_against_two_cards_is_the_mean_settlement_over_the_players_hands() {
        // A player who stands on every two-card hand: the dealer's EV of
        // stopping with `d` is minus the mean payoff over the player's
        // two-card hands that wait for it, each as likely as the deck
        // left by `d` deals it.
        let table = canonical();
        let player = PlayerStrategy::stand_everywhere(&table);
        let values = dealer_values(&table, &player, &DealerStrategy::fixed(&table));
        let comps = table.compositions();
        let chance = Chance::new(&table);
        let mut checked = 0;
        for decision in values.decisions.iter().filter(|d| d.player_cards == 2) {
            let d = table.find_hand(&decision.hand).unwrap();
            let (mut sum, mut weight) = (0.0, 0.0);
            for p in comps.of_size(2) {
                let waits = !table.hand(p).class.is_deal_special()
                    && crate::games::banluck::dp::needs_dealer_draws(&table, p);
                if waits {
                    let w =
                        orderings(comps.counts(p)) * chance.of(comps.counts(p), comps.counts(d));
                    sum += w * table.payoff(p, d);
                    weight += w;
                }
            }
            let want = -sum / weight;
            let got = decision.ev_stop.unwrap();
            assert!(
                (got - want).abs() < 1e-12,
                "{}: {got} vs {want}",
                decision.hand
            );
            checked += 1;
        }
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn a_best_responding_dealer_takes_the_action_with_the_higher_ev() {
        // Valued with its own continuation, the dealer's best response to
        // the DP player draws exactly where drawing is worth more.
        let table = canonical();
        let player = dp::solve(&table).player;
        let (_, best) = dealer_best_response(&table, &player);
        let values = dealer_values(&table, &player, &best);
        let mut differ = 0;
        for decision in &values.decisions {
            let (Some(hit), Some(stop)) = (decision.ev_hit, decision.ev_stop) else {
                continue;
            };
            if (hit - stop).abs() > 1e-9 {
                assert_eq!(decision.hit == 1.0, hit > stop, "{decision:?}");
                differ += 1;
            }
        }
        assert!(differ > 100, "{differ}");
    }

    #[test]
    fn the_equilibrium_dealer_mixes_only_between_equal_evs() {
        let table = canonical();
        let solution = solve(&table, &CfrParams::default());
        let values = dealer_values(&table, &solution.player, &solution.dealer);
        // Where the dealer gets to (in a fair share of its deals), a mixed
        // draw means both actions are worth the same.
        let game = HeadsUpGame::new(&table);
        let profile = profile_of(&game, &solution.player, &solution.dealer);
        let mut reach = vec![[0.0; MAX_HAND_CARDS as usize + 1]; game.comps()];
        super::super::reach::dealer(&game, &profile, &mut reach);
        let mut mixed = 0;
        for decision in &values.decisions {
            let d = table.find_hand(&decision.hand).unwrap();
            let reached = reach[d as usize][usize::from(decision.player_cards)] > 1e-3;
            if let (Some(hit), Some(stop), true) = (decision.ev_hit, decision.ev_stop, reached)
                && decision.hit > 0.05
                && decision.hit < 0.95
            {
                assert!((hit - stop).abs() < 1e-3, "{decision:?}");
                mixed += 1;
            }
        }
        assert!(mixed > 0);
        for deal in &values.deals {
            // It surrenders the hard 15s it does not want to play on.
            assert_eq!(deal.surrender > 0.5, deal.ev_play < 0.0, "{deal:?}");
        }
    }
}
