//! `table --dealer equilibrium` through the built binary: the JSON a
//! caller reads, the readable report, and exit code 2 with a clear message
//! for bad flags.

use crate::binary;

use binary::run;

#[test]
fn the_equilibrium_reports_the_value_nash_conv_and_the_dealer_policy() {
    let (code, out, err) = run(&[
        "table",
        "--dealer",
        "equilibrium",
        "--players",
        "2",
        "--iterations",
        "2",
        "--rounds",
        "2000",
        "--quiet",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let result = &json["result"];
    assert_eq!(result["players"], 2);
    assert_eq!(result["method"], "sampled");
    assert!(result["value_per_seat"]["std_error"].as_f64().unwrap() > 0.0);
    assert!(result["nash_conv_per_seat"].is_number());
    assert!(result["nash_conv_std_error"].as_f64().unwrap() > 0.0);
    assert!(result["reveal_policy"].is_array());
    assert!(json["differences_from_heads_up"].is_array());
    let (code, out, err) = run(&[
        "table",
        "--dealer",
        "equilibrium",
        "--players",
        "1",
        "--iterations",
        "3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("exact at one seat"), "{out}");
    assert!(out.contains("NashConv per seat"), "{out}");
    assert!(out.contains("reveal policy"), "{out}");
}

#[test]
fn bad_flags_exit_2_with_a_clear_message() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["table", "--dealer", "equilibrium", "--players", "8"],
            "players",
        ),
        (
            &["table", "--dealer", "equilibrium", "--iterations", "0"],
            "iterations",
        ),
        (
            &["table", "--dealer", "equilibrium", "--compare-reveal"],
            "--compare-reveal",
        ),
        (
            &["table", "--dealer", "equilibrium", "--strategy", "chart"],
            "--strategy",
        ),
        (&["table", "--iterations", "5"], "--iterations"),
        (
            &[
                "table",
                "--dealer",
                "equilibrium",
                "--set",
                "dealer.upcard=true",
            ],
            "upcard",
        ),
    ];
    for (args, needle) in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
