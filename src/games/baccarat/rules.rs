//! The EZ Baccarat rules schema: the third game of the schema family, told
//! apart by `game = "baccarat"` and loaded through the same layers as the
//! others (defaults, file with `extends`, `BANLUCK_*` environment, `--set`)
//! with the same errors. The shoe (decks, burn, cut card) and every payout
//! are data; the tableau is the game's definition and stays in code
//! ([`super::tableau`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use super::table_rules::{MAX_CHIPS, TableRules, validate_table};
use crate::rules::BACCARAT;
pub use crate::rules::push_violation;
use crate::rules::{
    Override, RulesError, Schema, Violation, content_hash, load_layered, variants_of,
};

/// The fewest decks a shoe may hold.
pub const MIN_DECKS: u32 = 3;
/// The most decks a shoe may hold.
pub const MAX_DECKS: u32 = 8;
/// The most cards a fixed burn may take.
pub const MAX_BURN: u32 = 52;

/// A complete, resolved baccarat rule set. The defaults are EZ Baccarat
/// with Dragon 7 and Panda 8 from an eight-deck shoe, the first card's
/// face value burnt and 14 cards behind the cut card.
///
/// ```
/// use banluck_lab::games::baccarat::rules::{BaccaratRules, BankerRule};
/// let rules = BaccaratRules::default();
/// assert_eq!(rules.game, "baccarat");
/// assert_eq!(rules.shoe.decks, 8);
/// assert_eq!(rules.payouts.banker_rule, BankerRule::Ez);
/// assert_eq!(rules.payouts.dragon7, 40.0);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct BaccaratRules {
    /// Must be `"baccarat"`: the key that routes a file to this schema.
    pub game: String,
    /// Another rules file (path relative to this one) whose values this file
    /// starts from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// A sentence about this rule set, shown in reports. Not part of the hash.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The shoe: decks, burn and cut card.
    pub shoe: ShoeRules,
    /// What every bet pays.
    pub payouts: BaccaratPayouts,
    /// The table game's policy (`baccarat play`): starting balance, Tie
    /// alone, bet limits. Not part of the hash: no analysis depends on it.
    pub table: TableRules,
}

impl Default for BaccaratRules {
    fn default() -> Self {
        BaccaratRules {
            game: BACCARAT.to_string(),
            extends: None,
            description: String::new(),
            shoe: ShoeRules {
                decks: 8,
                burn: BurnRule::FaceValue,
                burn_cards: 0,
                cut_card: 14,
            },
            payouts: BaccaratPayouts {
                player: 1.0,
                banker: 1.0,
                banker_rule: BankerRule::Ez,
                commission: 0.05,
                tie: 8.0,
                dragon7: 40.0,
                panda8: 25.0,
            },
            table: TableRules {
                default_balance: 10_000,
                tie_alone: true,
                min_bet: 1,
                max_bet: 1_000_000,
            },
        }
    }
}

/// How many cards are burnt when a new shoe starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BurnRule {
    /// No card is burnt.
    #[serde(rename = "none")]
    None,
    /// `shoe.burn_cards` cards are burnt.
    #[serde(rename = "fixed")]
    Fixed,
    /// The first card is turned over and as many cards as its face value
    /// are burnt, tens and faces counting 10, ace 1 (the usual house
    /// procedure); the first card is burnt too.
    #[serde(rename = "face_value")]
    FaceValue,
}

/// How the Banker bet is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BankerRule {
    /// EZ Baccarat: a Banker win pays `payouts.banker`, except a three-card
    /// banker 7 win (Dragon 7), which pushes.
    #[serde(rename = "ez")]
    Ez,
    /// Classic baccarat: every Banker win pays `payouts.banker` less
    /// `payouts.commission` of it (0.95 with the usual 5 %).
    #[serde(rename = "commission")]
    Commission,
}

/// `[shoe]`: the cards in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShoeRules {
    /// Decks in the shoe, 3 to 8.
    pub decks: u32,
    /// `"none"`, `"fixed"` (burn `burn_cards`) or `"face_value"`.
    pub burn: BurnRule,
    /// With `burn = "fixed"`: how many cards are burnt, 0 to 52.
    pub burn_cards: u32,
    /// Cards left unplayed behind the cut card: a new hand starts only while
    /// more than this many cards remain, then the shoe is reshuffled.
    /// Signed so that a negative value is reported as out of range.
    pub cut_card: i64,
}

impl ShoeRules {
    /// The cards in the full shoe.
    pub fn cards(&self) -> u32 {
        self.decks * 52
    }

    /// The largest allowed cut card: half the shoe.
    pub fn max_cut_card(&self) -> i64 {
        i64::from(self.decks) * 26
    }

