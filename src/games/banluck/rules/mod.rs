//! Banluck's house rules: the schema, validation, hand evaluation,
//! settlement, and compilation into a [`RuleTable`].

mod hand;
mod load;
mod schema;
mod settle;
mod table;
mod validate;

pub use hand::{HandClass, HandValue, evaluate, is_hard_fifteen};
pub use load::load_rules;
pub use schema::*;
pub use settle::{forfeits, multiplier, settle_deal_specials, settle_showdown};
pub use table::{DealerNode, MAX_HAND_CARDS, PlayerNode, RuleTable, rules_hash};
pub use validate::validate;
