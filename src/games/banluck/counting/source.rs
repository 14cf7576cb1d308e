//! Where the stub ran out within a round: the deck in hand, watched draw by
//! draw, tells whether seat 1's cards all came from the counted stub.

use rand::Rng;

use crate::cards::Rank;
use crate::games::banluck::sim::deal::CardSource;
use crate::games::banluck::sim::refresh::RefreshShoe;

/// How a round was dealt, for the split of the counter's gain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RunOut {
    /// Every card came from the stub.
    None = 0,
    /// The stub ran out after seat 1 had all its cards: later hands (the
    /// dealer's at least in part) came from the reshuffled discards.
    AfterSeatOne = 1,
    /// Seat 1 drew from the discards too.
    SeatOne = 2,
}

/// The number of [`RunOut`] classes.
pub(super) const RUN_OUT_CLASSES: usize = 3;

/// A [`RefreshShoe`] that notes when, within a round, its stub runs out.
pub(super) struct Watched<'s> {
    shoe: &'s mut RefreshShoe,
    /// 0 during the deal, `h + 1` during hand `h`'s draws.
    phase: usize,
    /// Cards drawn in the current phase.
    drawn: u32,
    /// What happened in the current round.
    pub run_out: RunOut,
}

impl<'s> Watched<'s> {
    /// Watches `shoe` for one round.
    pub fn new(shoe: &'s mut RefreshShoe) -> Watched<'s> {
        Watched {
            shoe,
            phase: 0,
            drawn: 0,
            run_out: RunOut::None,
        }
    }
}

impl CardSource for Watched<'_> {
    fn start_hand(&mut self) {
        self.shoe.start_hand();
        self.phase = 0;
        self.drawn = 0;
        self.run_out = RunOut::None;
    }

    fn draw<R: Rng>(&mut self, rng: &mut R) -> Rank {
        let before = self.shoe.run_outs();
        let card = self.shoe.draw(rng);
        if self.run_out == RunOut::None && self.shoe.run_outs() != before {
            // The deal gives seat 1 the first two cards; its own draws
            // come in phase 1.
            let seat_one = (self.phase == 0 && self.drawn < 2) || self.phase == 1;
            self.run_out = if seat_one {
                RunOut::SeatOne
            } else {
                RunOut::AfterSeatOne
            };
        }
        self.drawn += 1;
        card
    }

    fn turn(&mut self, hand: usize) {
        self.shoe.turn(hand);
        self.phase = hand + 1;
        self.drawn = 0;
    }
}
