//! The command line's shared conventions: `--rules` defaults (the built-in
//! canonical rules, from any folder), one meaning of `--players`, `-q`.

use crate::binary;

use std::path::Path;
use std::process::Command;

use banluck_lab::games::banluck::rules::{RuleSet, load_rules};

#[test]
fn advise_and_solve_default_to_the_built_in_canonical_rules() {
    let explicit = binary::run(&["advise", "--json", "--rules", "rules/banluck.toml", "10 6"]);
    let default = binary::run(&["advise", "--json", "10 6"]);
    assert_eq!(explicit.0, Some(0), "{}", explicit.2);
    assert_eq!(default, explicit);
    let (code, _, err) = binary::run(&["solve", "--help"]);
    assert_eq!(code, Some(0), "{err}");
    let (_, help, _) = binary::run(&["solve", "--help"]);
    assert!(
        help.contains("default: the built-in canonical Banluck rules"),
        "{help}"
    );
}

/// Every key of `value` with its value, dotted (`dealer.fixed.stand_on`).
fn leaves(prefix: &str, value: &serde_json::Value, out: &mut Vec<(String, serde_json::Value)>) {
    match value {
        serde_json::Value::Object(fields) => {
            for (key, inner) in fields {
                let path = if prefix.is_empty() {
                    key.clone()
                } else {
                    format!("{prefix}.{key}")
                };
                leaves(&path, inner, out);
            }
        }
        other => out.push((prefix.to_string(), other.clone())),
    }
}

#[test]
fn the_built_in_rules_are_rules_banluck_toml_key_by_key() {
    let file = load_rules(Some(Path::new("rules/banluck.toml")), &[]).unwrap();
    let mut from_file = Vec::new();
    leaves("", &serde_json::to_value(&file).unwrap(), &mut from_file);
    let mut built_in = Vec::new();
    leaves(
        "",
        &serde_json::to_value(RuleSet::default()).unwrap(),
        &mut built_in,
    );
    let words = ["description", "extends"];
    from_file.retain(|(key, _)| !words.contains(&key.as_str()));
    built_in.retain(|(key, _)| !words.contains(&key.as_str()));
    assert!(from_file.len() > 30, "{} keys", from_file.len());
    assert_eq!(from_file, built_in);
}

/// Runs the binary in `folder`: (exit code, stdout, stderr).
fn run_in(folder: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(folder)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn banluck_commands_work_from_a_folder_outside_the_repository() {
    let folder = tempfile::tempdir().unwrap();
    let here = folder.path();
    assert!(!here.join("rules").exists());
    let note = "rules: built-in canonical Banluck (same as rules/banluck.toml)";
    let (code, out, err) = run_in(here, &["solve"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with(note), "{out}");
    assert!(
        out.contains("EV per hand, perfect play:   -0.078881"),
        "{out}"
    );
    let (code, out, err) = run_in(here, &["banluck", "advise", "T 6"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with(note), "{out}");
    assert!(out.contains("T6 (hard 16): STAND"), "{out}");
    let (code, out, err) = run_in(here, &["explore", "--out", "page.html"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("built-in canonical Banluck"), "{out}");
    assert!(here.join("page.html").is_file());
    for command in [
        &["simulate", "--strategy", "dp", "--hands", "2000", "-q"][..],
        &["table", "--rounds", "200", "-q"],
        &["rotation", "--session", "5", "--hands", "200", "-q"],
        &["count", "--rounds", "50", "-q"],
    ] {
        let (code, _, err) = run_in(here, command);
        assert_eq!(code, Some(0), "{command:?}: {err}");
    }
    // The JSON of the built-in rules is the JSON of the file.
    let default = run_in(here, &["solve", "--json"]);
    let explicit = binary::run(&["solve", "--json", "--rules", "rules/banluck.toml"]);
    let hash =
        |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap()["rules_hash"].clone();
    assert_eq!(hash(&default.1), hash(&explicit.1));
}

#[test]
fn rotation_players_counts_the_players_facing_the_banker_as_table_does() {
    let common = [
        "rotation",
        "--session",
        "20",
        "--strategy",
        "stand17",
        "--json",
        "-q",
    ];
    let by_players = binary::run(&[&common[..], &["--players", "1"]].concat());
    let by_people = binary::run(&[&common[..], &["--people", "2"]].concat());
    assert_eq!(by_players.0, Some(0), "{}", by_players.2);
    assert_eq!(by_players, by_people);
    let (code, _, err) = binary::run(&[&common[..], &["--players", "1", "--people", "2"]].concat());
    assert_eq!(code, Some(2), "{err}");
    let (code, _, err) = binary::run(&[&common[..], &["--players", "8"]].concat());
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn run_help_says_what_output_folders_are_relative_to() {
    let (code, help, _) = binary::run(&["run", "--help"]);
    assert_eq!(code, Some(0));
    assert!(help.contains("relative to the experiment file"), "{help}");
}
