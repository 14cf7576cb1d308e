//! Strategy files: what the solvers write and the simulator reads, and
//! hand-written charts of a player's own habits. Both expand into a
//! [`PlayerStrategy`](crate::games::banluck::strategy::PlayerStrategy) for
//! given [`CompiledRules`](crate::games::banluck::rules::CompiledRules).
//!
//! # Solver output: JSON (`*.json`)
//!
//! ```json
//! {
//!   "format": "banluck-lab strategy",
//!   "version": 1,
//!   "engine": "dp",
//!   "rules_hash": "1f0c2a9e8b7d6c5a",
//!   "ev": -0.0123,
//!   "player": {
//!     "hit": { "T5": 1.0, "T6": 1.0, "T7": 0.0, "A5": "hit", "652": 0.25 }
//!   },
//!   "dealer": {
//!     "hit": { "T6": 1.0, "A6": { "2": 1.0, "3": 0.0, "4": 1.0, "5": 1.0 } },
//!     "reveal": { "A6": { "3": 1.0, "4": 1.0 } },
//!     "surrender": { "T5": 1.0, "96": 0.0 }
//!   }
//! }
//! ```
//!
//! - `format` and `version` are required and must be as shown.
//! - `engine`, `rules_hash` (the rules the strategy was computed for),
//!   `ev` (its exact value) and `description` are optional and
//!   informational: a strategy may be played under other rules.
//! - `player.hit` maps a hand to the probability of drawing with it: a
//!   number from 0 (stand) to 1 (hit), or `"hit"` / `"stand"`. Hands are
//!   written as their cards in any order, e.g. `"A65"`, `"A 6 5"`,
//!   `"10-6"`; suits do not matter and `T`, `J`, `Q`, `K` and `10` are all
//!   ten-value cards. Hands not listed stand. Entries where the rules leave
//!   no choice (must draw, 21, five cards, bust) are ignored.
//! - With rules that deal an upcard (`dealer.upcard = true`),
//!   `player.hit_by_upcard` replaces `player.hit`: the dealer's upcard
//!   (`"2"`..`"9"`, `"T"`, `"A"`) maps to a table like `player.hit`.
//! - `dealer` is optional; without it the simulator plays the fixed dealer of
//!   the rules (`[dealer.fixed]`), and entries given override that dealer.
//!   `hit` and `reveal` map a dealer hand to a probability for every number
//!   of player cards, or to an object keyed by the player's card count
//!   (`"2"`..`"5"`; counts not listed keep the fixed dealer's choice).
//!   Giving `hit` or `reveal` for a situation sets both (the one not given
//!   is 0), and the two must not add up to more than 1; the dealer stands
//!   with the rest. `surrender` maps a two-card hard 15 to a probability.
//!
//! # A player's habits: TOML chart (`*.toml`)
//!
//! ```toml
//! # Stand on 17 or more, hit below; hit soft 17 too.
//! [player]
//! default = "stand"      # what to do where nothing below applies: "hit" or "stand"
//! hit_below = 17         # hit every total below 17
//! soft_hit_below = 18    # hit soft totals below 18 (default: hit_below)
//! # Cells override the rules above; the most specific matching cell wins.
//! "3 cards 16" = "stand" # any 16 of three cards
//! "soft 16" = "hit"      # hard / soft
//! "hard 12 vs T" = "hit" # against the dealer's upcard (needs dealer.upcard = true)
//! "A65" = "stand"        # one exact hand (cards in any order)
//! "15" = 0.5             # a number from 0 to 1 is a hit probability
//! ```
//!
//! - Settings: `default` (`"stand"` unless given), `hit_below` and
//!   `soft_hit_below` (totals 0 to 22). A total below its threshold hits;
//!   every other hand takes `default`.
//! - A cell is `[N cards] [hard|soft] TOTAL [vs UPCARD]` or an exact hand
//!   `[vs UPCARD]`, with `N` from 2 to 5, `TOTAL` from 4 to 21 and the upcard
//!   `2`..`9`, `T`, `A`. A bare number is a total (`"16"`); write hands
//!   with card letters or separators (`"A6"`, `"9-7"`). Each cell must match
//!   some hand the rules deal.
//! - Specificity: an exact hand beats any total cell; among total cells, the
//!   one naming more of card count, hard/soft and upcard wins. Two equally
//!   specific cells that match the same hand and disagree are an error.
//! - Values are `"hit"`, `"stand"` or a probability from 0 to 1. Where the
//!   rules leave no choice, the rules decide.
//!
//! The built-in habit `stand17` ([`Chart::stand17`]) is `hit_below = 17`.

mod chart;
mod error;
mod hands;
mod json;
mod load;

pub use chart::Chart;
pub use error::StrategyFileError;
pub use json::{FORMAT, FileInfo, LoadedStrategy, VERSION, read_json, to_json};
pub use load::load_strategy;
