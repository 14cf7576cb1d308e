//! The parts of a rules schema that every card game of the lab shares: the
//! deck in play and the values an ace may take.

use serde::{Deserialize, Serialize};

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
