//! The simulator's flat lookup tables, built once per run from the rule
//! table and the two strategies: every decision as an integer threshold and
//! every settlement as an outcome code, so that playing a hand is array reads.

use crate::cards::{CompId, CompositionIndex, Deck, RANK_COUNT, Rank};
use crate::games::banluck::rules::{HandClass, MAX_HAND_CARDS, RuleTable};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::SimError;

/// Names of the hand kinds counted for each side, by kind index. The dealer
/// side has one more kind, [`SURRENDERED`].
pub const KIND_NAMES: [&str; 7] = [
    "regular",
    "bust",
    "five_card",
    "five_card_21",
    "triple_seven",
    "ban_luck",
    "ban_ban",
];

/// Kind index of a dealer who surrendered (the hand is void).
pub const SURRENDERED: usize = KIND_NAMES.len();

/// Kinds per side in an outcome code (the seven of [`KIND_NAMES`] plus
/// [`SURRENDERED`]).
pub const KIND_SLOTS: usize = SURRENDERED + 1;

/// Outcome codes per payoff value: every pair of player and dealer kinds.
pub const CODES_PER_PAYOFF: usize = KIND_SLOTS * KIND_SLOTS;

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

/// An outcome code unpacked: which payoff value, and the kinds of both hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Index into [`Plan::payoffs`].
    pub payoff: usize,
    /// Kind of the player's final hand (index into [`KIND_NAMES`]).
    pub player: usize,
    /// Kind of the dealer's final hand, or [`SURRENDERED`].
    pub dealer: usize,
}

impl Outcome {
    /// Unpacks an outcome code.
    pub fn from_code(code: usize) -> Outcome {
        Outcome {
            payoff: code / CODES_PER_PAYOFF,
            player: code / KIND_SLOTS % KIND_SLOTS,
            dealer: code % KIND_SLOTS,
        }
    }

    fn code(self) -> u16 {
        (self.payoff * CODES_PER_PAYOFF + self.player * KIND_SLOTS + self.dealer) as u16
    }
}

/// Everything one hand needs, as flat arrays indexed by composition ids.
#[derive(Debug, Clone)]
pub struct Plan<'t> {
    /// The deck dealt from.
    pub deck: &'t Deck,
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
    /// Dealer hit thresholds by [`DealerStrategy::index`], rules applied.
    pub dealer_hit: Vec<u64>,
    /// Dealer surrender thresholds per composition, rules applied.
    pub surrender: Vec<u64>,
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
        table: &'t RuleTable,
        player: &PlayerStrategy,
        dealer: &DealerStrategy,
    ) -> Result<Plan<'t>, SimError> {
        let index = table.compositions();
        let comps = index.len();
        check_strategies(table, player, dealer)?;
        let player_slots = if player.by_upcard { RANK_COUNT } else { 1 };
        let upcards: Vec<Option<Rank>> = if player.by_upcard {
            Rank::all().map(Some).collect()
        } else {
            vec![None]
        };
        let mut player_hit = Vec::with_capacity(comps * player_slots);
        for id in 0..comps as CompId {
            for &upcard in &upcards {
                player_hit.push(threshold(player.effective_hit(table, id, upcard)));
            }
        }
        let mut dealer_hit = vec![0; dealer.hit.len()];
        for id in 0..comps as CompId {
            for cards in 2..=MAX_HAND_CARDS {
                dealer_hit[DealerStrategy::index(id, cards)] =
                    threshold(dealer.effective_hit(table, id, cards));
            }
        }
        let surrender = (0..comps as CompId)
            .map(|id| threshold(dealer.effective_surrender(table, id)))
            .collect();
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
            index,
            facts,
            player_hit,
            player_slots,
            upcard_stride: usize::from(player.by_upcard),
            dealer_hit,
            surrender,
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

/// Kind index of a class (see [`KIND_NAMES`]).
fn kind_of(class: HandClass) -> usize {
    KIND_NAMES
        .iter()
        .position(|name| *name == class.name())
        .expect("every class name is a kind")
}

fn check_strategies(
    table: &RuleTable,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
) -> Result<(), SimError> {
    let comps = table.compositions().len();
    if player.by_upcard && !table.rules().dealer.upcard {
        return Err(SimError::Strategy(
            "the player strategy is keyed by the dealer's upcard, but these rules deal no upcard (dealer.upcard = false)".into(),
        ));
    }
    let slots = if player.by_upcard { RANK_COUNT } else { 1 };
    let sizes = [
        ("player hit", player.hit.len(), comps * slots),
        (
            "dealer hit",
            dealer.hit.len(),
            comps * crate::games::banluck::strategy::PLAYER_COUNTS,
        ),
        (
            "dealer reveal",
            dealer.reveal.len(),
            comps * crate::games::banluck::strategy::PLAYER_COUNTS,
        ),
        ("dealer surrender", dealer.surrender.len(), comps),
    ];
    for (name, found, expected) in sizes {
        if found != expected {
            return Err(SimError::Strategy(format!(
                "the {name} table has {found} entries but these rules need {expected}: the strategy was built for other rules"
            )));
        }
    }
    let all = [
        ("player hit", &player.hit),
        ("dealer hit", &dealer.hit),
        ("dealer reveal", &dealer.reveal),
        ("dealer surrender", &dealer.surrender),
    ];
    for (name, values) in all {
        if let Some((i, value)) = values
            .iter()
            .enumerate()
            .find(|(_, p)| !(0.0..=1.0).contains(*p))
        {
            return Err(SimError::Strategy(format!(
                "{name} probability {value} at index {i} is not a probability from 0 to 1"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    fn find(table: &RuleTable, text: &str) -> CompId {
        table.find_hand(text).unwrap()
    }

    #[test]
    fn outcome_codes_carry_the_table_payoffs() {
        let table = RuleTable::compile(RuleSet::default());
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
        let table = RuleTable::compile(rules);
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
        let upcard_table = RuleTable::compile(rules);
        let player = PlayerStrategy::stand_everywhere(&upcard_table);
        let table = RuleTable::compile(RuleSet::default());
        let dealer = DealerStrategy::fixed(&table);
        let error = Plan::new(&table, &player, &dealer).unwrap_err();
        assert!(error.to_string().contains("upcard"), "{error}");
    }

    #[test]
    fn probabilities_outside_zero_to_one_are_refused() {
        let table = RuleTable::compile(RuleSet::default());
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
            RuleTable::compile(rules)
        };
        let table = RuleTable::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&six);
        let dealer = DealerStrategy::fixed(&table);
        let error = Plan::new(&table, &player, &dealer).unwrap_err();
        assert!(error.to_string().contains("other rules"), "{error}");
    }
}
