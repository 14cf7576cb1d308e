//! The file parsers as the CLI calls them, and a scratch copy of the
//! shipped rules so that mutated files find their `extends` and `rules`.

use std::path::{Path, PathBuf};

use banluck_lab::games::baccarat::rules::load_baccarat_rules;
use banluck_lab::games::banluck::rules::{CompiledRules, load_rules};
use banluck_lab::games::banluck::strategy_file::load_strategy;
use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use banluck_lab::games::poker::lab::SpotRules;
use banluck_lab::lab::load_any_experiment;
use banluck_lab::rules::{GameKind, game_kind};
use banluck_lab::studies::registry;

/// The crate's root folder.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The bytes of every `*.toml` file of `folder` (sorted by name).
pub fn shipped(folder: &str) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(root().join(folder))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    files
}

/// A temporary folder with `rules/` (a copy of the shipped rules) and an
/// empty `experiments/`.
pub fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("rules")).unwrap();
    std::fs::create_dir(dir.path().join("experiments")).unwrap();
    for (name, bytes) in shipped("rules") {
        std::fs::write(dir.path().join("rules").join(name), bytes).unwrap();
    }
    dir
}

/// Writes `bytes` to `folder/name` below `dir`.
pub fn write(dir: &Path, folder: &str, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(folder).join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Loads a rules file of any game as `rules check` and `rules show` do;
/// `Ok` holds the resolved rules as `rules show` prints them (TOML).
pub fn load_rules_file(path: &Path) -> Result<String, String> {
    let text = match game_kind(path).map_err(|e| e.to_string())? {
        GameKind::Banluck => load_rules(Some(path), &[]).map(|r| {
            CompiledRules::compile(r.clone());
            toml::to_string(&r)
        }),
        GameKind::Blackjack => load_blackjack_rules(Some(path), &[]).map(|r| toml::to_string(&r)),
        GameKind::Baccarat => load_baccarat_rules(Some(path), &[]).map(|r| toml::to_string(&r)),
        GameKind::Poker => SpotRules::load(Some(path), &[]).map(|r| toml::to_string(&r.keys)),
    };
    text.map_err(|e| e.to_string())
        .map(|printed| printed.unwrap_or_else(|e| format!("cannot print: {e}")))
}

/// Loads an experiment file of any kind; `Err` holds the message.
pub fn load_experiment_file(path: &Path) -> Result<(), String> {
    load_any_experiment(path, &registry())
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// Loads a strategy file for the canonical Banluck rules.
pub fn load_strategy_file(path: &Path, table: &CompiledRules) -> Result<(), String> {
    load_strategy(path, table)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

/// The canonical Banluck rules, compiled.
pub fn canonical_table() -> CompiledRules {
    CompiledRules::compile(load_rules(Some(&root().join("rules/banluck.toml")), &[]).unwrap())
}

/// A solver's strategy file and a chart of habits, as the strategy
/// files' documentation shows them, less one entry each that the canonical
/// rules refuse (the JSON's reveal of `A6` against 4 cards, which adds up
/// to more than 1 with its hit; the chart's `"3 cards 16"`, which
/// disagrees with `"soft 16"` on `A42`).
pub const STRATEGY_SEEDS: &[(&str, &str)] = &[
    (
        "json",
        r#"{
  "format": "banluck-lab strategy",
  "version": 1,
  "engine": "dp",
  "rules_hash": "1f0c2a9e8b7d6c5a",
  "ev": -0.0123,
  "player": {
    "hit": { "T5": 1.0, "T6": 1.0, "T7": 0.0, "A5": "hit", "652": 0.25 }
  },
  "dealer": {
    "hit": { "T6": 1.0, "A6": { "2": 1.0, "3": 0.0, "4": 1.0, "5": 1.0 } },
    "reveal": { "A6": { "3": 1.0 } },
    "surrender": { "T5": 1.0, "96": 0.0 }
  }
}
"#,
    ),
    (
        "toml",
        r#"# Stand on 17 or more, hit below; hit soft 17 too.
[player]
default = "stand"
hit_below = 17
soft_hit_below = 18
"soft 16" = "hit"
"A65" = "stand"
"15" = 0.5
"#,
    ),
];
