//! The JSON strategy file: written by the solvers, read by the simulator
//! (format in the [module documentation](super)).

use std::collections::HashMap;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::{Map, Value};

use crate::cards::{CompId, RANK_COUNT, Rank};
use crate::games::banluck::rules::{MAX_HAND_CARDS, RuleTable};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::StrategyFileError;
use super::hands::{PROBABILITY, Seen, join};

/// The value of the `format` key.
pub const FORMAT: &str = "banluck-lab strategy";

/// The version of the format this crate writes and reads.
pub const VERSION: u64 = 1;

/// What a solver records with its strategy.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileInfo {
    /// The engine that computed it, e.g. `dp`.
    pub engine: Option<String>,
    /// The strategy's exact value under the rules it was computed for.
    pub ev: Option<f64>,
    /// A sentence about it.
    pub description: Option<String>,
}

/// A strategy read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadedStrategy {
    /// The player's strategy, sized for the rules it was read for.
    pub player: PlayerStrategy,
    /// The dealer's strategy, when the file gives one.
    pub dealer: Option<DealerStrategy>,
    /// The engine that wrote it, if recorded.
    pub engine: Option<String>,
    /// The hash of the rules it was computed for, if recorded.
    pub rules_hash: Option<String>,
    /// Its exact value under those rules, if recorded.
    pub ev: Option<f64>,
}

/// A JSON object whose keys keep the order they were pushed in.
struct Ordered<T>(Vec<(String, T)>);

impl<T: Serialize> Serialize for Ordered<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A dealer probability for every player card count, or per count.
enum PerCount {
    All(f64),
    ByCount(Ordered<f64>),
}

impl Serialize for PerCount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PerCount::All(p) => serializer.serialize_f64(*p),
            PerCount::ByCount(map) => map.serialize(serializer),
        }
    }
}

/// Writes `player` (and `dealer`, when given) for `table` as a strategy file.
/// Only the situations where the rules leave a choice are written, hands in
/// order of size.
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};
/// use banluck_lab::games::banluck::strategy::PlayerStrategy;
/// use banluck_lab::games::banluck::strategy_file::{read_json, to_json, FileInfo};
/// let table = RuleTable::compile(RuleSet::default());
/// let mut player = PlayerStrategy::stand_everywhere(&table);
/// let t6 = table.compositions().find_ranks(&banluck_lab::cards::parse_hand("T6").unwrap()).unwrap();
/// player.set_hit(t6, None, 1.0);
/// let text = to_json(&table, &player, None, &FileInfo::default());
/// assert_eq!(read_json(&text, "x.json", &table).unwrap().player, player);
/// ```
pub fn to_json(
    table: &RuleTable,
    player: &PlayerStrategy,
    dealer: Option<&DealerStrategy>,
    info: &FileInfo,
) -> String {
    let index = table.compositions();
    let hands: Vec<CompId> = (2..=MAX_HAND_CARDS)
        .flat_map(|n| index.of_size(n))
        .collect();
    let choices: Vec<CompId> = hands
        .iter()
        .copied()
        .filter(|&id| table.player(id).may_hit && !table.player(id).must_hit)
        .collect();
    let player_table = |upcard: Option<Rank>| {
        Ordered(
            choices
                .iter()
                .map(|&id| (index.label(id), player.hit_probability(id, upcard)))
                .collect(),
        )
    };
    let (hit, hit_by_upcard) = if player.by_upcard {
        let tables = Rank::all()
            .map(|up| (up.label().to_string(), player_table(Some(up))))
            .collect();
        (None, Some(Ordered(tables)))
    } else {
        (Some(player_table(None)), None)
    };
    let written = Written {
        format: FORMAT,
        version: VERSION,
        engine: info.engine.as_deref(),
        description: info.description.as_deref(),
        rules_hash: table.hash(),
        ev: info.ev,
        player: WrittenPlayer { hit, hit_by_upcard },
        dealer: dealer.map(|d| dealer_section(table, d, &hands)),
    };
    let mut text = serde_json::to_string_pretty(&written).expect("strategies always serialize");
    text.push('\n');
    text
}

/// The file as written, keys in this order.
#[derive(Serialize)]
struct Written<'a> {
    format: &'static str,
    version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
    rules_hash: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ev: Option<f64>,
    player: WrittenPlayer,
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer: Option<WrittenDealer>,
}

#[derive(Serialize)]
struct WrittenPlayer {
    #[serde(skip_serializing_if = "Option::is_none")]
    hit: Option<Ordered<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hit_by_upcard: Option<Ordered<Ordered<f64>>>,
}

