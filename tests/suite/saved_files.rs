//! Saved files read back by the lab, made impossible and sealed again (the
//! checksum recomputed), so that the content check is what refuses them:
//! each exits 2 naming the file, what is wrong and where.
//!
//! A saved poker solve (every street, through `poker show` and `explore`):
//! a strategy of NaN, -1, 2.0 or `[9, -8]`, probabilities that do not sum
//! to one, values that do not sum to the pot, a negative exploitability,
//! no iterations and a control character for a name.
//!
//! The table game's SQLite store (through `baccarat stats`, `history` and
//! `play`): a balance that is not the initial balance plus the recorded
//! nets, values of the wrong type, a round missing, a round whose balance
//! does not follow from its net, an unknown outcome, a bet losing more
//! than its stake, and a damaged page.
//!
//! The runner's cache entries: one that does not fit its family's
//! declared columns is computed again, never served; a manifest whose
//! variants, axes or engines do not fit together is refused by `report`.

use std::path::{Path, PathBuf};

use crate::binary::run;
use crate::saved::{PokerSolveParts, resealed};

/// A river position small enough to solve in milliseconds.
pub const RIVER: &str = "OOP:AA,KK,QQ,AKs,76s:S100/IP:KK-TT,AQs,87s:S100|P20|Ks8h5d3c2h|x|>IP";
const TURN: &str = "OOP:AA,KK,AKs:S100/IP:QQ-TT,AQs:S100|P20|Kh9s4c7d||>OOP";
const FLOP: &str = "OOP:AA,AKs:S100/IP:KK-JJ,AQs:S100|P20|Th9h2c||>OOP";

