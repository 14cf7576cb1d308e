//! What several benches share: issue 16's river spot.

use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::PokerGame;
use banluck_lab::games::poker::game::Tree;
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::{PlayerSizes, StreetSizes};

/// The spot (200+ combos a side).
const SPOT: &str = "OOP:22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+:S150/IP:22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+:S150|P60|Ks8h5d3c2h||>OOP";

/// The spot's game with `--bet "33%, 75%" --raise "60%"` for both players.
pub fn river_spot() -> PokerGame {
    let position = Position::parse(SPOT, Chip::default()).expect("the spot parses");
    let ranges = position.ranges(&[]).expect("both ranges are given");
    let sizes = PlayerSizes {
        bet: Sizes::parse("33%, 75%").expect("sizes parse"),
        raise: Sizes::parse("60%").expect("sizes parse"),
    };
    let tree = Tree::build(
        position.street(),
        &position.board,
        &StreetSizes::every_street([sizes.clone(), sizes]),
        None,
    )
    .expect("a small tree");
    PokerGame::new(tree, &ranges, 1.0).expect("the ranges meet")
}
