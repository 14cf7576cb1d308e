//! The one strategy type every engine speaks: a decision per information
//! set. The exact solver and CFR write them, the simulator plays them, the
//! reports draw them.
//!
//! - The player's information set is its own composition, plus the dealer's
//!   upcard when `dealer.upcard = true`.
//! - The dealer's is its own composition and the number of cards the player
//!   holds (2..=5; five cards are always announced), plus which of its cards
//!   it shows when `dealer.upcard = true` and the strategy is keyed by it
//!   (the equilibrium's dealer is; the rules' fixed dealer is not).

use serde::{Deserialize, Serialize};

use crate::cards::{CompId, RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS, SurrenderPolicy};

/// Number of player card counts the dealer can face (2, 3, 4, 5).
pub const PLAYER_COUNTS: usize = (MAX_HAND_CARDS - 1) as usize;

/// The player's probability of drawing in each information set.
///
/// Only sets where the rules give the player a choice matter; elsewhere the
/// rules decide (must draw below the minimum with `must_hit`, must stop at
/// 21, five cards, bust or 777) and the stored value is ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerStrategy {
    /// Whether the sets are keyed by the dealer's upcard as well.
    pub by_upcard: bool,
    /// Hit probability, indexed by [`PlayerStrategy::index`].
    pub hit: Vec<f64>,
}

impl PlayerStrategy {
    /// A strategy that stands everywhere it may, sized for `table`.
    pub fn stand_everywhere(table: &CompiledRules) -> PlayerStrategy {
        let by_upcard = table.rules().dealer.upcard;
        let slots = if by_upcard { RANK_COUNT } else { 1 };
        PlayerStrategy {
            by_upcard,
            hit: vec![0.0; table.compositions().len() * slots],
        }
    }

    /// The index of the information set (composition `hand`, dealer upcard
    /// `upcard` when keyed by it; `upcard` is ignored otherwise).
    pub fn index(&self, hand: CompId, upcard: Option<Rank>) -> usize {
        if self.by_upcard {
            hand as usize * RANK_COUNT + upcard.map_or(0, Rank::index)
        } else {
            hand as usize
        }
    }

    /// Hit probability with `hand` (and `upcard` when keyed by it).
    pub fn hit_probability(&self, hand: CompId, upcard: Option<Rank>) -> f64 {
        self.hit[self.index(hand, upcard)]
    }

    /// Sets the hit probability of one information set.
    pub fn set_hit(&mut self, hand: CompId, upcard: Option<Rank>, probability: f64) {
        let i = self.index(hand, upcard);
        self.hit[i] = probability;
    }

    /// The probability that the player draws with `hand` once the rules are
    /// applied: 0 where it may not draw, 1 where it must.
    pub fn effective_hit(&self, table: &CompiledRules, hand: CompId, upcard: Option<Rank>) -> f64 {
        table
            .player(hand)
            .draw_probability(self.hit_probability(hand, upcard))
    }
}

/// The dealer's choices in each information set: draw, reveal (settle
/// 3+-card players at a reveal total), and surrender a two-card hard 15.
///
/// Keyed by the upcard, the arrays hold one block per upcard rank
/// (upcard-major); [`DealerStrategy::index`] is the position inside a block,
/// [`DealerStrategy::at`] the position in the array.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DealerStrategy {
    /// Whether the sets are keyed by the dealer's upcard as well.
    #[serde(default)]
    pub by_upcard: bool,
    /// Probability of drawing, indexed by [`DealerStrategy::index`].
    pub hit: Vec<f64>,
    /// Probability of revealing (only where the rules allow it and the player
    /// holds 3+ cards), indexed like `hit`. Reveal, hit and stand are
    /// exclusive: stand = 1 - hit - reveal.
    pub reveal: Vec<f64>,
    /// Probability of surrendering, per composition (two-card hard 15 only).
    pub surrender: Vec<f64>,
}

impl DealerStrategy {
    /// The index of the information set (dealer composition `hand`, player
    /// holding `player_cards` cards, 2..=5).
    pub fn index(hand: CompId, player_cards: u8) -> usize {
        hand as usize * PLAYER_COUNTS + usize::from(player_cards.clamp(2, MAX_HAND_CARDS) - 2)
    }

