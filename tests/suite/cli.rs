//! The `banluck-lab rules check|show` command line, run as a user would.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
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

fn run(command: &mut Command) -> (Option<i32>, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().unwrap();
    (
        status.code(),
        String::from_utf8(stdout).unwrap(),
        String::from_utf8(stderr).unwrap(),
    )
}

/// `rules/*.toml`, relative to the crate root, sorted.
fn shipped_rules() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(manifest_dir().join("rules"))
        .unwrap()
        .map(|entry| Path::new("rules").join(entry.unwrap().file_name()))
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// `rules show FILE --json [args]`, parsed; panics unless it exits 0.
fn show_json(file: &Path, args: &[&str]) -> serde_json::Value {
    let (code, out, err) = run(banluck()
        .args(["rules", "show"])
        .arg(file)
        .arg("--json")
        .args(args));
    assert_eq!(code, Some(0), "{}: {err}", file.display());
    serde_json::from_str(&out).unwrap()
}

fn hash_of(file: &Path, args: &[&str]) -> String {
    show_json(file, args)["rules_hash"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn rules_check_accepts_every_shipped_file() {
    let files = shipped_rules();
    assert!(files.len() >= 8, "{files:?}");
    let (code, out, err) = run(banluck().args(["rules", "check"]).args(&files));
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
    for file in &files {
        let line = format!("ok   {} (rules hash ", file.display());
        assert!(out.contains(&line), "{out}");
    }
    assert_eq!(out.lines().count(), files.len());
}

#[test]
fn rules_check_of_a_malformed_file_exits_2_naming_file_line_and_key() {
    let bad = Path::new("tests/malformed/range_stand_on_above_21.toml");
    let (code, out, err) = run(banluck()
        .args(["rules", "check", "rules/banluck.toml"])
        .arg(bad));
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.contains("ok   rules/banluck.toml"), "{out}");
    assert!(out.contains(&format!("FAIL {}", bad.display())), "{out}");
    assert!(
        err.contains(&format!(
            "error: {}:3: key `dealer.fixed.stand_on` = 22",
            bad.display()
        )),
        "{err}"
    );
    // Every file is checked even after a failure, and every failure is told.
    let other = Path::new("tests/malformed/enum_both_bust.toml");
    let (code, _, err) = run(banluck().args(["rules", "check"]).arg(bad).arg(other));
    assert_eq!(code, Some(2));
    assert!(err.contains("dealer.fixed.stand_on") && err.contains("settlement.both_bust"));
}

#[test]
fn rules_show_json_has_the_hash_and_the_composition_count() {
    let json = show_json(Path::new("rules/banluck.toml"), &[]);
    let hash = json["rules_hash"].as_str().unwrap();
    assert_eq!(hash.len(), 16, "{hash}");
    assert!(
        hash.chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    );
    assert_eq!(json["compositions"], 2994);
    assert_eq!(json["file"], "rules/banluck.toml");
    assert_eq!(json["rules"]["dealer"]["fixed"]["stand_on"], 17);
    assert_eq!(
        json["rules"]["ace"]["two_cards"],
        serde_json::json!([10, 11])
    );
    // The hash is the one `rules check` prints.
    let (_, out, _) = run(banluck().args(["rules", "check", "rules/banluck.toml"]));
    assert!(out.contains(&format!("(rules hash {hash})")), "{out}");
    // Six decks have more compositions (five-of-a-kind becomes possible).
    let six = show_json(Path::new("rules/six-deck.toml"), &[]);
    assert_eq!(six["compositions"], 1 + 10 + 55 + 220 + 715 + 2002);
}

#[test]
fn set_changes_the_hash_to_that_of_the_same_rules_in_a_file() {
    let canonical = hash_of(Path::new("rules/banluck.toml"), &[]);
    let reveal = hash_of(
        Path::new("rules/banluck.toml"),
        &["--set", "dealer.fixed.reveal=on"],
    );
    assert_ne!(reveal, canonical);
    assert_eq!(reveal, hash_of(Path::new("rules/reveal-on.toml"), &[]));
    // Setting a key to the value it already has changes nothing.
    let same = hash_of(Path::new("rules/banluck.toml"), &["--set", "deck.decks=1"]);
    assert_eq!(same, canonical);
    // The description is not part of the game.
    let described = hash_of(
        Path::new("rules/banluck.toml"),
        &["--set", "description=another sentence"],
    );
    assert_eq!(described, canonical);
}

#[test]
fn bad_set_flags_exit_2() {
    let (code, _, err) = run(banluck().args([
        "rules",
        "show",
        "rules/banluck.toml",
        "--set",
        "deck.decks=abc",
    ]));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--set deck.decks=abc: key `deck.decks`"),
        "{err}"
    );
    // Not KEY=VALUE at all: clap rejects the flag (also exit 2).
    let (code, _, err) =
        run(banluck().args(["rules", "show", "rules/banluck.toml", "--set", "decks"]));
    assert_eq!(code, Some(2));
    assert!(err.contains("expected KEY=VALUE"), "{err}");
}

