//! The parts of a rules schema that every card game of the lab shares: the
//! deck in play and the values an ace may take.

use std::fmt;

use serde::de::{self, MapAccess, Unexpected, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use crate::cards::{Counts, Rank};

/// `[deck]`: the cards in play and when they are reshuffled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DeckRules {
    /// Number of 52-card decks shuffled together, 1..=8.
    pub decks: u8,
    /// Draw with replacement (the infinite-deck approximation); `decks` is
    /// then ignored.
    pub infinite: bool,
    /// When the deck is reshuffled. Left out of the serialized rules (and
    /// so of the hash) at its default, `"every_round"`, so that the rules
    /// files written before the key existed hash as they did.
    #[serde(skip_serializing_if = "Refresh::is_every_round")]
    pub refresh: Refresh,
}

/// `deck.refresh`: when the cards are gathered and shuffled again.
///
/// Written `"every_round"`, `{ rounds = N }` or `{ penetration = p }`.
/// If the cards left cannot finish a round, the discards of the rounds
/// already finished (never the cards of the round on the table) are
/// shuffled and dealt on, the usual house practice; the round after that
/// starts from a freshly shuffled full deck.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Refresh {
    /// A freshly shuffled deck for every round (the canonical rules).
    #[default]
    EveryRound,
    /// Deal this many rounds (1..=1000) from one shuffle.
    Rounds(u32),
    /// Deal rounds until this share of the cards (0 < p < 1) is gone: a
    /// round starts from the same deck while fewer than `ceil(p · cards)`
    /// cards have been dealt.
    Penetration(f64),
}

impl Refresh {
    /// Whether this is the default, a fresh deck every round.
    pub fn is_every_round(&self) -> bool {
        *self == Refresh::EveryRound
    }

    /// The rule as a file writes it, e.g. `{ penetration = 0.75 }`.
    pub fn describe(&self) -> String {
        match self {
            Refresh::EveryRound => "\"every_round\"".to_string(),
            Refresh::Rounds(n) => format!("{{ rounds = {n} }}"),
            Refresh::Penetration(p) => format!("{{ penetration = {p} }}"),
        }
    }

    /// The problem with this value, if any: what is allowed.
    pub fn problem(&self) -> Option<&'static str> {
        match *self {
            Refresh::EveryRound => None,
            Refresh::Rounds(n) if (1..=1000).contains(&n) => None,
            Refresh::Rounds(_) => {
                Some("{ rounds = N } needs a whole number of rounds per shuffle from 1 to 1000")
            }
            Refresh::Penetration(p) if p > 0.0 && p < 1.0 => None,
            Refresh::Penetration(_) => Some(
                "{ penetration = p } needs the share of the cards dealt before the shuffle, 0 < p < 1 (e.g. 0.75)",
            ),
        }
    }
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
            refresh: Refresh::EveryRound,
        }
    }
}

/// What a `deck.refresh` value may be, in a file author's words.
const REFRESH_FORMS: &str = "\"every_round\", { rounds = N } or { penetration = p }";

/// Reads the three written forms of [`Refresh`], with errors that name them.
struct RefreshVisitor;

impl<'de> Visitor<'de> for RefreshVisitor {
    type Value = Refresh;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(REFRESH_FORMS)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Refresh, E> {
        if text == "every_round" {
            Ok(Refresh::EveryRound)
        } else {
            Err(E::invalid_value(Unexpected::Str(text), &self))
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Refresh, A::Error> {
        let Some(key) = map.next_key::<String>()? else {
            return Err(de::Error::invalid_length(0, &self));
        };
        let refresh = match key.as_str() {
            "rounds" => Refresh::Rounds(map.next_value::<u32>()?),
            "penetration" => Refresh::Penetration(map.next_value::<f64>()?),
            other => return Err(de::Error::unknown_field(other, &["rounds", "penetration"])),
        };
        if map.next_key::<String>()?.is_some() {
            return Err(de::Error::invalid_length(2, &self));
        }
        Ok(refresh)
    }
}

impl<'de> Deserialize<'de> for Refresh {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Refresh, D::Error> {
        deserializer.deserialize_any(RefreshVisitor)
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
