//! The interpreter of a solved spot: the main crate's
//! `src/games/poker/solved/` without its save file (the page reads no
//! files), each file compiled from the main crate's source.

#[path = "../../../../src/games/poker/solved/aggregate.rs"]
pub mod aggregate;
#[path = "../../../../src/games/poker/solved/find.rs"]
pub mod find;
#[path = "../../../../src/games/poker/solved/solved_spot.rs"]
pub mod solved_spot;
#[path = "../../../../src/games/poker/solved/view.rs"]
pub mod view;

pub use aggregate::{Aggregate, RangeSummary};
pub use find::FindError;
pub use solved_spot::{Reading, SolveRun, SolvedSpot};
pub use view::{HandEv, HandRow, NodeView};