#[derive(Serialize)]
struct WrittenDealer {
    hit: Ordered<PerCount>,
    reveal: Ordered<PerCount>,
    surrender: Ordered<f64>,
}

fn dealer_section(table: &RuleTable, dealer: &DealerStrategy, hands: &[CompId]) -> WrittenDealer {
    let index = table.compositions();
    let per_count = |values: &[f64], id: CompId| {
        let row: Vec<(u8, f64)> = (2..=MAX_HAND_CARDS)
            .map(|n| (n, values[DealerStrategy::index(id, n)]))
            .collect();
        if row.iter().all(|(_, p)| *p == row[0].1) {
            PerCount::All(row[0].1)
        } else {
            PerCount::ByCount(Ordered(
                row.into_iter().map(|(n, p)| (n.to_string(), p)).collect(),
            ))
        }
    };
    let rows = |keep: &dyn Fn(CompId) -> bool, values: &[f64]| {
        Ordered(
            hands
                .iter()
                .filter(|&&id| keep(id))
                .map(|&id| (index.label(id), per_count(values, id)))
                .collect(),
        )
    };
    WrittenDealer {
        hit: rows(
            &|id| !table.dealer(id).must_stand && !table.dealer(id).must_hit,
            &dealer.hit,
        ),
        reveal: rows(&|id| table.dealer(id).may_reveal, &dealer.reveal),
        surrender: Ordered(
            hands
                .iter()
                .filter(|&&id| table.dealer(id).may_surrender)
                .map(|&id| (index.label(id), dealer.surrender[id as usize]))
                .collect(),
        ),
    }
}

/// Reads a JSON strategy file's text (`file` names it in errors) for
/// `table`.
pub fn read_json(
    text: &str,
    file: &str,
    table: &RuleTable,
) -> Result<LoadedStrategy, StrategyFileError> {
    let value: Value = serde_json::from_str(text).map_err(|e| StrategyFileError::Syntax {
        file: file.to_string(),
        language: "JSON",
        message: e.to_string(),
    })?;
    let reader = Reader { file, table };
    let top = reader.object(&value, "")?;
    reader.known_keys(
        top,
        "",
        &[
            "format",
            "version",
            "engine",
            "description",
            "rules_hash",
            "ev",
            "player",
            "dealer",
        ],
    )?;
    match top.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        other => {
            return Err(reader.error("format", other, format!("must be \"{FORMAT}\"")));
        }
    }
    match top.get("version") {
        Some(v) if v.as_u64() == Some(VERSION) => {}
        other => {
            return Err(reader.error(
                "version",
                other,
                format!("this banluck-lab reads version {VERSION}"),
            ));
        }
    }
    let engine = reader.optional_string(top, "engine")?;
    reader.optional_string(top, "description")?;
    let rules_hash = reader.optional_string(top, "rules_hash")?;
    let ev = match top.get("ev") {
        None => None,
        Some(v) => Some(
            v.as_f64()
                .ok_or_else(|| reader.error("ev", Some(v), "expected a number"))?,
        ),
    };
    let player = match top.get("player") {
        Some(player) => reader.player(player)?,
        None => {
            return Err(reader.error(
                "player",
                None,
                "missing: give the player's hit probabilities as \"player\": { \"hit\": { ... } }",
            ));
        }
    };
    let dealer = top.get("dealer").map(|d| reader.dealer(d)).transpose()?;
    Ok(LoadedStrategy {
        player,
        dealer,
        engine,
        rules_hash,
        ev,
    })
}

struct Reader<'a> {
    file: &'a str,
    table: &'a RuleTable,
}

