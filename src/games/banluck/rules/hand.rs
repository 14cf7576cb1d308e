//! What a composition is worth under the rules: total, softness, class.

use crate::cards::{Counts, Rank};

use crate::rules::AceRules;

/// The class of a hand for settlement, strongest last. Totals are carried
/// where they matter for comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandClass {
    /// Over 21 with fewer than five cards.
    Bust,
    /// Over 21 holding five cards.
    BustFive,
    /// A live hand with no bonus, with its total.
    Regular(u8),
    /// Five live cards, with their total (21 is the five-card-21 class).
    FiveCard(u8),
    /// 7-7-7.
    TripleSeven,
    /// An ace and a ten-value card as the first two cards.
    BanLuck,
    /// Two aces as the first two cards.
    BanBan,
}

impl HandClass {
    /// Number of distinct dense keys ([`HandClass::key`]).
    pub const KEYS: usize = 49;

    /// A dense index in `0..KEYS`, for payoff matrices.
    pub fn key(self) -> usize {
        match self {
            HandClass::Bust => 0,
            HandClass::BustFive => 1,
            HandClass::Regular(total) => 2 + usize::from(total.min(21)),
            HandClass::FiveCard(total) => 24 + usize::from(total.min(21)),
            HandClass::TripleSeven => 46,
            HandClass::BanLuck => 47,
            HandClass::BanBan => 48,
        }
    }

    /// The class with dense key `key` (inverse of [`HandClass::key`]).
    pub fn from_key(key: usize) -> HandClass {
        match key {
            0 => HandClass::Bust,
            1 => HandClass::BustFive,
            2..=23 => HandClass::Regular((key - 2) as u8),
            24..=45 => HandClass::FiveCard((key - 24) as u8),
            46 => HandClass::TripleSeven,
            47 => HandClass::BanLuck,
            _ => HandClass::BanBan,
        }
    }

    /// Whether the hand is over 21.
    pub fn is_bust(self) -> bool {
        matches!(self, HandClass::Bust | HandClass::BustFive)
    }

    /// Whether the hand is Ban Ban or Ban Luck (settled at the deal).
    pub fn is_deal_special(self) -> bool {
        matches!(self, HandClass::BanBan | HandClass::BanLuck)
    }

    /// A short name for reports: `bust`, `regular`, `five_card`,
    /// `five_card_21`, `triple_seven`, `ban_luck`, `ban_ban`.
    pub fn name(self) -> &'static str {
        match self {
            HandClass::Bust | HandClass::BustFive => "bust",
            HandClass::Regular(_) => "regular",
            HandClass::FiveCard(21) => "five_card_21",
            HandClass::FiveCard(_) => "five_card",
            HandClass::TripleSeven => "triple_seven",
            HandClass::BanLuck => "ban_luck",
            HandClass::BanBan => "ban_ban",
        }
    }
}

/// Total, softness and class of one composition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandValue {
    /// Cards held.
    pub cards: u8,
    /// The largest total of at most 21 the aces allow, else the smallest.
    pub total: u8,
    /// Whether some ace counts above its lowest value (the hand could count
    /// lower).
    pub soft: bool,
    /// The settlement class.
    pub class: HandClass,
}

/// Evaluates a composition under the ace rules.
///
/// ```
/// use banluck_lab::cards::{parse_hand, Rank};
/// use banluck_lab::games::banluck::rules::{evaluate, HandClass};
/// use banluck_lab::rules::AceRules;
/// let counts = |text: &str| {
///     let mut c = [0u8; 10];
///     for r in parse_hand(text).unwrap() { c[r.index()] += 1; }
///     c
/// };
/// let ace = AceRules::default();
/// assert_eq!(evaluate(&counts("A A"), &ace).class, HandClass::BanBan);
/// assert_eq!(evaluate(&counts("A 6 5"), &ace).total, 21);
/// let a33 = evaluate(&counts("A 3 3"), &ace);
/// assert!(a33.soft && a33.total == 16);
/// ```
pub fn evaluate(counts: &Counts, ace: &AceRules) -> HandValue {
    let cards: u8 = counts.iter().sum();
    let aces = counts[Rank::ACE.index()];
    let (total, soft) = ace.total(counts);
    let class = if total > 21 {
        if cards == 5 {
            HandClass::BustFive
        } else {
            HandClass::Bust
        }
    } else if cards == 2 && aces == 2 {
        HandClass::BanBan
    } else if cards == 2 && aces == 1 && counts[Rank::TEN.index()] == 1 {
        HandClass::BanLuck
    } else if cards == 3 && counts[Rank::SEVEN.index()] == 3 {
        HandClass::TripleSeven
    } else if cards == 5 {
        HandClass::FiveCard(total)
    } else {
        HandClass::Regular(total)
    };
    HandValue {
        cards,
        total,
        soft,
        class,
    }
}

/// Whether a composition is a hard 15: exactly two cards, no ace, total 15.
pub fn is_hard_fifteen(counts: &Counts, value: &HandValue) -> bool {
    value.cards == 2 && counts[Rank::ACE.index()] == 0 && value.total == 15
}
