//! Hand-written charts of a player's habits, in TOML (format in the
//! [module documentation](super)).

use crate::cards::{CompId, RANK_COUNT, Rank, parse_hand};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};
use crate::games::banluck::strategy::PlayerStrategy;

use super::error::StrategyFileError;
use super::hands::{PROBABILITY, join};

/// The settings of `[player]`; every other key there is a cell.
const SETTINGS: [&str; 3] = ["default", "hit_below", "soft_hit_below"];

/// What a cell key may look like, for error messages.
const CELL_FORMS: &str = "a cell is `[N cards] [hard|soft] TOTAL [vs UPCARD]` (e.g. \"16\", \"soft 17\", \"3 cards 16\", \"hard 12 vs T\") or an exact hand `[vs UPCARD]` (e.g. \"A65\", \"9-7 vs A\")";

/// Which hands a cell names.
#[derive(Debug, Clone, PartialEq)]
enum Pattern {
    /// One composition, written as its cards.
    Hand(Vec<Rank>),
    /// Every live hand with this total, optionally of a card count and
    /// softness.
    Total {
        cards: Option<u8>,
        soft: Option<bool>,
        total: u8,
    },
}

/// One override: the hands it names, against which upcard, and what to do.
#[derive(Debug, Clone, PartialEq)]
struct Cell {
    key: String,
    pattern: Pattern,
    upcard: Option<Rank>,
    hit: f64,
}

impl Cell {
    /// Higher wins: exact hands above totals; then each qualifier named.
    fn specificity(&self) -> u8 {
        let upcard = u8::from(self.upcard.is_some());
        match &self.pattern {
            Pattern::Hand(_) => 10 + upcard,
            Pattern::Total { cards, soft, .. } => {
                u8::from(cards.is_some()) + u8::from(soft.is_some()) + upcard
            }
        }
    }
}

/// A chart of habits: a default, hit thresholds and cells, for any rules.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    file: String,
    default: f64,
    hit_below: Option<u8>,
    soft_hit_below: Option<u8>,
    cells: Vec<Cell>,
}

impl Chart {
    /// The built-in habit `stand17`: stand on 17 or more, hit below.
    pub fn stand17() -> Chart {
        Chart {
            file: "stand17".into(),
            default: 0.0,
            hit_below: Some(17),
            soft_hit_below: None,
            cells: Vec::new(),
        }
    }

    /// Parses a chart's TOML text; `file` names it in errors.
    ///
    /// ```
    /// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
    /// use banluck_lab::games::banluck::strategy_file::Chart;
    /// let chart = Chart::parse("[player]\nhit_below = 17\n\"soft 17\" = \"hit\"\n", "mine.toml").unwrap();
    /// let table = CompiledRules::compile(RuleSet::default());
    /// let player = chart.expand(&table).unwrap();
    /// let a6 = table.compositions().find_ranks(&banluck_lab::cards::parse_hand("A6").unwrap()).unwrap();
    /// assert_eq!(player.hit_probability(a6, None), 1.0);
    /// ```
    pub fn parse(text: &str, file: &str) -> Result<Chart, StrategyFileError> {
        let top: toml::Table =
            text.parse()
                .map_err(|e: toml::de::Error| StrategyFileError::Syntax {
                    file: file.to_string(),
                    language: "TOML",
                    message: e.to_string().trim_end().to_string(),
                })?;
        let error = |key: &str, found: String, allowed: &str| {
            StrategyFileError::key(file, key, found, allowed)
        };
        if let Some(unknown) = top
            .keys()
            .find(|k| !["player", "description"].contains(&k.as_str()))
        {
            return Err(error(
                &join("", unknown),
                String::new(),
                "unknown key; allowed: [player] and description",
            ));
        }
        if let Some(description) = top.get("description").filter(|d| !d.is_str()) {
            return Err(error(
                "description",
                description.to_string(),
                "expected a string",
            ));
        }
        let player = match top.get("player") {
            Some(toml::Value::Table(player)) => player,
            Some(other) => {
                return Err(error(
                    "player",
                    other.to_string(),
                    "expected a table [player]",
                ));
            }
            None => {
                return Err(error(
                    "player",
                    String::new(),
                    "missing: a chart starts with [player], e.g. [player] hit_below = 17",
                ));
            }
        };
        let mut chart = Chart {
            file: file.to_string(),
            default: 0.0,
            hit_below: None,
            soft_hit_below: None,
            cells: Vec::new(),
        };
        for (name, value) in player {
            let key = join("player", name);
            match name.as_str() {
                "default" => {
                    chart.default = action(value).map_err(|a| error(&key, value.to_string(), a))?
                }
                "hit_below" | "soft_hit_below" => {
                    let below = value
                        .as_integer()
                        .and_then(|n| u8::try_from(n).ok())
                        .filter(|n| *n <= 22)
                        .ok_or_else(|| {
                            error(&key, value.to_string(), "expected a total from 0 to 22")
                        })?;
                    if name == "hit_below" {
                        chart.hit_below = Some(below);
                    } else {
                        chart.soft_hit_below = Some(below);
                    }
                }
                _ => {
                    let (pattern, upcard) = parse_cell(name).map_err(|why| {
                        error(
                            &key,
                            String::new(),
                            &format!(
                                "{why}; the settings are {} and {CELL_FORMS}",
                                SETTINGS.join(", ")
                            ),
                        )
                    })?;
                    let hit = action(value).map_err(|a| error(&key, value.to_string(), a))?;
                    chart.cells.push(Cell {
                        key,
                        pattern,
                        upcard,
                        hit,
                    });
                }
            }
        }
        Ok(chart)
    }

