//! Exact split values for `cdp` and `cdz-`: the split hands' strategy (one
//! plan per number of hands split for `cdp`, one for `cdz-`) and its
//! exact value, summed over the resplit patterns with the cards of the
//! other split hands counted in expectation. The method and its proof are
//! in the [`split`](super::split) module doc.

use crate::cards::{Counts, RANK_COUNT, Rank};
use crate::games::blackjack::rules::{BlackjackRules, SplitAlgorithm};

use super::dealer::{DealerOutcome, GhostOutcome, MAX_GHOSTS, NATURAL, ghost_weights};
use super::fx_hash::FxHashMap;
use super::hands::BUST;
use super::player::{Context, Play};
use super::split_plan::{Action, Plan, plan, reachable};
use super::{charlie, enhc};

/// One split hand of a resplit pattern.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Slot {
    /// Hands split when this hand is played (its own resplits included).
    hands: u32,
    /// Whether its second card is known not to be a pair card (a pair card
    /// would have been resplit).
    barred: bool,
}

/// The resplit patterns: for each, the number of pair cards drawn and
/// resplit, and the split hands in the order they are played.
fn patterns(max_hands: u32, may_resplit: bool) -> Vec<(u32, Vec<Slot>)> {
    fn walk(
        hands: u32,
        resplit: u32,
        slots: &mut Vec<Slot>,
        rule: (u32, bool),
        out: &mut Vec<(u32, Vec<Slot>)>,
    ) {
        let (max_hands, may_resplit) = rule;
        if slots.len() as u32 == hands {
            out.push((resplit, slots.clone()));
            return;
        }
        let most = if may_resplit { max_hands - hands } else { 0 };
        for r in 0..=most {
            let now = hands + r;
            slots.push(Slot {
                hands: now,
                barred: may_resplit && now < max_hands,
            });
            walk(now, resplit + r, slots, rule, out);
            slots.pop();
        }
    }
    let mut out = Vec::new();
    walk(
        2,
        0,
        &mut Vec::new(),
        (max_hands.max(2), may_resplit),
        &mut out,
    );
    out
}

/// The shoe for one number of resplit pair cards: per hand the split hands
/// can reach, the dealer's ghost-weighted outcome and the player's next-card
/// probabilities, with the hand's cards, the other pair cards out
/// (`extra`) and the upcard out.
struct Removal {
    extra: Counts,
    /// Per hand: its entry in `live`, or [`Removal::NONE`] when the split
    /// hands cannot reach it or the shoe cannot deal it.
    entry: Vec<u32>,
    /// Per live hand: the ghost-weighted outcome and the next-card
    /// probabilities.
    live: Vec<(GhostOutcome, [f64; RANK_COUNT])>,
}

impl Removal {
    /// No entry.
    const NONE: u32 = u32::MAX;

    /// Whether hand `i` is live.
    fn is_live(&self, i: usize) -> bool {
        self.entry[i] != Removal::NONE
    }

    /// Hand `i`'s ghost-weighted outcome (zero when not live).
    fn ghosts(&self, i: usize) -> &GhostOutcome {
        const NONE: GhostOutcome = GhostOutcome {
            p: [[0.0; 7]; MAX_GHOSTS + 1],
        };
        self.live
            .get(self.entry[i] as usize)
            .map_or(&NONE, |e| &e.0)
    }

    /// Hand `i`'s next-card probabilities (zero when not live).
    fn next(&self, i: usize) -> &[f64; RANK_COUNT] {
        self.live
            .get(self.entry[i] as usize)
            .map_or(&[0.0; RANK_COUNT], |e| &e.1)
    }
}

/// What every hand computation for one split pair needs.
struct Split {
    x: usize,
    upcard: Rank,
    /// Hole cards that may lie under the upcard: all without the peek, the
    /// ones that make no natural with it.
    holes: [bool; RANK_COUNT],
    /// Whether a dealer natural takes one unit of a double that did not
    /// bust (ENHC's OBBO).
    returns_doubles: bool,
    /// The Charlie's number of cards (0: off).
    charlie: u8,
}

impl Split {
    /// The removal with `extra_pairs` more pair cards out; `seen` keeps
    /// the ghost outcomes by the cards out, shared between removals (a hand
    /// with one more pair card and one fewer extra is the same shoe). The
    /// ones not yet seen are computed several per walk of the dealer.
    fn removal(
        &self,
        ctx: &mut Context,
        extra_pairs: u8,
        seen: &mut FxHashMap<Counts, GhostOutcome>,
        reached: &[bool],
    ) -> Removal {
        let mut extra = [0; RANK_COUNT];
        extra[self.x] = extra_pairs;
        let mut hands = Vec::new();
        for size in 1..=ctx.hands.max_cards() {
            for id in ctx.hands.of_size(size) {
                if !reached[id as usize] {
                    continue;
                }
                let removed = add(ctx.hands.counts(id), &extra);
                if ctx.feasible(&removed, self.upcard) {
                    hands.push((id as usize, removed));
                }
            }
        }
        let missing: Vec<Counts> = hands
            .iter()
            .map(|&(_, removed)| removed)
            .filter(|removed| !seen.contains_key(removed))
            .collect();
        let found = ctx.ghost_outcomes(&missing, self.upcard, self.x);
        seen.extend(missing.into_iter().zip(found));
        let mut r = Removal {
            extra,
            entry: vec![Removal::NONE; ctx.hands.len()],
            live: Vec::with_capacity(hands.len()),
        };
        for (i, removed) in hands {
            r.entry[i] = r.live.len() as u32;
            let next = ctx.shoe.next(&with_upcard(&removed, self.upcard));
            r.live.push((seen[&removed], next));
        }
        r
    }

