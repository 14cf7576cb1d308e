//! The blackjack rules schema: a second game of the same schema family,
//! told apart by the top-level key `game = "blackjack"` and loaded through
//! the same layers (defaults, file with `extends`, `BANLUCK_*` environment,
//! `--set`) with the same errors as Banluck's rules.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::rules::push_violation;
use crate::rules::{
    AceRules, BLACKJACK, DeckRules, Override, RulesError, Schema, Violation, content_hash,
    load_layered, variants_of,
};

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
    /// Dealing from a shoe between shuffles, for a simulator. Left out of
    /// the hash while unset.
    #[serde(skip_serializing_if = "ShoeRules::is_unset")]
    pub shoe: ShoeRules,
}

/// `[shoe]`: how deep a simulated shoe is dealt before the reshuffle. The
/// exact engine reshuffles before every round and does not read it; there
/// is no blackjack simulator yet, so the key is validated and kept for
/// one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShoeRules {
    /// The share of the shoe dealt before the shuffle (0 < p < 1); unset:
    /// a fresh shoe every round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penetration: Option<f64>,
}

impl ShoeRules {
    /// Whether no shoe key is set (the default).
    pub fn is_unset(&self) -> bool {
        self.penetration.is_none()
    }
}

impl Default for BlackjackRules {
    fn default() -> Self {
        BlackjackRules {
            game: BLACKJACK.to_string(),
            extends: None,
            description: String::new(),
            deck: DeckRules {
                decks: 6,
                infinite: false,
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
            shoe: ShoeRules::default(),
        }
    }
}

/// `[dealer]`: the dealer draws to 17.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlackjackDealer {
    /// Whether the dealer draws to a soft 17 (H17) instead of standing (S17).
    pub hit_soft_17: bool,
    /// Whether the dealer checks for a natural under a ten or an ace before
    /// the player acts (American peek); without it (European no hole card)
    /// a dealer natural takes every bet, doubles and splits included.
    pub peek: bool,
}

/// `[payouts]`: what a player's natural pays when the dealer has none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlackjackPayouts {
    /// Units per unit bet: 1.5 for 3:2, 1.2 for 6:5, 1 for even money.
    pub blackjack: f64,
}

/// Which first two cards the player may double on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DoubleAllowed {
    /// Any two cards.
    #[serde(rename = "any")]
    Any,
    /// Totals 9, 10 and 11 only.
    #[serde(rename = "9-11")]
    NineToEleven,
    /// Totals 10 and 11 only.
    #[serde(rename = "10-11")]
    TenToEleven,
    /// Never.
    #[serde(rename = "none")]
    Never,
}

impl DoubleAllowed {
    /// Whether a two-card hand of `total` may double.
    pub fn allows(self, total: u8) -> bool {
        match self {
            DoubleAllowed::Any => true,
            DoubleAllowed::NineToEleven => (9..=11).contains(&total),
            DoubleAllowed::TenToEleven => (10..=11).contains(&total),
            DoubleAllowed::Never => false,
        }
    }
}

/// `[double]`: doubling down (one more card for a second bet).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DoubleRules {
    /// `"any"`, `"9-11"`, `"10-11"` or `"none"`.
    pub allowed: DoubleAllowed,
    /// Whether a two-card hand made by a split may double.
    pub after_split: bool,
}

/// `[split]`: splitting a pair into two hands.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitRules {
    /// The most hands a round may grow to, 1..=4 (1: no splitting).
    pub max_hands: u8,
    /// Whether a split ace that draws another ace may split again.
    pub resplit_aces: bool,
    /// Whether split aces may draw more than one card each.
    pub hit_split_aces: bool,
    /// How split hands are played and valued: `"cdz-"`, `"cdp1"` (the
    /// default) or `"cdp"` (see [`crate::games::blackjack::split`]). Left out
    /// of the serialized rules (and so of the hash) while it is `cdp1`, so
    /// rules files written before the key existed hash as they did.
    #[serde(default, skip_serializing_if = "SplitAlgorithm::is_cdp1")]
    pub algorithm: SplitAlgorithm,
}

/// The split algorithm: which strategy the split hands play and how
/// exactly their value is counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SplitAlgorithm {
    /// Post-split play fixed to the pre-split composition-dependent
    /// strategy (each hand played as the same cards would be unsplit);
    /// resplits whenever allowed; valued exactly.
    #[serde(rename = "cdz-")]
    CdzMinus,
    /// Post-split play optimal for the hand's cards with the pair cards of
    /// the hands split so far out; each hand valued with those cards out
    /// only (the cards drawn to the other hands ignored).
    #[default]
    #[serde(rename = "cdp1")]
    Cdp1,
    /// The same post-split strategy as `cdp1`, resplits whenever allowed,
    /// valued exactly: the cards the other split hands take are counted in
    /// expectation exactly.
    #[serde(rename = "cdp")]
    Cdp,
}