    /// Cards burnt at a new shoe, given the value (0 to 9) of the first
    /// card: none, `burn_cards`, or the first card and as many more as its
    /// face value (tens and faces 10).
    ///
    /// ```
    /// use banluck_lab::games::baccarat::rules::BaccaratRules;
    /// let shoe = BaccaratRules::default().shoe;
    /// assert_eq!((shoe.burn_count(0), shoe.burn_count(7)), (11, 8));
    /// ```
    pub fn burn_count(&self, first_value: u8) -> usize {
        match self.burn {
            BurnRule::None => 0,
            BurnRule::Fixed => self.burn_cards as usize,
            BurnRule::FaceValue => {
                1 + if first_value == 0 {
                    10
                } else {
                    usize::from(first_value)
                }
            }
        }
    }

    /// No coup starts once this many cards or fewer remain: the cut card,
    /// and never fewer than 6 left (a coup may need six cards).
    pub fn stop_at(&self) -> usize {
        usize::try_from(self.cut_card).unwrap_or(0).max(5)
    }
}

/// `[payouts]`: units won per unit bet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BaccaratPayouts {
    /// A Player win (1 for 1:1).
    pub player: f64,
    /// A Banker win (1 for 1:1), before any commission.
    pub banker: f64,
    /// `"ez"` (push on a three-card banker 7 win) or `"commission"`.
    pub banker_rule: BankerRule,
    /// With `banker_rule = "commission"`: the share of a Banker win kept by
    /// the house (0.05).
    pub commission: f64,
    /// A Tie (8 for 8:1); Player and Banker bets push on a tie.
    pub tie: f64,
    /// Dragon 7: the banker wins with three cards totalling 7 (40 for 40:1).
    pub dragon7: f64,
    /// Panda 8: the player wins with three cards totalling 8 (25 for 25:1).
    pub panda8: f64,
}

impl BaccaratPayouts {
    /// What a Banker win that is not a Dragon 7 pays.
    pub fn banker_win(&self) -> f64 {
        match self.banker_rule {
            BankerRule::Ez => self.banker,
            BankerRule::Commission => self.banker * (1.0 - self.commission),
        }
    }

    /// What a Dragon 7 pays the Banker bet: nothing under EZ (a push),
    /// the commissioned win otherwise.
    pub fn banker_on_dragon7(&self) -> f64 {
        match self.banker_rule {
            BankerRule::Ez => 0.0,
            BankerRule::Commission => self.banker_win(),
        }
    }
}

/// Loads, merges and validates a baccarat rule set from `file` (or the
/// built-in defaults), the environment and `overrides`.
///
/// ```
/// use banluck_lab::games::baccarat::rules::load_baccarat_rules;
/// use banluck_lab::rules::Override;
/// let set: Override = "shoe.decks=9".parse().unwrap();
/// let error = load_baccarat_rules(None, &[set]).unwrap_err();
/// assert!(error.names_key("shoe.decks"));
/// ```
pub fn load_baccarat_rules(
    file: Option<&Path>,
    overrides: &[Override],
) -> Result<BaccaratRules, RulesError> {
    load_layered(file, overrides)
}

impl Schema for BaccaratRules {
    fn violations(&self) -> Vec<Violation> {
        validate_baccarat(self)
    }

    fn enum_words(name: &str) -> Option<&'static [&'static str]> {
        match name {
            "BurnRule" => Some(variants_of::<BurnRule>()),
            "BankerRule" => Some(variants_of::<BankerRule>()),
            _ => None,
        }
    }
}

