//! The best play for one hand against the rules' fixed dealer, and why a
//! hand leaves the player no choice.

use serde::Serialize;

use crate::cards::{CompId, Rank};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::DealerStrategy;

use super::chart::Action;
use super::model::{Decision, ExactModel};

/// The best play for one hand, from [`advise`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Advice {
    /// The hand as given, ranks high to low.
    pub hand: String,
    /// Its total and softness, e.g. `soft 12`.
    pub total: String,
    /// The dealer's upcard, when the rules show one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upcard: Option<char>,
    /// The best action, or `None` when the rules leave no choice.
    pub action: Option<Action>,
    /// Expected payoff of standing, given the hand plays on.
    pub ev_stand: f64,
    /// Expected payoff of hitting and playing on optimally.
    pub ev_hit: f64,
    /// What the rules decide when the player has no choice.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Why a dealer upcard given for [`advise`] does not fit the rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UpcardError {
    /// The rules deal the dealer's first card face up and none was given.
    Missing,
    /// The rules deal every dealer card face down and one was given.
    NotShown,
    /// The label names no rank.
    NoRank(String),
}

impl std::fmt::Display for UpcardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            UpcardError::Missing => write!(
                f,
                "these rules deal the dealer's first card face up (dealer.upcard = true): give it, e.g. T"
            ),
            UpcardError::NotShown => write!(
                f,
                "these rules deal every dealer card face down (dealer.upcard = false)"
            ),
            UpcardError::NoRank(label) => write!(f, "{label}: use 2-9, 10 or T, J, Q, K, A"),
        }
    }
}

impl std::error::Error for UpcardError {}

/// The dealer upcard [`advise`] takes for `label` under `table`'s rules:
/// a rank when the rules show one (`dealer.upcard = true`), else none.
///
/// # Errors
/// An upcard missing, given where the rules show none, or naming no rank.
pub fn advice_upcard(
    table: &CompiledRules,
    label: Option<&str>,
) -> Result<Option<Rank>, UpcardError> {
    match (label, table.rules().dealer.upcard) {
        (None, true) => Err(UpcardError::Missing),
        (Some(_), false) => Err(UpcardError::NotShown),
        (Some(label), true) => Rank::from_label(label)
            .map(Some)
            .ok_or_else(|| UpcardError::NoRank(label.to_string())),
        (None, false) => Ok(None),
    }
}

/// The best action for one hand against the rules' fixed dealer, with both
/// EVs. Only the hand and what it can draw to are solved, so it is fast.
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::dp::{advise, Action};
/// let table = CompiledRules::compile(RuleSet::default());
/// let hand = table.find_hand("T 6").unwrap();
/// let advice = advise(&table, hand, None);
/// assert_eq!(advice.action, Some(Action::Stand));
/// assert!(advice.ev_stand > advice.ev_hit);
/// ```
pub fn advise(table: &CompiledRules, hand: CompId, upcard: Option<Rank>) -> Advice {
    let dealer = DealerStrategy::fixed(table);
    let model = ExactModel::from_hand(table, &dealer, hand);
    let values = model.values(Decision::Best);
    let slot = upcard
        .filter(|_| model.slots() > 1)
        .map_or(0, |r| r.index());
    let i = hand as usize * model.slots() + slot;
    let plays_on = model.plays_on(i);
    let per_hand = |x: f64| if plays_on > 0.0 { x / plays_on } else { 0.0 };
    let value = table.hand(hand);
    let note = no_choice_note(table, hand);
    Advice {
        hand: table.compositions().label(hand),
        total: if value.class.is_bust() {
            "bust".to_string()
        } else {
            format!(
                "{} {}",
                if value.soft { "soft" } else { "hard" },
                value.total
            )
        },
        upcard: upcard.filter(|_| model.slots() > 1).map(|r| r.label()),
        action: note.is_none().then(|| {
            if values.hit_probability[i] > 0.5 {
                Action::Hit
            } else {
                Action::Stand
            }
        }),
        ev_stand: per_hand(values.stand[i]),
        ev_hit: per_hand(values.hit[i]),
        note,
    }
}

/// Why the player has no choice holding `hand`, or `None` when it may hit
/// or stand (the note of [`advise`] and of the explorer page).
pub fn no_choice_note(table: &CompiledRules, hand: CompId) -> Option<String> {
    let value = table.hand(hand);
    let node = table.player(hand);
    if value.class.is_deal_special() && value.cards == 2 {
        Some(format!("{} is settled at the deal", value.class.name()))
    } else if value.cards < 2 {
        Some("a hand has at least two cards".to_string())
    } else if value.cards > table.rules().player.max_cards {
        Some(format!(
            "a hand holds at most {} cards",
            table.rules().player.max_cards
        ))
    } else if node.must_hit {
        Some("the rules make the player draw here (player.below_min = \"must_hit\")".to_string())
    } else if !node.may_hit {
        Some("the rules end the player's turn here (bust, 21, 777 or the card limit)".to_string())
    } else {
        None
    }
}
