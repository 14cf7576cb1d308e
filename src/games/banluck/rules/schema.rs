//! The house-rules schema: every knob a rules file may set, with the
//! canonical Banluck values as defaults.
//!
//! Names follow `shared/spec/banluck-rules.md` ("Rule keys") exactly, so that
//! files, environment variables and `--set key=value` agree.

use serde::{Deserialize, Serialize};

use crate::rules::{AceRules, DeckRules};

/// A complete, resolved rule set: what a rules file, its `extends` chain,
/// the environment and `--set` flags add up to.
///
/// ```
/// use banluck_lab::games::banluck::rules::RuleSet;
/// let canonical = RuleSet::default();
/// assert_eq!(canonical.payouts.ban_ban, 3.0);
/// assert_eq!(canonical.dealer.fixed.stand_on, 17);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct RuleSet {
    /// Another rules file (path relative to this one) whose values this file
    /// starts from; keys set here override it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extends: Option<String>,
    /// A sentence about this rule set, shown in reports. Not part of the hash.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The cards in play.
    pub deck: DeckRules,
    /// The values an ace may take, by number of cards in the hand.
    pub ace: AceRules,
    /// Multipliers paid (and collected) per hand class.
    pub payouts: Payouts,
    /// What the player may and must do.
    pub player: PlayerRules,
    /// What the dealer may and must do, and what the baseline dealer does.
    pub dealer: DealerRules,
    /// How hands are settled at the showdown.
    pub settlement: Settlement,
    /// `[table]`: seats and the passing of the bank. Left out of the
    /// serialized rules (and so of the hash) while it has its default values,
    /// so heads-up rules files hash as they did before the key existed.
    #[serde(skip_serializing_if = "TableRules::is_default")]
    pub table: TableRules,
}

/// `[payouts]`: the multiple of the bet that the winner of a hand collects,
/// by the class of the winning hand. The dealer collects at the same rates.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Payouts {
    /// Two aces as the first two cards.
    pub ban_ban: f64,
    /// An ace and a ten-value card as the first two cards.
    pub ban_luck: f64,
    /// 7, 7 as the first two cards and a 7 as the third.
    pub triple_seven: f64,
    /// Five cards totalling exactly 21.
    pub five_card_21: f64,
    /// Five cards totalling below 21.
    pub five_card: f64,
    /// Any other live hand that wins.
    pub regular: f64,
    /// What a player loses when busting with five cards.
    pub five_card_bust: f64,
}

impl Default for Payouts {
    fn default() -> Self {
        Payouts {
            ban_ban: 3.0,
            ban_luck: 2.0,
            triple_seven: 7.0,
            five_card_21: 3.0,
            five_card: 2.0,
            regular: 1.0,
            five_card_bust: 1.0,
        }
    }
}

/// What the player does below `player.min_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BelowMin {
    /// The player may stand, and then forfeits at the showdown.
    Forfeit,
    /// The player must draw (until the card limit).
    MustHit,
}

/// When a busted player's hand is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BustTiming {
    /// The bust loses at once; the dealer draws nothing for it.
    Immediate,
    /// The bust is settled at the showdown (see `settlement.both_bust`).
    Showdown,
}

/// `[player]`: the player's limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlayerRules {
    /// Most cards a player may hold, 2..=5.
    pub max_cards: u8,
    /// Totals below this forfeit at the showdown (or must draw), 0..=21.
    pub min_total: u8,
    /// `forfeit` or `must_hit` below `min_total`.
    pub below_min: BelowMin,
    /// Whether a five-card hand below `min_total` forfeits too.
    pub forfeit_five_card: bool,
    /// `immediate` or `showdown` settlement of a player's bust.
    pub bust: BustTiming,
}

impl Default for PlayerRules {
    fn default() -> Self {
        PlayerRules {
            max_cards: 5,
            min_total: 16,
            below_min: BelowMin::Forfeit,
            forfeit_five_card: true,
            bust: BustTiming::Immediate,
        }
    }
}

/// The fixed dealer's hard-15 surrender habit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SurrenderPolicy {
    /// Surrender every hard 15.
    Always,
    /// Never surrender.
    Never,
}

/// The fixed dealer's selective-reveal habit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RevealPolicy {
    /// Never reveal early.
    Off,
    /// Always reveal 3+-card players at the reveal totals.
    On,
}

/// How much freedom the equilibrium dealer has in drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawChoice {
    /// The dealer may hit or stand at any total from `dealer.min_total` to 20.
    Free,
    /// The dealer draws as `[dealer.fixed]` says; its only choices are the
    /// selective reveal and the hard-15 surrender.
    Fixed,
}

