//! Heads-up hold'em: the main crate's `src/games/poker/` without `lab`
//! (the experiment family, which needs the lab and the reports), each file
//! compiled from the main crate's source.

#[path = "../../../../src/games/poker/action.rs"]
pub mod action;
#[path = "../../../../src/games/poker/betting.rs"]
pub mod betting;
#[path = "../../../../src/games/poker/card.rs"]
pub mod card;
#[path = "../../../../src/games/poker/chips.rs"]
pub mod chips;
#[path = "../../../../src/games/poker/combo.rs"]
pub mod combo;
#[path = "../../../../src/games/poker/error.rs"]
pub mod error;
#[path = "../../../../src/games/poker/eval.rs"]
pub mod eval;
#[path = "../../../../src/games/poker/game/mod.rs"]
pub mod game;
#[path = "../../../../src/games/poker/position.rs"]
pub mod position;
#[path = "../../../../src/games/poker/position_parse.rs"]
pub mod position_parse;
#[path = "../../../../src/games/poker/range.rs"]
pub mod range;
#[path = "../../../../src/games/poker/range_parse.rs"]
pub mod range_parse;
#[path = "../../../../src/games/poker/ranking.rs"]
pub mod ranking;
#[path = "../../../../src/games/poker/sizes.rs"]
pub mod sizes;
pub mod solved;
#[path = "../../../../src/games/poker/spot/mod.rs"]
pub mod spot;
