//! The runner gives the same bytes however the work is split: `--jobs 1`
//! and `--jobs 2`, and three shards each run from an empty cache in its own
//! folder and then merged, all write the same tables and reports as one
//! unsharded run. A cached result made by other engine sources is
//! recomputed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Every engine, with a simulation large enough to use several chunks
/// (65,536 hands each) so that the thread split could matter.
const EXPERIMENT: &str = r#"
name = "equivalence"
question = "Does splitting the work change a single bit?"
rules = "banluck.toml"
output = "out"

[[axis]]
key = "dealer.fixed.reveal"
values = ["off", "on"]

[[axis]]
key = "payouts.five_card"
values = [2, 1]

[engines.dp]

[engines.cfr]
max_iterations = 30
check_every = 10

[engines.sim]
hands = 200_000
seed = 11
strategy = "dp"
"#;

/// The files whose bytes must not depend on how the work was split
/// (`timings.parquet` holds wall-clock time and is left out on purpose).
const DETERMINISTIC: [&str; 5] = [
    "runs.parquet",
    "strategies.parquet",
    "convergence.parquet",
    "report.md",
    "report.html",
];

/// A fresh folder with the canonical rules and the experiment as `x.toml`.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    std::fs::copy(rules, dir.path().join("banluck.toml")).unwrap();
    std::fs::write(dir.path().join("x.toml"), EXPERIMENT).unwrap();
    dir
}

/// Runs the binary in `dir`; returns stdout, failing on a non-zero exit.
fn lab(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn assert_same_bytes(a: &Path, b: &Path) {
    for name in DETERMINISTIC {
        let (x, y) = (
            std::fs::read(a.join(name)).unwrap(),
            std::fs::read(b.join(name)).unwrap(),
        );
        assert!(
            x == y,
            "{name} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn one_thread_and_two_threads_write_the_same_bytes() {
    let (one, two) = (workspace(), workspace());
    lab(one.path(), &["run", "x.toml", "--jobs", "1", "--quiet"]);
    lab(two.path(), &["run", "x.toml", "--jobs", "2", "--quiet"]);
    assert_same_bytes(&one.path().join("out"), &two.path().join("out"));
}

#[test]
fn three_shards_from_empty_caches_merge_into_the_unsharded_run() {
    let full = workspace();
    lab(full.path(), &["run", "x.toml", "--quiet"]);

    // Each shard runs in a folder of its own, so no shard can read another
    // one's results (or the full run's) from a cache.
    let gathered = tempfile::tempdir().unwrap();
    let mut shard_folders: Vec<PathBuf> = Vec::new();
    for i in 0..3 {
        let alone = workspace();
        let stdout = lab(
            alone.path(),
            &["run", "x.toml", "--shard", &format!("{i}/3")],
        );
        assert!(stdout.contains("0 from the cache"), "{stdout}");
        let name = format!("shard-{i}-of-3");
        let target = gathered.path().join(&name);
        std::fs::rename(alone.path().join("out").join(&name), &target).unwrap();
        shard_folders.push(target);
    }
    let mut args = vec!["merge".to_string()];
    // Merge out of order: the result must come back in task order.
    args.extend(shard_folders.iter().rev().map(|p| p.display().to_string()));
    args.extend(["--output".to_string(), "merged".to_string()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let stdout = lab(gathered.path(), &args);
    assert!(stdout.contains("12 of 12 runs"), "{stdout}");
    assert_same_bytes(&full.path().join("out"), &gathered.path().join("merged"));
}

#[test]
fn a_cached_result_from_other_engine_sources_is_recomputed() {
    let dir = workspace();
    let first = lab(dir.path(), &["run", "x.toml"]);
    assert!(
        first.contains("12 tasks (12 computed, 0 from the cache)"),
        "{first}"
    );
    let again = lab(dir.path(), &["run", "x.toml"]);
    assert!(
        again.contains("12 tasks (0 computed, 12 from the cache)"),
        "{again}"
    );

    // Pretend every entry was written by a build of other engine sources.
    let cache = dir.path().join("out/.cache");
    for entry in std::fs::read_dir(&cache).unwrap() {
        let path = entry.unwrap().path();
        let mut json: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        json["key"]["engine_fingerprint"] = "0000000000000000".into();
        std::fs::write(&path, serde_json::to_vec(&json).unwrap()).unwrap();
    }
    let after = lab(dir.path(), &["run", "x.toml"]);
    assert!(
        after.contains("12 tasks (12 computed, 0 from the cache)"),
        "{after}"
    );
}