/// `[dealer]`: what the rules allow and require of the dealer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DealerRules {
    /// The dealer must draw below this total, 0..=21.
    pub min_total: u8,
    /// The dealer stops at this many cards, 2..=5.
    pub max_cards: u8,
    /// Whether the dealer's first card is dealt face up.
    pub upcard: bool,
    /// Whether the dealer may surrender a hard 15 (two cards, no ace).
    pub allow_surrender: bool,
    /// Whether the dealer may settle 3+-card players early at a reveal total.
    pub allow_reveal: bool,
    /// The dealer totals at which a reveal is allowed (each from
    /// `dealer.min_total` to 21).
    pub reveal_totals: Vec<u8>,
    /// `free` or `fixed`: whether the equilibrium dealer chooses when to draw
    /// (the fixed dealer of the exact solver and simulator is not affected).
    pub draw_choice: DrawChoice,
    /// What the baseline dealer of the exact solver and the simulator does.
    pub fixed: FixedDealer,
}

impl Default for DealerRules {
    fn default() -> Self {
        DealerRules {
            min_total: 16,
            max_cards: 5,
            upcard: false,
            allow_surrender: true,
            allow_reveal: true,
            reveal_totals: vec![16, 17],
            draw_choice: DrawChoice::Free,
            fixed: FixedDealer::default(),
        }
    }
}

/// `[dealer.fixed]`: the baseline dealer's policy, within what the rules allow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FixedDealer {
    /// `always` or `never` surrender a hard 15.
    pub surrender: SurrenderPolicy,
    /// `off` or `on`: reveal 3+-card players at the reveal totals.
    pub reveal: RevealPolicy,
    /// Whether soft 17 draws.
    pub hit_soft_17: bool,
    /// The lowest total the dealer stands on, from `dealer.min_total` to 21.
    pub stand_on: u8,
}

impl Default for FixedDealer {
    fn default() -> Self {
        FixedDealer {
            surrender: SurrenderPolicy::Always,
            reveal: RevealPolicy::Off,
            hit_soft_17: true,
            stand_on: 17,
        }
    }
}

/// When a player's five-card hand is settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveCardTiming {
    /// At the showdown, against the dealer's final hand.
    Showdown,
    /// At once, against the dealer's first two cards.
    Immediate,
}

/// How two five-card hands are compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FiveVsFive {
    /// The higher total wins the regular multiplier; equal totals push.
    CompareTotals,
    /// Five-card 21 beats a plain five-card at its multiplier; the same
    /// class pushes.
    ByClass,
}

/// Settlement when both sides bust (player busts settled at the showdown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothBust {
    /// The player loses.
    DealerWins,
    /// The bet is returned.
    Push,
}

/// What a busted player pays a dealer holding a bonus hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BustVsBonus {
    /// The player's bust loss (1, or `payouts.five_card_bust`).
    OneUnit,
    /// The larger of the bust loss and the dealer's bonus multiplier.
    LargerMultiplier,
}

/// `[settlement]`: the showdown's rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settlement {
    /// `showdown` or `immediate` settlement of the player's five-card hand.
    pub five_card_timing: FiveCardTiming,
    /// `compare_totals` or `by_class` for five-card against five-card.
    pub five_vs_five: FiveVsFive,
    /// `dealer_wins` or `push` when both bust.
    pub both_bust: BothBust,
    /// `one_unit` or `larger_multiplier` for a bust against a dealer bonus.
    pub bust_vs_bonus: BustVsBonus,
}

impl Default for Settlement {
    fn default() -> Self {
        Settlement {
            five_card_timing: FiveCardTiming::Showdown,
            five_vs_five: FiveVsFive::CompareTotals,
            both_bust: BothBust::DealerWins,
            bust_vs_bonus: BustVsBonus::OneUnit,
        }
    }
}

/// `[table]`: how many players sit at the dealer's table and how the bank
/// passes between the people at it.
///
/// Session lengths and bankrolls are not house rules: they belong to the
/// `rotation` command and to experiments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TableRules {
    /// Players facing the one dealer hand, 1..=7 (1 is heads-up).
    pub players: u8,
    /// `[table.rotation]`: when the bank passes.
    pub rotation: Rotation,
}

impl Default for TableRules {
    fn default() -> Self {
        TableRules {
            players: 1,
            rotation: Rotation::default(),
        }
    }
}

impl TableRules {
    /// Whether every key has its default value.
    pub fn is_default(&self) -> bool {
        *self == TableRules::default()
    }
}

/// When the bank passes to the next person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RotationScheme {
    /// One person banks for the whole session.
    Never,
    /// The bank passes to the next seat every `rounds` rounds.
    EveryN,
    /// The bank passes to a player who wins with Ban Ban or Ban Luck (the
    /// traditional rule; the first such player in seat order takes it).
    OnBan,
}

/// `[table.rotation]`: the passing of the bank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Rotation {
    /// `never`, `every_n` or `on_ban`.
    pub scheme: RotationScheme,
    /// With `every_n`: rounds between passes, 1..=1000000.
    pub rounds: u32,
}

impl Default for Rotation {
    fn default() -> Self {
        Rotation {
            scheme: RotationScheme::Never,
            rounds: 10,
        }
    }
}
