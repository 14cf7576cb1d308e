//! House rules as data, for every game family: layered loading (defaults,
//! file with its `extends` chain, environment, `--set`), error lines with
//! key spans, and the `game` key that says which family a file belongs to.
//! Each family's schema and compiled table live in its folder under
//! [`crate::games`].
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::games::banluck::rules::RuleTable;
//! use banluck_lab::rules::load_rules;
//! let rules = load_rules(Some(Path::new("rules/banluck.toml")), &[]).unwrap();
//! let table = RuleTable::compile(rules);
//! println!("{} compositions, rules hash {}", table.compositions().len(), table.hash());
//! ```

mod error;
mod game;
mod load;
mod span;

pub use error::{RuleProblem, RulesError};
pub use game::{GameKind, game_kind};
pub use load::{ENV_PREFIX, Override, game_of, load_rules};
pub(crate) use load::{describe_figment_error, load_layered};