    /// The ghost-weighted probability that the dealer's hand (with a
    /// permitted hole card) and `ghosts` non-pair cards after it can be
    /// dealt once `removed` and the upcard are out: what a bust loses.
    fn bust_loss(&self, ctx: &Context, removed: &Counts, ghosts: usize) -> f64 {
        let (left, total) = ctx.shoe.left(&with_upcard(removed, self.upcard));
        if total <= 0.0 {
            return 0.0;
        }
        let step = if ctx.shoe.is_infinite() { 0.0 } else { 1.0 };
        let others = total - left[self.x];
        let hole_pair = if self.holes[self.x] {
            left[self.x]
        } else {
            0.0
        };
        let hole_other: f64 = (0..RANK_COUNT)
            .filter(|&r| r != self.x && self.holes[r])
            .map(|r| left[r])
            .sum();
        let after_pair = ghost_weights(others, total - step, ctx.shoe.is_infinite())[ghosts];
        let after_other =
            ghost_weights(others - step, total - step, ctx.shoe.is_infinite())[ghosts];
        (hole_pair * after_pair + hole_other * after_other) / total
    }

    /// The exact value of one split hand from its pair card on, played by
    /// `plan` with `removal`'s cards out and `ghosts` barred second cards of
    /// other hands: (second card barred from the pair rank, any second
    /// card), both before dividing by the chance of no dealer natural.
    fn hand_value(&self, ctx: &Context, removal: &Removal, plan: &Plan, ghosts: usize) -> [f64; 2] {
        let hands = &ctx.hands;
        let n = hands.len();
        let mut value = vec![0.0; n];
        let mut stand = vec![0.0; n];
        for size in (2..=hands.max_cards()).rev() {
            for id in hands.of_size(size) {
                let i = id as usize;
                if !removal.is_live(i) {
                    continue;
                }
                let mut p = removal.ghosts(i).p[ghosts];
                if ctx.peek {
                    p[NATURAL] = 0.0;
                }
                stand[i] = if charlie::reached(self.charlie, size) {
                    charlie::value(&p).0
                } else {
                    DealerOutcome { p }.stand_value(hands.total(id))
                };
                let action = plan.actions[i];
                if action == Action::Stand {
                    value[i] = stand[i];
                    continue;
                }
                let removed = add(hands.counts(id), &removal.extra);
                let (mut sum, mut returned) = (0.0, 0.0);
                for (r, &q) in removal.next(i).iter().enumerate() {
                    if q == 0.0 {
                        continue;
                    }
                    let child = hands.child(id, r);
                    let v = if child == BUST {
                        let mut busted = removed;
                        busted[r] += 1;
                        -self.bust_loss(ctx, &busted, ghosts)
                    } else if action == Action::Hit {
                        value[child as usize]
                    } else {
                        // OBBO: a dealer natural takes one unit of the
                        // double, not two.
                        returned += q * removal.ghosts(child as usize).p[ghosts][NATURAL];
                        stand[child as usize]
                    };
                    sum += q * v;
                }
                value[i] = match action {
                    Action::Double if self.returns_doubles => 2.0 * sum + returned,
                    Action::Double => 2.0 * sum,
                    _ => sum,
                };
            }
        }
        let one = hands.child(0, self.x);
        if one == BUST || !removal.is_live(one as usize) {
            return [0.0; 2];
        }
        let mut out = [0.0; 2];
        for (r, &q) in removal.next(one as usize).iter().enumerate() {
            let two = hands.child(one, r);
            if q == 0.0 || two == BUST {
                continue;
            }
            let v = q * value[two as usize];
            out[1] += v;
            if r != self.x {
                out[0] += v;
            }
        }
        out
    }
}

fn add(a: &Counts, b: &Counts) -> Counts {
    std::array::from_fn(|r| a[r].saturating_add(b[r]))
}

fn with_upcard(removed: &Counts, upcard: Rank) -> Counts {
    let mut out = *removed;
    out[upcard.index()] = out[upcard.index()].saturating_add(1);
    out
}

