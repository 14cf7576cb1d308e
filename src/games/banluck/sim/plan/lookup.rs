//! The plan: every decision of a run as an integer threshold and every
//! settlement as an outcome code, built once from the compiled rules and
//! the two strategies.

use crate::cards::{CompId, CompositionIndex, Deck, RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, HandClass, MAX_HAND_CARDS};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::rules::Refresh;

use super::super::params::SimError;
use super::check::check_strategies;
use super::outcome::kind_of;
use super::{CODES_PER_PAYOFF, Outcome, SURRENDERED};

/// The decision threshold of certainty: a decision with probability `p` is
/// taken when 53 random bits fall below `p * 2^53`.
pub const ALWAYS: u64 = 1 << 53;

/// No immediate special between two two-card hands.
const NO_SPECIAL: u16 = u16::MAX;

/// A payoff with -0 made +0, so that equal values get one outcome index.
fn normal(payoff: f64) -> f64 {
    payoff + 0.0
}

/// A probability as a decision threshold (see [`ALWAYS`]).
fn threshold(probability: f64) -> u64 {
    (probability * ALWAYS as f64).round() as u64
}

/// `player`'s hit thresholds on `table`, rules applied, laid out as
/// [`Plan::player_hit`] (composition-major, then the upcard slot).
pub(crate) fn hit_thresholds(table: &CompiledRules, player: &PlayerStrategy) -> Vec<u64> {
    let upcards: Vec<Option<Rank>> = if player.by_upcard {
        Rank::all().map(Some).collect()
    } else {
        vec![None]
    };
    let comps = table.compositions().len();
    let mut hits = Vec::with_capacity(comps * upcards.len());
    for id in 0..comps as CompId {
        for &upcard in &upcards {
            hits.push(threshold(player.effective_hit(table, id, upcard)));
        }
    }
    hits
}

/// Per composition: its class key, its number of cards, and whether a player
/// holding it is settled at once against the dealer's first two cards.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// [`HandClass::key`] of the composition.
    pub key: u8,
    /// Cards held.
    pub cards: u8,
    /// [`crate::games::banluck::rules::PlayerNode::settles_at_deal`].
    pub settles_at_deal: bool,
}

/// Everything one hand needs, as flat arrays indexed by composition ids.
#[derive(Debug, Clone)]
pub struct Plan<'t> {
    /// The deck dealt from.
    pub deck: &'t Deck,
    /// When the deck is shuffled again (`deck.refresh`).
    pub refresh: Refresh,
    /// Compositions with child links.
    pub index: &'t CompositionIndex,
    /// Facts per composition.
    pub facts: Vec<Facts>,
    /// Player hit thresholds per information set, rules applied.
    pub player_hit: Vec<u64>,
    /// Information sets per composition: 10 when keyed by the upcard, else 1.
    pub player_slots: usize,
    /// 1 when the player sees the upcard, else 0 (multiplies the upcard index).
    pub upcard_stride: usize,
    /// Dealer hit thresholds by [`DealerStrategy::at`], rules applied.
    pub dealer_hit: Vec<u64>,
    /// Dealer surrender thresholds by [`DealerStrategy::surrender_at`],
    /// rules applied.
    pub surrender: Vec<u64>,
    /// The length of one upcard's block of `dealer_hit` when the dealer's
    /// strategy is keyed by its upcard, else 0 (multiplies the upcard index).
    pub dealer_block: usize,
    /// The same for `surrender`.
    pub surrender_block: usize,
    /// Outcome code of a showdown, by player key × dealer key.
    pub showdown: Vec<u16>,
    /// Outcome code of an immediate special, by pairs of two-card
    /// compositions, or `u16::MAX` when the hand plays on.
    special: Vec<u16>,
    /// The first two-card composition id.
    two_start: CompId,
    /// The number of two-card compositions.
    two_count: usize,
    /// Outcome code of a void hand, by the player's class key.
    void: Vec<u16>,
    /// Every payoff value a hand can end with, ascending.
    pub payoffs: Vec<f64>,
}