    /// The fixed baseline dealer of the rules (`[dealer.fixed]`).
    pub fn fixed(table: &CompiledRules) -> DealerStrategy {
        let comps = table.compositions().len();
        let mut hit = vec![0.0; comps * PLAYER_COUNTS];
        let mut reveal = vec![0.0; comps * PLAYER_COUNTS];
        let fixed_reveal =
            table.rules().dealer.fixed.reveal == crate::games::banluck::rules::RevealPolicy::On;
        for id in 0..comps as CompId {
            let node = table.dealer(id);
            for cards in 2..=MAX_HAND_CARDS {
                let i = DealerStrategy::index(id, cards);
                hit[i] = f64::from(u8::from(node.fixed_hits[usize::from(cards)]));
                if fixed_reveal && node.may_reveal && cards >= 3 && hit[i] == 0.0 {
                    reveal[i] = 1.0;
                }
            }
        }
        let always = table.rules().dealer.fixed.surrender == SurrenderPolicy::Always;
        let surrender = (0..comps as CompId)
            .map(|id| f64::from(u8::from(always && table.dealer(id).may_surrender)))
            .collect();
        DealerStrategy {
            by_upcard: false,
            hit,
            reveal,
            surrender,
        }
    }

    /// The upcard's block (0 when not keyed by the upcard).
    fn block(&self, upcard: Option<Rank>) -> usize {
        if self.by_upcard {
            upcard.map_or(0, Rank::index)
        } else {
            0
        }
    }

    /// Compositions per block.
    fn comps(&self) -> usize {
        self.surrender.len() / if self.by_upcard { RANK_COUNT } else { 1 }
    }

    /// The position in `hit` and `reveal` of the information set (dealer
    /// composition `hand`, player holding `player_cards`, the dealer showing
    /// `upcard` when keyed by it; `upcard` is ignored otherwise).
    pub fn at(&self, hand: CompId, player_cards: u8, upcard: Option<Rank>) -> usize {
        self.block(upcard) * self.comps() * PLAYER_COUNTS
            + DealerStrategy::index(hand, player_cards)
    }

    /// The position in `surrender` of two-card hand `hand` showing `upcard`.
    pub fn surrender_at(&self, hand: CompId, upcard: Option<Rank>) -> usize {
        self.block(upcard) * self.comps() + hand as usize
    }

    /// Probability of drawing with `hand` (showing `upcard`) against a
    /// player holding `player_cards`, once the rules are applied.
    pub fn effective_hit(
        &self,
        table: &CompiledRules,
        hand: CompId,
        player_cards: u8,
        upcard: Option<Rank>,
    ) -> f64 {
        let node = table.dealer(hand);
        if node.must_stand {
            0.0
        } else if node.must_hit {
            1.0
        } else {
            self.hit[self.at(hand, player_cards, upcard)]
        }
    }

    /// Probability of surrendering two-card hand `hand` showing `upcard`,
    /// once the rules are applied.
    pub fn effective_surrender(
        &self,
        table: &CompiledRules,
        hand: CompId,
        upcard: Option<Rank>,
    ) -> f64 {
        if table.dealer(hand).may_surrender {
            self.surrender[self.surrender_at(hand, upcard)]
        } else {
            0.0
        }
    }

    /// Probability of surrendering two-card hand `hand` whichever of its
    /// cards was dealt first (each order of its cards equally likely).
    pub fn mean_surrender(&self, table: &CompiledRules, hand: CompId) -> f64 {
        if !self.by_upcard {
            return self.effective_surrender(table, hand, None);
        }
        let counts = table.compositions().counts(hand);
        Rank::all()
            .filter(|r| counts[r.index()] > 0)
            .map(|r| {
                let first = f64::from(counts[r.index()]) / 2.0;
                first * self.effective_surrender(table, hand, Some(r))
            })
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    #[test]
    fn fixed_dealer_hits_16_and_soft_17_and_stands_on_hard_17() {
        let table = CompiledRules::compile(RuleSet::default());
        let dealer = DealerStrategy::fixed(&table);
        let find = |text: &str| table.find_hand(text).unwrap();
        assert_eq!(dealer.effective_hit(&table, find("T 6"), 2, None), 1.0);
        assert_eq!(dealer.effective_hit(&table, find("A 6"), 2, None), 1.0);
        assert_eq!(dealer.effective_hit(&table, find("T 7"), 2, None), 0.0);
        assert_eq!(dealer.effective_hit(&table, find("T 5"), 2, None), 1.0);
        assert_eq!(dealer.surrender[find("T 5") as usize], 1.0);
        assert_eq!(dealer.surrender[find("A 4") as usize], 0.0);
    }

    #[test]
    fn reveal_on_stops_the_dealer_at_16_against_three_cards_only() {
        let mut rules = RuleSet::default();
        rules.dealer.fixed.reveal = crate::games::banluck::rules::RevealPolicy::On;
        let table = CompiledRules::compile(rules);
        let dealer = DealerStrategy::fixed(&table);
        let t6 = table.find_hand("T 6").unwrap();
        assert_eq!(dealer.effective_hit(&table, t6, 2, None), 1.0);
        assert_eq!(dealer.effective_hit(&table, t6, 3, None), 0.0);
        assert_eq!(dealer.reveal[DealerStrategy::index(t6, 3)], 1.0);
    }
}
