//! The blackjack rules schema: a second game of the same schema family,
//! told apart by the top-level key `game = "blackjack"` and loaded through
//! the same layers (defaults, file with `extends`, `BANLUCK_*` environment,
//! `--set`) with the same errors as Banluck's rules.

mod parts;
mod validate;

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::{
    AceRules, BLACKJACK, DeckRules, Override, RulesError, Schema, Violation, load_layered,
    variants_of,
};

pub use parts::{
    BlackjackDealer, BlackjackPayouts, DoubleAllowed, DoubleRules, EnhcLoses, HoleCard, ShoeRules,
    SplitAlgorithm, SplitRules, SurrenderRules,
};
use parts::{is_false, is_zero};
pub use validate::{blackjack_rules_hash, validate_blackjack};

/// A complete, resolved blackjack rule set. The defaults are a common
/// six-deck game: S17, peek, 3:2, double any two cards, double after split,
/// split to four hands, no resplitting or hitting of split aces, no
/// surrender.
///
/// ```
/// use banluck_lab::games::blackjack::rules::BlackjackRules;
/// let rules = BlackjackRules::default();
/// assert_eq!(rules.game, "blackjack");
/// assert_eq!(rules.payouts.blackjack, 1.5);
/// assert_eq!(rules.ace.values_for(2), &[1, 11]);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BlackjackRules {
    /// Must be `"blackjack"`: the key that routes a file to this schema.
    pub game: String,
    /// Another rules file (path relative to this one) whose values this file
    /// starts from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// A sentence about this rule set, shown in reports. Not part of the hash.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The cards in play, reshuffled before every round.
    pub deck: DeckRules,
    /// The values an ace may take, by number of cards in the hand
    /// (`five_cards` applies to every larger hand too).
    pub ace: AceRules,
    /// What the dealer does.
    pub dealer: BlackjackDealer,
    /// What a natural pays.
    pub payouts: BlackjackPayouts,
    /// When the player may double down.
    pub double: DoubleRules,
    /// When and how the player may split pairs.
    pub split: SplitRules,
    /// Whether the player may surrender.
    pub surrender: SurrenderRules,
    /// Whether insurance is offered against an ace: a side bet of half the
    /// original bet paying 2:1 on a dealer natural, taken by the
    /// composition-dependent player exactly when it is worth more than
    /// nothing (perfect insurance). Left out of the hash while `false`.
    #[serde(skip_serializing_if = "is_false")]
    pub insurance: bool,
    /// Whether a player natural against an ace may take even money (1:1 at
    /// once), taken when worth more than the natural's own value. Left out
    /// of the hash while `false`.
    #[serde(skip_serializing_if = "is_false")]
    pub even_money: bool,
    /// The Charlie: a hand of this many cards (5, 6 or 7) that has not
    /// busted wins even money at once, unless the dealer has a natural; 0
    /// (the default) is off. See [`crate::games::blackjack::charlie`]. Left
    /// out of the hash while 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub charlie: u8,
    /// Dealing from a shoe between shuffles, for a simulator. Left out of
    /// the hash while unset.
    #[serde(skip_serializing_if = "ShoeRules::is_unset")]
    pub shoe: ShoeRules,
}

impl Default for BlackjackRules {
    fn default() -> Self {
        BlackjackRules {
            game: BLACKJACK.to_string(),
            extends: None,
            description: String::new(),
            deck: DeckRules {
                decks: 6,
                ..DeckRules::default()
            },
            ace: AceRules {
                two_cards: vec![1, 11],
                three_cards: vec![1, 11],
                four_cards: vec![1, 11],
                five_cards: vec![1, 11],
            },
            dealer: BlackjackDealer {
                hit_soft_17: false,
                peek: true,
                hole_card: None,
                enhc_loses: EnhcLoses::All,
            },
            payouts: BlackjackPayouts { blackjack: 1.5 },
            double: DoubleRules {
                allowed: DoubleAllowed::Any,
                after_split: true,
            },
            split: SplitRules {
                max_hands: 4,
                resplit_aces: false,
                hit_split_aces: false,
                algorithm: SplitAlgorithm::Cdp1,
            },
            surrender: SurrenderRules {
                late: false,
                early: false,
            },
            insurance: false,
            even_money: false,
            charlie: 0,
            shoe: ShoeRules::default(),
        }
    }
}

/// Loads, merges and validates a blackjack rule set from `file` (or the
/// built-in defaults), the environment and `overrides`.
///
/// ```
/// use banluck_lab::games::blackjack::rules::load_blackjack_rules;
/// use banluck_lab::rules::Override;
/// let set: Override = "split.max_hands=5".parse().unwrap();
/// let error = load_blackjack_rules(None, &[set]).unwrap_err();
/// assert!(error.names_key("split.max_hands"));
/// ```
pub fn load_blackjack_rules(
    file: Option<&Path>,
    overrides: &[Override],
) -> Result<BlackjackRules, RulesError> {
    load_layered(file, overrides)
}

impl Schema for BlackjackRules {
    fn violations(&self) -> Vec<Violation> {
        validate_blackjack(self)
    }

    fn enum_words(name: &str) -> Option<&'static [&'static str]> {
        match name {
            "DoubleAllowed" => Some(variants_of::<DoubleAllowed>()),
            "SplitAlgorithm" => Some(variants_of::<SplitAlgorithm>()),
            "HoleCard" => Some(variants_of::<HoleCard>()),
            "EnhcLoses" => Some(variants_of::<EnhcLoses>()),
            _ => None,
        }
    }
}
