//! The built binary on hostile input: mutated rules, experiment and
//! strategy files and mutated range strings, 200 runs at most (each spawns
//! the binary). Property: the binary exits 2 exactly when the library
//! refuses the input (0 when it accepts it), never with a panic's 101.
//!
//! `cargo test --release --test suite proptest_cli -- --nocapture` prints one
//! `proptest summary:` line per command.

use crate::binary;
use crate::files;
use crate::hostile;
use crate::loaders;
use crate::text;

use banluck_lab::games::poker::range::Range;
use binary::run;
use files::mutated_file;
use hostile::{Answer, Tally, check, ten_megabytes};
use loaders::{
    STRATEGY_SEEDS, canonical_table, load_experiment_file, load_rules_file, load_strategy_file,
    scratch, shipped, write,
};
use proptest::prelude::*;
use text::{mutated_text, token_soup};

/// The exit code the binary must give: 0 when the library accepts, 2 when
/// it refuses.
fn expected(accepted: bool) -> Option<i32> {
    Some(if accepted { 0 } else { 2 })
}

#[test]
fn rules_check_exits_2_on_every_refused_rules_file() {
    let dir = scratch();
    let bytes: Vec<Vec<u8>> = shipped("rules").into_iter().map(|(_, b)| b).collect();
    let tally = Tally::new("cli rules check");
    check(
        file!(),
        70,
        mutated_file(bytes, &["game = \"chess\"", "decks = 0", "[dealer]"]),
        &tally,
        |(_, bytes)| {
            let path = write(dir.path(), "rules", "mutant.toml", &bytes);
            let accepted = load_rules_file(&path).is_ok();
            let (code, _, err) = run(&["rules", "check", path.to_str().unwrap()]);
            prop_assert_eq!(code, expected(accepted), "{}", err);
            Ok(if accepted {
                Answer::Ok
            } else {
                Answer::Refused
            })
        },
    );
    let huge = format!("decks = 1\n# {}\ndecks = 2\n", ten_megabytes("x"));
    let path = write(dir.path(), "rules", "huge.toml", huge.as_bytes());
    let (code, _, err) = run(&["rules", "check", path.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("huge.toml"), "{err}");
}

#[test]
fn run_exits_2_on_refused_experiment_files() {
    let dir = scratch();
    let bytes: Vec<Vec<u8>> = shipped("experiments").into_iter().map(|(_, b)| b).collect();
    let tally = Tally::new("cli run (refused experiments only)");
    let output = dir.path().join("out");
    check(
        file!(),
        40,
        mutated_file(bytes, &["[[axis]]", "kind = \"nope\"", "values = []"]).prop_filter(
            "the library refuses it",
            {
                let dir = dir.path().to_path_buf();
                move |(_, bytes)| {
                    let path = write(&dir, "experiments", "probe.toml", bytes);
                    load_experiment_file(&path).is_err()
                }
            },
        ),
        &tally,
        |(_, bytes)| {
            let path = write(dir.path(), "experiments", "mutant.toml", &bytes);
            let (code, _, err) = run(&[
                "run",
                path.to_str().unwrap(),
                "--quiet",
                "--output",
                output.to_str().unwrap(),
            ]);
            prop_assert_eq!(code, Some(2), "{}", err);
            prop_assert!(err.contains("mutant.toml"), "{}", err);
            Ok(Answer::Refused)
        },
    );
    assert!(!output.exists(), "a refused experiment wrote output");
}

#[test]
fn simulate_exits_2_on_every_refused_strategy_file() {
    let dir = scratch();
    let table = canonical_table();
    let rules = dir.path().join("rules/banluck.toml");
    let bytes: Vec<Vec<u8>> = STRATEGY_SEEDS
        .iter()
        .map(|(_, t)| t.as_bytes().to_vec())
        .collect();
    let tally = Tally::new("cli simulate --strategy");
    check(
        file!(),
        40,
        mutated_file(bytes, &["\"T5\": 2,", "hit_below = 99"]),
        &tally,
        |(seed, bytes)| {
            let name = format!("mutant.{}", STRATEGY_SEEDS[seed].0);
            let path = write(dir.path(), "rules", &name, &bytes);
            let accepted = load_strategy_file(&path, &table).is_ok();
            let (code, _, err) = run(&[
                "simulate",
                "--rules",
                rules.to_str().unwrap(),
                "--strategy",
                path.to_str().unwrap(),
                "--hands",
                "1000",
                "--threads",
                "1",
                "--quiet",
            ]);
            prop_assert_eq!(code, expected(accepted), "{}", err);
            Ok(if accepted {
                Answer::Ok
            } else {
                Answer::Refused
            })
        },
    );
}

#[test]
fn poker_range_exits_2_on_every_refused_range() {
    let tally = Tally::new("cli poker range");
    let strings = prop_oneof![
        mutated_text(&["22+,A2s+,KTs+", "AKs,AsKd:0.5"], "AKT2so+-:,. X"),
        token_soup(&["A", "K", "2", "s", "o", "+", "-", ":0.5", "X"], ",", 1..5),
    ]
    .prop_filter("an argument cannot hold NUL", |s| !s.contains('\0'));
    check(file!(), 50, strings, &tally, |text| {
        let accepted = Range::parse(&text).is_ok();
        let (code, _, err) = run(&["poker", "range", "--", &text]);
        prop_assert_eq!(code, expected(accepted), "{}", err);
        Ok(if accepted {
            Answer::Ok
        } else {
            Answer::Refused
        })
    });
}
