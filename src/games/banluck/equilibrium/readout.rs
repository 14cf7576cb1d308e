//! The solver's behaviour profile read out as the strategies every engine
//! speaks.

use crate::cards::{CompId, Rank};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::game::HeadsUpGame;
use super::state::Behaviour;

/// The upcard of a slot (none without an upcard).
pub(super) fn upcard_of(game: &HeadsUpGame<'_>, slot: usize) -> Option<Rank> {
    (game.slots > 1).then(|| Rank::new(slot))
}

/// The player's strategy in `profile` (where the player has a choice).
pub(super) fn to_player_strategy(game: &HeadsUpGame<'_>, profile: &Behaviour) -> PlayerStrategy {
    let mut strategy = PlayerStrategy::stand_everywhere(game.table);
    let n = game.comps();
    for (i, &h) in profile.player_hit.iter().enumerate() {
        if game.player_choice[i % n] {
            strategy.set_hit((i % n) as CompId, upcard_of(game, i / n), h);
        }
    }
    strategy
}

/// The dealer's strategy in `profile`, the rules' forced moves included.
pub(super) fn to_dealer_strategy(game: &HeadsUpGame<'_>, profile: &Behaviour) -> DealerStrategy {
    let table = game.table;
    let n = game.comps();
    let fixed = DealerStrategy::fixed(table);
    let mut strategy = DealerStrategy {
        by_upcard: game.slots > 1,
        hit: fixed.hit.repeat(game.slots),
        reveal: fixed.reveal.repeat(game.slots),
        surrender: fixed.surrender.repeat(game.slots),
    };
    for (i, hits) in profile.dealer_hit.iter().enumerate() {
        let (id, upcard) = ((i % n) as CompId, upcard_of(game, i / n));
        let node = table.dealer(id);
        for cards in 2..=crate::games::banluck::rules::MAX_HAND_CARDS {
            let at = strategy.at(id, cards, upcard);
            let hit = node.equilibrium_draw(cards, hits[usize::from(cards)]);
            strategy.hit[at] = hit;
            strategy.reveal[at] = if node.may_reveal && cards >= 3 {
                1.0 - hit
            } else {
                0.0
            };
        }
        let at = strategy.surrender_at(id, upcard);
        strategy.surrender[at] = if node.may_surrender {
            profile.surrender[i]
        } else {
            0.0
        };
    }
    strategy
}
