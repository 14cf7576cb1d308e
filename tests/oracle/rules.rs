//! The oracle's own reading of a Banluck rules file: TOML parsed with the
//! `toml` crate, `extends` chains resolved here, `--set`-style overrides
//! applied here, and every key defaulted to the canonical value of
//! `shared/spec/banluck-rules.md`. Nothing comes from the project's rules code.

use std::path::Path;

use toml::{Table, Value};

/// Every knob the oracle plays by (spec sections 1 to 5), named after its
/// rules key.
#[derive(Debug, Clone)]
pub struct Rules {
    /// `deck.decks`.
    pub decks: u32,
    /// `deck.infinite`.
    pub infinite: bool,
    /// `ace.two_cards` .. `ace.five_cards`: ace values with 2, 3, 4, 5 cards.
    pub ace: [Vec<u8>; 4],
    /// `payouts.ban_ban`.
    pub ban_ban: f64,
    /// `payouts.ban_luck`.
    pub ban_luck: f64,
    /// `payouts.triple_seven`.
    pub triple_seven: f64,
    /// `payouts.five_card_21`.
    pub five_card_21: f64,
    /// `payouts.five_card`.
    pub five_card: f64,
    /// `payouts.regular`.
    pub regular: f64,
    /// `payouts.five_card_bust`.
    pub five_card_bust: f64,
    /// `player.max_cards`.
    pub player_max_cards: usize,
    /// `player.min_total`.
    pub player_min_total: u8,
    /// `player.below_min = "must_hit"`.
    pub must_hit_below_min: bool,
    /// `player.forfeit_five_card`.
    pub forfeit_five_card: bool,
    /// `player.bust = "showdown"`.
    pub bust_at_showdown: bool,
    /// `dealer.min_total`.
    pub dealer_min_total: u8,
    /// `dealer.max_cards`.
    pub dealer_max_cards: usize,
    /// `dealer.upcard`.
    pub upcard: bool,
    /// `dealer.allow_surrender`.
    pub allow_surrender: bool,
    /// `dealer.allow_reveal`.
    pub allow_reveal: bool,
    /// `dealer.reveal_totals` (the spec's 16 and 17).
    pub reveal_totals: Vec<u8>,
    /// `dealer.draw_choice = "fixed"`: the equilibrium dealer draws by the
    /// house rule of `[dealer.fixed]` (only reveal and surrender are free).
    pub house_draw: bool,
    /// `dealer.fixed.surrender = "always"`.
    pub fixed_surrender: bool,
    /// `dealer.fixed.reveal = "on"`.
    pub fixed_reveal: bool,
    /// `dealer.fixed.hit_soft_17`.
    pub hit_soft_17: bool,
    /// `dealer.fixed.stand_on`.
    pub stand_on: u8,
    /// `settlement.five_card_timing = "immediate"`.
    pub five_card_immediate: bool,
    /// `settlement.five_vs_five = "by_class"`.
    pub five_vs_five_by_class: bool,
    /// `settlement.both_bust = "push"`.
    pub both_bust_push: bool,
    /// `settlement.bust_vs_bonus = "larger_multiplier"`.
    pub bust_vs_bonus_larger: bool,
}

/// Reads `file` (following `extends`), then applies `key=value` overrides.
pub fn load(file: &Path, sets: &[&str]) -> Rules {
    let mut table = read_chain(file);
    for set in sets {
        let (key, text) = set.split_once('=').expect("override is key=value");
        let value = toml::from_str::<Table>(&format!("v = {text}"))
            .map(|mut t| t.remove("v").unwrap())
            .unwrap_or_else(|_| Value::String(text.to_string()));
        let mut node = &mut table;
        let parts: Vec<&str> = key.split('.').collect();
        for part in &parts[..parts.len() - 1] {
            node = node
                .entry(part.to_string())
                .or_insert_with(|| Value::Table(Table::new()))
                .as_table_mut()
                .expect("override path is a table");
        }
        node.insert(parts[parts.len() - 1].to_string(), value);
    }
    Rules::from_table(&table)
}

fn read_chain(file: &Path) -> Table {
    let text = std::fs::read_to_string(file).expect("rules file readable");
    let mut own: Table = toml::from_str(&text).expect("rules file is TOML");
    match own.remove("extends") {
        Some(Value::String(parent)) => {
            let mut base = read_chain(&file.parent().unwrap().join(parent));
            merge(&mut base, own);
            base
        }
        _ => own,
    }
}

