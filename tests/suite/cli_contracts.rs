//! The command-line contract of every command that prints its answer
//! (`rules check`, `rules show`, `solve`, `advise`, `simulate`, `table`,
//! `rotation`): exit 0 with the answer, exit 2 with a message naming the
//! bad input, exit 1 when the output cannot be written. The commands that
//! write folders (`run`, `report`, `merge`) are in `cli_outputs.rs`.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The exit code, stdout and stderr of the binary run with `args` from the
/// crate root (no `BANLUCK_*` variables inherited).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = command(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.args(args).current_dir(manifest_dir());
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") {
            command.env_remove(name);
        }
    }
    command
}

/// Exit 2 with a message containing every one of `named`, and no panic.
fn assert_user_error(args: &[&str], named: &[&str]) {
    let (code, out, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {out}{err}");
    for name in named {
        assert!(err.contains(name), "{args:?} does not name {name:?}: {err}");
    }
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

/// With stdout on a device that refuses every write (`/dev/full`), the
/// command fails with exit 1 and says it cannot write its output.
fn assert_output_failure(args: &[&str]) {
    let full = File::options().write(true).open("/dev/full").unwrap();
    let out = command(args)
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.contains("cannot write the output"), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

const CANONICAL: &str = "rules/banluck.toml";

#[test]
fn rules_check_and_show() {
    let (code, out, _) = run(&["rules", "check", CANONICAL]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("ok   rules/banluck.toml (rules hash "),
        "{out}"
    );
    assert_user_error(
        &["rules", "check", "tests/malformed/enum_both_bust.toml"],
        &["enum_both_bust.toml", "settlement.both_bust"],
    );
    assert_output_failure(&["rules", "check", CANONICAL]);
    let (code, out, _) = run(&["rules", "show", CANONICAL, "--json"]);
    assert_eq!(code, 0);
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["compositions"], 2994);
    assert_user_error(
        &[
            "rules",
            "show",
            CANONICAL,
            "--set",
            "dealer.fixed.stand_on=30",
        ],
        &["dealer.fixed.stand_on", "30"],
    );
    assert_user_error(&["rules", "show", "rules/none.toml"], &["rules/none.toml"]);
    assert_output_failure(&["rules", "show", CANONICAL]);
}

#[test]
fn solve_json_holds_the_exact_solution() {
    let (code, out, err) = run(&["solve", "--rules", CANONICAL, "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["engine"], "dp");
    let (_, show, _) = run(&["rules", "show", CANONICAL, "--json"]);
    let show: serde_json::Value = serde_json::from_str(&show).unwrap();
    assert_eq!(json["rules_hash"], show["rules_hash"]);
    let number = |key: &str| json[key].as_f64().unwrap();
    let (ev, chart, sd, void) = (
        number("ev"),
        number("ev_chart"),
        number("std_dev"),
        number("void_rate"),
    );
    assert_eq!(format!("{ev:+.6} {chart:+.6}"), "-0.078881 -0.078888");
    assert!(ev >= chart);
    // The payoff distribution sums to one, and its mean and spread are the
    // EV and the standard deviation; voids are 96 of 1326 deals.
    let outcomes: Vec<(f64, f64)> = json["outcomes"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(payoff, p)| (payoff.parse().unwrap(), p.as_f64().unwrap()))
        .collect();
    assert_eq!(outcomes.len(), 9, "{outcomes:?}");
    let total: f64 = outcomes.iter().map(|(_, p)| p).sum();
    let mean: f64 = outcomes.iter().map(|(v, p)| v * p).sum();
    let variance: f64 = outcomes.iter().map(|(v, p)| (v - mean).powi(2) * p).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    assert!((mean - ev).abs() < 1e-12, "{mean} against {ev}");
    assert!((variance.sqrt() - sd).abs() < 1e-12);
    assert!((void - 96.0 / 1326.0).abs() < 1e-12, "{void}");
    let compositions = json["compositions"].as_array().unwrap();
    assert_eq!(compositions.len(), 499);
    assert_eq!(json["chart"].as_array().unwrap().len(), 69);
    for c in compositions {
        let (stand, hit) = (
            c["ev_stand"].as_f64().unwrap(),
            c["ev_hit"].as_f64().unwrap(),
        );
        if (hit - stand).abs() > 1e-12 {
            let best = if hit > stand { "hit" } else { "stand" };
            assert_eq!(c["action"], best, "{c}");
        }
    }
}

#[test]
fn solve_compare_lists_each_value_with_its_delta() {
    let (code, out, err) = run(&[
        "solve",
        "--rules",
        CANONICAL,
        "--compare",
        "dealer.fixed.reveal=off,on",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let rows: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["value"], "off");
    assert_eq!(rows[0]["delta"], 0.0);
    let (off, on) = (
        rows[0]["ev"].as_f64().unwrap(),
        rows[1]["ev"].as_f64().unwrap(),
    );
    assert_eq!(rows[1]["delta"].as_f64().unwrap(), on - off);
    assert_eq!(format!("{:+.6}", on - off), "+0.023035");
    // Each row is the solve of the rules with that value set.
    let (_, single, _) = run(&["solve", "--rules", "rules/reveal-on.toml", "--json"]);
    let single: serde_json::Value = serde_json::from_str(&single).unwrap();
    assert_eq!(rows[1]["ev"], single["ev"]);
    assert_eq!(rows[1]["rules_hash"], single["rules_hash"]);
    let (code, out, _) = run(&[
        "solve",
        "--rules",
        CANONICAL,
        "--compare",
        "payouts.ban_ban=3,2",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("payouts.ban_ban = 3 vs 2"), "{out}");
}

#[test]
fn solve_errors() {
    assert_user_error(
        &[
            "solve",
            "--rules",
            CANONICAL,
            "--compare",
            "dealer.fixed.reveal",
        ],
        &["--compare dealer.fixed.reveal", "KEY=V1,V2"],
    );
    assert_user_error(
        &[
            "solve",
            "--rules",
            CANONICAL,
            "--compare",
            "dealer.fixed.reveal=on",
        ],
        &["at least two values"],
    );
    assert_user_error(
        &[
            "solve",
            "--rules",
            CANONICAL,
            "--compare",
            "dealer.fixed.reveal=off,maybe",
        ],
        &["dealer.fixed.reveal", "maybe"],
    );
    assert_user_error(
        &["solve", "--rules", CANONICAL, "--engine", "mcts"],
        &["mcts"],
    );
    let (code, _, err) = run(&[
        "solve",
        "--rules",
        CANONICAL,
        "--write-strategy",
        "/nonexistent-folder/strategy.json",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("/nonexistent-folder/strategy.json"), "{err}");
    assert_output_failure(&["solve", "--rules", CANONICAL]);
}

#[test]
fn advise_contract() {
    let (code, out, err) = run(&["advise", "--rules", CANONICAL, "A 6", "--json"]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["action"], "hit", "{json}");
    assert!(
        json["ev_hit"].as_f64() > json["ev_stand"].as_f64(),
        "{json}"
    );
    assert_user_error(&["advise", "--rules", CANONICAL, "T Z"], &["T Z", "`Z`"]);
    assert_user_error(
        &["advise", "--rules", CANONICAL, "--upcard", "T", "T 6"],
        &["--upcard", "dealer.upcard = false"],
    );
    assert_user_error(
        &["advise", "--rules", "rules/upcard.toml", "T 6"],
        &["--upcard"],
    );
    assert_user_error(
        &[
            "advise",
            "--rules",
            "rules/upcard.toml",
            "--upcard",
            "X",
            "T 6",
        ],
        &["--upcard X"],
    );
    assert_output_failure(&["advise", "--rules", CANONICAL, "T 6"]);
}

#[test]
fn simulate_contract() {
    let (code, out, err) = run(&[
        "simulate",
        "--strategy",
        "stand17",
        "--hands",
        "1e4",
        "--quiet",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["stats"]["hands"], 10_000);
    assert_user_error(
        &["simulate", "--strategy", "nope", "--hands", "10"],
        &["nope"],
    );
    assert_user_error(
        &["simulate", "--strategy", "dp", "--hands", "0"],
        &["--hands", "at least one hand"],
    );
    assert_output_failure(&["simulate", "--strategy", "stand17", "--hands", "100"]);
}

#[test]
fn table_and_rotation_contracts() {
    let (code, out, err) = run(&[
        "table",
        "--players",
        "2",
        "--strategy",
        "stand17",
        "--rounds",
        "2000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("2000 rounds of 2 players"), "{out}");
    assert_user_error(
        &["table", "--players", "9", "--rounds", "10"],
        &["--players", "9"],
    );
    assert_output_failure(&["table", "--strategy", "stand17", "--rounds", "100"]);
    let (code, out, err) = run(&[
        "rotation",
        "--players",
        "1",
        "--session",
        "20",
        "--strategy",
        "stand17",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Ban Luck"), "{out}");
    assert_user_error(
        &["rotation", "--session", "10", "--bankroll=-3"],
        &["--bankroll", "-3"],
    );
    assert_output_failure(&[
        "rotation",
        "--players",
        "1",
        "--session",
        "10",
        "--strategy",
        "stand17",
    ]);
}