impl Reader<'_> {
    fn error(
        &self,
        key: &str,
        found: Option<&Value>,
        allowed: impl Into<String>,
    ) -> StrategyFileError {
        StrategyFileError::key(
            self.file,
            key,
            found.map_or_else(String::new, Value::to_string),
            allowed,
        )
    }

    fn object<'v>(
        &self,
        value: &'v Value,
        key: &str,
    ) -> Result<&'v Map<String, Value>, StrategyFileError> {
        value.as_object().ok_or_else(|| {
            let name = if key.is_empty() {
                "(the whole file)"
            } else {
                key
            };
            self.error(name, Some(value), "expected an object { ... }")
        })
    }

    fn known_keys(
        &self,
        object: &Map<String, Value>,
        path: &str,
        allowed: &[&str],
    ) -> Result<(), StrategyFileError> {
        match object.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(unknown) => Err(self.error(
                &join(path, unknown),
                None,
                format!("unknown key; allowed keys here: {}", allowed.join(", ")),
            )),
            None => Ok(()),
        }
    }

    fn optional_string(
        &self,
        object: &Map<String, Value>,
        key: &str,
    ) -> Result<Option<String>, StrategyFileError> {
        match object.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(self.error(key, Some(other), "expected a string")),
        }
    }

    fn probability(&self, value: &Value, key: &str) -> Result<f64, StrategyFileError> {
        match value {
            Value::String(s) if s == "hit" => Ok(1.0),
            Value::String(s) if s == "stand" => Ok(0.0),
            Value::Number(n) => match n.as_f64() {
                Some(p) if (0.0..=1.0).contains(&p) => Ok(p),
                _ => Err(self.error(key, Some(value), PROBABILITY)),
            },
            _ => Err(self.error(key, Some(value), PROBABILITY)),
        }
    }

    fn hand(&self, label: &str, key: &str) -> Result<CompId, StrategyFileError> {
        self.table
            .find_hand(label)
            .map_err(|allowed| self.error(key, None, allowed))
    }

    fn player(&self, value: &Value) -> Result<PlayerStrategy, StrategyFileError> {
        let section = self.object(value, "player")?;
        self.known_keys(section, "player", &["hit", "hit_by_upcard"])?;
        let comps = self.table.compositions().len();
        let mut seen = Seen::new(self.file);
        match (section.get("hit"), section.get("hit_by_upcard")) {
            (Some(hit), None) => {
                let mut player = PlayerStrategy {
                    by_upcard: false,
                    hit: vec![0.0; comps],
                };
                self.player_table(hit, "player.hit", None, &mut player, &mut seen)?;
                Ok(player)
            }
            (None, Some(by_upcard)) => {
                if !self.table.rules().dealer.upcard {
                    return Err(self.error(
                        "player.hit_by_upcard",
                        None,
                        "these rules deal no upcard (dealer.upcard = false); use \"hit\" instead",
                    ));
                }
                let mut player = PlayerStrategy {
                    by_upcard: true,
                    hit: vec![0.0; comps * RANK_COUNT],
                };
                let tables = self.object(by_upcard, "player.hit_by_upcard")?;
                for (label, hit) in tables {
                    let key = join("player.hit_by_upcard", label);
                    let upcard = Rank::from_label(label).ok_or_else(|| {
                        self.error(&key, None, "not an upcard; use 2-9, T (or 10, J, Q, K) or A")
                    })?;
                    self.player_table(hit, &key, Some(upcard), &mut player, &mut seen)?;
                }
                Ok(player)
            }
            _ => Err(self.error(
                "player",
                None,
                "give exactly one of \"hit\" (hand -> probability) and \"hit_by_upcard\" (upcard -> hand -> probability)",
            )),
        }
    }

    fn player_table(
        &self,
        value: &Value,
        path: &str,
        upcard: Option<Rank>,
        player: &mut PlayerStrategy,
        seen: &mut Seen<'_>,
    ) -> Result<(), StrategyFileError> {
        for (label, p) in self.object(value, path)? {
            let key = join(path, label);
            let id = self.hand(label, &key)?;
            seen.record(id, upcard.map_or(0, Rank::index), &key)?;
            player.set_hit(id, upcard, self.probability(p, &key)?);
        }
        Ok(())
    }

    fn dealer(&self, value: &Value) -> Result<DealerStrategy, StrategyFileError> {
        let section = self.object(value, "dealer")?;
        self.known_keys(section, "dealer", &["hit", "reveal", "surrender"])?;
        let mut dealer = DealerStrategy::fixed(self.table);
        let hit = self.per_count(section.get("hit"), "dealer.hit")?;
        let reveal = self.per_count(section.get("reveal"), "dealer.reveal")?;
        for (&i, (h_key, _)) in hit.iter().chain(reveal.iter()) {
            let h = hit.get(&i).map_or(0.0, |(_, p)| *p);
            let r = reveal.get(&i).map_or(0.0, |(_, p)| *p);
            if h + r > 1.0 + 1e-9 {
                return Err(self.error(
                    h_key,
                    None,
                    format!("hit {h} and reveal {r} add up to more than 1 in this situation"),
                ));
            }
            dealer.hit[i] = h;
            dealer.reveal[i] = r;
        }
        if let Some(surrender) = section.get("surrender") {
            let mut seen = Seen::new(self.file);
            for (label, p) in self.object(surrender, "dealer.surrender")? {
                let key = join("dealer.surrender", label);
                let id = self.hand(label, &key)?;
                seen.record(id, 0, &key)?;
                dealer.surrender[id as usize] = self.probability(p, &key)?;
            }
        }
        Ok(dealer)
    }

    /// A dealer table (hand -> probability, or hand -> card count ->
    /// probability) as probabilities by [`DealerStrategy::index`], with the
    /// key each came from.
    fn per_count(
        &self,
        value: Option<&Value>,
        path: &str,
    ) -> Result<HashMap<usize, (String, f64)>, StrategyFileError> {
        let mut out = HashMap::new();
        let Some(value) = value else {
            return Ok(out);
        };
        let mut seen = Seen::new(self.file);
        for (label, entry) in self.object(value, path)? {
            let key = join(path, label);
            let id = self.hand(label, &key)?;
            seen.record(id, 0, &key)?;
            match entry {
                Value::Object(by_count) => {
                    for (count, p) in by_count {
                        let count_key = join(&key, count);
                        let cards: u8 = count
                            .parse()
                            .ok()
                            .filter(|n| (2..=MAX_HAND_CARDS).contains(n))
                            .ok_or_else(|| {
                                self.error(
                                    &count_key,
                                    None,
                                    "not a player card count; use \"2\" to \"5\"",
                                )
                            })?;
                        let p = self.probability(p, &count_key)?;
                        out.insert(DealerStrategy::index(id, cards), (count_key, p));
                    }
                }
                other => {
                    let p = self.probability(other, &key)?;
                    for cards in 2..=MAX_HAND_CARDS {
                        out.insert(DealerStrategy::index(id, cards), (key.clone(), p));
                    }
                }
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::{RevealPolicy, RuleSet};

    fn find(table: &RuleTable, text: &str) -> CompId {
        table.find_hand(text).unwrap()
    }

    fn canonical() -> RuleTable {
        RuleTable::compile(RuleSet::default())
    }

    fn read(text: &str, table: &RuleTable) -> Result<LoadedStrategy, StrategyFileError> {
        read_json(text, "s.json", table)
    }

    #[test]
    fn mixed_player_and_full_dealer_round_trip() {
        let mut rules = RuleSet::default();
        rules.dealer.upcard = true;
        rules.dealer.fixed.reveal = RevealPolicy::On;
        let table = RuleTable::compile(rules);
        let mut player = PlayerStrategy::stand_everywhere(&table);
        for id in 0..table.compositions().len() as CompId {
            for up in Rank::all() {
                let p = ((id as usize + up.index()) % 5) as f64 / 4.0;
                if table.player(id).may_hit && !table.player(id).must_hit {
                    player.set_hit(id, Some(up), p);
                }
            }
        }
        let mut dealer = DealerStrategy::fixed(&table);
        let a6 = find(&table, "A6");
        dealer.hit[DealerStrategy::index(a6, 4)] = 0.25;
        dealer.reveal[DealerStrategy::index(a6, 4)] = 0.5;
        dealer.surrender[find(&table, "96") as usize] = 0.125;
        let info = FileInfo {
            engine: Some("test".into()),
            ev: Some(-0.5),
            description: None,
        };
        let text = to_json(&table, &player, Some(&dealer), &info);
        let loaded = read(&text, &table).unwrap();
        assert_eq!(loaded.player, player);
        assert_eq!(loaded.dealer.as_ref(), Some(&dealer));
        assert_eq!(loaded.engine.as_deref(), Some("test"));
        assert_eq!(loaded.ev, Some(-0.5));
        assert_eq!(loaded.rules_hash.as_deref(), Some(table.hash()));
    }

    #[test]
    fn hands_may_be_written_in_any_notation_and_missing_hands_stand() {
        let table = canonical();
        let text = r#"{"format": "banluck-lab strategy", "version": 1,
            "player": {"hit": {"10-6": "hit", "6 A": 0.5, "K 2": "stand"}}}"#;
        let loaded = read(text, &table).unwrap();
        assert_eq!(loaded.player.hit_probability(find(&table, "T6"), None), 1.0);
        assert_eq!(loaded.player.hit_probability(find(&table, "A6"), None), 0.5);
        assert_eq!(loaded.player.hit_probability(find(&table, "T5"), None), 0.0);
        assert!(loaded.dealer.is_none());
    }

    #[test]
    fn dealer_entries_override_the_fixed_dealer() {
        let table = canonical();
        let text = r#"{"format": "banluck-lab strategy", "version": 1, "player": {"hit": {}},
            "dealer": {"hit": {"T7": {"3": 1}}, "surrender": {"T5": 0}}}"#;
        let dealer = read(text, &table).unwrap().dealer.unwrap();
        let fixed = DealerStrategy::fixed(&table);
        let t7 = find(&table, "T7");
        assert_eq!(dealer.hit[DealerStrategy::index(t7, 3)], 1.0);
        assert_eq!(dealer.hit[DealerStrategy::index(t7, 2)], 0.0);
        assert_eq!(dealer.surrender[find(&table, "T5") as usize], 0.0);
        assert_eq!(dealer.surrender[find(&table, "96") as usize], 1.0);
        assert_eq!(
            dealer.hit[DealerStrategy::index(find(&table, "A6"), 2)],
            fixed.hit[DealerStrategy::index(find(&table, "A6"), 2)]
        );
    }

    fn error_of(text: &str, table: &RuleTable) -> String {
        read(text, table).unwrap_err().to_string()
    }

    #[test]
    fn malformed_files_name_the_file_the_key_and_what_is_allowed() {
        let table = canonical();
        let head = r#""format": "banluck-lab strategy", "version": 1"#;
        let cases = [
            ("{", "not valid JSON"),
            (
                r#"{"format": "x", "version": 1, "player": {"hit": {}}}"#,
                "format = \"x\": must be \"banluck-lab strategy\"",
            ),
            (
                r#"{"format": "banluck-lab strategy", "version": 2, "player": {"hit": {}}}"#,
                "version = 2",
            ),
            (&format!("{{{head}}}"), "player: missing"),
            (
                &format!("{{{head}, \"players\": 1}}"),
                "players: unknown key; allowed keys here: format",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{\"T6\": 2}}}}}}"),
                "player.hit.T6 = 2: expected \"hit\", \"stand\" or a hit probability",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{\"T6\": \"maybe\"}}}}}}"),
                "player.hit.T6 = \"maybe\"",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{\"TX\": 1}}}}}}"),
                "player.hit.TX: `X` is not a card",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{\"T\": 1}}}}}}"),
                "a hand holds 2 to 5 cards",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{\"22222\": 1}}}}}}"),
                "cannot be dealt from 1 deck",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{\"A65\": 1, \"56A\": 0}}}}}}"),
                "names the same hand as `player.hit.56A`",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit_by_upcard\": {{}}}}}}"),
                "these rules deal no upcard",
            ),
            (
                &format!("{{{head}, \"player\": {{\"hit\": {{}}, \"hit_by_upcard\": {{}}}}}}"),
                "give exactly one of",
            ),
            (
                &format!(
                    "{{{head}, \"player\": {{\"hit\": {{}}}}, \"dealer\": {{\"hit\": {{\"A6\": {{\"6\": 1}}}}}}}}"
                ),
                "dealer.hit.A6.6: not a player card count",
            ),
            (
                &format!(
                    "{{{head}, \"player\": {{\"hit\": {{}}}}, \"dealer\": {{\"hit\": {{\"A6\": 0.75}}, \"reveal\": {{\"A6\": 0.5}}}}}}"
                ),
                "add up to more than 1",
            ),
        ];
        for (text, expected) in cases {
            let message = error_of(text, &table);
            assert!(message.starts_with("s.json: "), "{message}");
            assert!(message.contains(expected), "`{message}` lacks `{expected}`");
        }
    }

    #[test]
    fn upcard_tables_accept_both_player_forms() {
        let mut rules = RuleSet::default();
        rules.dealer.upcard = true;
        let table = RuleTable::compile(rules);
        let plain =
            r#"{"format": "banluck-lab strategy", "version": 1, "player": {"hit": {"T6": 1}}}"#;
        assert!(!read(plain, &table).unwrap().player.by_upcard);
        let keyed = r#"{"format": "banluck-lab strategy", "version": 1,
            "player": {"hit_by_upcard": {"K": {"T6": 1}, "7": {"T6": 0}}}}"#;
        let player = read(keyed, &table).unwrap().player;
        assert_eq!(
            player.hit_probability(find(&table, "T6"), Some(Rank::TEN)),
            1.0
        );
        assert_eq!(
            player.hit_probability(find(&table, "T6"), Some(Rank::SEVEN)),
            0.0
        );
        let bad = r#"{"format": "banluck-lab strategy", "version": 1, "player": {"hit_by_upcard": {"X": {}}}}"#;
        assert!(error_of(bad, &table).contains("player.hit_by_upcard.X: not an upcard"));
    }
}
