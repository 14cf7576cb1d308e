//! How a walk's reach rows go down the tree (`walk.rs`): a node's rows,
//! and its children's made from them by a strategy's row or a chance
//! weight, cut from the walk's scratch space.

use super::rows::{times, times_row};

/// A node's reach rows: the walker's own (empty when a measurement does
/// not need it) and the opponent's.
#[derive(Clone, Copy, Debug)]
pub(super) struct Reach<'a> {
    /// The walker's reach row.
    pub own: &'a [f64],
    /// The opponent's reach row.
    pub opponent: &'a [f64],
    /// Whether every entry of `opponent` is 0: then every value of the
    /// walker in the subtree is 0 (values are linear in the opponent's
    /// reach), so no terminal is evaluated and the opponent's strategy is
    /// not computed there (`Walk::unreached`).
    pub unreached: bool,
}

/// How a node's reach becomes its children's.
#[derive(Clone, Copy, Debug)]
pub(super) enum Down<'a> {
    /// Unchanged.
    Same,
    /// The opponent's row times its strategy's row for the action.
    Opponent(&'a [f64]),
    /// The walker's row times its strategy's row for the action.
    Own(&'a [f64]),
    /// Both rows times the outcome's chance weight.
    Chance(&'a [f64]),
}

/// The reach of the child of index `action`, its new rows cut from the
/// front of `free`, and the rest of `free`.
#[inline]
pub(super) fn descend<'a>(
    reach: Reach<'a>,
    down: Down<'_>,
    action: usize,
    free: &'a mut [f64],
) -> (Reach<'a>, &'a mut [f64]) {
    match down {
        Down::Same => (reach, free),
        Down::Opponent(strategy) => {
            let width = reach.opponent.len();
            let row = &strategy[action * width..][..width];
            let (opponent, unreached, free) = times_row(reach.opponent, row, free);
            let own = reach.own;
            let reach = Reach {
                own,
                opponent,
                unreached,
            };
            (reach, free)
        }
        Down::Own(strategy) => {
            let width = reach.own.len();
            let row = &strategy[action * width..][..width];
            let (own, _, free) = times_row(reach.own, row, free);
            (Reach { own, ..reach }, free)
        }
        Down::Chance(weights) => {
            let weight = weights[action];
            let (own, free) = times(reach.own, weight, free);
            let (opponent, free) = times(reach.opponent, weight, free);
            let unreached = reach.unreached || weight == 0.0;
            let reach = Reach {
                own,
                opponent,
                unreached,
            };
            (reach, free)
        }
    }
}
