//! Rules files that must not load: the `tests/malformed/` corpus (every file
//! in the folder, so new files are picked up) and errors in base files. Each
//! error must name the file, the key and what is allowed. `--set` overrides
//! and `BANLUCK_*` environment variables are in `rules_overrides.rs`.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::rules::RuleProblem;

use crate::rule_errors;

use rule_errors::{key_problem, malformed_dir};

/// Every `.toml` file of the corpus with its `# expect:` value, sorted.
fn corpus() -> Vec<(PathBuf, String, String)> {
    let mut files: Vec<PathBuf> = fs::read_dir(malformed_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            let first = text.lines().next().unwrap_or_default();
            let expect = first
                .strip_prefix("# expect:")
                .unwrap_or_else(|| {
                    panic!(
                        "{} must start with `# expect: <dotted.key>`",
                        path.display()
                    )
                })
                .trim()
                .to_string();
            assert!(!expect.is_empty(), "{}: empty expectation", path.display());
            (path, expect, text)
        })
        .collect()
}

/// Whether a line of TOML (not a comment) writes the key `name`: a whole
/// word, so `surrender` is not found in `allow_surrender`.
fn writes_key(line: &str, name: &str) -> bool {
    let code = line.split('#').next().unwrap_or_default();
    code.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| word == name)
}

// ------------------------------------------------ the malformed corpus

#[test]
fn every_malformed_file_fails_naming_the_file_and_the_key() {
    let files = corpus();
    assert!(files.len() >= 24, "only {} malformed files", files.len());
    for (path, expect, text) in &files {
        let shown = path.display().to_string();
        let error = match load_rules(Some(path), &[]) {
            Ok(rules) => panic!("{shown} loaded: {rules:?}"),
            Err(error) => error,
        };
        let message = error.to_string();
        assert!(
            message.contains(&shown),
            "{shown}: message does not name the file:\n{message}"
        );
        match expect.as_str() {
            "syntax" => {
                assert!(
                    matches!(&error.problems[..], [RuleProblem::Syntax { file, message }]
                        if file == path && message.contains("line")),
                    "{shown}: expected one syntax problem with a line: {error:?}"
                );
            }
            "extends" => {
                assert_eq!(error.problems.len(), 1, "{shown}: {error:?}");
                assert!(
                    matches!(
                        &error.problems[0],
                        RuleProblem::Extends { message, .. } if !message.is_empty()
                    ) || error.names_key("extends"),
                    "{shown}: expected an extends problem: {error:?}"
                );
                assert!(message.contains("`extends`"), "{shown}: {message}");
            }
            key => {
                assert!(
                    error.names_key(key),
                    "{shown}: expected key `{key}`, got:\n{message}"
                );
                assert!(
                    message.contains(&format!("key `{key}`")),
                    "{shown}: {message}"
                );
                let Some(RuleProblem::Key {
                    origin,
                    line,
                    allowed,
                    ..
                }) = key_problem(&error, key)
                else {
                    unreachable!("names_key found it")
                };
                assert!(!allowed.trim().is_empty(), "{shown}: no allowed values");
                assert_eq!(origin, &shown);
                // The key's own line, whenever the file writes the key.
                let name = key.rsplit('.').next().unwrap();
                let written = text.lines().any(|l| writes_key(l, name));
                match line {
                    Some(n) => {
                        let at = text.lines().nth(n - 1).unwrap_or_default();
                        assert!(writes_key(at, name), "{shown}:{n} is `{at}`, not `{key}`");
                        assert!(
                            message.contains(&format!("{shown}:{n}: key `{key}`")),
                            "{shown}: {message}"
                        );
                    }
                    None => assert!(!written, "{shown}: `{key}` is written but has no line"),
                }
            }
        }
        // Every problem says what is allowed or what is wrong.
        for problem in &error.problems {
            if let RuleProblem::Key { allowed, .. } = problem {
                assert!(!allowed.is_empty(), "{shown}: {problem:?}");
            }
        }
    }
}

#[test]
fn malformed_corpus_covers_every_checked_key() {
    let expected: BTreeSet<String> = corpus().into_iter().map(|(_, e, _)| e).collect();
    let required = [
        // range checks
        "deck.decks",
        "ace.two_cards",
        "ace.three_cards",
        "ace.four_cards",
        "ace.five_cards",
        "payouts.ban_ban",
        "payouts.ban_luck",
        "payouts.triple_seven",
        "payouts.five_card_21",
        "payouts.five_card",
        "payouts.regular",
        "payouts.five_card_bust",
        "player.max_cards",
        "player.min_total",
        "dealer.min_total",
        "dealer.max_cards",
        "dealer.reveal_totals",
        "dealer.fixed.stand_on",
        // contradictions and enums
        "dealer.fixed.surrender",
        "dealer.fixed.reveal",
        "player.below_min",
        "player.bust",
        "settlement.five_card_timing",
        "settlement.five_vs_five",
        "settlement.both_bust",
        "settlement.bust_vs_bonus",
        // unknown keys at each level
        "deck.shuffles",
        "ace.six_cards",
        "payouts.blackjack",
        "player.double_down",
        "dealer.peek",
        "dealer.fixed.hit_soft_16",
        "settlement.insurance",
        "colour",
        // file problems
        "syntax",
        "extends",
    ];
    let missing: Vec<&str> = required
        .into_iter()
        .filter(|key| !expected.contains(*key))
        .collect();
    assert!(missing.is_empty(), "no malformed file expects {missing:?}");
}

#[test]
fn an_error_in_a_base_file_names_the_base_file_and_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.toml");
    fs::write(
        &base,
        "# a base\n\n[dealer]\nmin_total = 16\n\n[dealer.fixed]\nstand_on = 12\n",
    )
    .unwrap();
    let child = dir.path().join("child.toml");
    fs::write(&child, "extends = \"base.toml\"\n\n[deck]\ndecks = 2\n").unwrap();
    let error = load_rules(Some(&child), &[]).unwrap_err();
    let Some(RuleProblem::Key { origin, line, .. }) = key_problem(&error, "dealer.fixed.stand_on")
    else {
        panic!("{error:?}")
    };
    assert_eq!(origin, &base.display().to_string());
    assert_eq!(*line, Some(7));
    assert!(
        error.to_string().starts_with(&format!(
            "{}:7: key `dealer.fixed.stand_on` = 12",
            base.display()
        )),
        "{error}"
    );
    // The child fixes it: its value wins and it loads.
    fs::write(
        &child,
        "extends = \"base.toml\"\n\n[dealer.fixed]\nstand_on = 17\n",
    )
    .unwrap();
    assert_eq!(
        load_rules(Some(&child), &[]).unwrap().dealer.fixed.stand_on,
        17
    );
}

#[test]
fn a_value_left_at_its_default_has_no_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("no-surrender.toml");
    // fixed.surrender stays "always" (the default), which the file now forbids.
    fs::write(&file, "[dealer]\nallow_surrender = false\n").unwrap();
    let error = load_rules(Some(&file), &[]).unwrap_err();
    let Some(RuleProblem::Key { origin, line, .. }) = key_problem(&error, "dealer.fixed.surrender")
    else {
        panic!("{error:?}")
    };
    assert_eq!(origin, &file.display().to_string());
    assert_eq!(*line, None);
}
