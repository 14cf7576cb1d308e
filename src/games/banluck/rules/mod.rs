//! Banluck's house rules: the schema, validation, hand evaluation,
//! settlement, and compilation into [`CompiledRules`].

mod compiled;
mod hand;
mod load;
mod schema;
mod settle;
mod starter;
mod validate;

pub use compiled::{CompiledRules, DealerNode, MAX_HAND_CARDS, PlayerNode, rules_hash};
pub use hand::{HandClass, HandValue, evaluate, is_hard_fifteen};
pub use load::load_rules;
pub use schema::*;
pub use settle::{forfeits, multiplier, settle_deal_specials, settle_showdown};
pub use starter::starter_rules;
pub use validate::validate;