impl<'t> Plan<'t> {
    /// Builds the tables, checking that the strategies fit `table`.
    pub fn new(
        table: &'t CompiledRules,
        player: &PlayerStrategy,
        dealer: &DealerStrategy,
    ) -> Result<Plan<'t>, SimError> {
        let index = table.compositions();
        let comps = index.len();
        check_strategies(table, player, dealer)?;
        let player_slots = if player.by_upcard { RANK_COUNT } else { 1 };
        let player_hit = hit_thresholds(table, player);
        let dealer_upcards: Vec<Option<Rank>> = if dealer.by_upcard {
            Rank::all().map(Some).collect()
        } else {
            vec![None]
        };
        let mut dealer_hit = vec![0; dealer.hit.len()];
        let mut surrender = vec![0; dealer.surrender.len()];
        for &upcard in &dealer_upcards {
            for id in 0..comps as CompId {
                for cards in 2..=MAX_HAND_CARDS {
                    dealer_hit[dealer.at(id, cards, upcard)] =
                        threshold(dealer.effective_hit(table, id, cards, upcard));
                }
                surrender[dealer.surrender_at(id, upcard)] =
                    threshold(dealer.effective_surrender(table, id, upcard));
            }
        }
        let facts: Vec<Facts> = (0..comps as CompId)
            .map(|id| Facts {
                key: table.hand(id).class.key() as u8,
                cards: index.size(id),
                settles_at_deal: table.player(id).settles_at_deal,
            })
            .collect();

        let two = index.of_size(2);
        let specials: Vec<Option<f64>> = two
            .clone()
            .flat_map(|p| two.clone().map(move |d| table.deal_special(p, d)))
            .collect();
        let mut keys: Vec<usize> = facts
            .iter()
            .filter(|f| f.cards >= 2)
            .map(|f| usize::from(f.key))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        let mut payoffs: Vec<f64> = vec![0.0];
        payoffs.extend(specials.iter().flatten().map(|&v| normal(v)));
        for &p in &keys {
            for &d in &keys {
                payoffs.push(normal(
                    table.payoff_by_class(HandClass::from_key(p), HandClass::from_key(d)),
                ));
            }
        }
        payoffs.sort_by(f64::total_cmp);
        payoffs.dedup();
        let position = |value: f64| {
            let value = normal(value);
            payoffs
                .binary_search_by(|probe| probe.total_cmp(&value))
                .expect("every payoff was collected")
        };
        let kind = |key: usize| kind_of(HandClass::from_key(key));

