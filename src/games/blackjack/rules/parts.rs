//! The sections of a blackjack rule set: `[dealer]`, `[payouts]`,
//! `[double]`, `[split]`, `[surrender]` and `[shoe]`.

use serde::{Deserialize, Serialize};

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

/// `[dealer]`: the dealer draws to 17.
///
/// One model for the dealer's second card: `peek` is the switch and
/// `hole_card` its name. With `peek = true` (`hole_card = "american"`) the
/// dealer takes a hole card and checks it under a ten or an ace before the
/// player acts, so a dealer natural ends the round at once. With `peek =
/// false` (`hole_card = "enhc"`, European no hole card) the dealer's second
/// card comes after the player's hands, and what a dealer natural then
/// takes is `enhc_loses` (see [`crate::games::blackjack::enhc`]).
/// `hole_card` may be left out; when given it must agree with `peek`, and
/// `enhc_loses` other than `"all"` needs `peek = false`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlackjackDealer {
    /// Whether the dealer draws to a soft 17 (H17) instead of standing (S17).
    pub hit_soft_17: bool,
    /// Whether the dealer checks for a natural under a ten or an ace before
    /// the player acts (American peek); without it (European no hole card)
    /// a dealer natural found after the player's play takes the bets that
    /// `enhc_loses` says (by default every bet, doubles and splits
    /// included).
    pub peek: bool,
    /// `"american"` (a peeked hole card, `peek = true`) or `"enhc"` (no
    /// hole card, `peek = false`): the name of the rule `peek` sets; unset,
    /// it follows `peek`. Left out of the hash (it is `peek`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hole_card: Option<HoleCard>,
    /// Under ENHC, which bets a dealer natural takes: `"all"` (the
    /// default), `"obo"` or `"obbo"`. Left out of the hash while `"all"`.
    #[serde(default, skip_serializing_if = "EnhcLoses::is_all")]
    pub enhc_loses: EnhcLoses,
}

impl BlackjackDealer {
    /// The hole-card rule `peek` sets (`hole_card` must agree with it).
    pub fn hole_card(&self) -> HoleCard {
        if self.peek {
            HoleCard::American
        } else {
            HoleCard::Enhc
        }
    }
}

/// Whether the dealer has a hole card to peek at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum HoleCard {
    /// A hole card, checked under a ten or an ace before the player acts.
    #[serde(rename = "american")]
    American,
    /// European no hole card: the second card after the player's hands.
    #[serde(rename = "enhc")]
    Enhc,
}

/// What a dealer natural takes in a no-hole-card game (the player's own
/// natural always pushes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EnhcLoses {
    /// Every bet on the table: the original bet, doubles and split hands.
    #[default]
    #[serde(rename = "all")]
    All,
    /// Original bet only: the round loses one unit; doubles and split bets
    /// (busted ones included) are returned.
    #[serde(rename = "obo")]
    Obo,
    /// Original and busted bets only: every busted bet, and one unit from
    /// each hand still standing (doubles returned, split hands lost).
    #[serde(rename = "obbo")]
    Obbo,
}

impl EnhcLoses {
    /// Whether this is the default, `all`.
    pub fn is_all(&self) -> bool {
        *self == EnhcLoses::All
    }
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

pub(super) fn is_false(value: &bool) -> bool {
    !*value
}

pub(super) fn is_zero(value: &u8) -> bool {
    *value == 0
}
