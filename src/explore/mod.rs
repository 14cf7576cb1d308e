//! The strategy explorer (`banluck-lab explore`): one self-contained HTML
//! page with the solved strategies of a rules file, or of every variant of
//! an experiment's output folder, to look hands up in a browser.
//!
//! For Banluck it embeds the exact DP (the player's best action and the EV
//! of standing and of hitting with every hand, against the fixed dealer)
//! and the CFR+ equilibrium (both sides' mixed strategies, the player's EVs
//! against the equilibrium dealer, the dealer's hit, reveal, stand and
//! surrender frequencies at every dealer hand). For blackjack it embeds the
//! chart with each move's EV per cell. For a river solution saved by
//! `poker solve --out` it embeds every decision node's strategy, shown as
//! the 13×13 range grid (see [`poker`] for the stored precision). The page's script and style are
//! inlined from `page.js` and `page.css`; it loads nothing and works from
//! `file://`.
//!
//! ```no_run
//! use std::path::Path;
//! use banluck_lab::explore::{load_variants, page};
//! let variants = load_variants(Path::new("rules/banluck.toml"), &[]).unwrap();
//! std::fs::write("explore.html", page("rules/banluck.toml", &variants)).unwrap();
//! ```

mod banluck;
mod blackjack;
mod pack;
mod poker;
mod source;
mod spot;
mod turn;

use serde::Serialize;

pub use banluck::{BanluckData, EngineData, banluck_data};
pub use blackjack::{BlackjackData, Cell, blackjack_data};
pub use poker::{FREQ_SCALE, PokerData, PokerNode, SpotHeader, poker_data};
pub use source::load_variants;
pub use spot::{Budget, SpotProgress, is_spot_file, spot_variant};
pub use turn::{RIVER_COMBO_BUDGET, TurnData, TurnNodeData, turn_data};

/// The page's skeleton; `__STYLE__`, `__SCRIPT__` and then `__DATA__` are
/// filled in (the data last, so nothing in it is taken for a placeholder).
const PAGE_HTML: &str = include_str!("page.html");
/// The page's style sheet.
const PAGE_CSS: &str = include_str!("page.css");
/// The page's script.
const PAGE_JS: &str = include_str!("page.js");
/// The poker tab's script.
const POKER_JS: &str = include_str!("poker.js");

/// One solved rule set.
#[derive(Debug, Clone)]
pub enum Variant {
    /// A Banluck rule set, both engines.
    Banluck(Box<BanluckData>),
    /// A blackjack rule set's chart.
    Blackjack(BlackjackData),
    /// A solved river spot (a saved `poker solve` solution).
    Poker(Box<PokerData>),
    /// A solved turn spot with every river card.
    Turn(Box<TurnData>),
}

impl Variant {
    /// The variant's name.
    pub fn name(&self) -> &str {
        match self {
            Variant::Banluck(b) => &b.name,
            Variant::Blackjack(b) => &b.name,
            Variant::Poker(p) => &p.header.name,
            Variant::Turn(t) => &t.header.name,
        }
    }
}

/// Why no page could be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExploreError {
    /// The user's input (a path, a rules file, a setting) is wrong.
    #[error("{0}")]
    Input(String),
}

/// The data embedded in the page.
#[derive(Serialize)]
struct PageData<'a> {
    title: &'a str,
    banluck: Vec<&'a BanluckData>,
    blackjack: Vec<&'a BlackjackData>,
    poker: Vec<&'a PokerData>,
    turn: Vec<&'a TurnData>,
}

/// The page for `variants`, titled after what they came from.
pub fn page(title: &str, variants: &[Variant]) -> String {
    let data = PageData {
        title,
        banluck: variants
            .iter()
            .filter_map(|v| match v {
                Variant::Banluck(b) => Some(b.as_ref()),
                _ => None,
            })
            .collect(),
        blackjack: variants
            .iter()
            .filter_map(|v| match v {
                Variant::Blackjack(b) => Some(b),
                _ => None,
            })
            .collect(),
        poker: variants
            .iter()
            .filter_map(|v| match v {
                Variant::Poker(p) => Some(p.as_ref()),
                _ => None,
            })
            .collect(),
        turn: variants
            .iter()
            .filter_map(|v| match v {
                Variant::Turn(t) => Some(t.as_ref()),
                _ => None,
            })
            .collect(),
    };
    let json = serde_json::to_string(&data).expect("the page data serializes");
    PAGE_HTML
        .replace("__STYLE__", PAGE_CSS)
        .replace("__SCRIPT__", PAGE_JS)
        .replace("__POKER_SCRIPT__", POKER_JS)
        .replace("__DATA__", &escape_script(&json))
}

/// JSON inside a `<script>` element: every `<` (only ever inside a JSON
/// string) is written `\u003c`, so no `</script>` or `<!--` can end it early.
fn escape_script(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_data_cannot_close_its_element() {
        let escaped = escape_script(r#"{"a":"</script><!--"}"#);
        assert!(!escaped.contains('<'));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["a"], "</script><!--");
    }
}
