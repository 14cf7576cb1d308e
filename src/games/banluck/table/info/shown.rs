//! What the deal turns over at the other seats: the exact law of the
//! numbers of Ban Ban and Ban Luck hands among `others` seats dealt two
//! cards each from one deck.
//!
//! Only three classes of card matter for a special: aces, ten-value cards
//! and the rest. The seats are dealt one after another; each takes two
//! cards from what is left, so the state is the cards left in each class
//! and the specials counted so far. Every two-card hand is one of AA (Ban
//! Ban), AT (Ban Luck), AO, TT, TO or OO (no special), with the
//! hypergeometric probabilities of its class counts.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cards::Rank;
use crate::games::banluck::dp::Remaining;

/// One thing the other seats can turn over at the deal, with its chance.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Shown {
    /// Other seats turning over Ban Ban (two aces each).
    pub ban_ban: u32,
    /// Other seats turning over Ban Luck (an ace and a ten-value card each).
    pub ban_luck: u32,
    /// Its probability.
    pub probability: f64,
}

impl Shown {
    /// Aces turned over.
    pub fn aces(&self) -> u32 {
        2 * self.ban_ban + self.ban_luck
    }

    /// Ten-value cards turned over.
    pub fn tens(&self) -> u32 {
        self.ban_luck
    }

    /// The cards turned over, e.g. `A A A T` (`-` for none).
    pub fn label(&self) -> String {
        let cards: Vec<&str> = std::iter::repeat_n("A", self.aces() as usize)
            .chain(std::iter::repeat_n("T", self.tens() as usize))
            .collect();
        if cards.is_empty() {
            "-".to_string()
        } else {
            cards.join(" ")
        }
    }

    /// `deck` less the cards turned over (the caller keeps them in it).
    pub fn removed_from(&self, deck: &Remaining) -> Remaining {
        let mut left = *deck;
        left[Rank::ACE.index()] -= self.aces();
        left[Rank::TEN.index()] -= self.tens();
        left
    }
}

/// Cards left per class and specials counted: (aces, tens, others, Ban
/// Ban, Ban Luck).
type State = (u32, u32, u32, u32, u32);

/// The exact law of what `others` seats dealt from `deck` turn over: every
/// (Ban Ban, Ban Luck) count with a positive probability, in that order.
/// The probabilities sum to 1 (to rounding).
///
/// ```
/// use banluck_lab::games::banluck::dp::full_deck;
/// use banluck_lab::games::banluck::rules::RuleSet;
/// use banluck_lab::games::banluck::table::info::shown_specials;
/// let deck = full_deck(&RuleSet::default()).unwrap();
/// let law = shown_specials(&deck, 1);
/// assert_eq!(law.len(), 3);
/// assert!((law[1].probability - 128.0 / 2652.0).abs() < 1e-15); // one Ban Luck
/// ```
pub fn shown_specials(deck: &Remaining, others: usize) -> Vec<Shown> {
    let aces = deck[Rank::ACE.index()];
    let tens = deck[Rank::TEN.index()];
    let rest = deck.iter().sum::<u32>() - aces - tens;
    let mut states: BTreeMap<State, f64> = BTreeMap::from([((aces, tens, rest, 0, 0), 1.0)]);
    for _ in 0..others {
        let mut next: BTreeMap<State, f64> = BTreeMap::new();
        for (&(a, t, o, bb, bl), &p) in &states {
            let n = f64::from(a + t + o);
            let pairs = n * (n - 1.0);
            let (fa, ft, fo) = (f64::from(a), f64::from(t), f64::from(o));
            let hands = [
                (fa * (fa - 1.0), (a.saturating_sub(2), t, o, bb + 1, bl)),
                (
                    2.0 * fa * ft,
                    (a.saturating_sub(1), t.saturating_sub(1), o, bb, bl + 1),
                ),
                (
                    2.0 * fa * fo,
                    (a.saturating_sub(1), t, o.saturating_sub(1), bb, bl),
                ),
                (ft * (ft - 1.0), (a, t.saturating_sub(2), o, bb, bl)),
                (
                    2.0 * ft * fo,
                    (a, t.saturating_sub(1), o.saturating_sub(1), bb, bl),
                ),
                (fo * (fo - 1.0), (a, t, o.saturating_sub(2), bb, bl)),
            ];
            for (ways, state) in hands {
                if ways > 0.0 {
                    *next.entry(state).or_insert(0.0) += p * ways / pairs;
                }
            }
        }
        states = next;
    }
    let mut law: BTreeMap<(u32, u32), f64> = BTreeMap::new();
    for ((_, _, _, bb, bl), p) in states {
        *law.entry((bb, bl)).or_insert(0.0) += p;
    }
    law.into_iter()
        .map(|((ban_ban, ban_luck), probability)| Shown {
            ban_ban,
            ban_luck,
            probability,
        })
        .collect()
}
