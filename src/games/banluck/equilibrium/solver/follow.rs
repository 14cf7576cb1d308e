//! The dealer's counterfactual action values under a profile that both
//! sides follow, read from the buffers of one pass.

use crate::cards::CompId;

use super::{HeadsUpCfr, Pick};
use crate::games::banluck::equilibrium::state::Behaviour;

impl HeadsUpCfr<'_, '_> {
    /// Runs the player's forward pass and the dealer's backward pass with
    /// both sides following `profile`, so that [`HeadsUpCfr::dealer_stop`],
    /// [`HeadsUpCfr::dealer_hit`] and [`HeadsUpCfr::dealer_play`] read its
    /// values.
    pub(in crate::games::banluck::equilibrium) fn follow(&mut self, profile: &Behaviour) {
        self.player_forward(profile);
        self.dealer_stop_values(profile);
        self.dealer_backward(profile, Pick::Follow, None);
    }

    /// The player's counterfactual value of the dealer stopping with `d` in
    /// `slot` against `cards` cards (per unit of the dealer's reach).
    pub(in crate::games::banluck::equilibrium) fn dealer_stop(
        &self,
        slot: usize,
        d: CompId,
        cards: u8,
    ) -> f64 {
        self.buffers.stop_value[slot * self.game.comps() + d as usize][usize::from(cards)]
    }

    /// The player's counterfactual value of the dealer drawing one card
    /// with `d` in `slot` against `cards` cards and playing on by the
    /// profile.
    pub(in crate::games::banluck::equilibrium) fn dealer_hit(
        &self,
        slot: usize,
        d: CompId,
        cards: u8,
    ) -> f64 {
        let off = slot * self.game.comps();
        let values = &self.buffers.dealer_value[off..];
        self.game
            .table
            .compositions()
            .sum_over_children(d, |child| values[child as usize][usize::from(cards)])
    }

    /// The player's counterfactual value of the dealer playing on with the
    /// two-card hand `d` in `slot` (not surrendering).
    pub(in crate::games::banluck::equilibrium) fn dealer_play(
        &self,
        slot: usize,
        d: CompId,
    ) -> f64 {
        self.play_value(slot, d)
    }

    /// The player's chance-free reach of `p` in `slot` from the last
    /// [`HeadsUpCfr::follow`].
    pub(in crate::games::banluck::equilibrium) fn player_reach(
        &self,
        slot: usize,
        p: CompId,
    ) -> f64 {
        self.buffers.player_reach[slot * self.game.comps() + p as usize]
    }
}
