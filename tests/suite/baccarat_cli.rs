//! `banluck-lab baccarat exact|removal` and baccarat rules files through
//! the command line: the seed's table in JSON, shoe and deck arguments,
//! and bad rules files that exit 2 naming the file, line, key and allowed
//! values.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use banluck_lab::games::baccarat::rules::load_baccarat_rules;
use banluck_lab::rules::RuleProblem;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the binary from the crate root without inherited `BANLUCK_*`
/// variables: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.current_dir(manifest_dir()).args(args);
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") {
            command.env_remove(name);
        }
    }
    let output = command.output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn exact_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["baccarat", "exact", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn exact_json_has_the_seed_table_as_integers() {
    let json = exact_json(&["--decks", "8", "--rules", "rules/ez-baccarat.toml"]);
    let outcomes = &json["outcomes"];
    for (key, value) in [
        ("banker_win", 2_179_619_555_108_864u64),
        ("dragon7", 112_633_011_329_024),
        ("player_win", 2_230_518_282_592_256),
        ("panda8", 172_660_763_262_976),
        ("tie", 475_627_426_473_216),
        ("total", 4_998_398_275_503_360),
    ] {
        assert_eq!(outcomes[key].as_u64(), Some(value), "{key}: {json}");
    }
    let ev = &json["ev"];
    for key in ["banker", "player", "tie", "dragon7", "panda8"] {
        let value = ev[key].as_f64().unwrap();
        assert!((-0.2..0.0).contains(&value), "{key}: {value}");
    }
    assert!((ev["banker"].as_f64().unwrap() + 0.010183).abs() < 5e-7);
}

#[test]
fn shoe_and_decks_arguments_agree() {
    let by_decks = exact_json(&["--decks", "6"]);
    let by_shoe = exact_json(&["--shoe", "96,24,24,24,24,24,24,24,24,24"]);
    assert_eq!(by_decks["outcomes"], by_shoe["outcomes"]);
    // The rules file's deck count is the default.
    let (code, out, err) = run(&[
        "baccarat",
        "exact",
        "--rules",
        "rules/ez-baccarat.toml",
        "--set",
        "shoe.decks=6",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let from_rules: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(from_rules["outcomes"], by_decks["outcomes"]);
}

#[test]
fn bad_shoe_arguments_exit_2_naming_the_position() {
    let (code, _, err) = run(&["baccarat", "exact", "--shoe", "1,2,3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("3 numbers given; expected 10"), "{err}");
    let (code, _, err) = run(&["baccarat", "exact", "--shoe", "1,2,x,4,5,6,7,8,9,10"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("item 3 (\"x\", at character 5)"), "{err}");
    let (code, _, err) = run(&["baccarat", "exact", "--shoe", "1,2,3,-4,5,6,7,8,9,10"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("item 4"), "{err}");
    let (code, _, err) = run(&["baccarat", "exact", "--shoe", "1,0,0,0,0,0,0,0,0,2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("at least 6 cards"), "{err}");
    let (code, _, err) = run(&["baccarat", "exact", "--decks", "9"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--decks 9") && err.contains("from 3 to 8"),
        "{err}"
    );
}

/// `tests/malformed/baccarat/*.toml`, each starting `# expect: <key>`.
fn malformed() -> Vec<(PathBuf, String)> {
    let mut files: Vec<PathBuf> = fs::read_dir(manifest_dir().join("tests/malformed/baccarat"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = fs::read_to_string(&path).unwrap();
            let key = text
                .lines()
                .next()
                .unwrap()
                .strip_prefix("# expect: ")
                .unwrap();
            (path.clone(), key.trim().to_string())
        })
        .collect()
}

#[test]
fn bad_rules_files_name_the_file_line_key_and_allowed_values() {
    let files = malformed();
    assert!(files.len() >= 3, "{files:?}");
    for (path, key) in files {
        let error = load_baccarat_rules(Some(&path), &[]).unwrap_err();
        let problem = error
            .problems
            .iter()
            .find(|p| matches!(p, RuleProblem::Key { key: k, .. } if *k == key))
            .unwrap_or_else(|| panic!("{}: no problem with `{key}`: {error}", path.display()));
        let RuleProblem::Key {
            origin,
            line: Some(line),
            allowed,
            ..
        } = problem
        else {
            panic!("{}: no line for `{key}`: {problem:?}", path.display());
        };
        assert_eq!(origin, &path.display().to_string());
        let text = fs::read_to_string(&path).unwrap();
        let name = key.rsplit('.').next().unwrap();
        let written = text.lines().nth(line - 1).unwrap();
        assert!(
            written.trim_start().starts_with(name),
            "{}:{line}: {written}",
            path.display()
        );
        assert!(!allowed.is_empty());
        // The same through the binary: exit 2, the file, line and key named.
        let shown = path.display().to_string();
        let (code, _, err) = run(&["baccarat", "exact", "--rules", &shown]);
        assert_eq!(code, Some(2), "{shown}");
        assert!(
            err.contains(&format!("{shown}:{line}: key `{key}`")),
            "{err}"
        );
        let (code, _, _) = run(&["rules", "check", &shown]);
        assert_eq!(code, Some(2), "{shown}");
    }
}

#[test]
fn specific_messages_for_decks_cut_card_and_burn() {
    let dir = manifest_dir().join("tests/malformed/baccarat");
    let message = |file: &str| {
        load_baccarat_rules(Some(&dir.join(file)), &[])
            .unwrap_err()
            .to_string()
    };
    let decks = message("decks_nine.toml");
    assert!(
        decks.contains("= 9: must be a whole number of decks from 3 to 8"),
        "{decks}"
    );
    let cut = message("cut_card_negative.toml");
    assert!(
        cut.contains("= -14: must be a whole number of cards left unplayed from 0"),
        "{cut}"
    );
    let burn = message("burn_unknown.toml");
    assert!(
        burn.contains("\"none\", \"fixed\", \"face_value\""),
        "{burn}"
    );
}

#[test]
fn other_commands_send_baccarat_files_to_baccarat() {
    let (code, _, err) = run(&["solve", "--rules", "rules/ez-baccarat.toml"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("baccarat exact"), "{err}");
    let (code, _, err) = run(&["baccarat", "exact", "--rules", "rules/banluck.toml"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a baccarat rules file"), "{err}");
    let (code, out, err) = run(&["rules", "show", "rules/baccarat-classic.toml", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rules"]["payouts"]["banker_rule"], "commission");
}

#[test]
fn removal_json_lists_effects_and_tags_per_side_bet() {
    let (code, out, err) = run(&["baccarat", "removal", "--decks", "8", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let bets = json["bets"].as_array().unwrap();
    assert_eq!(bets.len(), 2);
    assert_eq!(bets[0]["bet"], "dragon7");
    assert_eq!(
        bets[1]["tag"],
        serde_json::json!([1, 1, 1, -2, -2, -2, -1, -1, -1, 3])
    );
}

#[test]
fn simulate_json_has_frequencies_errors_z_and_speed() {
    let (code, out, err) = run(&[
        "baccarat", "simulate", "--decks", "8", "--hands", "1e6", "--seed", "1", "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["banker_win", "dragon7", "player_win", "panda8", "tie"] {
        let f = json["frequencies"][key].as_f64().unwrap();
        let se = json["std_error"][key].as_f64().unwrap();
        let z = json["z"][key].as_f64().unwrap();
        assert!((0.0..1.0).contains(&f) && se > 0.0, "{key}: {json}");
        assert!(z.abs() < 5.0, "{key}: {z}");
    }
    assert!(json["hands_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(json["hands"], 1_000_000);
    let (code, _, err) = run(&["baccarat", "simulate", "--hands", "0"]);
    assert_eq!(code, Some(2), "{err}");
}
