//! Values and input files at their root (`src/input/`): every value from
//! a flag, the environment or a file held to one nesting and length
//! limit, every input file read once with a size cap, user text quoted
//! short in errors, and counts too large for a JSON number written as
//! strings. Each case exits 2 (never a signal) with the place named and a
//! short stderr.

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// The binary with `args`, from the crate's folder.
fn binary(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    command
}

/// Runs `command` and checks a clean refusal: exit 2 (not a signal),
/// every needle in stderr, stderr under 1,000 bytes.
fn refused(command: &mut Command, needles: &[&str]) -> String {
    let output = command.output().unwrap();
    let err = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        output.status.code(),
        Some(2),
        "{:?}: {err:.2000}",
        output.status
    );
    for needle in needles {
        assert!(err.contains(needle), "no `{needle}` in: {err:.2000}");
    }
    assert!(
        err.len() < 1000,
        "{} bytes of stderr: {err:.2000}",
        err.len()
    );
    err
}

/// A shell running the binary as `$B` with `script`, from the crate's
/// folder, under a 1 GB address-space limit (what was refused was never
/// allocated).
fn shell(script: &str) -> Command {
    let mut command = Command::new("bash");
    command
        .arg("-c")
        .arg(format!("ulimit -v 1000000; {script}"))
        .env("B", env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    command
}

fn stdout(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn nested(depth: usize) -> String {
    format!("{}{}", "[".repeat(depth), "]".repeat(depth))
}

#[test]
fn set_and_environment_values_nested_1450_deep_are_refused() {
    let deep = nested(1450);
    let set = format!("deck.decks={deep}");
    refused(
        &mut binary(&["rules", "show", "rules/banluck.toml", "--set", &set]),
        &["--set deck.decks=[[[", "(2911 bytes)", "more than 32 deep"],
    );
    refused(
        &mut binary(&["solve", "--set", &set]),
        &["--set deck.decks=", "more than 32 deep"],
    );
    refused(
        binary(&["rules", "show", "rules/banluck.toml"]).env("BANLUCK_DECK__DECKS", &deep),
        &[
            "environment variable BANLUCK_DECK__DECKS",
            "more than 32 deep",
        ],
    );
    let many_parts = format!("BANLUCK_{}", ["A"; 1450].join("__"));
    refused(
        binary(&["rules", "show", "rules/banluck.toml"]).env(&many_parts, "1"),
        &[
            "environment variable BANLUCK_A__A",
            "more than 16 dotted parts",
        ],
    );
    let at_limit = format!("deck.decks={}", nested(32));
    let err = refused(
        &mut binary(&["rules", "show", "rules/banluck.toml", "--set", &at_limit]),
        &["key `deck.decks`"],
    );
    assert!(!err.contains("deep"), "{err}");
}

#[test]
fn file_values_are_held_to_the_same_limit() {
    let dir = tempfile::tempdir().unwrap();
    let deep = dir.path().join("deep.toml");
    std::fs::write(&deep, format!("[deck]\ndecks = {}\n", nested(40))).unwrap();
    let name = deep.display().to_string();
    refused(
        &mut binary(&["rules", "check", &name]),
        &[&format!("{name}:2: key `deck.decks`"), "more than 32 deep"],
    );
    let long = dir.path().join("long.toml");
    std::fs::write(
        &long,
        format!("description = \"{}\"\n", "y".repeat(1 << 20)),
    )
    .unwrap();
    let name = long.display().to_string();
    refused(
        &mut binary(&["rules", "check", &name]),
        &[
            "key `description`",
            "1048576 bytes long",
            "limit of 65536 bytes",
        ],
    );
}

#[test]
fn errors_quote_long_values_short() {
    let long = "x".repeat(60_000);
    let set = format!("deck.decks=\"{long}\"");
    refused(
        &mut binary(&["rules", "show", "rules/banluck.toml", "--set", &set]),
        &["key `deck.decks`", "…", "(60009 bytes)"],
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, format!("[deck]\ndecks = \"{long}\"\n")).unwrap();
    refused(
        &mut binary(&["rules", "check", &file.display().to_string()]),
        &[":2: key `deck.decks`", "(60009 bytes)"],
    );
    std::fs::write(
        &file,
        format!("[deck]\ndecks = 1 {}\n", "z".repeat(1 << 20)),
    )
    .unwrap();
    refused(
        &mut binary(&["rules", "check", &file.display().to_string()]),
        &["not valid TOML", "line 2", "bytes)"],
    );
    let flag = "9x".repeat(50_000);
    refused(
        &mut binary(&["solve", "--engine", "cfr", "--max-iters", &flag]),
        &["--iterations", "(100000 bytes)"],
    );
    refused(
        &mut binary(&[
            "rules",
            "show",
            "rules/banluck.toml",
            "--set",
            &"k".repeat(100_000),
        ]),
        &["--set", "(100000 bytes)"],
    );
}

#[test]
fn an_experiment_axis_of_a_million_values_is_refused_in_a_short_error() {
    let dir = tempfile::tempdir().unwrap();
    let values: Vec<String> = (0..1_000_000).map(|i| format!("\"v{i}\"")).collect();
    let file = dir.path().join("axis.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"axis\"\nquestion = \"q\"\nrules = \"{}/rules/banluck.toml\"\n[[axis]]\nname = \"a\"\nkey = \"deck.decks\"\nvalues = [{}]\n[engines.dp]\n",
            env!("CARGO_MANIFEST_DIR"),
            values.join(", ")
        ),
    )
    .unwrap();
    refused(
        &mut binary(&["run", &file.display().to_string(), "--dry-run"]),
        &[&file.display().to_string()],
    );
}

#[test]
fn extends_outside_a_file_is_refused() {
    refused(
        &mut binary(&[
            "rules",
            "show",
            "rules/banluck.toml",
            "--set",
            "extends=kampung.toml",
        ]),
        &[
            "--set extends=kampung.toml",
            "write `extends = \"FILE\"` in the file",
        ],
    );
    refused(
        binary(&["solve", "--rules", "rules/banluck.toml"]).env("BANLUCK_EXTENDS", "kampung.toml"),
        &["environment variable BANLUCK_EXTENDS", "in the file"],
    );
}

#[test]
fn endless_huge_and_folder_inputs_are_refused_at_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let huge = dir.path().join("huge.toml");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(1 << 30)
        .unwrap();
    let huge = huge.display().to_string();
    for (args, needle) in [
        (
            "rules check /dev/zero",
            "/dev/zero: cannot read the rules file",
        ),
        ("rules check .", "is a folder"),
        (&*format!("rules check {huge}"), "(1073741824 bytes)"),
        ("solve --rules /dev/zero", "/dev/zero"),
        (
            "run /dev/zero",
            "/dev/zero: cannot read the experiment file",
        ),
        (
            &*format!("run {huge} --dry-run"),
            "cannot read the experiment file",
        ),
        (
            "simulate --strategy /dev/zero.json --hands 10",
            "/dev/zero.json",
        ),
        (
            "blackjack solve --rules rules/blackjack-6d-s17.toml --strategy /dev/zero",
            "/dev/zero: cannot read the chart file",
        ),
    ] {
        let err = refused(&mut shell(&format!("exec $B {args}")), &[needle]);
        if !args.contains("rules check .") && !args.contains("strategy") {
            assert!(err.contains("MiB"), "{args}: {err}");
        }
    }
}