#[test]
fn an_out_of_range_env_var_exits_2_naming_it() {
    let (code, out, err) = run(banluck()
        .args(["rules", "show", "rules/banluck.toml", "--json"])
        .env("BANLUCK_DEALER__FIXED__STAND_ON", "30"));
    assert_eq!(code, Some(2), "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("BANLUCK_DEALER__FIXED__STAND_ON"), "{err}");
    assert!(err.contains("key `dealer.fixed.stand_on` = 30"), "{err}");
}

#[test]
fn hash_is_the_same_through_extends_or_written_out_in_full() {
    let dir = tempfile::tempdir().unwrap();
    let canonical = fs::read_to_string(manifest_dir().join("rules/banluck.toml")).unwrap();
    fs::write(dir.path().join("base.toml"), &canonical).unwrap();
    let child = dir.path().join("child.toml");
    fs::write(
        &child,
        "extends = \"base.toml\"\n\
         description = \"the dealer stands on 16\"\n\
         [dealer.fixed]\n\
         stand_on = 16\n\
         hit_soft_17 = false\n",
    )
    .unwrap();
    let full_text = canonical
        .replace("stand_on = 17", "stand_on = 16")
        .replace("hit_soft_17 = true", "hit_soft_17 = false")
        // Integers and floats for payouts are the same multipliers.
        .replace("ban_ban = 3 ", "ban_ban = 3.0 ");
    assert_ne!(full_text, canonical);
    let full = dir.path().join("full.toml");
    fs::write(&full, &full_text).unwrap();
    let via_extends = hash_of(&child, &[]);
    assert_eq!(via_extends, hash_of(&full, &[]));
    assert_ne!(via_extends, hash_of(&dir.path().join("base.toml"), &[]));
    // And the same as --set on the canonical file.
    assert_eq!(
        via_extends,
        hash_of(
            Path::new("rules/banluck.toml"),
            &[
                "--set",
                "dealer.fixed.stand_on=16",
                "--set",
                "dealer.fixed.hit_soft_17=false"
            ]
        )
    );
}

#[test]
fn rules_show_prints_toml_that_loads_back_to_the_same_hash() {
    let (code, out, err) = run(banluck().args(["rules", "show", "rules/kampung.toml"]));
    assert_eq!(code, Some(0), "{err}");
    let hash = hash_of(Path::new("rules/kampung.toml"), &[]);
    assert!(
        out.starts_with(&format!("# rules/kampung.toml (rules hash {hash})")),
        "{out}"
    );
    let dir = tempfile::tempdir().unwrap();
    let resolved = dir.path().join("resolved.toml");
    // Drop `extends`: the resolved rules stand on their own.
    let text: String = out
        .lines()
        .filter(|line| !line.starts_with("extends"))
        .map(|line| format!("{line}\n"))
        .collect();
    fs::write(&resolved, text).unwrap();
    assert_eq!(hash_of(&resolved, &[]), hash);
}

#[test]
fn a_missing_rules_file_exits_2() {
    let (code, _, err) = run(banluck().args(["rules", "show", "rules/no-such-file.toml"]));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("rules/no-such-file.toml: cannot read the rules file"),
        "{err}"
    );
}

#[test]
fn solve_routes_blackjack_files_to_the_blackjack_engine() {
    let (code, out, err) = run(banluck().args([
        "solve",
        "--rules",
        "rules/blackjack-infinite-s17.toml",
        "--full",
    ]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("EV per round, best play: -0.005117"), "{out}");
    assert!(
        out.contains("Dealer shows A") && out.contains("pair 8"),
        "{out}"
    );
    let (code, out, err) = run(banluck().args([
        "solve",
        "--rules",
        "rules/blackjack-infinite-s17.toml",
        "--set",
        "split.max_hands=1",
        "--json",
    ]));
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["dealer"].as_array().unwrap().len(), 10);
    assert!(json["outcomes"].is_array());
    let (code, _, err) = run(banluck().args([
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--set",
        "double.allowed=8-11",
    ]));
    assert_eq!(code, Some(2));
    assert!(
        err.contains("double.allowed") && err.contains("\"9-11\""),
        "{err}"
    );
}

#[test]
fn a_written_equilibrium_strategy_plays_back_through_the_simulator() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("equilibrium.json");
    let rules = manifest_dir().join("rules/banluck.toml");
    let (code, _, stderr) = run(banluck()
        .args(["solve", "--engine", "cfr", "--algorithm", "dcfr", "--rules"])
        .arg(&rules)
        .arg("--write-strategy")
        .arg(&file));
    assert_eq!(code, Some(0), "{stderr}");
    let written: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(written["engine"], "cfr");
    assert!(written["dealer"].is_object());
    let (code, stdout, stderr) = run(banluck()
        .args([
            "simulate", "--json", "--quiet", "--hands", "2000000", "--seed", "5", "--rules",
        ])
        .arg(&rules)
        .arg("--strategy")
        .arg(&file));
    assert_eq!(code, Some(0), "{stderr}");
    let result: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let text = result.to_string();
    assert!(
        text.contains("\"z\""),
        "the file's value gives a z-score: {text}"
    );
    let z = find_number(&result, "z").unwrap();
    assert!(z.abs() < 4.0, "z = {z}");
}

#[test]
fn write_strategy_into_a_missing_folder_fails_cleanly() {
    let (code, _, stderr) = run(banluck()
        .args(["solve", "--rules"])
        .arg(manifest_dir().join("rules/banluck.toml"))
        .arg("--write-strategy")
        .arg("/nonexistent-folder/strategy.json"));
    assert_ne!(code, Some(0));
    assert!(stderr.contains("--write-strategy"), "{stderr}");
    assert!(!stderr.contains("panicked"));
}

/// The first number stored under `key` anywhere in a JSON value.
fn find_number(value: &serde_json::Value, key: &str) -> Option<f64> {
    match value {
        serde_json::Value::Object(map) => map
            .get(key)
            .and_then(serde_json::Value::as_f64)
            .or_else(|| map.values().find_map(|v| find_number(v, key))),
        serde_json::Value::Array(items) => items.iter().find_map(|v| find_number(v, key)),
        _ => None,
    }
}
