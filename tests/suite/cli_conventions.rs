//! The command line's shared conventions: `--rules` defaults, one meaning
//! of `--players`, `-q`.

use crate::binary;

#[test]
fn advise_and_solve_default_to_the_canonical_rules_file() {
    let explicit = binary::run(&["advise", "--json", "--rules", "rules/banluck.toml", "10 6"]);
    let default = binary::run(&["advise", "--json", "10 6"]);
    assert_eq!(explicit.0, Some(0), "{}", explicit.2);
    assert_eq!(default, explicit);
    let (code, _, err) = binary::run(&["solve", "--help"]);
    assert_eq!(code, Some(0), "{err}");
    let (_, help, _) = binary::run(&["solve", "--help"]);
    assert!(help.contains("[default: rules/banluck.toml]"), "{help}");
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
