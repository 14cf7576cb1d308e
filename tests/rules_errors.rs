//! Rules that must not load: the `tests/malformed/` corpus (every file in the
//! folder, so new files are picked up), `--set` overrides and `BANLUCK_*`
//! environment variables. Each error must name where the value came from,
//! the key and what is allowed.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::rules::{Override, RuleProblem, RulesError};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn malformed_dir() -> PathBuf {
    manifest_dir().join("tests").join("malformed")
}

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

fn key_problem<'a>(error: &'a RulesError, key: &str) -> Option<&'a RuleProblem> {
    error
        .problems
        .iter()
        .find(|p| matches!(p, RuleProblem::Key { key: k, .. } if k == key))
}

fn set(argument: &str) -> Override {
    argument.parse().unwrap()
}

/// The built binary, run from the crate root with no `BANLUCK_*` variables
/// inherited from the caller.
fn banluck() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.current_dir(manifest_dir());
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") {
            command.env_remove(name);
        }
    }
    command
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
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

// ------------------------------------------------ --set overrides

#[test]
fn override_parsing_rejects_what_is_not_key_equals_value() {
    for bad in [
        "no-equals-sign",
        "=5",
        " = 5",
        "Deck.decks=1",
        "deck..decks=1",
        ".deck=1",
        "deck.=1",
        "deck decks=1",
        "deck-decks=1",
    ] {
        let error = bad.parse::<Override>().unwrap_err();
        assert!(!error.is_empty(), "{bad}");
    }
    let ok: Override = " dealer.fixed.stand_on = 16 ".parse().unwrap();
    assert_eq!(
        (ok.key.as_str(), ok.value.as_str()),
        ("dealer.fixed.stand_on", "16")
    );
    assert_eq!(ok.to_string(), "dealer.fixed.stand_on=16");
    // Only the first `=` splits.
    let eq: Override = "description=a=b".parse().unwrap();
    assert_eq!(eq.value, "a=b");
}

#[test]
fn a_bad_set_value_names_the_set_flag_as_origin() {
    for (argument, key) in [
        ("deck.decks=abc", "deck.decks"),
        ("deck.decks=0", "deck.decks"),
        ("dealer.fixed.stand_on=15", "dealer.fixed.stand_on"),
        ("player.below_min=sometimes", "player.below_min"),
        ("ace.two_cards=[10, 10]", "ace.two_cards"),
        ("player.min_totl=3", "player.min_totl"),
    ] {
        let error = load_rules(None, &[set(argument)]).unwrap_err();
        assert!(error.names_key(key), "{argument}: {error}");
        let Some(RuleProblem::Key {
            origin,
            line,
            allowed,
            ..
        }) = key_problem(&error, key)
        else {
            unreachable!()
        };
        assert_eq!(origin, &format!("--set {argument}"));
        assert_eq!(*line, None);
        assert!(!allowed.is_empty());
        assert!(
            error
                .to_string()
                .starts_with(&format!("--set {argument}: key `{key}`")),
            "{error}"
        );
    }
    let error = load_rules(None, &[set("dealer.fixed.reveal=maybe")]).unwrap_err();
    assert!(error.to_string().contains("\"off\", \"on\""), "{error}");
}

#[test]
fn set_flags_apply_in_order_after_the_file() {
    let broken = malformed_dir().join("range_decks_zero.toml");
    assert!(load_rules(Some(&broken), &[]).is_err());
    let fixed = load_rules(Some(&broken), &[set("deck.decks=2")]).unwrap();
    assert_eq!(fixed.deck.decks, 2);
    let last_wins = load_rules(None, &[set("deck.decks=3"), set("deck.decks=4")]).unwrap();
    assert_eq!(last_wins.deck.decks, 4);
    let lists = load_rules(
        None,
        &[set("ace.four_cards=[1]"), set("payouts.ban_ban=2.5")],
    )
    .unwrap();
    assert_eq!(lists.ace.four_cards, [1]);
    assert_eq!(lists.payouts.ban_ban, 2.5);
    // A --set can make a file contradict itself too.
    let error = load_rules(
        Some(&manifest_dir().join("rules/no-surrender.toml")),
        &[set("dealer.fixed.surrender=always")],
    )
    .unwrap_err();
    assert!(error.names_key("dealer.fixed.surrender"), "{error}");
}

// ------------------------------------------------ BANLUCK_* environment

#[test]
fn env_overrides_name_the_variable() {
    for (variable, value, key) in [
        ("BANLUCK_DECK__DECKS", "0", "deck.decks"),
        ("BANLUCK_DECK__DECKS", "many", "deck.decks"),
        ("BANLUCK_PLAYER__BELOW_MIN", "sometimes", "player.below_min"),
        (
            "BANLUCK_DEALER__FIXED__STAND_ON",
            "12",
            "dealer.fixed.stand_on",
        ),
        ("BANLUCK_COLOUR", "red", "colour"),
    ] {
        let output = banluck()
            .args(["rules", "show", "rules/banluck.toml"])
            .env(variable, value)
            .output()
            .unwrap();
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{variable}={value}: {err}");
        assert!(
            err.contains(&format!("environment variable {variable}: key `{key}`")),
            "{variable}={value}: {err}"
        );
    }
}

#[test]
fn env_overrides_apply_after_the_file_and_before_set() {
    let show = |env: &[(&str, &str)], args: &[&str]| -> Output {
        let mut command = banluck();
        command.args(["rules", "show", "rules/banluck.toml", "--json"]);
        command.args(args);
        for (name, value) in env {
            command.env(name, value);
        }
        command.output().unwrap()
    };
    let decks = |output: &Output| -> u64 {
        assert_eq!(output.status.code(), Some(0), "{}", stderr(output));
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        json["rules"]["deck"]["decks"].as_u64().unwrap()
    };
    assert_eq!(decks(&show(&[], &[])), 1);
    assert_eq!(decks(&show(&[("BANLUCK_DECK__DECKS", "6")], &[])), 6);
    // --set beats the environment, even fixing a bad variable.
    let both = show(&[("BANLUCK_DECK__DECKS", "0")], &["--set", "deck.decks=2"]);
    assert_eq!(decks(&both), 2);
}
