//! House rules as data: the schema, loading and validation, hand
//! evaluation, settlement, and compilation into a [`RuleTable`].
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::rules::{load_rules, RuleTable};
//! let rules = load_rules(Some(Path::new("rules/banluck.toml")), &[]).unwrap();
//! let table = RuleTable::compile(rules);
//! println!("{} compositions, rules hash {}", table.compositions().len(), table.hash());
//! ```

mod blackjack;
mod error;
mod game;
mod hand;
mod load;
mod schema;
mod settle;
mod span;
mod table;
mod validate;

pub use blackjack::{
    BLACKJACK, BlackjackDealer, BlackjackPayouts, BlackjackRules, DoubleAllowed, DoubleRules,
    SplitRules, SurrenderRules, blackjack_rules_hash, load_blackjack_rules, validate_blackjack,
};
pub use error::{RuleProblem, RulesError};
pub use game::{GameKind, game_kind};
pub use hand::{HandClass, HandValue, evaluate, is_hard_fifteen};
pub(crate) use load::describe_figment_error;
pub use load::{ENV_PREFIX, Override, game_of, load_rules};
pub use schema::*;
pub use settle::{forfeits, multiplier, settle_deal_specials, settle_showdown};
pub use table::{DealerNode, MAX_HAND_CARDS, PlayerNode, RuleTable, rules_hash};
pub use validate::{Violation, validate};
