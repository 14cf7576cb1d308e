//! [`build_game`]: the one builder of a spot's game.

use crate::games::poker::game::{PokerGame, Symmetry, Tree};

use super::definition::Spot;
use super::error::SpotError;

/// The game of `spot`: its tree (with suit isomorphism on a flop root
/// when the options ask), both players' hands and the payoffs, with the
/// options' card abstraction and stores.
///
/// # Errors
/// A board of neither three, four nor five cards, buckets asked of a spot
/// whose root is not on the flop, sizes that make too large a tree, or
/// ranges whose hands cannot meet.
pub fn build_game(spot: &Spot) -> Result<PokerGame, SpotError> {
    let position = &spot.position;
    let board = &position.board;
    let street = spot.street().ok_or(SpotError::Board(board.cards().len()))?;
    let options = &spot.options;
    if options.buckets.is_some() && street != 0 {
        return Err(SpotError::Buckets);
    }
    let symmetry =
        (street == 0 && options.isomorphism).then(|| Symmetry::new(board.mask(), &spot.ranges));
    let tree = Tree::build_at_most(
        position.street(),
        board,
        &spot.sizes,
        symmetry.as_ref(),
        options.max_nodes,
    )
    .map_err(SpotError::Tree)?;
    let mut game =
        PokerGame::new(tree, &spot.ranges, position.chip.value(1)).map_err(SpotError::Ranges)?;
    if let Some(count) = options.buckets {
        game = game.with_buckets(count);
    }
    Ok(game.with_compression(options.compressed))
}
