//! Terminal values in time linear in the ranges' sizes, with card removal.
//!
//! A hand `h` meets the opponent's hands that share no card with it: the
//! opponent's total reach minus the reach on each of `h`'s two cards
//! (per-card sums), plus the reach of the opponent's copy of `h` itself,
//! which both card sums took away (inclusion–exclusion). At a showdown the
//! same sums run over the opponent's hands weaker (or stronger) than `h`,
//! gathered in one sweep up (or down) the hands sorted by strength.

use super::game::{Hands, RiverGame};

impl RiverGame {
    /// `out[h]` = the reach of `opponent_reach`'s hands that share no card
    /// with `player`'s hand `h`.
    pub(super) fn compatible_reach(&self, player: usize, opponent_reach: &[f64], out: &mut [f64]) {
        let (mine, theirs) = (&self.hands[player], &self.hands[1 - player]);
        let mut per_card = [0.0; 52];
        let mut total = 0.0;
        for (&reach, cards) in opponent_reach.iter().zip(&theirs.cards) {
            total += reach;
            per_card[usize::from(cards[0])] += reach;
            per_card[usize::from(cards[1])] += reach;
        }
        for (hand, out) in out.iter_mut().enumerate() {
            let [a, b] = mine.cards[hand];
            let same = theirs.of_combo[usize::from(mine.combos[hand])];
            let same = if same == u32::MAX {
                0.0
            } else {
                opponent_reach[same as usize]
            };
            *out = total - per_card[usize::from(a)] - per_card[usize::from(b)] + same;
        }
    }

    /// Showdown values: `out[h] = scale × (reach of weaker compatible
    /// hands − reach of stronger compatible hands)`.
    pub(super) fn showdown(
        &self,
        player: usize,
        opponent_reach: &[f64],
        scale: f64,
        out: &mut [f64],
    ) {
        let (mine, theirs) = (&self.hands[player], &self.hands[1 - player]);
        // Up the order: the opponent's hands strictly weaker than each hand.
        let mut sweep = Sweep::new();
        let mut next = 0;
        for &hand in &mine.sorted {
            let hand = hand as usize;
            let rank = mine.ranks[hand];
            while next < theirs.sorted.len() && theirs.ranks[theirs.sorted[next] as usize] < rank {
                sweep.add(theirs, theirs.sorted[next] as usize, opponent_reach);
                next += 1;
            }
            out[hand] = sweep.without(mine.cards[hand]);
        }
        // Down the order: the opponent's hands strictly stronger.
        let mut sweep = Sweep::new();
        let mut next = theirs.sorted.len();
        for &hand in mine.sorted.iter().rev() {
            let hand = hand as usize;
            let rank = mine.ranks[hand];
            while next > 0 && theirs.ranks[theirs.sorted[next - 1] as usize] > rank {
                next -= 1;
                sweep.add(theirs, theirs.sorted[next] as usize, opponent_reach);
            }
            out[hand] = scale * (out[hand] - sweep.without(mine.cards[hand]));
        }
    }
}

/// Reach gathered so far in a sweep: in total and per card. A hand of
/// different strength is never the same combo, so no correction is due.
struct Sweep {
    total: f64,
    per_card: [f64; 52],
}

impl Sweep {
    /// Nothing gathered.
    fn new() -> Sweep {
        Sweep {
            total: 0.0,
            per_card: [0.0; 52],
        }
    }

    /// Adds the opponent's hand `hand`.
    fn add(&mut self, hands: &Hands, hand: usize, reach: &[f64]) {
        let reach = reach[hand];
        let [a, b] = hands.cards[hand];
        self.total += reach;
        self.per_card[usize::from(a)] += reach;
        self.per_card[usize::from(b)] += reach;
    }

    /// The gathered reach of hands that share neither card.
    fn without(&self, cards: [u8; 2]) -> f64 {
        self.total - self.per_card[usize::from(cards[0])] - self.per_card[usize::from(cards[1])]
    }
}
