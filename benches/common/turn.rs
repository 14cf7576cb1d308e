//! What the turn benches share: issue 17's turn spot.

use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::{PokerGame, Tree};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;

/// The spot on the turn.
const SPOT: &str = "OOP:22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+:S150/IP:22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+:S150|P60|Ks8h5d/3c||>OOP";

/// The spot's game with `--bet "33%, 75%" --raise "60%"` for both players
/// on both streets.
pub fn turn_spot() -> PokerGame {
    let position = Position::parse(SPOT, Chip::default()).expect("the spot parses");
    let ranges = position.ranges(&[]).expect("both ranges are given");
    let sizes = PlayerSizes {
        bet: Sizes::parse("33%, 75%").expect("sizes parse"),
        raise: Sizes::parse("60%").expect("sizes parse"),
    };
    let both = [sizes.clone(), sizes];
    let sizes = StreetSizes {
        flop: Default::default(),
        turn: both.clone(),
        river: both,
    };
    let tree =
        Tree::build(position.street(), &position.board, &sizes, None).expect("the tree fits");
    PokerGame::new(tree, &ranges, 1.0).expect("the ranges meet")
}
