//! Exact best responses, the profile's value and its exploitability in
//! vector form.
//!
//! A player's information set is a public node with one of its hands, so
//! its best response takes, hand by hand, the action of highest
//! counterfactual value against the opponent's average strategy: one walk
//! with the opponent's reach following its average and a maximum at the
//! player's own decisions. Player 0's walk also values its own average
//! strategy in a second lane (the profile's value), so the terminals and
//! player 1's average are evaluated once for both. The average strategy is
//! read from the stored sums (`f32` or 16-bit) and everything after that
//! is `f64`, so the reported bracket is exact for the strategy the solver
//! computed. The two players' walks share nothing they write, so on a big
//! enough tree they run at the same time.

use super::game::VectorGame;
use super::solver::VectorSolver;
use super::walk::Mode;
use crate::cfr::{Bounds, Player};

impl<G: VectorGame> VectorSolver<'_, G> {
    /// The value of the average strategy profile and both best responses
    /// to it, in payoff units of player 0.
    pub(super) fn evaluate_average(&mut self) -> Bounds {
        let sums = &self.sums;
        let player_0 = || {
            let mode = Mode::Measure {
                sums,
                average: true,
            };
            let [upper, value] = self.walk(Player::P0, mode).run(None);
            (upper, value)
        };
        let player_1 = || {
            let mode = Mode::Measure {
                sums,
                average: false,
            };
            -self.walk(Player::P1, mode).run(None)[0]
        };
        let whole = self.layout.work(0, self.layout.len());
        let ((upper, value), lower) = if whole >= self.min_work() {
            rayon::join(player_0, player_1)
        } else {
            (player_0(), player_1())
        };
        Bounds {
            value,
            upper,
            lower,
        }
    }
}