impl SplitAlgorithm {
    /// Whether this is the default, `cdp1`.
    pub fn is_cdp1(&self) -> bool {
        *self == SplitAlgorithm::Cdp1
    }
}

/// `[surrender]`: giving up half the bet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurrenderRules {
    /// Late surrender of the first two cards (after the dealer's peek;
    /// without the peek a dealer natural still takes the whole bet).
    pub late: bool,
    /// Early surrender of the first two cards against every upcard, ten and
    /// ace included, before the dealer checks for a natural (full early
    /// surrender): the player loses half the bet whatever the hole card.
    /// It includes everything late surrender allows. Left out of the
    /// serialized rules (and so of the hash) while it is `false`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub early: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
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
            _ => None,
        }
    }
}

/// Every violation in a blackjack rule set, in schema order.
///
/// ```
/// use banluck_lab::games::blackjack::rules::{validate_blackjack, BlackjackRules};
/// let mut rules = BlackjackRules::default();
/// assert!(validate_blackjack(&rules).is_empty());
/// rules.payouts.blackjack = -1.0;
/// assert_eq!(validate_blackjack(&rules)[0].key, "payouts.blackjack");
/// ```
pub fn validate_blackjack(rules: &BlackjackRules) -> Vec<Violation> {
    let mut out = Vec::new();
    push_violation(
        &mut out,
        rules.game == BLACKJACK,
        "game",
        format!("\"{}\"", rules.game),
        "must be \"blackjack\" in a blackjack rules file",
    );
    push_violation(
        &mut out,
        (1..=8).contains(&rules.deck.decks),
        "deck.decks",
        rules.deck.decks.to_string(),
        "must be a whole number of decks from 1 to 8",
    );
    for (key, values) in [
        ("ace.two_cards", &rules.ace.two_cards),
        ("ace.three_cards", &rules.ace.three_cards),
        ("ace.four_cards", &rules.ace.four_cards),
        ("ace.five_cards", &rules.ace.five_cards),
    ] {
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let items: Vec<String> = values.iter().map(u8::to_string).collect();
        push_violation(
            &mut out,
            !values.is_empty()
                && values.iter().all(|v| (1..=11).contains(v))
                && sorted.len() == values.len(),
            key,
            format!("[{}]", items.join(", ")),
            "must be a non-empty list of distinct ace values from 1 to 11, e.g. [1, 11]",
        );
    }
    let blackjack = rules.payouts.blackjack;
    push_violation(
        &mut out,
        blackjack.is_finite() && (0.0..=100.0).contains(&blackjack),
        "payouts.blackjack",
        blackjack.to_string(),
        "must be a multiplier from 0 to 100 (1.5 for 3:2, 1.2 for 6:5)",
    );
    push_violation(
        &mut out,
        (1..=4).contains(&rules.split.max_hands),
        "split.max_hands",
        rules.split.max_hands.to_string(),
        "must be from 1 (no splitting) to 4 hands",
    );
    if let Some(p) = rules.shoe.penetration {
        push_violation(
            &mut out,
            p.is_finite() && p > 0.0 && p < 1.0,
            "shoe.penetration",
            p.to_string(),
            "must be the share of the shoe dealt before the shuffle, strictly between 0 and 1 \
             (e.g. 0.75)",
        );
    }
    out
}

/// The content hash of a blackjack rule set (blake3 over its canonical JSON
/// without `extends` and `description`, ace values sorted, no deck count for
/// the infinite deck).
pub fn blackjack_rules_hash(rules: &BlackjackRules) -> String {
    let mut game = rules.clone();
    game.extends = None;
    game.description.clear();
    game.ace.normalize();
    game.deck.normalize();
    content_hash(&game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_ranges() {
        assert!(DoubleAllowed::Any.allows(4));
        assert!(DoubleAllowed::NineToEleven.allows(9));
        assert!(!DoubleAllowed::TenToEleven.allows(9));
        assert!(!DoubleAllowed::Never.allows(11));
    }

    #[test]
    fn errors_name_the_double_words() {
        assert_eq!(
            BlackjackRules::enum_words("DoubleAllowed").unwrap(),
            ["any", "9-11", "10-11", "none"]
        );
        assert_eq!(
            BlackjackRules::enum_words("SplitAlgorithm").unwrap(),
            ["cdz-", "cdp1", "cdp"]
        );
        assert_eq!(BlackjackRules::enum_words("RevealPolicy"), None);
    }

    #[test]
    fn wrong_game_and_ranges_are_reported() {
        let mut rules = BlackjackRules {
            game: "banluck".into(),
            ..BlackjackRules::default()
        };
        rules.deck.decks = 0;
        rules.ace.two_cards = vec![];
        rules.split.max_hands = 0;
        let keys: Vec<String> = validate_blackjack(&rules)
            .into_iter()
            .map(|v| v.key)
            .collect();
        assert_eq!(
            keys,
            vec!["game", "deck.decks", "ace.two_cards", "split.max_hands"]
        );
    }
}
