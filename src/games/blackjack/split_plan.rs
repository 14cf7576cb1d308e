//! The split hands' strategy for `cdp` and `cdz-`: a move per hand
//! holding a pair card, read from a set of values with one tie rule, and
//! the hands that strategy can reach.

use crate::cards::RANK_COUNT;
use crate::games::blackjack::rules::BlackjackRules;

use super::enhc;
use super::hands::BUST;
use super::player::{Context, Values};

/// Value differences up to this count as ties: a split hand hits only when
/// hitting is worth more than standing by more than this, and doubles only
/// when doubling beats both by more than this, so that two exact
/// computations of the same strategy break ties alike.
pub const TIE: f64 = 1e-12;

/// A split hand's move at one composition.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Action {
    /// Stand.
    Stand,
    /// Draw a card and play on.
    Hit,
    /// Double the bet, draw one card and stand.
    Double,
}

/// One strategy for split hands: a move for every hand holding a pair card
/// (two cards and more).
pub(super) struct Plan {
    /// The move per hand id (stand where the plan has no hand).
    pub actions: Vec<Action>,
}

/// The plan that `values` recommends: the best of standing, hitting and
/// (on two cards, when the rules allow it) doubling, ties to the simpler
/// move; split aces that may not draw stand.
pub(super) fn plan(
    ctx: &Context,
    rules: &BlackjackRules,
    values: &Values,
    x: usize,
    draws_on: bool,
) -> Plan {
    let hands = &ctx.hands;
    let mut actions = vec![Action::Stand; hands.len()];
    for size in 2..=hands.max_cards() {
        for id in hands.of_size(size) {
            let i = id as usize;
            if hands.counts(id)[x] == 0 || (size == 2 && !draws_on) {
                continue;
            }
            let (stand, hit) = (values.stand[i], values.hit[i]);
            let may_double = size == 2
                && rules.double.after_split
                && rules.double.allowed.allows(hands.total(id));
            let double = enhc::double_value(ctx, rules, values, id);
            actions[i] = if may_double && double > stand.max(hit) + TIE {
                Action::Double
            } else if hit > stand + TIE {
                Action::Hit
            } else {
                Action::Stand
            };
        }
    }
    Plan { actions }
}

/// Which hands the split hands can reach under any of `plans`: every
/// pair card with a second card, and the cards drawn by hitting and
/// doubling.
pub(super) fn reachable(ctx: &Context, plans: &[Plan], x: usize) -> Vec<bool> {
    let hands = &ctx.hands;
    let mut reached = vec![false; hands.len()];
    let one = hands.child(0, x);
    if one == BUST {
        return reached;
    }
    reached[one as usize] = true;
    for r in 0..RANK_COUNT {
        let two = hands.child(one, r);
        if two != BUST {
            reached[two as usize] = true;
        }
    }
    for size in 2..hands.max_cards() {
        for id in hands.of_size(size) {
            let i = id as usize;
            if !reached[i] || plans.iter().all(|p| p.actions[i] == Action::Stand) {
                continue;
            }
            for r in 0..RANK_COUNT {
                let child = hands.child(id, r);
                if child != BUST {
                    reached[child as usize] = true;
                }
            }
        }
    }
    reached
}
