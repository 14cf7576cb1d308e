//! Splitting a pair, resplits included, under the algorithm chosen by
//! `split.algorithm`.
//!
//! **Dealing.** The split hands are played one after the other. A hand
//! starts with its pair card and draws its second card when its turn
//! comes; a pair card drawn as a second card while fewer than
//! `split.max_hands` hands exist (and the pair may be resplit: aces only
//! with `split.resplit_aces`) starts a new hand, played after the existing
//! ones, and the hand draws another second card. Split hands make no
//! naturals, split aces take one card each unless `split.hit_split_aces`,
//! and a two-card split hand may double when `double.after_split` and
//! `double.allowed` allow it. "`h` hands split" below counts the hands
//! that exist when a hand is played, its own resplits included.
//!
//! # `cdp1` (the default)
//!
//! Convention (named after the published analyzers' terms): **CDP1 strategy,
//! hands valued by the number of hands split**. Every split hand starts
//! from one pair card and plays on with the composition-dependent strategy
//! that is optimal for it given the pair cards out of the shoe (doubling
//! when `double.after_split` allows it). A hand drawn to while `h` hands
//! exist is valued with `h` pair cards and the upcard out: the pair cards of
//! the hands already split are removed, the other cards drawn to them are
//! not (the convention of the Wizard of Odds' appendix tables). Resplits
//! follow from the chance that a hand draws another pair card, the number
//! of hands (up to `split.max_hands`) is counted exactly, and a resplit is
//! taken only when it is worth more than playing the pair on.
//!
//! With an infinite deck no card is ever removed, so this is exact. Without
//! resplits (`split.max_hands = 2`, or a pair that cannot resplit) it is
//! exact for a finite shoe too: each hand's strategy depends only on its own
//! cards, and the cards after a stopping time of a shuffled shoe are
//! distributed as a fresh draw (optional stopping), so the second hand is
//! worth what the first is. With resplits on a finite shoe the cards drawn
//! to the other hands are ignored; the whole resplit option is worth about
//! 0.03% of the game, so the error is a small fraction of that.
//!
//! # `cdz-`
//!
//! Post-split play is fixed to the pre-split composition-dependent
//! strategy: a split hand holding cards `c` stands, hits or doubles as the
//! best of those moves is for the unsplit hand `c` (values with only `c`
//! and the upcard out of the shoe, as analyzers commonly default to);
//! doubling only where `double.after_split` allows it, and split aces that
//! may not draw stand. Pairs are resplit whenever the rules allow it. The
//! value is exact (below).
//!
//! # `cdp`
//!
//! Post-split play optimal for each split hand's own composition: a hand
//! holding `c` while `h` hands are split plays the best move for `c` with
//! `c`, the other `h - 1` pair cards and the upcard out (the strategy of
//! `cdp1`, which may differ by `h`). Pairs are resplit whenever the rules
//! allow it. The value is exact, resplits included: the cards the other
//! split hands draw are counted in expectation exactly (below).
//!
//! Both exact algorithms break ties the same way: a hand hits only when
//! hitting beats standing by more than 1e-12, and doubles
//! only when doubling beats both by more than that.
//!
//! # Exact values for `cdz-` and `cdp`, and the proof
//!
//! Let `S` be the cards left once the upcard and the pair are dealt (`N`
//! cards, `p` pair cards), in uniformly random order; the hole card is one
//! of them. Under both algorithms every decision of a split hand depends
//! only on its own cards and on `h`, and `h` only on which second-card draws
//! were pair cards. So the round is a sequence of *blocks*, each
//! self-delimiting (whether a block is complete depends on its own cards
//! and on the pattern of resplits only):
//!
//! * for each hand `j`: `r_j` pair cards that it resplits, then its second
//!   card — *barred* (not a pair card) when a pair card would have been
//!   resplit, free otherwise — then the rest of its cards;
//! * the dealer's hole card and draws; under the peek the hole card must
//!   not complete a natural, and the result is divided by the chance of
//!   that, `P(hole not natural | S)`, as the other values of the row are.
//!
//! **Lemma (reordering).** The probability that a shuffled shoe deals a
//! given sequence of cards depends only on the multiset of its cards. So
//! for blocks taken from sets defined by their own content, the total
//! probability of "block A then block B" equals that of "B then A", and a
//! block set whose members' probabilities sum to one (a complete stopping
//! rule: a hand played to the end, a free second card) sums to one at any
//! place in the order, provided the shoe cannot run out.
//!
//! Fix a resplit pattern `(r_1, r_2, ...)`, `K = sum r_j` pair cards
//! resplit, and look at hand `j`'s payoff, which depends on hand `j`'s
//! cards and the dealer's. By the lemma, move every other hand's rest of
//! cards, and every free second card of another hand, to the end of the
//! round: they sum out to one. Move the `K` resplit pair cards to the
//! front: probability `p(p-1)...(p-K+1) / N(N-1)...(N-K+1)`. Move the `m`
//! barred second cards of the other hands right after the dealer: summed
//! over their ranks, "`m` cards, none a pair card" has probability
//! `w_m = (o)_m / (t)_m` (falling factorials) where `t` is the number of
//! cards left after the dealer and `o` how many of them are not pair
//! cards. What remains is hand `j` played from `S` minus the `K` pair
//! cards by its own plan (its second card barred or free), then the
//! dealer's hand, every dealer outcome weighted by `w_m` of the cards left
//! after it ([`super::dealer::GhostOutcome`]; a bust loses the total weight
//! of the dealer's possible hands, `P(hole permitted, then m non-pair
//! cards)`). The split's value is the sum over patterns of `P(K pair
//! cards)` times the sum over its hands of these values. Each is computed
//! on the hand DAG of the pair card, once per (`K`, `m`, plan), so the
//! method costs a few passes per pair and upcard, with dealer passes per
//! removal shared with the strategy's values. The tests check it against
//! a card-by-card enumeration of whole rounds on reduced shoes to 1e-12.
//!
//! **Orderings that are theorems.** Without resplits (`split.max_hands =
//! 2`, or aces without `split.resplit_aces`) `cdp` equals `cdp1` (both are
//! exact and play the same strategy), and `cdp ≥ cdz-`: each hand is worth
//! what the first is played alone with the other pair card out (the lemma),
//! and `cdp`'s plan is the best plan for that. For the infinite deck `cdp`
//! and `cdz-` play the same strategy and are equal. With resplits no
//! ordering among the three is a theorem: the plans choose each hand's move
//! for that hand alone, and `cdp1`'s value is an approximation.

