//! Experiment-file errors name the line and column of the key, like rules
//! errors: `file:line:col: key `k` = value: what is allowed`, for the
//! shared keys, the axes, the family's `[engines]` and a study's section.

use crate::binary;

use std::path::Path;

/// Writes `body` (after the name, question and rules lines) to a file in
/// `dir` and returns `run --dry-run`'s exit code and stderr.
fn check(dir: &Path, file: &str, body: &str) -> (Option<i32>, String) {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let text = format!(
        "name = \"x\"\nquestion = \"q\"\nrules = \"{}\"\n{body}",
        rules.join("banluck.toml").display()
    )
    .replace(
        "BLACKJACK",
        &rules.join("blackjack-6d-s17.toml").display().to_string(),
    );
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = binary::run(&["run", "--dry-run", path.to_str().unwrap()]);
    (code, err)
}

const GRID: &str = "[[axis]]\nkey = \"dealer.fixed.stand_on\"\nvalues = [16, 17]\n\n[engines.dp]\n";

#[test]
fn every_kind_of_key_problem_names_its_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, String, &str); 8] = [
        // An unknown top-level key (line 4).
        (
            "top.toml",
            format!("bogus = 3\n{GRID}"),
            "top.toml:4:1: key `bogus`: unknown key",
        ),
        // A value of the wrong type in the family's [engines] section.
        (
            "engine_type.toml",
            format!("{GRID}[engines.cfr]\nmax_iterations = \"many\"\n"),
            "engine_type.toml:10:1: key `engines.cfr.max_iterations` = string \"many\"",
        ),
        // An unknown key in the family's section.
        (
            "engine_key.toml",
            format!("{GRID}[engines.cfr]\nmax_iters = 3\n"),
            "engine_key.toml:10:1: key `engines.cfr.max_iters`: unknown key",
        ),
        // A rule value the rules refuse, in the second axis's list.
        (
            "axis.toml",
            "[[axis]]\nkey = \"payouts.ban_ban\"\nvalues = [3]\n\n[[axis]]\n\
             key = \"dealer.fixed.stand_on\"\nvalues = [16, 99]\n[engines.dp]\n"
                .into(),
            "axis.toml:10:1: key `axis.1.values` = 99: rule key `dealer.fixed.stand_on`",
        ),
        // A zip group key, written with a quoted dotted name.
        (
            "zip.toml",
            "[[axis]]\nlabels = [\"a\", \"b\"]\nzip.\"dealer.fixed.stand_on\" = 16\n[engines.dp]\n"
                .into(),
            "zip.toml:6:5: key `axis.0.zip.\"dealer.fixed.stand_on\"` = 16: must be a list",
        ),
        // A study's section: a wrong type, a bad value, an unknown key.
        (
            "rotation_type.toml",
            "kind = \"rotation\"\n\n[rotation]\nsessions = \"x\"\n".into(),
            "rotation_type.toml:7:1: key `rotation.sessions` = string \"x\"",
        ),
        (
            "rotation_value.toml",
            "kind = \"rotation\"\n[rotation]\nseed = 1\n  people = [9]\n".into(),
            "rotation_value.toml:7:3: key `rotation.people` = [9]: give at least one table size",
        ),
        (
            "compare.toml",
            "kind = \"compare\"\n[compare]\nblackjack = \"BLACKJACK\"\nbogus = 1\n".into(),
            "compare.toml:7:1: key `compare.bogus`: unknown key",
        ),
    ];
    for (file, body, expected) in cases {
        let (code, err) = check(dir.path(), file, &body);
        assert_eq!(code, Some(2), "{file}: {err}");
        assert!(
            err.contains(expected),
            "{file}: expected {expected:?} in:\n{err}"
        );
    }
}

#[test]
fn a_missing_key_points_at_its_section_and_a_missing_top_key_has_no_line() {
    let dir = tempfile::tempdir().unwrap();
    // A compare experiment without [compare] at all: no place to point at.
    let (code, err) = check(dir.path(), "nothing.toml", "kind = \"compare\"\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("nothing.toml: key `compare`: missing"),
        "{err}"
    );
    // The axis without values: the line of its [[axis]] table.
    let (code, err) = check(
        dir.path(),
        "novalues.toml",
        "\n[[axis]]\nkey = \"payouts.ban_ban\"\n[engines.dp]\n",
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("novalues.toml:5:") || err.contains("novalues.toml:6:"),
        "{err}"
    );
}

#[test]
fn a_simulation_of_zero_hands_or_rounds_is_refused_where_the_file_says_it() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = check(
        dir.path(),
        "banluck_sim.toml",
        &format!("{GRID}[engines.sim]\nhands = 0\n"),
    );
    assert_eq!(code, Some(2), "{err}");
    let expected = "banluck_sim.toml:10:1: key `engines.sim.hands`: 0: must be at least 1";
    assert!(err.contains(expected), "expected {expected:?} in:\n{err}");
    // A blackjack grid's simulator counts rounds.
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/blackjack-6d-s17.toml");
    let path = dir.path().join("blackjack_sim.toml");
    let text = format!(
        "name = \"x\"\nquestion = \"q\"\nrules = \"{}\"\n[[axis]]\nkey = \"decks\"\n\
         values = [1, 6]\n[engines.sim]\nseed = 3\nrounds = 0\n",
        rules.display()
    );
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = binary::run(&["run", "--dry-run", path.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
    let expected = "blackjack_sim.toml:9:1: key `engines.sim.rounds`: 0: must be at least 1";
    assert!(err.contains(expected), "expected {expected:?} in:\n{err}");
}
