//! The rule columns of a blackjack variant: every rule key of the schema
//! (dotted, as `--set` writes it) with its value, the same keys in the
//! same order for every rule set. The rules leave some keys out of their
//! JSON (and so of the hash) while they hold their defaults
//! (`split.algorithm`, `surrender.early`, `insurance`, `even_money`,
//! `shoe.penetration`); a column shows such a key's default then.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::games::blackjack::rules::BlackjackRules;
use crate::lab::dotted_columns;

/// The keys the rules leave out of their JSON while they hold their
/// defaults, with the default each column shows then.
fn optional_keys() -> [(&'static str, Value); 8] {
    [
        ("dealer.hole_card", json!("american")),
        ("dealer.enhc_loses", json!("all")),
        ("charlie", json!(0)),
        ("split.algorithm", json!("cdp1")),
        ("surrender.early", json!(false)),
        ("insurance", json!(false)),
        ("even_money", json!(false)),
        ("shoe.penetration", Value::Null),
    ]
}

/// The keys that name or describe a rule set without changing the game.
const NOT_RULES: [&str; 3] = ["game", "extends", "description"];

/// Every rule key of `rules` present in its JSON, dotted, with its value.
fn present(rules: &BlackjackRules) -> BTreeMap<String, Value> {
    let value = serde_json::to_value(rules).unwrap_or(Value::Null);
    dotted_columns("", &value)
        .into_iter()
        .filter(|(key, _)| !NOT_RULES.contains(&key.as_str()))
        .collect()
}

/// The rule keys in column order (sorted) with the default rules' values.
fn defaults() -> BTreeMap<String, Value> {
    let mut keys = present(&BlackjackRules::default());
    for (key, value) in optional_keys() {
        keys.insert(key.to_string(), value);
    }
    keys
}

/// The rule columns of `rules`: every rule key, sorted, with its value.
pub fn rule_columns(rules: &BlackjackRules) -> Vec<(String, Value)> {
    let mut set = present(rules);
    let hole = serde_json::to_value(rules.dealer.hole_card()).unwrap_or(Value::Null);
    set.insert("dealer.hole_card".to_string(), hole);
    defaults()
        .into_iter()
        .map(|(key, default)| {
            let value = set.get(&key).cloned().unwrap_or(default);
            (key, value)
        })
        .collect()
}

/// The rule columns that type `runs.parquet`: the default rules' columns,
/// except that `shoe.penetration` (unset by default) is typed as a number.
pub fn column_types() -> Vec<(String, Value)> {
    rule_columns(&BlackjackRules::default())
        .into_iter()
        .map(|(key, value)| match key.as_str() {
            "shoe.penetration" => (key, json!(0.0)),
            _ => (key, value),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blackjack::rules::load_blackjack_rules;
    use crate::rules::Override;

    #[test]
    fn every_key_set_anywhere_has_a_column() {
        let sets: Vec<Override> = [
            "split.algorithm=cdp",
            "surrender.early=true",
            "insurance=true",
            "even_money=true",
            "shoe.penetration=0.75",
            "dealer.peek=false",
            "dealer.hole_card=enhc",
            "dealer.enhc_loses=obbo",
            "charlie=5",
        ]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
        let rules = load_blackjack_rules(None, &sets).unwrap();
        let columns = rule_columns(&rules);
        let names: Vec<&str> = columns.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            names,
            column_types()
                .iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>()
        );
        for key in present(&rules).keys() {
            assert!(names.contains(&key.as_str()), "{key} has no column");
        }
        let get = |key: &str| columns.iter().find(|(k, _)| k == key).unwrap().1.clone();
        assert_eq!(get("split.algorithm"), json!("cdp"));
        assert_eq!(get("shoe.penetration"), json!(0.75));
        assert_eq!(get("dealer.enhc_loses"), json!("obbo"));
        assert_eq!(get("charlie"), json!(5));
        let plain = rule_columns(&BlackjackRules::default());
        assert_eq!(plain.len(), columns.len());
        let get = |key: &str| plain.iter().find(|(k, _)| k == key).unwrap().1.clone();
        assert_eq!(get("surrender.early"), json!(false));
        assert_eq!(get("deck.decks"), json!(6));
        assert_eq!(get("dealer.hole_card"), json!("american"));
        assert_eq!(get("dealer.enhc_loses"), json!("all"));
        assert!(!names.contains(&"game") && !names.contains(&"description"));
    }
}