/// The split hands' plans under `cdp` (one per number of hands split, 2
/// up to the most the pair can reach) or `cdz-` (one), for a pair of `pair`
/// against `upcard`.
pub(super) fn split_plans(
    ctx: &mut Context,
    rules: &BlackjackRules,
    pair: Rank,
    upcard: Rank,
) -> Vec<Plan> {
    let x = pair.index();
    let may_resplit = !pair.is_ace() || rules.split.resplit_aces;
    let most = if may_resplit {
        u32::from(rules.split.max_hands).max(2)
    } else {
        2
    };
    let draws_on = !pair.is_ace() || rules.split.hit_split_aces;
    match rules.split.algorithm {
        SplitAlgorithm::CdzMinus => {
            let values = ctx.values(upcard, &[0; RANK_COUNT], 2, |c| c[x] >= 1, Play::Optimal);
            let chosen = plan(ctx, rules, &values, x, draws_on);
            ctx.recycle(values);
            vec![chosen]
        }
        _ => (2..=most)
            .map(|hands| {
                let mut extra = [0; RANK_COUNT];
                extra[x] = (hands - 1) as u8;
                let values = ctx.values(upcard, &extra, 1, |c| c[x] >= 1, Play::Optimal);
                let chosen = plan(ctx, rules, &values, x, draws_on);
                ctx.recycle(values);
                chosen
            })
            .collect(),
    }
}

/// The exact value of splitting a pair of `pair` against `upcard` under
/// `cdp` or `cdz-` (all hands together, in units of the original bet,
/// given no dealer natural under the peek).
pub fn exact_split_value(
    ctx: &mut Context,
    rules: &BlackjackRules,
    pair: Rank,
    upcard: Rank,
) -> f64 {
    let x = pair.index();
    let may_resplit = !pair.is_ace() || rules.split.resplit_aces;
    let max_hands = u32::from(rules.split.max_hands).max(2);
    let most = if may_resplit { max_hands } else { 2 };
    let natural = ctx.natural_holes[upcard.index()];
    let split = Split {
        x,
        upcard,
        holes: std::array::from_fn(|r| !(ctx.peek && natural[r])),
        returns_doubles: enhc::returns_doubles(rules),
        charlie: rules.charlie,
    };
    // The shoe once the pair and the upcard are out.
    let mut dealt = [0; RANK_COUNT];
    dealt[x] = 2;
    let (left, total) = ctx.shoe.left(&with_upcard(&dealt, upcard));
    if total <= 0.0 || left[x] < 0.0 {
        return 0.0;
    }
    let no_natural: f64 = (0..RANK_COUNT)
        .filter(|&r| split.holes[r])
        .map(|r| left[r])
        .sum::<f64>()
        / total;
    if no_natural <= 0.0 {
        return 0.0;
    }
    let step = if ctx.shoe.is_infinite() { 0.0 } else { 1.0 };
    let plans = split_plans(ctx, rules, pair, upcard);
    // Ghost-weighted dealer outcomes only for the hands the plans reach,
    // by the number of resplit pair cards (0..=most-2).
    let reached = reachable(ctx, &plans, x);
    let mut seen = FxHashMap::default();
    let removals: Vec<Removal> = (0..=most - 2)
        .map(|k| split.removal(ctx, 1 + k as u8, &mut seen, &reached))
        .collect();
    let mut memo: FxHashMap<(u32, usize, usize), [f64; 2]> = FxHashMap::default();
    let mut sum = 0.0;
    for (resplit, slots) in patterns(max_hands, may_resplit) {
        let p_pairs: f64 = (0..resplit)
            .map(|i| ((left[x] - f64::from(i) * step) / (total - f64::from(i) * step)).max(0.0))
            .product();
        if p_pairs == 0.0 {
            continue;
        }
        let barred = slots.iter().filter(|s| s.barred).count();
        for slot in &slots {
            let ghosts = barred - usize::from(slot.barred);
            let which = if plans.len() == 1 {
                0
            } else {
                (slot.hands - 2) as usize
            };
            let key = (resplit, ghosts, which);
            let value = *memo.entry(key).or_insert_with(|| {
                split.hand_value(ctx, &removals[resplit as usize], &plans[which], ghosts)
            });
            sum += p_pairs * value[usize::from(!slot.barred)];
        }
    }
    sum / no_natural
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resplit_patterns() {
        // Two hands, no resplits: one pattern, second cards free.
        let two = patterns(2, true);
        assert_eq!(two.len(), 1);
        assert!(two[0].1.iter().all(|s| !s.barred && s.hands == 2));
        // Up to three hands: (0,0) both barred; (0,1,0); (1,0,0).
        let three = patterns(3, true);
        assert_eq!(three.len(), 3);
        assert_eq!(three[0].0, 0);
        assert!(three[0].1.iter().all(|s| s.barred));
        assert!(three[1..].iter().all(|(k, s)| *k == 1 && s.len() == 3));
        // Up to four hands: one pattern with no resplit, two with one (hand
        // 1 or hand 2 draws it) and five with two.
        let four = patterns(4, true);
        let by_k = |k| four.iter().filter(|(r, _)| *r == k).count();
        assert_eq!((by_k(0), by_k(1), by_k(2)), (1, 2, 5));
        assert_eq!(patterns(4, false).len(), 1);
    }
}