#[test]
fn a_rules_file_through_a_pipe_is_read_once() {
    let direct = stdout(
        &binary(&["rules", "check", "rules/kampung.toml"])
            .output()
            .unwrap(),
    );
    let hash = direct.split("rules hash ").nth(1).unwrap().to_string();
    let redirected = stdout(
        &shell("exec $B rules check /dev/stdin < rules/kampung.toml")
            .output()
            .unwrap(),
    );
    assert!(redirected.contains(&hash), "{redirected}");
    let from_rules = stdout(
        &shell("cd rules && exec $B rules check <(cat kampung.toml)")
            .output()
            .unwrap(),
    );
    assert!(from_rules.contains(&hash), "{from_rules}");
    refused(
        &mut shell("cat rules/kampung.toml | exec $B rules check /dev/stdin"),
        &[
            "banluck.toml does not exist",
            "resolved against the working directory",
        ],
    );
    let solved = |script: &str| {
        let out = stdout(&shell(script).output().unwrap());
        out.lines()
            .find(|l| l.contains("EV per hand"))
            .unwrap()
            .to_string()
    };
    assert_eq!(
        solved("exec $B solve --rules <(cat rules/banluck.toml)"),
        solved("exec $B solve --rules rules/banluck.toml")
    );
    assert_ne!(
        solved("cd rules && exec $B solve --rules <(cat kampung.toml)"),
        solved("exec $B solve")
    );
}

