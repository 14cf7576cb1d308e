//! `table` and `rotation` through the built binary: outputs, JSON and exit
//! codes for bad input.

use crate::binary;

use binary::run;

#[test]
fn table_reports_every_seat_and_the_reveal_gain() {
    let (code, out, err) = run(&[
        "table",
        "--players",
        "3",
        "--strategy",
        "stand17",
        "--rounds",
        "20000",
        "--quiet",
        "--compare-reveal",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["stats"]["seats"].as_array().unwrap().len(), 3);
    assert_eq!(json["reveal_gain"].as_array().unwrap().len(), 7);
    let (code, out, _) = run(&[
        "table",
        "--rules",
        "rules/banluck.toml",
        "--set",
        "table.players=2",
        "--strategy",
        "stand17",
        "--rounds",
        "1000",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("1000 rounds of 2 players"), "{out}");
}

#[test]
fn rotation_states_the_answer() {
    let (code, out, err) = run(&[
        "rotation",
        "--players",
        "1",
        "--session",
        "50",
        "--bankroll",
        "10",
        "--strategy",
        "stand17",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Passing the bank every N rounds"), "{out}");
    assert!(out.contains("Ban Luck"), "{out}");
    let (code, out, err) = run(&[
        "rotation",
        "--people",
        "4",
        "--session",
        "20",
        "--strategy",
        "stand17",
        "--hands",
        "20000",
        "--sessions",
        "300",
        "--set",
        "table.rotation.scheme=every_n",
        "--set",
        "table.rotation.rounds=5",
        "--json",
        "--quiet",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["configured"]["scheme"], "every_n(5)");
    assert_eq!(json["answer"]["periods"].as_array().unwrap().len(), 20);
}

#[test]
fn bad_input_exits_2_and_says_what_is_allowed() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["table", "--strategy", "cfr", "--rounds", "10"],
            "heads-up only",
        ),
        (&["table", "--set", "table.players=9"], "from 1 to 7"),
        (
            &["rotation", "--session", "10", "--tolerance", "5"],
            "fraction",
        ),
        (
            &[
                "rotation",
                "--session",
                "10",
                "--set",
                "table.rotation.scheme=daily",
            ],
            "\"never\", \"every_n\", \"on_ban\"",
        ),
    ];
    for (args, expected) in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}
