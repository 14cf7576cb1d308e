//! Resource bounds (`src/limits.rs`): absurd requests are refused before
//! any work starts, with exit code 2 and the limit named.

use crate::binary;

use banluck_lab::games::poker::range::Range;
use banluck_lab::limits::{MAX_GRID_POINTS, MAX_ITERATIONS, MAX_POKER_TEXT_BYTES, MAX_ROUNDS};
use binary::run;

/// Runs the binary and checks it refused at once: exit 2, `needle` in stderr.
fn refused(args: &[&str], needle: &str) {
    let (code, _, err) = run(args);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn simulations_of_10_to_the_15_hands_are_refused() {
    let limit = MAX_ROUNDS.to_string();
    for hands in ["1e15", "1000000000000000", "1_000_000_000_000_000"] {
        refused(&["simulate", "--strategy", "dp", "--hands", hands], &limit);
        refused(&["table", "--rounds", hands], &limit);
        refused(&["baccarat", "simulate", "--hands", hands], &limit);
    }
    refused(
        &["baccarat", "count", "--shoes", "1000000000000000"],
        &limit,
    );
    // The limit itself is accepted by the parser and, with --allow-long,
    // by the resource guard (the run is not started: the strategy is
    // unknown).
    let (code, _, err) = run(&[
        "simulate",
        "--strategy",
        "nope",
        "--hands",
        "1e12",
        "--allow-long",
        "-q",
    ]);
    assert_eq!(code, Some(2));
    assert!(!err.contains(&limit), "{err}");
}

#[test]
fn huge_iteration_counts_are_refused() {
    let limit = MAX_ITERATIONS.to_string();
    refused(
        &["solve", "--engine", "cfr", "--max-iters", "4000000000"],
        &limit,
    );
    refused(
        &["poker", "solve", "--iterations", "1000000000000000"],
        &limit,
    );
    refused(
        &[
            "table",
            "--dealer",
            "equilibrium",
            "--iterations",
            "2000000000",
        ],
        &limit,
    );
}

#[test]
fn a_table_of_a_thousand_players_is_refused() {
    refused(&["table", "--players", "1000"], "1..=7");
    refused(
        &[
            "table",
            "--rules",
            "rules/banluck.toml",
            "--set",
            "table.players=1000000",
            "--rounds",
            "10",
        ],
        "table.players",
    );
}

#[test]
fn a_hundred_card_hand_is_refused() {
    let hand = vec!["A"; 100].join(" ");
    refused(&["advise", "--rules", "rules/banluck.toml", &hand], "limit");
    refused(
        &["advise", "--rules", "rules/banluck.toml", "A A A A A A"],
        "2 to 5 cards",
    );
}

#[test]
fn a_200_megabyte_range_is_refused_at_once() {
    let huge = "AA,".repeat(200_000_000 / 3);
    let error = Range::parse(&huge).unwrap_err();
    assert!(
        error.message.contains(&MAX_POKER_TEXT_BYTES.to_string()),
        "{}",
        error.message
    );
    // The message quotes the string's start, not 200 MB of it.
    assert!(error.to_string().len() < 300, "{}", error.to_string().len());
    // Through the binary: a spot file whose range is 2 MB.
    let dir = tempfile::tempdir().unwrap();
    let spot = std::fs::read_to_string("rules/river-spot.toml").unwrap();
    let wide = spot.replace(
        "oop = \"22+,",
        &format!("oop = \"{}22+,", "AA,".repeat(700_000)),
    );
    let path = dir.path().join("wide-spot.toml");
    std::fs::write(&path, wide).unwrap();
    refused(&["rules", "check", path.to_str().unwrap()], "limit");
}

#[test]
fn a_grid_of_10_to_the_9_points_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let values: Vec<String> = (0..1000)
        .map(|i| format!("{:.3}", 1.0 + f64::from(i) / 1000.0))
        .collect();
    let mut text = format!(
        "name = \"huge\"\nquestion = \"?\"\nrules = \"{}\"\n",
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rules/banluck.toml")
            .display()
    );
    for key in ["payouts.ban_ban", "payouts.ban_luck", "payouts.five_card"] {
        text.push_str(&format!(
            "\n[[axis]]\nkey = \"{key}\"\nvalues = [{}]\nlabels = [{}]\n",
            values.join(", "),
            (0..1000)
                .map(|i| format!("\"{key}#{i}\""))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    text.push_str("\n[engines.dp]\n");
    let path = dir.path().join("huge.toml");
    std::fs::write(&path, text).unwrap();
    let output = dir.path().join("out");
    refused(
        &[
            "run",
            path.to_str().unwrap(),
            "--quiet",
            "--output",
            output.to_str().unwrap(),
        ],
        &MAX_GRID_POINTS.to_string(),
    );
    assert!(!output.exists());
}