#[test]
fn outcome_counts_above_2_to_the_53_are_json_strings() {
    let shoe = ["400"; 10].join(",");
    let out = stdout(
        &binary(&["baccarat", "exact", "--shoe", &shoe, "--json"])
            .output()
            .unwrap(),
    );
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let total = json["outcomes"]["total"].as_str().unwrap();
    assert_eq!(total, "4080661745604383520000");
    let eight = stdout(&binary(&["baccarat", "exact", "--json"]).output().unwrap());
    let json: serde_json::Value = serde_json::from_str(&eight).unwrap();
    assert!(json["outcomes"]["total"].is_u64(), "{eight}");
    assert!(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs/formats.md")
            .is_file()
    );
}

#[test]
fn a_simulation_of_piped_rules_plays_those_rules() {
    let dir = tempfile::tempdir().unwrap();
    let two = dir.path().join("two.toml");
    std::fs::write(&two, "[deck]\ndecks = 2\n").unwrap();
    let hash = |script: String| {
        let out = stdout(&shell(&script).output().unwrap());
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        json["rules_hash"].as_str().unwrap().to_string()
    };
    let file = two.display();
    let args = "simulate --strategy dp --hands 1000 --seed 1 -q --json";
    let piped = hash(format!("exec $B {args} --rules <(cat {file})"));
    assert_eq!(piped, hash(format!("exec $B {args} --rules {file}")));
    assert_ne!(piped, hash(format!("exec $B {args}")));
}

#[test]
fn a_damaged_store_and_a_balance_past_the_limit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.db");
    let db_name = db.display().to_string();
    let play = format!("printf 'p 10\\nq\\n' | exec $B baccarat play --db {db_name} --seed 1");
    // A player who has played no round, given a balance near the 64-bit
    // limit with a matching initial balance: the store's checks refuse it
    // before any arithmetic (the limit on a won bet, `check_win_room`, is
    // checked by its doc example: a store that passes the checks cannot hold
    // such a balance).
    stdout(
        &shell(&format!(
            "printf 'q\\n' | exec $B baccarat play --db {db_name} --seed 1"
        ))
        .output()
        .unwrap(),
    );
    let connection = rusqlite::Connection::open(&db).unwrap();
    connection
        .execute(
            "UPDATE players SET balance = ?1, initial_balance = ?1",
            [i64::MAX - 10],
        )
        .unwrap();
    drop(connection);
    for command in [
        play.clone(),
        format!("exec $B baccarat stats --db {db_name}"),
    ] {
        refused(
            &mut shell(&command),
            &[&db_name, "default_player", "9223372036854775797"],
        );
    }

    let damaged = dir.path().join("damaged.db");
    let mut bytes = std::fs::read(&db).unwrap();
    bytes[4096..8192].fill(0xde);
    std::fs::write(&damaged, &bytes).unwrap();
    let damaged = damaged.display().to_string();
    for command in [
        format!("exec $B baccarat stats --db {damaged}"),
        format!("printf 'p 10\\nq\\n' | exec $B baccarat play --db {damaged} --seed 1"),
    ] {
        refused(&mut shell(&command), &[&damaged, "damaged", "--db"]);
    }
    let foreign = dir.path().join("foreign.db");
    std::fs::write(
        &foreign,
        "not a database at all, but long enough to be read as one".repeat(100),
    )
    .unwrap();
    let foreign = foreign.display().to_string();
    refused(
        &mut shell(&format!("exec $B baccarat history --db {foreign}")),
        &[&foreign, "another program's file"],
    );
}
