//! Studies that use more than one game family, above the games so that no
//! family uses another: [`compare`] sets Banluck's strategy beside
//! blackjack's. [`registry`] is the one list of the game families the lab
//! runs, handed to it by the CLI.

pub mod compare;

use crate::games::baccarat::family::Baccarat;
use crate::games::banluck::family::Banluck;
use crate::lab::Registry;

/// Every game family the lab runs, one line each (the first also reads
/// the files of a game with no family yet, so that its loader names the
/// problem).
pub fn registry() -> Registry {
    Registry {
        families: &[
            &Banluck,  // heads-up Banluck: grid engines dp, cfr, sim
            &Baccarat, // EZ Baccarat: grid engines exact, sim, count
        ],
    }
}