use crate::cards::{Counts, RANK_COUNT, Rank};
use crate::games::blackjack::rules::{BlackjackRules, SplitAlgorithm};

use super::hands::BUST;
use super::player::{Context, Play, Values};
use super::{enhc, split_exact};

/// What a split hand's second card brings, with a given number of pair
/// cards out of the shoe.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct SecondCard {
    /// Probability that the second card is another pair card.
    p_pair: f64,
    /// The probability-weighted value of the other second cards.
    no_pair: f64,
    /// The value of a pair played on without splitting.
    pair_on: f64,
}

/// The value of splitting a pair of `pair` against `upcard` under the
/// rules' split algorithm (in units of the original bet, all hands
/// together, given no dealer natural under the peek).
pub fn split_value(ctx: &mut Context, rules: &BlackjackRules, pair: Rank, upcard: Rank) -> f64 {
    if rules.split.algorithm != SplitAlgorithm::Cdp1 {
        return split_exact::exact_split_value(ctx, rules, pair, upcard);
    }
    let may_resplit = !pair.is_ace() || rules.split.resplit_aces;
    let max_hands = u32::from(rules.split.max_hands);
    let most = if may_resplit { max_hands } else { 2 };
    let draws: Vec<SecondCard> = (2..=most.max(2))
        .map(|hands| {
            let values = cdp1_values(ctx, pair, upcard, hands);
            let draw = second_card(ctx, rules, &values, pair);
            ctx.recycle(values);
            draw
        })
        .collect();
    hands_value(2, 2, max_hands, may_resplit, &draws)
}

/// The values `cdp1` plays a split hand of `pair` by while `hands` hands
/// exist: the hands holding a pair card, with `hands - 1` more pair cards
/// out of the shoe.
pub(super) fn cdp1_values(ctx: &mut Context, pair: Rank, upcard: Rank, hands: u32) -> Values {
    let x = pair.index();
    let mut extra: Counts = [0; RANK_COUNT];
    extra[x] = (hands - 1) as u8;
    ctx.values(upcard, &extra, 1, |c| c[x] >= 1, Play::Optimal)
}

