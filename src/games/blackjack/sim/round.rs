//! One round, card by card: the deal, insurance and even money, early
//! surrender, the peek, late surrender, the player's hands (split hands
//! played out one after the other), the dealer's draws and the settlement.

use rand::Rng;

use crate::cards::{RANK_COUNT, Rank};
use crate::games::blackjack::hands::{BUST, HandId};
use crate::games::blackjack::rules::{BlackjackRules, EnhcLoses};
use crate::games::blackjack::split_plan::Action;

use super::shoe::CardShoe;
use super::strategy::{First, SplitPlay, Tables};

/// The rules a round needs, flattened.
#[derive(Debug, Clone, Copy)]
pub(super) struct Table {
    peek: bool,
    /// Whether the engine values split hands given no dealer natural: with
    /// the peek, and under ENHC OBO (the same game, see `enhc.rs`).
    split_given_no_natural: bool,
    enhc_loses: EnhcLoses,
    hit_soft_17: bool,
    pays: f64,
    early: bool,
    max_hands: usize,
    resplit_aces: bool,
}

impl Table {
    /// The flags of `rules`.
    pub fn new(rules: &BlackjackRules) -> Table {
        Table {
            peek: rules.dealer.peek,
            split_given_no_natural: rules.dealer.peek || rules.dealer.enhc_loses == EnhcLoses::Obo,
            enhc_loses: rules.dealer.enhc_loses,
            hit_soft_17: rules.dealer.hit_soft_17,
            pays: rules.payouts.blackjack,
            early: rules.surrender.early,
            max_hands: usize::from(rules.split.max_hands),
            resplit_aces: rules.split.resplit_aces,
        }
    }
}

/// A finished round.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Round {
    /// The player's net result in units of the initial bet, side bets in.
    pub payoff: f64,
    /// When the player split: the upcard, the pair rank and the split hands'
    /// net result (without insurance); left out when the dealer has a
    /// natural and the engine values splits given none (ENHC OBO), so the
    /// tally measures what the engine values.
    pub split: Option<(usize, usize, f64)>,
}

/// The player's finished hands: (hand or [`BUST`], bet).
type Finished = ([(HandId, f64); 4], usize);

/// Plays a round from a fresh deal of four cards (player, upcard, player,
/// hole).
#[inline]
pub(super) fn play<R: Rng>(t: &Table, s: &Tables, shoe: &mut CardShoe, rng: &mut R) -> Round {
    shoe.start_round();
    let first = shoe.draw(rng);
    let up = shoe.draw(rng);
    let second = shoe.draw(rng);
    let hole = shoe.draw(rng);
    play_from(t, s, shoe, rng, [first, second, up, hole], false)
}

/// Plays a round that starts with a pair of `pair` against `up` and is
/// split whatever the strategy's first move; `None` when the hole card
/// makes a dealer natural under the peek or ENHC OBO (the round is not
/// dealt on: the engine's split value is given no natural).
pub(super) fn play_split<R: Rng>(
    t: &Table,
    s: &Tables,
    shoe: &mut CardShoe,
    rng: &mut R,
    pair: Rank,
    up: Rank,
) -> Option<Round> {
    shoe.start_round();
    let mut fixed = [0; RANK_COUNT];
    fixed[pair.index()] += 2;
    fixed[up.index()] += 1;
    if !shoe.take(&fixed) {
        return None;
    }
    let hole = shoe.draw(rng);
    let dealer = s.hands.child(s.hands.child(0, up.index()), hole);
    if t.split_given_no_natural && dealer != BUST && s.hands.is_natural(dealer) {
        return None;
    }
    let (x, u) = (pair.index(), up.index());
    Some(play_from(t, s, shoe, rng, [x, x, u, hole], true))
}