    /// The player strategy this chart gives under `table` (keyed by the
    /// upcard when a cell names one).
    pub fn expand(&self, table: &CompiledRules) -> Result<PlayerStrategy, StrategyFileError> {
        let error =
            |key: &str, allowed: String| StrategyFileError::key(&self.file, key, "", allowed);
        let by_upcard = self.cells.iter().any(|c| c.upcard.is_some());
        if let Some(cell) = self.cells.iter().find(|c| c.upcard.is_some())
            && !table.rules().dealer.upcard
        {
            return Err(error(
                &cell.key,
                "names an upcard, but these rules deal none (dealer.upcard = false)".into(),
            ));
        }
        let hands: Vec<Option<CompId>> = self
            .cells
            .iter()
            .map(|cell| match &cell.pattern {
                Pattern::Hand(ranks) => {
                    let label: String = ranks.iter().map(|r| r.label()).collect();
                    table
                        .find_hand(&label)
                        .map(Some)
                        .map_err(|why| error(&cell.key, why))
                }
                Pattern::Total { .. } => Ok(None),
            })
            .collect::<Result<_, _>>()?;
        let index = table.compositions();
        let slots = if by_upcard { RANK_COUNT } else { 1 };
        let mut player = PlayerStrategy {
            by_upcard,
            hit: vec![0.0; index.len() * slots],
        };
        let upcards: Vec<Option<Rank>> = if by_upcard {
            Rank::all().map(Some).collect()
        } else {
            vec![None]
        };
        let mut used = vec![false; self.cells.len()];
        for id in (2..=MAX_HAND_CARDS).flat_map(|n| index.of_size(n)) {
            let hand = table.hand(id);
            if hand.class.is_bust() {
                continue;
            }
            let node = table.player(id);
            let choice = node.may_hit && !node.must_hit;
            for &upcard in &upcards {
                let mut best: Option<&Cell> = None;
                for (i, cell) in self.cells.iter().enumerate() {
                    let matches = cell.upcard.is_none_or(|u| Some(u) == upcard)
                        && match &cell.pattern {
                            Pattern::Hand(_) => hands[i] == Some(id),
                            Pattern::Total { cards, soft, total } => {
                                hand.total == *total
                                    && cards.is_none_or(|n| n == hand.cards)
                                    && soft.is_none_or(|s| s == hand.soft)
                            }
                        };
                    if !matches {
                        continue;
                    }
                    used[i] = true;
                    match best {
                        Some(b) if b.specificity() > cell.specificity() => {}
                        Some(b)
                            if b.specificity() == cell.specificity()
                                && b.hit != cell.hit
                                && choice =>
                        {
                            return Err(error(
                                &cell.key,
                                format!(
                                    "and `{}` both apply to {}{} and disagree; add a more specific cell",
                                    b.key,
                                    table.describe(id),
                                    upcard
                                        .map_or(String::new(), |u| format!(" against upcard {u}"))
                                ),
                            ));
                        }
                        _ => best = Some(cell),
                    }
                }
                if choice {
                    let hit = best.map_or_else(|| self.base(hand.total, hand.soft), |c| c.hit);
                    player.set_hit(id, upcard, hit);
                }
            }
        }
        if let Some(i) = used.iter().position(|u| !u) {
            return Err(error(
                &self.cells[i].key,
                "matches no hand these rules deal; check the total, card count and softness".into(),
            ));
        }
        Ok(player)
    }

