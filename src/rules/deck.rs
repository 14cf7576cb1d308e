//! The parts of a rules schema that every card game of the lab shares: the
//! deck in play and the values an ace may take.

use serde::{Deserialize, Serialize};

use crate::cards::{Counts, Rank};

/// `[deck]`: the cards in play, reshuffled completely before every hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DeckRules {
    /// Number of 52-card decks shuffled together, 1..=8.
    pub decks: u8,
    /// Draw with replacement (the infinite-deck approximation); `decks` is
    /// then ignored.
    pub infinite: bool,
}

impl DeckRules {
    /// Sets `decks` to 1 for the infinite deck, which ignores it, so that
    /// the same game hashes alike however `decks` was written.
    pub fn normalize(&mut self) {
        if self.infinite {
            self.decks = 1;
        }
    }
}

impl Default for DeckRules {
    fn default() -> Self {
        DeckRules {
            decks: 1,
            infinite: false,
        }
    }
}

/// `[ace]`: the values each ace may take, by how many cards the hand holds.
/// The hand's total is the largest total of at most 21 reachable by choosing
/// each ace's value from its set, else the smallest (the hand is bust).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AceRules {
    /// Ace values in a two-card hand.
    pub two_cards: Vec<u8>,
    /// Ace values in a three-card hand.
    pub three_cards: Vec<u8>,
    /// Ace values in a four-card hand.
    pub four_cards: Vec<u8>,
    /// Ace values in a five-card hand.
    pub five_cards: Vec<u8>,
}

impl Default for AceRules {
    fn default() -> Self {
        AceRules {
            two_cards: vec![10, 11],
            three_cards: vec![1, 10],
            four_cards: vec![1, 10],
            five_cards: vec![1, 10],
        }
    }
}

impl AceRules {
    /// Sorts each list of ace values and drops repeats, so that lists
    /// written in another order describe (and hash as) the same rules.
    pub fn normalize(&mut self) {
        for values in [
            &mut self.two_cards,
            &mut self.three_cards,
            &mut self.four_cards,
            &mut self.five_cards,
        ] {
            values.sort_unstable();
            values.dedup();
        }
    }

    /// The total of the hand `counts` and whether it is soft: the largest
    /// total of at most 21 that the aces' values can make, else the
    /// smallest (the hand is bust), saturated at 255. Soft: an ace counts
    /// above its lowest value.
    pub fn total(&self, counts: &Counts) -> (u8, bool) {
        let cards: u8 = counts.iter().sum();
        let aces = counts[Rank::ACE.index()];
        let pips: u32 = Rank::all()
            .filter(|r| !r.is_ace())
            .map(|r| u32::from(counts[r.index()]) * u32::from(r.pip_value()))
            .sum();
        let values = self.values_for(cards);
        let lowest = u32::from(values.iter().copied().min().unwrap_or(1));
        // Every total the aces can make, as a bit set over 0..=63 above `pips`.
        let mut reachable: u64 = 1;
        for _ in 0..aces {
            let mut next = 0u64;
            for &value in values {
                next |= reachable << value;
            }
            reachable = next;
        }
        let ace_part = (0..64u32)
            .rev()
            .filter(|s| reachable >> s & 1 == 1)
            .find(|s| pips + s <= 21)
            .unwrap_or_else(|| reachable.trailing_zeros());
        let total = pips + ace_part;
        let soft = aces > 0 && ace_part > u32::from(aces) * lowest;
        (total.min(u32::from(u8::MAX)) as u8, soft)
    }

    /// The ace values for a hand of `cards` cards (hands of 0 or 1 card use
    /// the two-card values; hands above five use the five-card values).
    pub fn values_for(&self, cards: u8) -> &[u8] {
        match cards {
            0..=2 => &self.two_cards,
            3 => &self.three_cards,
            4 => &self.four_cards,
            _ => &self.five_cards,
        }
    }
}