fn play_from<R: Rng>(
    t: &Table,
    s: &Tables,
    shoe: &mut CardShoe,
    rng: &mut R,
    [first, second, up, hole]: [usize; 4],
    force_split: bool,
) -> Round {
    let h = &s.hands;
    let plain = |payoff| Round {
        payoff,
        split: None,
    };
    let hand = h.child(h.child(0, first), second);
    let dealer = h.child(h.child(0, up), hole);
    let dealer_natural = dealer != BUST && h.is_natural(dealer);
    if hand == BUST {
        return plain(-1.0);
    }
    let mut open = s.openings[up][hand as usize];
    if force_split {
        open.mv = First::Split;
        open.insure = false;
    }
    if open.even_money {
        return plain(1.0);
    }
    let side = match (open.insure, dealer_natural) {
        (false, _) => 0.0,
        (true, true) => 1.0,
        (true, false) => -0.5,
    };
    let natural = h.is_natural(hand);
    if open.mv == First::Surrender && t.early {
        return plain(side - 0.5);
    }
    if dealer_natural && (t.peek || natural) {
        return plain(side + if natural { 0.0 } else { -1.0 });
    }
    if natural {
        return plain(side + t.pays);
    }
    if open.mv == First::Surrender {
        return plain(side + if dealer_natural { -1.0 } else { -0.5 });
    }
    let split = match s.splits[up][first].as_ref() {
        Some(play) if open.mv == First::Split => Some(play),
        _ => None,
    };
    let (finished, count) = match (open.mv, split) {
        (_, Some(play)) => play_split_hands(t, s, shoe, rng, play, first),
        (First::Double, _) => {
            let one = h.child(hand, shoe.draw(rng));
            ([(one, 2.0); 4], 1)
        }
        (First::Hit, _) => {
            let mut id = hand;
            while id != BUST && s.hits[up][id as usize] {
                id = h.child(id, shoe.draw(rng));
            }
            ([(id, 1.0); 4], 1)
        }
        _ => ([(hand, 1.0); 4], 1),
    };
    let main = settle(t, s, shoe, rng, dealer, dealer_natural, &(finished, count));
    Round {
        payoff: side + main,
        split: split
            .filter(|_| !(dealer_natural && t.split_given_no_natural))
            .map(|_| (up, first, main)),
    }
}

/// Plays the hands of a split pair of rank index `x` one after the other.
fn play_split_hands<R: Rng>(
    t: &Table,
    s: &Tables,
    shoe: &mut CardShoe,
    rng: &mut R,
    play: &SplitPlay,
    x: usize,
) -> Finished {
    let h = &s.hands;
    let one = h.child(0, x);
    let may_resplit = x != Rank::ACE.index() || t.resplit_aces;
    let mut out = [(BUST, 1.0); 4];
    let mut count = 2;
    let mut j = 0;
    while j < count {
        let mut card = shoe.draw(rng);
        while card == x && may_resplit && count < t.max_hands && play.resplits(count, count - j) {
            count += 1;
            card = shoe.draw(rng);
        }
        let plan = play.plan(count);
        let mut id = h.child(one, card);
        let mut bet = 1.0;
        while id != BUST {
            match plan[id as usize] {
                Action::Stand => break,
                Action::Hit => id = h.child(id, shoe.draw(rng)),
                Action::Double => {
                    bet = 2.0;
                    id = h.child(id, shoe.draw(rng));
                    break;
                }
            }
        }
        out[j] = (id, bet);
        j += 1;
    }
    (out, count)
}

/// The dealer's draws (when a hand is live) and the hands' net result; a
/// dealer natural (only without the peek) takes the bets
/// `dealer.enhc_loses` names.
fn settle<R: Rng>(
    t: &Table,
    s: &Tables,
    shoe: &mut CardShoe,
    rng: &mut R,
    mut dealer: HandId,
    dealer_natural: bool,
    (finished, count): &Finished,
) -> f64 {
    let h = &s.hands;
    let hands = &finished[..*count];
    if dealer_natural {
        // Without the peek (with it a dealer natural ends the round first).
        return match t.enhc_loses {
            EnhcLoses::All => -hands.iter().map(|&(_, bet)| bet).sum::<f64>(),
            EnhcLoses::Obo => -1.0,
            EnhcLoses::Obbo => hands
                .iter()
                .map(|&(id, bet)| if id == BUST { -bet } else { -1.0 })
                .sum(),
        };
    }
    if hands.iter().all(|&(id, _)| id == BUST) {
        return -hands.iter().map(|&(_, bet)| bet).sum::<f64>();
    }
    while dealer != BUST {
        let total = h.total(dealer);
        let draws = total < 17 || (total == 17 && t.hit_soft_17 && h.soft(dealer));
        if !draws {
            break;
        }
        dealer = h.child(dealer, shoe.draw(rng));
    }
    let dealer_total = if dealer == BUST { 0 } else { h.total(dealer) };
    hands
        .iter()
        .map(|&(id, bet)| {
            if id == BUST {
                -bet
            } else if dealer == BUST {
                bet
            } else {
                match h.total(id).cmp(&dealer_total) {
                    std::cmp::Ordering::Greater => bet,
                    std::cmp::Ordering::Equal => 0.0,
                    std::cmp::Ordering::Less => -bet,
                }
            }
        })
        .sum()
}