/// Deep merge: tables merge key by key, anything else in `top` replaces.
fn merge(base: &mut Table, top: Table) {
    for (key, value) in top {
        match (base.get_mut(&key), value) {
            (Some(Value::Table(b)), Value::Table(t)) => merge(b, t),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

struct Reader<'a>(&'a Table);

impl Reader<'_> {
    fn get(&self, path: &str) -> Option<&Value> {
        let mut node = self.0;
        let parts: Vec<&str> = path.split('.').collect();
        for part in &parts[..parts.len() - 1] {
            node = node.get(*part)?.as_table()?;
        }
        node.get(parts[parts.len() - 1])
    }
    fn num(&self, path: &str, default: f64) -> f64 {
        match self.get(path) {
            Some(Value::Integer(i)) => *i as f64,
            Some(Value::Float(f)) => *f,
            None => default,
            Some(other) => panic!("{path} = {other} is not a number"),
        }
    }
    fn int(&self, path: &str, default: i64) -> i64 {
        match self.get(path) {
            Some(Value::Integer(i)) => *i,
            None => default,
            Some(other) => panic!("{path} = {other} is not an integer"),
        }
    }
    fn flag(&self, path: &str, default: bool) -> bool {
        match self.get(path) {
            Some(Value::Boolean(b)) => *b,
            None => default,
            Some(other) => panic!("{path} = {other} is not a boolean"),
        }
    }
    /// Whether a two-way string knob takes its non-canonical value.
    fn choice(&self, path: &str, canonical: &str, other: &str) -> bool {
        match self.get(path) {
            None => false,
            Some(Value::String(s)) if s == canonical => false,
            Some(Value::String(s)) if s == other => true,
            Some(v) => panic!("{path} = {v}: expected {canonical} or {other}"),
        }
    }
    fn list(&self, path: &str, default: &[u8]) -> Vec<u8> {
        match self.get(path) {
            Some(Value::Array(a)) => a
                .iter()
                .map(|v| v.as_integer().expect("integer list") as u8)
                .collect(),
            None => default.to_vec(),
            Some(other) => panic!("{path} = {other} is not a list"),
        }
    }
}

impl Rules {
    fn from_table(table: &Table) -> Rules {
        let r = Reader(table);
        Rules {
            decks: r.int("deck.decks", 1) as u32,
            infinite: r.flag("deck.infinite", false),
            ace: [
                r.list("ace.two_cards", &[10, 11]),
                r.list("ace.three_cards", &[1, 10]),
                r.list("ace.four_cards", &[1, 10]),
                r.list("ace.five_cards", &[1, 10]),
            ],
            ban_ban: r.num("payouts.ban_ban", 3.0),
            ban_luck: r.num("payouts.ban_luck", 2.0),
            triple_seven: r.num("payouts.triple_seven", 7.0),
            five_card_21: r.num("payouts.five_card_21", 3.0),
            five_card: r.num("payouts.five_card", 2.0),
            regular: r.num("payouts.regular", 1.0),
            five_card_bust: r.num("payouts.five_card_bust", 1.0),
            player_max_cards: r.int("player.max_cards", 5) as usize,
            player_min_total: r.int("player.min_total", 16) as u8,
            must_hit_below_min: r.choice("player.below_min", "forfeit", "must_hit"),
            forfeit_five_card: r.flag("player.forfeit_five_card", true),
            bust_at_showdown: r.choice("player.bust", "immediate", "showdown"),
            dealer_min_total: r.int("dealer.min_total", 16) as u8,
            dealer_max_cards: r.int("dealer.max_cards", 5) as usize,
            upcard: r.flag("dealer.upcard", false),
            allow_surrender: r.flag("dealer.allow_surrender", true),
            allow_reveal: r.flag("dealer.allow_reveal", true),
            reveal_totals: r.list("dealer.reveal_totals", &[16, 17]),
            house_draw: r.choice("dealer.draw_choice", "free", "fixed"),
            fixed_surrender: !r.choice("dealer.fixed.surrender", "always", "never"),
            fixed_reveal: r.choice("dealer.fixed.reveal", "off", "on"),
            hit_soft_17: r.flag("dealer.fixed.hit_soft_17", true),
            stand_on: r.int("dealer.fixed.stand_on", 17) as u8,
            five_card_immediate: r.choice("settlement.five_card_timing", "showdown", "immediate"),
            five_vs_five_by_class: r.choice(
                "settlement.five_vs_five",
                "compare_totals",
                "by_class",
            ),
            both_bust_push: r.choice("settlement.both_bust", "dealer_wins", "push"),
            bust_vs_bonus_larger: r.choice(
                "settlement.bust_vs_bonus",
                "one_unit",
                "larger_multiplier",
            ),
        }
    }
}

/// Whether a rules file is a Banluck one (no `game = "blackjack"` anywhere
/// in its `extends` chain).
pub fn is_banluck(file: &Path) -> bool {
    !matches!(read_chain(file).get("game"), Some(Value::String(g)) if g != "banluck")
}