/// The second card of a split hand of `pair` played by `values` (from
/// [`cdp1_values`] for the number of hands that exist).
pub(super) fn second_card(
    ctx: &Context,
    rules: &BlackjackRules,
    values: &Values,
    pair: Rank,
) -> SecondCard {
    let x = pair.index();
    let index = &ctx.hands;
    let one = index.child(0, x);
    let draws_on = !pair.is_ace() || rules.split.hit_split_aces;
    let second = |id: u32| -> f64 {
        if id == BUST {
            return -1.0;
        }
        let i = id as usize;
        if !draws_on {
            return values.stand[i];
        }
        let mut best = values.stand[i].max(values.hit[i]);
        if rules.double.after_split && rules.double.allowed.allows(index.total(id)) {
            best = best.max(enhc::double_value(ctx, rules, values, id));
        }
        best
    };
    if one == BUST {
        return SecondCard {
            p_pair: 0.0,
            no_pair: 0.0,
            pair_on: 0.0,
        };
    }
    let next = values.next[one as usize];
    let no_pair = (0..RANK_COUNT)
        .filter(|&r| r != x && next[r] > 0.0)
        .map(|r| next[r] * second(index.child(one, r)))
        .sum();
    SecondCard {
        p_pair: next[x],
        no_pair,
        pair_on: second(index.child(one, x)),
    }
}

/// The value of `pending` one-card hands when `hands` exist: each draws its
/// second card as `draws[hands - 2]` says, and a pair is resplit when the
/// rules allow it and it is worth more than playing the pair on.
pub(super) fn hands_value(
    hands: u32,
    pending: u32,
    max_hands: u32,
    may_resplit: bool,
    draws: &[SecondCard],
) -> f64 {
    if pending == 0 {
        return 0.0;
    }
    let draw = draws[(hands as usize - 2).min(draws.len() - 1)];
    let rest = hands_value(hands, pending - 1, max_hands, may_resplit, draws);
    let keep = draw.p_pair * (draw.pair_on + rest);
    let with_pair = if may_resplit && hands < max_hands {
        let resplit = hands_value(hands + 1, pending + 1, max_hands, may_resplit, draws);
        keep.max(draw.p_pair * resplit)
    } else {
        keep
    };
    draw.no_pair + (1.0 - draw.p_pair) * rest + with_pair
}

/// Whether `cdp1` resplits a pair card drawn as the second card of the
/// first of `pending` one-card hands while `hands` hands exist: the choice
/// [`hands_value`] makes (resplit when worth more than playing the pair on).
pub(super) fn resplits(
    hands: u32,
    pending: u32,
    max_hands: u32,
    may_resplit: bool,
    draws: &[SecondCard],
) -> bool {
    if !may_resplit || hands >= max_hands || pending == 0 {
        return false;
    }
    let draw = draws[(hands as usize - 2).min(draws.len() - 1)];
    let rest = hands_value(hands, pending - 1, max_hands, may_resplit, draws);
    let resplit = hands_value(hands + 1, pending + 1, max_hands, may_resplit, draws);
    draw.p_pair * resplit > draw.p_pair * (draw.pair_on + rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draw(p_pair: f64, no_pair: f64, pair_on: f64) -> SecondCard {
        SecondCard {
            p_pair,
            no_pair,
            pair_on,
        }
    }

    #[test]
    fn later_hands_use_their_own_shoe() {
        // The third hand never draws a pair: with three hands and room for
        // four, only the first two hands' pair draws resplit.
        let draws = [
            draw(1.0, 0.0, 0.25),
            draw(0.0, 0.5, 0.0),
            draw(0.0, 0.5, 0.0),
        ];
        // Hand 1 resplits (3 hands), then every hand draws with 3 hands out:
        // all three end with 0.5.
        let v = hands_value(2, 2, 4, true, &draws);
        assert!((v - 1.5).abs() < 1e-12, "{v}");
    }

    #[test]
    fn two_hands_without_resplits_are_twice_one_hand() {
        // No resplit: each of two hands is worth no_pair + p_pair * pair_on.
        let v = hands_value(2, 2, 2, true, &[draw(0.1, 0.3, 0.5)]);
        assert!((v - 2.0 * (0.3 + 0.1 * 0.5)).abs() < 1e-12);
    }

    #[test]
    fn resplits_count_the_extra_hands() {
        // A pair card always comes and is always worth resplitting up to 4
        // hands; then all four hands are pairs played on.
        let always = [draw(1.0, 0.0, 0.25); 3];
        let v = hands_value(2, 2, 4, true, &always);
        assert!((v - 4.0 * 0.25).abs() < 1e-12);
        let never = hands_value(2, 2, 4, false, &always);
        assert!((never - 2.0 * 0.25).abs() < 1e-12);
        // Resplitting a losing pair is declined.
        let declined = hands_value(2, 2, 4, true, &[draw(1.0, 0.0, -0.25); 3]);
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
