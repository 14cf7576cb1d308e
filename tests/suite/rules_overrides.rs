//! Rules that must not load through `--set` overrides and `BANLUCK_*`
//! environment variables, and the order they apply in. Each error must name
//! where the value came from, the key and what is allowed.

use std::process::{Command, Output};

use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::rules::{Override, RuleProblem};

use crate::rule_errors;

use rule_errors::{key_problem, malformed_dir, manifest_dir};

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