/// Every violation in a baccarat rule set, in schema order.
///
/// ```
/// use banluck_lab::games::baccarat::rules::{validate_baccarat, BaccaratRules};
/// let mut rules = BaccaratRules::default();
/// assert!(validate_baccarat(&rules).is_empty());
/// rules.shoe.cut_card = -1;
/// assert_eq!(validate_baccarat(&rules)[0].key, "shoe.cut_card");
/// ```
pub fn validate_baccarat(rules: &BaccaratRules) -> Vec<Violation> {
    let mut out = Vec::new();
    push_violation(
        &mut out,
        rules.game == BACCARAT,
        "game",
        format!("\"{}\"", rules.game),
        "must be \"baccarat\" in a baccarat rules file",
    );
    let shoe = &rules.shoe;
    push_violation(
        &mut out,
        (MIN_DECKS..=MAX_DECKS).contains(&shoe.decks),
        "shoe.decks",
        shoe.decks.to_string(),
        format!("must be a whole number of decks from {MIN_DECKS} to {MAX_DECKS}"),
    );
    push_violation(
        &mut out,
        shoe.burn_cards <= MAX_BURN,
        "shoe.burn_cards",
        shoe.burn_cards.to_string(),
        format!("must be a whole number of cards from 0 to {MAX_BURN}"),
    );
    let max_cut = shoe.max_cut_card();
    push_violation(
        &mut out,
        (0..=max_cut).contains(&shoe.cut_card),
        "shoe.cut_card",
        shoe.cut_card.to_string(),
        format!(
            "must be a whole number of cards left unplayed from 0 to half the shoe ({max_cut} for {} decks)",
            shoe.decks
        ),
    );
    let payouts = &rules.payouts;
    for (key, value) in [
        ("payouts.player", payouts.player),
        ("payouts.banker", payouts.banker),
        ("payouts.tie", payouts.tie),
        ("payouts.dragon7", payouts.dragon7),
        ("payouts.panda8", payouts.panda8),
    ] {
        push_violation(
            &mut out,
            value.is_finite() && (0.0..=1000.0).contains(&value),
            key,
            value.to_string(),
            "must be units won per unit bet, from 0 to 1000 (1 for 1:1)",
        );
    }
    let commission = payouts.commission;
    push_violation(
        &mut out,
        commission.is_finite() && (0.0..1.0).contains(&commission),
        "payouts.commission",
        commission.to_string(),
        "must be a share of the Banker win from 0 up to (not including) 1, e.g. 0.05",
    );
    out.extend(validate_table(&rules.table));
    out
}

/// The hashed part of a rule set: the game, its shoe and payouts, in the
/// schema's order (so the hashes of files from before `[table]` existed
/// are unchanged).
#[derive(Serialize)]
struct Hashed<'r> {
    game: &'r str,
    shoe: &'r ShoeRules,
    payouts: &'r BaccaratPayouts,
}

/// The content hash of a baccarat rule set: blake3 over the canonical JSON
/// of its game, shoe and payouts (not `extends`, `description` or the
/// table game's `[table]`, which no analysis depends on).
///
/// ```
/// use banluck_lab::games::baccarat::rules::{baccarat_rules_hash, BaccaratRules};
/// let mut rules = BaccaratRules::default();
/// let hash = baccarat_rules_hash(&rules);
/// rules.table.tie_alone = false;
/// assert_eq!(baccarat_rules_hash(&rules), hash);
/// rules.payouts.tie = 9.0;
/// assert_ne!(baccarat_rules_hash(&rules), hash);
/// ```
pub fn baccarat_rules_hash(rules: &BaccaratRules) -> String {
    content_hash(&Hashed {
        game: &rules.game,
        shoe: &rules.shoe,
        payouts: &rules.payouts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_range_is_checked_in_schema_order() {
        let mut rules = BaccaratRules {
            game: "blackjack".into(),
            ..BaccaratRules::default()
        };
        rules.shoe.decks = 2;
        rules.shoe.burn_cards = 53;
        rules.shoe.cut_card = 500;
        rules.payouts.tie = f64::NAN;
        rules.payouts.commission = 1.0;
        let keys: Vec<String> = validate_baccarat(&rules)
            .into_iter()
            .map(|v| v.key)
            .collect();
        assert_eq!(
            keys,
            vec![
                "game",
                "shoe.decks",
                "shoe.burn_cards",
                "shoe.cut_card",
                "payouts.tie",
                "payouts.commission"
            ]
        );
    }

    #[test]
    fn enum_words_list_every_value() {
        assert_eq!(
            BaccaratRules::enum_words("BurnRule").unwrap(),
            ["none", "fixed", "face_value"]
        );
        assert_eq!(
            BaccaratRules::enum_words("BankerRule").unwrap(),
            ["ez", "commission"]
        );
        assert!(BaccaratRules::enum_words("Other").is_none());
    }

    #[test]
    fn banker_payouts_by_rule() {
        let mut payouts = BaccaratRules::default().payouts;
        assert_eq!(payouts.banker_win(), 1.0);
        assert_eq!(payouts.banker_on_dragon7(), 0.0);
        payouts.banker_rule = BankerRule::Commission;
        assert!((payouts.banker_win() - 0.95).abs() < 1e-12);
        assert!((payouts.banker_on_dragon7() - 0.95).abs() < 1e-12);
    }

    #[test]
    fn the_table_section_stays_out_of_the_rules_hash() {
        let mut rules = BaccaratRules::default();
        // The hash of the defaults from before `[table]` existed (also
        // `rules check rules/ez-baccarat.toml`).
        assert_eq!(baccarat_rules_hash(&rules), "4437082e13bfa8a8");
        rules.table.default_balance = 5;
        rules.table.tie_alone = false;
        rules.table.min_bet = 5;
        rules.table.max_bet = 5;
        assert_eq!(baccarat_rules_hash(&rules), "4437082e13bfa8a8");
    }
}
