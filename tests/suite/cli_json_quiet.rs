//! What `--json` and `-q` do, command by command, through the binary:
//! `-q` prints nothing but errors, `--json` one JSON document (also with
//! `-q`), and the commands that had no JSON output now have one.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs the binary in `dir` with `stdin`: (exit code, stdout, stderr).
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `args` with `-q` exits 0 and prints nothing at all.
fn assert_silent(dir: &Path, args: &[&str]) {
    let all = [args, &["-q"]].concat();
    let (code, out, err) = run_in(dir, &all, "");
    assert_eq!(code, 0, "{all:?}: {err}");
    assert_eq!((out.as_str(), err.as_str()), ("", ""), "{all:?}");
}

/// `args` with `--json -q` exits 0 and prints one JSON document.
fn json_of(dir: &Path, args: &[&str]) -> serde_json::Value {
    let all = [args, &["--json", "-q"]].concat();
    let (code, out, err) = run_in(dir, &all, "");
    assert_eq!(code, 0, "{all:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{all:?}: {e}: {out}"))
}

#[test]
fn quick_commands_are_silent_with_q_and_print_json_with_json() {
    let dir = repo();
    let commands: [&[&str]; 10] = [
        &[
            "rules",
            "check",
            "rules/banluck.toml",
            "rules/blackjack-6d-s17.toml",
        ],
        &["rules", "show", "rules/banluck.toml"],
        &["advise", "10 6"],
        &["solve"],
        &["simulate", "--strategy", "stand17", "--hands", "2000"],
        &["table", "--strategy", "stand17", "--rounds", "500"],
        &["rotation", "--session", "20", "--strategy", "stand17"],
        &["baccarat", "exact", "--decks", "8"],
        &["poker", "range", "AA,AKs"],
        &[
            "poker",
            "tree",
            "OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h||>OOP",
        ],
    ];
    for args in commands {
        assert_silent(dir, args);
        assert!(json_of(dir, args).is_object(), "{args:?}");
    }
    // Files written on the way leave no note with -q.
    let tmp = tempfile::tempdir().unwrap();
    let chart = tmp.path().join("chart.toml");
    let strategy = tmp.path().join("strategy.json");
    let blackjack = [
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--write-chart",
    ];
    assert_silent(dir, &[&blackjack[..], &[chart.to_str().unwrap()]].concat());
    assert!(chart.is_file());
    assert_silent(
        dir,
        &["solve", "--write-strategy", strategy.to_str().unwrap()],
    );
    assert!(strategy.is_file());
}

#[test]
fn rules_check_json_has_each_files_hash_or_problems() {
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.toml");
    std::fs::write(&bad, "[dealer.fixed]\nstand_on = 12\n").unwrap();
    let good = repo().join("rules/banluck.toml");
    let args = [
        "rules",
        "check",
        "--json",
        good.to_str().unwrap(),
        bad.to_str().unwrap(),
    ];
    let (code, out, err) = run_in(tmp.path(), &args, "");
    assert_eq!(code, 2, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["ok"], false);
    let files = json["files"].as_array().unwrap();
    assert_eq!(files[0]["ok"], true);
    assert_eq!(files[0]["rules_hash"].as_str().unwrap().len(), 16);
    assert_eq!(files[1]["ok"], false);
    let problem = files[1]["problems"][0].as_str().unwrap();
    assert!(problem.contains("dealer.fixed.stand_on"), "{problem}");
    // -q: the error alone, on stderr.
    let (code, out, err) = run_in(
        tmp.path(),
        &["rules", "check", "-q", bad.to_str().unwrap()],
        "",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("stand_on"), "{err}");
}

/// A folder with a two-variant dp experiment `tiny.toml`.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name = \"tiny\"\nquestion = \"What is the Ban Ban payout worth?\"\n\
         rules = \"{}\"\n[[axis]]\nkey = \"payouts.ban_ban\"\nvalues = [3, 2]\n\
         [engines.dp]\n",
        repo().join("rules/banluck.toml").display()
    );
    std::fs::write(dir.path().join("tiny.toml"), text).unwrap();
    dir
}

#[test]
fn run_report_merge_and_cluster_say_what_they_did_in_json() {
    let dir = workspace();
    let path = dir.path();
    let plan = json_of(path, &["run", "tiny.toml", "--dry-run"]);
    assert_eq!(plan["tasks"].as_array().unwrap().len(), 2);
    assert_eq!(plan["tasks"][1]["engine"], "dp");
    let first = json_of(path, &["run", "tiny.toml", "--output", "out"]);
    assert_eq!(first["experiment"], "tiny");
    assert_eq!(first["output"], "out");
    assert_eq!(first["tasks"]["total"], 2);
    assert_eq!(first["tasks"]["computed"], 2);
    assert_eq!(first["tasks"]["failed"], 0);
    assert!(!first["headline"].as_array().unwrap().is_empty(), "{first}");
    let again = json_of(path, &["run", "tiny.toml", "--output", "out"]);
    assert_eq!(again["tasks"]["cached"], 2);
    assert_silent(path, &["run", "tiny.toml", "--output", "out"]);
    let report = json_of(path, &["report", "out"]);
    assert_eq!(report["files"][1], "report.html");
    assert_eq!(report["headline"], first["headline"]);
    assert_silent(path, &["report", "out"]);
    for shard in ["0/2", "1/2"] {
        assert_silent(
            path,
            &["run", "tiny.toml", "--output", "sharded", "--shard", shard],
        );
    }
    let shards = ["sharded/shard-0-of-2", "sharded/shard-1-of-2"];
    let merged = json_of(path, &[&["merge"][..], &shards].concat());
    assert_eq!(
        (merged["runs"].as_u64(), merged["expected"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(merged["output"], "sharded");
    assert_eq!(merged["partial"], false);
    assert_silent(path, &[&["merge"][..], &shards].concat());
    let k8s = json_of(
        path,
        &["cluster", "k8s", "tiny.toml", "--shards", "2", "--dir", "k"],
    );
    assert_eq!(k8s["shards"], 2);
    assert_eq!(k8s["files"].as_array().unwrap().len(), 2);
    assert!(path.join("k/shards.yaml").is_file());
    assert_silent(path, &["cluster", "k8s", "tiny.toml", "--dir", "k2"]);
    let slurm = json_of(path, &["cluster", "slurm", "tiny.toml", "--dir", "s"]);
    assert_eq!(slurm["files"].as_array().unwrap().len(), 3);
    assert!(slurm["jobs"].is_null());
}

#[test]
fn baccarat_play_stats_and_history_have_json_and_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.sqlite3");
    let db = db.to_str().unwrap();
    let play = ["baccarat", "play", "--db", db, "--seed", "3"];
    // -q: the table talk is dropped; the rounds are still played and kept.
    let (code, out, err) = run_in(dir.path(), &[&play[..], &["-q"]].concat(), "p 10\nq\n");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    // --json: the talk goes to stderr, the profile to stdout.
    let (code, out, err) = run_in(dir.path(), &[&play[..], &["--json"]].concat(), "p 10\nq\n");
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("EZ Baccarat"), "{err}");
    let profile: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(profile["rounds_played"], 2);
    let stats = json_of(dir.path(), &["baccarat", "stats", "--db", db]);
    assert_eq!(stats, profile);
    let history = json_of(dir.path(), &["baccarat", "history", "--db", db]);
    let rounds = history["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 2);
    assert_eq!(rounds[1]["round"], 2);
    assert_silent(dir.path(), &["baccarat", "stats", "--db", db]);
    assert_silent(dir.path(), &["baccarat", "history", "--db", db]);
}