    /// The hit probability from the settings alone.
    fn base(&self, total: u8, soft: bool) -> f64 {
        let below = if soft {
            self.soft_hit_below.or(self.hit_below)
        } else {
            self.hit_below
        };
        match below {
            Some(threshold) if total < threshold => 1.0,
            _ => self.default,
        }
    }
}

/// `"hit"`, `"stand"` or a probability, as a hit probability.
fn action(value: &toml::Value) -> Result<f64, &'static str> {
    let p = match value {
        toml::Value::String(s) if s.eq_ignore_ascii_case("hit") => 1.0,
        toml::Value::String(s) if s.eq_ignore_ascii_case("stand") => 0.0,
        toml::Value::Integer(n) => *n as f64,
        toml::Value::Float(p) => *p,
        _ => return Err(PROBABILITY),
    };
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(PROBABILITY)
    }
}

/// Reads a cell key: `[N cards] [hard|soft] TOTAL [vs UPCARD]` or
/// `HAND [vs UPCARD]`.
fn parse_cell(key: &str) -> Result<(Pattern, Option<Rank>), String> {
    let lower = key.to_ascii_lowercase();
    let tokens: Vec<&str> = lower.split_whitespace().collect();
    let (body, upcard) = match tokens.iter().position(|t| *t == "vs") {
        Some(at) => {
            let upcard = match &tokens[at + 1..] {
                [card] => Rank::from_label(card)
                    .ok_or_else(|| format!("`{card}` is not an upcard (2-9, T, A)"))?,
                _ => return Err("`vs` must be followed by one upcard, e.g. `vs T`".into()),
            };
            (&tokens[..at], Some(upcard))
        }
        None => (&tokens[..], None),
    };
    if body.is_empty() {
        return Err(format!("`{key}` names no hand"));
    }
    let mut rest = body;
    let mut cards = None;
    if let [n, "cards" | "card", tail @ ..] = rest {
        let count: u8 = n
            .parse()
            .ok()
            .filter(|c| (2..=5).contains(c))
            .ok_or_else(|| format!("`{n} cards`: a hand holds 2 to 5 cards"))?;
        cards = Some(count);
        rest = tail;
    }
    let mut soft = None;
    if let [word @ ("hard" | "soft"), tail @ ..] = rest {
        soft = Some(*word == "soft");
        rest = tail;
    }
    match rest {
        [number] if number.chars().all(|c| c.is_ascii_digit()) => {
            let total: u8 = number
                .parse()
                .ok()
                .filter(|t| (4..=21).contains(t))
                .ok_or_else(|| {
                    format!("a bare number is a total, from 4 to 21 (write the hand as e.g. \"9-6\"), not {number}")
                })?;
            Ok((Pattern::Total { cards, soft, total }, upcard))
        }
        _ if cards.is_none() && soft.is_none() => {
            let ranks = parse_hand(&body.join(" "))?;
            Ok((Pattern::Hand(ranks), upcard))
        }
        _ => Err("expected a total after the card count and hard/soft".into()),
    }
}

#[cfg(test)]
#[path = "chart_tests.rs"]
mod tests;
