//! House rules as data, for every game family: a rules file read once with
//! its `extends` chain ([`RulesText`]), layered loading (defaults, that
//! text, environment, `--set`) of any [`Schema`],
//! errors in a file author's words with key spans, the parts every card
//! game shares (the deck, the ace values), the content hash, and the `game`
//! key that says which family a file belongs to. Each family's schema and
//! compiled rules live in its folder under [`crate::games`].
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::games::banluck::rules::{CompiledRules, load_rules};
//! let rules = load_rules(Some(Path::new("rules/banluck.toml")), &[]).unwrap();
//! let table = CompiledRules::compile(rules);
//! println!("{} compositions, rules hash {}", table.compositions().len(), table.hash());
//! ```

mod deck;
mod describe;
mod error;
mod game;
mod hash;
mod load;
mod origin;
pub(crate) mod span;
mod text;

pub use deck::{AceRules, DeckRules, Refresh};
pub use describe::{EnumWords, variants_of};
pub(crate) use describe::{describe_figment_error, no_enum_words};
pub use error::{RuleProblem, RulesError, Violation, push_violation};
pub use game::{BACCARAT, BLACKJACK, GameKind, POKER, game_kind};
pub use hash::content_hash;
pub use load::{ENV_PREFIX, Override, Schema, game_of, load_layered, load_layered_text};
pub use text::RulesText;