        let mut showdown = vec![0; HandClass::KEYS * HandClass::KEYS];
        for p in 0..HandClass::KEYS {
            for d in 0..HandClass::KEYS {
                let value =
                    normal(table.payoff_by_class(HandClass::from_key(p), HandClass::from_key(d)));
                if let Ok(payoff) = payoffs.binary_search_by(|probe| probe.total_cmp(&value)) {
                    showdown[p * HandClass::KEYS + d] = Outcome {
                        payoff,
                        player: kind(p),
                        dealer: kind(d),
                    }
                    .code();
                }
            }
        }
        let two_start = two.start;
        let two_count = two.len();
        let special = specials
            .iter()
            .enumerate()
            .map(|(i, value)| match value {
                None => NO_SPECIAL,
                Some(value) => Outcome {
                    payoff: position(*value),
                    player: kind(usize::from(facts[two_start as usize + i / two_count].key)),
                    dealer: kind(usize::from(facts[two_start as usize + i % two_count].key)),
                }
                .code(),
            })
            .collect();
        let zero = position(0.0);
        let void = (0..HandClass::KEYS)
            .map(|key| {
                Outcome {
                    payoff: zero,
                    player: kind(key),
                    dealer: SURRENDERED,
                }
                .code()
            })
            .collect();
        Ok(Plan {
            deck: table.deck(),
            refresh: table.rules().deck.refresh,
            index,
            facts,
            player_hit,
            player_slots,
            upcard_stride: usize::from(player.by_upcard),
            dealer_hit,
            surrender,
            dealer_block: if dealer.by_upcard {
                comps * crate::games::banluck::strategy::PLAYER_COUNTS
            } else {
                0
            },
            surrender_block: if dealer.by_upcard { comps } else { 0 },
            showdown,
            special,
            two_start,
            two_count,
            void,
            payoffs,
        })
    }

    /// Number of outcome codes (the size of a tally).
    pub fn codes(&self) -> usize {
        self.payoffs.len() * CODES_PER_PAYOFF
    }

    /// The outcome code of settling `player` against `dealer` by the payoff
    /// matrix.
    #[inline]
    pub fn settle(&self, player: CompId, dealer: CompId) -> u16 {
        let p = usize::from(self.facts[player as usize].key);
        let d = usize::from(self.facts[dealer as usize].key);
        self.showdown[p * HandClass::KEYS + d]
    }

    /// The outcome code of an immediate special between two two-card hands,
    /// if either holds one.
    #[inline]
    pub fn special(&self, player: CompId, dealer: CompId) -> Option<u16> {
        let p = (player - self.two_start) as usize;
        let d = (dealer - self.two_start) as usize;
        let code = self.special[p * self.two_count + d];
        (code != NO_SPECIAL).then_some(code)
    }

    /// The outcome code of a void hand (the dealer surrendered).
    #[inline]
    pub fn void(&self, player: CompId) -> u16 {
        self.void[usize::from(self.facts[player as usize].key)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;
    use crate::games::banluck::sim::plan::KIND_NAMES;

    fn find(table: &CompiledRules, text: &str) -> CompId {
        table.find_hand(text).unwrap()
    }

    #[test]
    fn outcome_codes_carry_the_table_payoffs() {
        let table = CompiledRules::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&table);
        let dealer = DealerStrategy::fixed(&table);
        let plan = Plan::new(&table, &player, &dealer).unwrap();
        for (p, d) in [
            ("T 9", "T 8"),
            ("7 7 7", "T 9"),
            ("2 3 4 5 6", "T T"),
            ("T 5", "T 6 T"),
        ] {
            let (p, d) = (find(&table, p), find(&table, d));
            let outcome = Outcome::from_code(usize::from(plan.settle(p, d)));
            assert_eq!(plan.payoffs[outcome.payoff], table.payoff(p, d));
        }
        let special = plan
            .special(find(&table, "A A"), find(&table, "T 9"))
            .unwrap();
        let outcome = Outcome::from_code(usize::from(special));
        assert_eq!(plan.payoffs[outcome.payoff], 3.0);
        assert_eq!(KIND_NAMES[outcome.player], "ban_ban");
        assert_eq!(plan.special(find(&table, "T 9"), find(&table, "T 8")), None);
    }

    #[test]
    fn a_zero_loss_is_one_payoff_value_with_zero() {
        // A five-card bust that costs nothing settles at -0.0.
        let mut rules = RuleSet::default();
        rules.payouts.five_card_bust = 0.0;
        let table = CompiledRules::compile(rules);
        let player = PlayerStrategy::stand_everywhere(&table);
        let plan = Plan::new(&table, &player, &DealerStrategy::fixed(&table)).unwrap();
        assert_eq!(plan.payoffs.iter().filter(|v| **v == 0.0).count(), 1);
        let bust = find(&table, "T 2 3 4 5");
        let outcome = Outcome::from_code(usize::from(plan.settle(bust, find(&table, "T 9"))));
        assert_eq!(plan.payoffs[outcome.payoff], 0.0);
    }

    #[test]
    fn upcard_keyed_strategy_needs_an_upcard_table() {
        let mut rules = RuleSet::default();
        rules.dealer.upcard = true;
        let upcard_table = CompiledRules::compile(rules);
        let player = PlayerStrategy::stand_everywhere(&upcard_table);
        let table = CompiledRules::compile(RuleSet::default());
        let dealer = DealerStrategy::fixed(&table);
        let error = Plan::new(&table, &player, &dealer).unwrap_err();
        assert!(error.to_string().contains("upcard"), "{error}");
    }

    #[test]
    fn probabilities_outside_zero_to_one_are_refused() {
        let table = CompiledRules::compile(RuleSet::default());
        let mut player = PlayerStrategy::stand_everywhere(&table);
        player.hit[100] = 1.5;
        let dealer = DealerStrategy::fixed(&table);
        let error = Plan::new(&table, &player, &dealer).unwrap_err();
        assert!(error.to_string().contains("1.5"), "{error}");
        player.hit[100] = f64::NAN;
        assert!(Plan::new(&table, &player, &dealer).is_err());
    }

    #[test]
    fn strategies_for_other_decks_are_refused() {
        let six = {
            let mut rules = RuleSet::default();
            rules.deck.decks = 6;
            CompiledRules::compile(rules)
        };
        let table = CompiledRules::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&six);
        let dealer = DealerStrategy::fixed(&table);
        let error = Plan::new(&table, &player, &dealer).unwrap_err();
        assert!(error.to_string().contains("other rules"), "{error}");
    }
}
