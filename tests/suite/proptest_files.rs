//! Property tests of the file parsers: rules files of every game
//! (`rules/*.toml`), experiment files (`experiments/*.toml`) and strategy
//! files (JSON and TOML). Inputs are the shipped files mutated (bytes
//! flipped, cut short, lines duplicated, removed or swapped, numbers made
//! huge, NaN or infinite, invalid UTF-8, nesting thousands deep, near-miss
//! lines inserted) and one 10 MB file each. Properties: no panic; an error
//! names the file; rules that load print (as `rules show` does) to a file
//! that loads to the same rules.
//!
//! `cargo test --release --test suite proptest_files -- --nocapture` prints one
//! `proptest summary:` line per parser.

use crate::files;
use crate::hostile;
use crate::loaders;

use files::mutated_file;
use hostile::{Answer, Tally, cases, check, ten_megabytes};
use loaders::{
    STRATEGY_SEEDS, canonical_table, load_experiment_file, load_rules_file, load_strategy_file,
    scratch, shipped, write,
};
use proptest::prelude::*;

/// Mutated files per parser.
const CASES: u32 = 2_000;

/// Lines made of the rules files' own keys and values, out of place.
const RULES_LINES: &[&str] = &[
    "game = \"poker\"",
    "game = \"blackjack\"",
    "game = \"chess\"",
    "extends = \"banluck.toml\"",
    "extends = \"mutant.toml\"",
    "extends = \"../rules\"",
    "[dealer]",
    "[dealer.fixed]",
    "[player]",
    "[spot]",
    "decks = 9",
    "decks = 0",
    "stand_on = 22",
    "min_total = -1",
    "reveal = \"sometimes\"",
    "payouts.ban_ban = 1e308",
    "position = \"A:AA:S100|P10\"",
    "bet = \"33%,,75%\"",
    "oop = \"AX\"",
    "[[axis]]",
];

#[test]
fn rules_files_never_panic_name_the_file_and_round_trip() {
    let dir = scratch();
    let seeds = shipped("rules");
    for (name, _) in &seeds {
        let path = dir.path().join("rules").join(name);
        assert!(load_rules_file(&path).is_ok(), "{name} should load");
    }
    let tally = Tally::new("rules file");
    let bytes: Vec<Vec<u8>> = seeds.iter().map(|(_, b)| b.clone()).collect();
    check(
        file!(),
        cases(CASES),
        mutated_file(bytes, RULES_LINES),
        &tally,
        |(_, bytes)| {
            let path = write(dir.path(), "rules", "mutant.toml", &bytes);
            match load_rules_file(&path) {
                Ok(printed) => {
                    prop_assert!(!printed.starts_with("cannot print"), "{}", printed);
                    let again = write(dir.path(), "rules", "printed.toml", printed.as_bytes());
                    prop_assert_eq!(load_rules_file(&again), Ok(printed));
                    Ok(Answer::Ok)
                }
                Err(message) => {
                    prop_assert!(message.contains(".toml"), "{}", message);
                    Ok(Answer::Refused)
                }
            }
        },
    );
    let mut huge = seeds[0].1.clone();
    huge.extend_from_slice(format!("\n# {}\n", ten_megabytes("x")).as_bytes());
    huge.extend_from_slice(format!("description = \"{}\"\n", ten_megabytes("y")).as_bytes());
    let path = write(dir.path(), "rules", "huge.toml", &huge);
    // Long but well formed: it loads or is refused, naming the file.
    if let Err(message) = load_rules_file(&path) {
        assert!(message.contains("huge.toml"), "{message}");
    }
}

