//! Reading a strategy file: every key checked against the rules, every
//! mistake named with the file and the key.

use std::collections::HashMap;

use serde_json::{Map, Value};

use crate::cards::{CompId, RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::super::error::StrategyFileError;
use super::super::hands::{PROBABILITY, Seen, join};
use super::format::{FORMAT, LoadedStrategy, VERSION};

/// Reads a JSON strategy file's text (`file` names it in errors) for
/// `table`.
pub fn read_json(
    text: &str,
    file: &str,
    table: &CompiledRules,
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
    table: &'a CompiledRules,
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
        let hit = self.per_player_cards(section.get("hit"), "dealer.hit")?;
        let reveal = self.per_player_cards(section.get("reveal"), "dealer.reveal")?;
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
    fn per_player_cards(
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
