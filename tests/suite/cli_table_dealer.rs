//! `table --dealer strategic` through the built binary: the JSON a caller
//! reads, the readable report, and exit code 2 for bad flags.

use crate::binary;

use binary::run;

#[test]
fn the_strategic_dealer_reports_values_the_reveal_gain_and_its_policy() {
    let (code, out, err) = run(&[
        "table",
        "--dealer",
        "strategic",
        "--players",
        "2",
        "--rounds",
        "3000",
        "--quiet",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let result = &json["results"][0];
    assert_eq!(result["players"], 2);
    assert_eq!(result["method"], "sampled");
    for key in ["fixed_off", "fixed_on", "strategic_no_reveal", "strategic"] {
        assert!(
            result[key]["per_round"]["std_error"].as_f64().unwrap() > 0.0,
            "{key}"
        );
    }
    assert!(result["reveal_gain"]["per_seat"].is_number());
    assert!(!result["reveal_policy"].as_array().unwrap().is_empty());
    let (code, out, err) = run(&["table", "--dealer", "strategic", "--players", "1"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("1 seat, exact over"), "{out}");
    assert!(
        out.contains("fixed dealer, reveal off        +0.07888"),
        "{out}"
    );
    assert!(out.contains("reveal policy"), "{out}");
}

#[test]
fn bad_flags_exit_2() {
    let cases: [&[&str]; 7] = [
        &["table", "--dealer", "sometimes"],
        &["table", "--dealer", "strategic", "--players", "0"],
        &["table", "--dealer", "strategic", "--players", "8"],
        &[
            "table",
            "--dealer",
            "strategic",
            "--players",
            "2",
            "--rounds",
            "0",
        ],
        &[
            "table",
            "--dealer",
            "strategic",
            "--set",
            "dealer.upcard=true",
        ],
        &["table", "--fresh-rounds", "100"],
        &[
            "table",
            "--dealer",
            "strategic",
            "--strategy",
            "no-such-file.json",
        ],
    ];
    for args in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(!err.is_empty(), "{args:?}");
    }
}

#[test]
fn count_revealed_prints_the_counting_dealer_and_needs_the_strategic_dealer() {
    let (code, out, err) = run(&[
        "table",
        "--dealer",
        "strategic",
        "--count-revealed",
        "--players",
        "3",
        "--rounds",
        "3000",
        "--quiet",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["count_revealed"], true);
    let result = &json["results"][0];
    assert_eq!(result["players"], 3);
    for key in ["strategic", "strategic_no_reveal", "counting"] {
        assert!(
            result[key]["per_round"]["mean"].as_f64().unwrap() > 0.0,
            "{key}"
        );
    }
    for key in ["count_gain", "counting_reveal_gain", "reveal_gain"] {
        assert!(result[key]["std_error"].as_f64().unwrap() >= 0.0, "{key}");
    }
    let (code, out, err) = run(&[
        "table",
        "--dealer",
        "strategic",
        "--count-revealed",
        "--players",
        "1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("count/round"), "{out}");
    let (code, _, err) = run(&["table", "--count-revealed", "--quiet"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--dealer strategic"), "{err}");
}