/// Lines made of the experiment files' own keys and values, out of place.
const EXPERIMENT_LINES: &[&str] = &[
    "[[axis]]",
    "key = \"dealer.fixed.stand_on\"",
    "values = [16, 17, 17]",
    "values = []",
    "labels = [\"a\"]",
    "zip = [\"a\", \"b\"]",
    "kind = \"rotation\"",
    "kind = \"grid\"",
    "kind = \"nope\"",
    "rules = \"../rules/mutant.toml\"",
    "rules = \"../rules/river-spot.toml\"",
    "rules = \"/\"",
    "[engines.dp]",
    "[engines.cfr]",
    "iterations = 0",
    "name = \"\"",
    "output = \"../..\"",
];

#[test]
fn experiment_files_never_panic_and_name_the_file() {
    let dir = scratch();
    let seeds = shipped("experiments");
    let tally = Tally::new("experiment file");
    let bytes: Vec<Vec<u8>> = seeds.iter().map(|(_, b)| b.clone()).collect();
    check(
        file!(),
        cases(CASES),
        mutated_file(bytes, EXPERIMENT_LINES),
        &tally,
        |(_, bytes)| {
            let path = write(dir.path(), "experiments", "mutant.toml", &bytes);
            match load_experiment_file(&path) {
                Ok(()) => Ok(Answer::Ok),
                Err(message) => {
                    prop_assert!(message.contains("mutant.toml"), "{}", message);
                    Ok(Answer::Refused)
                }
            }
        },
    );
    let mut huge = seeds[0].1.clone();
    huge.extend_from_slice(format!("\n# {}\n", ten_megabytes("x")).as_bytes());
    huge.extend_from_slice(format!("question = \"{}\"\n", ten_megabytes("y")).as_bytes());
    let path = write(dir.path(), "experiments", "huge.toml", &huge);
    // Long but well formed: it loads or is refused, naming the file.
    if let Err(message) = load_experiment_file(&path) {
        assert!(message.contains("huge.toml"), "{message}");
    }
}

/// Entries of the strategy files, out of place.
const STRATEGY_LINES: &[&str] = &[
    "\"format\": \"banluck-lab strategy\",",
    "\"version\": 2,",
    "\"T5\": 1.5,",
    "\"T5\": -0.0,",
    "\"ZZ\": 1.0,",
    "\"AAAAAA\": \"hit\",",
    "\"hit\": { \"T6\": { \"9\": 1.0 } },",
    "hit_below = 23",
    "default = \"fold\"",
    "\"hard 12 vs T\" = \"hit\"",
    "\"6 cards 16\" = \"stand\"",
    "\"soft 3\" = 0.5",
    "[dealer]",
];

#[test]
fn strategy_files_never_panic_and_name_the_file() {
    let dir = scratch();
    let table = canonical_table();
    for (ext, text) in STRATEGY_SEEDS {
        let path = write(dir.path(), "rules", &format!("seed.{ext}"), text.as_bytes());
        assert_eq!(load_strategy_file(&path, &table), Ok(()), "{ext}");
    }
    let tally = Tally::new("strategy file");
    let bytes: Vec<Vec<u8>> = STRATEGY_SEEDS
        .iter()
        .map(|(_, t)| t.as_bytes().to_vec())
        .collect();
    check(
        file!(),
        cases(CASES),
        mutated_file(bytes, STRATEGY_LINES),
        &tally,
        |(seed, bytes)| {
            let name = format!("mutant.{}", STRATEGY_SEEDS[seed].0);
            let path = write(dir.path(), "rules", &name, &bytes);
            match load_strategy_file(&path, &table) {
                Ok(()) => Ok(Answer::Ok),
                Err(message) => {
                    prop_assert!(message.contains(&name), "{}", message);
                    Ok(Answer::Refused)
                }
            }
        },
    );
    for (ext, text) in STRATEGY_SEEDS {
        let huge = format!("{text}\n{}", ten_megabytes(" "));
        let path = write(dir.path(), "rules", &format!("huge.{ext}"), huge.as_bytes());
        if let Err(message) = load_strategy_file(&path, &table) {
            assert!(message.contains("huge."), "{message}");
        }
    }
}