/// `position` solved briefly and saved in `folder` as `name`.
pub fn saved(folder: &Path, name: &str, position: &str) -> PathBuf {
    let file = folder.join(name);
    let out = file.to_str().unwrap();
    let (code, _, stderr) = run(&[
        "poker",
        "solve",
        position,
        "--bet",
        "50%",
        "--raise",
        "",
        "--iterations",
        "20",
        "--out",
        out,
        "-q",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    file
}

/// The stderr of `poker show` on `bytes` written to `file`, which must
/// exit 2.
fn refused(file: &Path, bytes: &[u8]) -> String {
    std::fs::write(file, bytes).unwrap();
    let (code, stdout, stderr) = run(&["poker", "show", file.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains(file.to_str().unwrap()), "{stderr}");
    assert!(
        stderr.contains("a saved poker solve that is damaged"),
        "{stderr}"
    );
    stderr
}

#[test]
fn a_resealed_river_file_with_impossible_strategies_is_refused_at_its_node_and_hand() {
    let folder = tempfile::tempdir().unwrap();
    let file = saved(folder.path(), "river.bin", RIVER);
    let bytes = std::fs::read(&file).unwrap();
    let bad = folder.path().join("bad.bin");
    // Sealed again unedited, the file reads: the checksum is right.
    std::fs::write(&bad, PokerSolveParts::of(&bytes).sealed()).unwrap();
    let (code, _, stderr) = run(&["poker", "show", bad.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{stderr}");
    // The root (after the history `x`), the first hand, the first action.
    for (number, shown) in [(f64::NAN, "NaN"), (-1.0, "-1"), (2.0, "2"), (9.0, "9")] {
        let stderr = refused(&bad, &resealed(&bytes, |p| p.numbers[0] = number));
        assert!(stderr.contains("at node `x`, hand "), "{stderr}");
        assert!(
            stderr.contains(&format!(
                ", action `x`: the probability {shown} is not in [0, 1]"
            )),
            "{stderr}"
        );
    }
    // A probability in range that leaves its hand's sum off one.
    let stderr = refused(
        &bad,
        &resealed(&bytes, |p| {
            let x = p.numbers[0];
            p.numbers[0] = if x < 0.5 { x + 0.5 } else { x - 0.5 };
        }),
    );
    assert!(stderr.contains("at node `x`, hand "), "{stderr}");
    assert!(stderr.contains(": the probabilities sum to "), "{stderr}");
    assert!(stderr.contains(", not to 1 (within 0.000001)"), "{stderr}");
    // The last number: a deeper node, named by its path.
    let stderr = refused(
        &bad,
        &resealed(&bytes, |p| *p.numbers.last_mut().unwrap() = -8.0),
    );
    assert!(stderr.contains("at node `xb"), "{stderr}");
    assert!(
        stderr.contains("the probability -8 is not in [0, 1]"),
        "{stderr}"
    );
}

#[test]
fn a_resealed_file_with_impossible_results_is_refused_naming_the_field() {
    let folder = tempfile::tempdir().unwrap();
    let file = saved(folder.path(), "river.bin", RIVER);
    let bytes = std::fs::read(&file).unwrap();
    let bad = folder.path().join("bad.bin");
    let cases: [(&str, serde_json::Value, &str); 6] = [
        (
            "value",
            serde_json::json!([1e300, 0.0]),
            "`value` [1e300, 0] sums to 1e300, not to the pot 20",
        ),
        (
            "exploitability",
            serde_json::json!(-5.0),
            "`exploitability` is -5, below zero",
        ),
        (
            "bracket",
            serde_json::json!([30.0, 10.0]),
            "`bracket` [30, 10] has its low end above its high end",
        ),
        (
            "iterations",
            serde_json::json!(0),
            "`iterations` is 0, not from 1 to 1000000000",
        ),
        (
            "algorithm",
            serde_json::json!("dcfr\u{1b}[31m"),
            "is no algorithm's name",
        ),
        (
            "seconds",
            serde_json::json!(-1.0),
            "`seconds` is -1, below zero",
        ),
    ];
    for (key, value, said) in cases {
        let stderr = refused(&bad, &resealed(&bytes, |p| p.header[key] = value));
        assert!(stderr.contains(said), "{key}: {stderr}");
        assert!(!stderr.contains('\u{1b}'), "{key}: {stderr}");
    }
    // A NaN cannot be written in the JSON header: it reads as no number.
    let stderr = refused(
        &bad,
        &resealed(&bytes, |p| p.header["target"] = serde_json::Value::Null),
    );
    assert!(stderr.contains("its header does not read"), "{stderr}");
}

#[test]
fn resealed_turn_and_flop_files_are_refused_and_explore_refuses_as_show_does() {
    let folder = tempfile::tempdir().unwrap();
    let bad = folder.path().join("bad.bin");
    for (name, position) in [("turn.bin", TURN), ("flop.bin", FLOP)] {
        let file = saved(folder.path(), name, position);
        let bytes = std::fs::read(&file).unwrap();
        let (code, _, stderr) = run(&["poker", "show", file.to_str().unwrap()]);
        assert_eq!(code, Some(0), "{name}: {stderr}");
        let last = PokerSolveParts::of(&bytes).numbers.len() - 1;
        for (at, number) in [(0, f64::NAN), (last, 2.0), (last, -1.0)] {
            let stderr = refused(&bad, &resealed(&bytes, |p| p.numbers[at] = number));
            assert!(stderr.contains("at node "), "{name}: {stderr}");
            assert!(stderr.contains("is not in [0, 1]"), "{name}: {stderr}");
        }
    }
    // explore reads the file through the same load.
    let river = saved(folder.path(), "river.bin", RIVER);
    let bytes = std::fs::read(&river).unwrap();
    std::fs::write(&bad, resealed(&bytes, |p| p.numbers[1] = -1.0)).unwrap();
    let page = folder.path().join("page.html");
    let (code, _, stderr) = run(&[
        "explore",
        "--rules",
        bad.to_str().unwrap(),
        "--out",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the probability -1 is not in [0, 1]"),
        "{stderr}"
    );
    assert!(!page.exists());
}

/// A store with four rounds of `ann` (balance 1,000 to 1,015), made by
/// the binary in `folder`.
fn played_store(folder: &Path) -> PathBuf {
    let db = folder.join("table.sqlite3");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(["baccarat", "play", "--player", "ann", "--create-player"])
        .args(["--initial-balance", "1000", "--seed", "3", "-q", "--db"])
        .arg(&db)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"b 10\np 20\nt 5\nb 30\nq\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    db
}

#[test]
fn a_baccarat_store_with_impossible_rows_is_refused_by_every_command() {
    let folder = tempfile::tempdir().unwrap();
    let db = played_store(folder.path());
    let (code, stdout, stderr) = run(&[
        "baccarat",
        "stats",
        "--player",
        "ann",
        "--db",
        db.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("rounds                  4"), "{stdout}");
    let bad = folder.path().join("bad.sqlite3");
    let cases = [
        (
            "UPDATE players SET balance = balance + 100",
            "player `ann`: `balance` is 1115 where its 4 rounds make 1015",
        ),
        (
            "UPDATE players SET balance = 1.5",
            "player `ann`: `balance` is 1.5 (a real number), not a whole number",
        ),
        (
            "UPDATE players SET initial_balance = -3",
            "player `ann`: `initial_balance` is -3, not from 1 to 1000000000000",
        ),
        (
            "UPDATE rounds SET net = 'abc' WHERE player_round = 2",
            "player `ann`: round 2: `net` is \"abc\" (text), not a whole number",
        ),
        (
            "UPDATE rounds SET balance_after = balance_after + 5 WHERE player_round = 2",
            "player `ann`: round 2: `balance_after` is 995, not `balance_before` 1010 plus `net` -20",
        ),
        (
            "DELETE FROM rounds WHERE player_round = 2",
            "player `ann`: round 2: `player_round` is 3 where 2 follows",
        ),
        (
            "UPDATE rounds SET outcome = 'x' WHERE player_round = 1",
            "player `ann`: round 1: `outcome` is \"x\" (text), not one of banker,",
        ),
        (
            "UPDATE rounds SET net_banker = -20, net = -20, balance_after = 980 WHERE player_round = 1",
            "round 1: `bet_banker` is 10 with `net_banker` -20: a bet's net is given exactly when it is staked, and loses at most the stake",
        ),
        (
            "UPDATE players SET balance = 9223372036854775807",
            "`balance` is 9223372036854775807 where its 4 rounds make 1015",
        ),
    ];
    for (statement, said) in cases {
        crate::saved::tampered_store(&db, &bad, statement);
        let db = bad.to_str().unwrap();
        for command in ["stats", "history", "play"] {
            let (code, stdout, stderr) =
                run(&["baccarat", command, "--player", "ann", "--db", db, "-q"]);
            assert_eq!(
                code,
                Some(2),
                "{command} after {statement}: {stdout}{stderr}"
            );
            assert!(
                stderr.contains(&format!("{db}: {said}")) || stderr.contains(said),
                "{command}: {stderr}"
            );
            assert!(
                stderr.starts_with(&format!("error: {db}: ")),
                "{command}: {stderr}"
            );
        }
    }
}

#[test]
fn a_baccarat_store_with_a_damaged_page_is_refused_as_bad_input() {
    let folder = tempfile::tempdir().unwrap();
    let db = played_store(folder.path());
    let mut bytes = std::fs::read(&db).unwrap();
    // The second page's header: a leaf page whose cell area starts past
    // the page's end.
    bytes[4096..4103].copy_from_slice(&[0x0d, 0, 0, 0, 5, 0xff, 0xff]);
    let bad = folder.path().join("bad.sqlite3");
    std::fs::write(&bad, bytes).unwrap();
    let (code, _, stderr) = run(&[
        "baccarat",
        "stats",
        "--player",
        "ann",
        "--db",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("the database is damaged (SQLite's check: "),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// An experiment of two Banluck variants solved by dp, a fraction of a
/// second, written in `folder`.
fn small_experiment(folder: &Path) -> PathBuf {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    let file = folder.join("small.toml");
    let text = format!(
        "name = \"small\"\nquestion = \"Do decks matter?\"\nrules = {:?}\n\n[[axis]]\nname = \"decks\"\ntitle = \"Decks\"\nlabels = [\"1\", \"2\"]\nzip.\"deck.decks\" = [1, 2]\n\n[engines.dp]\n",
        rules.to_str().unwrap()
    );
    std::fs::write(&file, text).unwrap();
    file
}

/// Runs `experiment` into `out`: (tasks computed, tasks from the cache).
fn run_counts(experiment: &Path, out: &Path) -> (u64, u64) {
    let (code, stdout, stderr) = run(&[
        "run",
        experiment.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--json",
        "-q",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let tasks = &json["tasks"];
    (
        tasks["computed"].as_u64().unwrap(),
        tasks["cached"].as_u64().unwrap(),
    )
}

#[test]
fn a_cache_entry_that_does_not_fit_its_family_is_computed_again() {
    let folder = tempfile::tempdir().unwrap();
    let experiment = small_experiment(folder.path());
    let out = folder.path().join("out");
    assert_eq!(run_counts(&experiment, &out), (2, 0));
    assert_eq!(run_counts(&experiment, &out), (0, 2));
    let entry = std::fs::read_dir(out.join(".cache"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .unwrap();
    let good: serde_json::Value = serde_json::from_slice(&std::fs::read(&entry).unwrap()).unwrap();
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit); 6] = [
        ("a figure of another type", |o| {
            o["figures"][0][1] = serde_json::json!({"Str": "x"})
        }),
        ("a figure the family does not declare", |o| {
            o["figures"][0][0] = serde_json::json!("ev_made_up")
        }),
        ("a figure twice", |o| {
            let first = o["figures"][0].clone();
            o["figures"].as_array_mut().unwrap().push(first);
        }),
        ("a decision row cut short", |o| {
            o["decisions"][0].as_array_mut().unwrap().pop();
        }),
        ("a decision of another type", |o| {
            o["decisions"][0][1] = serde_json::json!({"F64": 2.5})
        }),
        ("negative seconds", |o| {
            o["seconds"] = serde_json::json!(-1.0)
        }),
    ];
    for (what, edit) in edits {
        let mut bad = good.clone();
        edit(&mut bad["output"]);
        std::fs::write(&entry, serde_json::to_vec(&bad).unwrap()).unwrap();
        assert_eq!(run_counts(&experiment, &out), (1, 1), "{what}");
        let again: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&entry).unwrap()).unwrap();
        assert_eq!(
            again["output"]["figures"], good["output"]["figures"],
            "{what}"
        );
        assert_eq!(
            again["output"]["decisions"], good["output"]["decisions"],
            "{what}"
        );
    }
}

#[test]
fn a_manifest_whose_shapes_do_not_fit_is_refused_by_report() {
    let folder = tempfile::tempdir().unwrap();
    let experiment = small_experiment(folder.path());
    let out = folder.path().join("out");
    assert_eq!(run_counts(&experiment, &out), (2, 0));
    let path = out.join("manifest.json");
    let good: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    type Edit = fn(&mut serde_json::Value);
    let edits: [(Edit, &str); 5] = [
        (
            |m| m["variants"][0]["positions"] = serde_json::json!([99]),
            "variant `1` takes value 99 of axis `decks`, which has 2",
        ),
        (
            |m| m["variants"][0]["positions"] = serde_json::json!([0, 0]),
            "variant `1` has 2 positions for 1 axes",
        ),
        (
            |m| m["axes"][0]["labels"] = serde_json::json!(["1"]),
            "axis `decks` has 1 labels and 2 settings",
        ),
        (
            |m| m["engines"] = serde_json::json!([]),
            "a grid with no variant or no engine",
        ),
        (
            |m| m["variants"][1]["name"] = serde_json::json!("1"),
            "variant `1` is listed twice",
        ),
    ];
    for (edit, said) in edits {
        let mut bad = good.clone();
        edit(&mut bad);
        std::fs::write(&path, serde_json::to_vec(&bad).unwrap()).unwrap();
        let (code, _, stderr) = run(&["report", out.to_str().unwrap(), "-q"]);
        assert_eq!(code, Some(2), "{said}: {stderr}");
        assert!(
            stderr.contains(&format!("manifest.json: {said}")),
            "{stderr}"
        );
    }
}
