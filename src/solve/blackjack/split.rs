//! Splitting a pair, resplits included.
//!
//! Convention (named after the published analyzers' terms): **CDP1 strategy
//! with the first-hand approximation**. Every split hand is valued as the
//! first hand after the split: it starts from one pair card with both
//! original pair cards and the upcard out of the shoe, and plays on with the
//! composition-dependent strategy that is optimal for that hand (doubling
//! when `double.after_split` allows it). Resplits follow from the chance
//! that this hand draws another pair card, and the number of hands (up to
//! `split.max_hands`) is counted exactly, with the resplit taken only when
//! it is worth more than playing the pair on. The cards drawn to the other
//! split hands (and further pair cards) are not removed from the shoe.
//!
//! With an infinite deck no card is ever removed, so this is exact. Without
//! resplits (`split.max_hands = 2`, or a pair that cannot resplit) it is
//! exact for a finite shoe too: each hand's strategy depends only on its own
//! cards, and the cards after a stopping time of a shuffled shoe are
//! distributed as a fresh draw (optional stopping), so the second hand is
//! worth what the first is. With resplits on a finite shoe, the third and
//! fourth hands are valued with two pair cards out instead of three or
//! four; the whole resplit option is worth about 0.04% of the game, so the
//! error is a small fraction of that.

use crate::cards::{Counts, RANK_COUNT, Rank};
use crate::rules::BlackjackRules;

use super::hands::BUST;
use super::player::{Context, Play};

/// The value of splitting a pair of `pair` against `upcard` (in units of
/// the original bet, all hands together).
pub fn split_value(ctx: &mut Context, rules: &BlackjackRules, pair: Rank, upcard: Rank) -> f64 {
    let x = pair.index();
    let mut extra: Counts = [0; RANK_COUNT];
    extra[x] = 1;
    let values = ctx.values(upcard, &extra, 1, |c| c[x] >= 1, Play::Optimal);
    let hands = &ctx.hands;
    let one = hands.child(0, x);
    if one == BUST {
        return 0.0;
    }
    let aces = pair.is_ace();
    let draws_on = !aces || rules.split.hit_split_aces;
    let second = |id: u32| -> f64 {
        let i = id as usize;
        if !draws_on {
            return values.stand[i];
        }
        let mut best = values.stand[i].max(values.hit[i]);
        if rules.double.after_split && rules.double.allowed.allows(hands.total(id)) {
            best = best.max(2.0 * values.hit_once[i]);
        }
        best
    };
    let next = values.next[one as usize];
    let p_pair = next[x];
    let mut no_pair = 0.0;
    for (r, &q) in next.iter().enumerate() {
        if r != x && q > 0.0 {
            let child = hands.child(one, r);
            no_pair += q * if child == BUST { -1.0 } else { second(child) };
        }
    }
    let pair_on = {
        let child = hands.child(one, x);
        if child == BUST { -1.0 } else { second(child) }
    };
    let may_resplit = !aces || rules.split.resplit_aces;
    let max_hands = u32::from(rules.split.max_hands);
    hands_value(2, 2, max_hands, may_resplit, p_pair, no_pair, pair_on)
}

/// The value of `pending` one-card hands when `hands` exist: each draws its
/// second card, a pair card with probability `p_pair`; `no_pair` is the
/// probability-weighted value of the other second cards, `pair_on` the
/// value of a pair played on without splitting.
fn hands_value(
    hands: u32,
    pending: u32,
    max_hands: u32,
    may_resplit: bool,
    p_pair: f64,
    no_pair: f64,
    pair_on: f64,
) -> f64 {
    if pending == 0 {
        return 0.0;
    }
    let rest = hands_value(
        hands,
        pending - 1,
        max_hands,
        may_resplit,
        p_pair,
        no_pair,
        pair_on,
    );
    let keep = p_pair * pair_on + rest * p_pair;
    let with_pair = if may_resplit && hands < max_hands {
        let resplit = hands_value(
            hands + 1,
            pending + 1,
            max_hands,
            may_resplit,
            p_pair,
            no_pair,
            pair_on,
        );
        keep.max(p_pair * resplit)
    } else {
        keep
    };
    no_pair + (1.0 - p_pair) * rest + with_pair
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_hands_without_resplits_are_twice_one_hand() {
        // No resplit: each of two hands is worth no_pair + p_pair * pair_on.
        let v = hands_value(2, 2, 2, true, 0.1, 0.3, 0.5);
        assert!((v - 2.0 * (0.3 + 0.1 * 0.5)).abs() < 1e-12);
    }

    #[test]
    fn resplits_count_the_extra_hands() {
        // A pair card always comes and is always worth resplitting up to 4
        // hands; then all four hands are pairs played on.
        let v = hands_value(2, 2, 4, true, 1.0, 0.0, 0.25);
        assert!((v - 4.0 * 0.25).abs() < 1e-12);
        let never = hands_value(2, 2, 4, false, 1.0, 0.0, 0.25);
        assert!((never - 2.0 * 0.25).abs() < 1e-12);
        // Resplitting a losing pair is declined.
        let declined = hands_value(2, 2, 4, true, 1.0, 0.0, -0.25);
        assert!((declined + 2.0 * 0.25).abs() < 1e-12);
    }

    #[test]
    fn split_hand_values_are_computed() {
        use super::super::hands::{Hands, Shoe};
        use crate::cards::Deck;
        let rules = BlackjackRules::default();
        let deck = Deck::new(1, false);
        let mut ctx = Context::new(Hands::new(&deck, &rules.ace), Shoe::new(&deck), false, true);
        let mut extra = [0; RANK_COUNT];
        extra[Rank::new(6).index()] = 1;
        let values = ctx.values(Rank::new(4), &extra, 1, |c| c[6] >= 1, Play::Optimal);
        let one_eight = ctx.hands.child(0, 6) as usize;
        assert!(values.stand[one_eight] < 0.0);
        // Splitting 8s against a 6 beats standing on 16 by a wide margin.
        let split = split_value(&mut ctx, &rules, Rank::new(6), Rank::new(4));
        assert!(split > 0.0, "{split}");
    }
}
