//! The `[table]` keys: defaults leave every shipped rules file's hash as it
//! was before the keys existed; other values change it.

use std::path::Path;

use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::rules::{CompiledRules, RotationScheme, rules_hash};

/// Hashes of the shipped files recorded before `[table]` was added.
const SHIPPED: [(&str, &str); 9] = [
    ("banluck.toml", "f7f6f224ac48a982"),
    ("house-draw.toml", "a736a57d39c0b95d"),
    ("infinite-deck.toml", "a8d729048b482aa5"),
    ("kampung.toml", "ff7d842e0fa0da24"),
    ("must-hit.toml", "4b63caaf43e50cd7"),
    ("no-surrender.toml", "e43266c08d6b8593"),
    ("reveal-on.toml", "c73e2f3cc9483d6b"),
    ("six-deck.toml", "5f0d57456c0c816c"),
    ("upcard.toml", "d27b4e5fc44c18c6"),
];

#[test]
fn shipped_files_hash_as_before_the_table_keys() {
    for (file, hash) in SHIPPED {
        let rules = load_rules(Some(&Path::new("rules").join(file)), &[]).unwrap();
        assert_eq!(rules.table.players, 1, "{file}");
        assert_eq!(CompiledRules::compile(rules).hash(), hash, "{file}");
    }
}

#[test]
fn table_keys_other_than_the_defaults_change_the_hash() {
    let mut rules = load_rules(Some(Path::new("rules/banluck.toml")), &[]).unwrap();
    let canonical = rules_hash(&rules);
    rules.table.players = 3;
    let three = rules_hash(&rules);
    assert_ne!(three, canonical);
    rules.table.rotation.scheme = RotationScheme::OnBan;
    assert_ne!(rules_hash(&rules), three);
}
