//! Studies that use more than one game family, above the games so that no
//! family uses another: [`compare`] sets Banluck's strategy beside
//! blackjack's. [`registry`] is the one list of the game families and the
//! experiment kinds the lab runs, handed to it by the CLI.

pub mod compare;

use crate::games::baccarat::lab::family::Baccarat;
use crate::games::banluck::kinds::counting::CountingStudy;
use crate::games::banluck::kinds::rotation::RotationStudy;
use crate::games::banluck::kinds::table::TableStudy;
use crate::games::banluck::lab::family::Banluck;
use crate::games::blackjack::lab::Blackjack;
use crate::games::poker::lab::Poker;
use crate::lab::Registry;
use compare::CompareStudy;

/// Every game family the lab runs (grids, with their reports) and every
/// other kind of experiment, one line each. The first family also reads
/// the files of a game with no family yet, so that its loader names the
/// problem; the kinds are listed in error messages in this order.
pub fn registry() -> Registry {
    Registry {
        families: &[
            &Banluck,   // heads-up Banluck: grid engines dp, cfr, sim
            &Baccarat,  // EZ Baccarat: grid engines exact, sim, count
            &Poker,     // heads-up poker spots: grid engine solve
            &Blackjack, // blackjack: grid engine exact
        ],
        studies: &[
            &RotationStudy, // kind = "rotation": the rotating bank
            &CompareStudy,  // kind = "compare": Banluck's chart beside blackjack's
            &TableStudy,    // kind = "table": the strategic dealer at K seats
            &CountingStudy, // kind = "counting": counting cards, exact and within a round
        ],
    }
}
