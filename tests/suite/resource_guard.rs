//! The resource guard (`src/guard/`): every absurd request exits 2 with
//! its estimate before anything large is allocated. Each refusal runs
//! under a virtual-memory cap of 1 GB (`ulimit -v` through `sh -c`): a
//! command that allocated what it refuses would die by a signal instead
//! of exiting 2.

use std::path::Path;
use std::process::Command;

/// The virtual memory the refused commands may map, in KiB.
const CAP_KIB: u64 = 1_000_000;

/// Runs the binary with `args` in the crate's folder, its virtual memory
/// capped at [`CAP_KIB`]: (exit code, stdout, stderr).
fn capped(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {CAP_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Checks that `args` exit 2 under the cap with every one of `needles`
/// in stderr; returns stderr.
fn refused(args: &[&str], needles: &[&str]) -> String {
    let (code, out, err) = capped(args);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}: {out}");
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: `{needle}` not in {err}");
    }
    err
}

/// The words of a refusal for CPU time.
const TOO_LONG: [&str; 3] = ["would take about", "of CPU time", "--allow-long"];

#[test]
fn simulations_too_long_for_the_limit_are_refused_with_their_estimate() {
    refused(
        &["baccarat", "count", "--shoes", "1000000000"],
        &[&["--shoes 1000000000", "days"], &TOO_LONG[..]].concat(),
    );
    refused(
        &["simulate", "--strategy", "chart", "--hands", "1e12"],
        &[&["--hands 1000000000000", "8.3 hours"], &TOO_LONG[..]].concat(),
    );
    refused(
        &["baccarat", "simulate", "--hands", "1000000000000"],
        &[&["--hands 1000000000000", "5.3 hours"], &TOO_LONG[..]].concat(),
    );
    refused(
        &[
            "simulate",
            "--rules",
            "rules/blackjack-6d-s17.toml",
            "--rounds",
            "1e12",
        ],
        &[&["--rounds 1000000000000", "days"], &TOO_LONG[..]].concat(),
    );
    // The fixed-dealer table: 30 ns a round and 20 ns a seat; with
    // --compare-reveal every table size twice more.
    refused(
        &["banluck", "table", "--rounds", "1e12"],
        &[&["--rounds 1000000000000", "13.9 hours"], &TOO_LONG[..]].concat(),
    );
    refused(
        &["banluck", "table", "--rounds", "1e10", "--compare-reveal"],
        &[&["--rounds 10000000000", "4.4 hours"], &TOO_LONG[..]].concat(),
    );
    // The strategic dealer at 4 seats: solved and valued on 10^10 rounds
    // each, 12.4 µs a round.
    refused(
        &[
            "banluck",
            "table",
            "--dealer",
            "strategic",
            "--players",
            "4",
            "--rounds",
            "1e10",
        ],
        &[
            &[
                "--rounds 10000000000 --fresh-rounds 10000000000",
                "2.9 days",
            ],
            &TOO_LONG[..],
        ]
        .concat(),
    );
}

#[test]
fn a_count_that_would_keep_more_records_than_memory_holds_is_refused() {
    let err = refused(
        &["count", "--rounds", "1e12", "--allow-long"],
        &["--rounds 1000000000000", "GB", "more memory than the limit"],
    );
    assert!(err.contains("available"), "{err}");
}

#[test]
fn an_equilibrium_capped_at_a_billion_iterations_is_refused() {
    refused(
        &["solve", "--engine", "cfr", "--max-iters", "1000000000"],
        &[&["--iterations 1000000000", "23.1 days"], &TOO_LONG[..]].concat(),
    );
    // Within the limit the solve runs (and stops at its target).
    let (code, _, err) = capped(&[
        "solve",
        "--engine",
        "cfr",
        "--iterations",
        "100000",
        "--target",
        "0.01",
        "-q",
    ]);
    assert_eq!(code, Some(0), "{err}");
}

/// Writes an experiment of `axis` (TOML of one `[[axis]]` table) and
/// `engines` into `dir`; returns its path.
fn experiment(dir: &Path, axis: &str, engines: &str) -> String {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    let text = format!(
        "name = \"absurd\"\nquestion = \"?\"\nrules = \"{}\"\n\n[[axis]]\n{axis}\n\n{engines}\n",
        rules.display()
    );
    let path = dir.join("absurd.toml");
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn an_experiment_of_10_to_the_15_hands_is_refused_also_in_a_dry_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = experiment(
        dir.path(),
        "key = \"payouts.ban_luck\"\nvalues = [2, 3]",
        "[engines.sim]\nhands = 1_000_000_000_000_000\nstrategy = \"chart\"",
    );
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    for dry in [&["--dry-run"][..], &[]] {
        let args = [&["run", &path, "--out", out][..], dry].concat();
        refused(&args, &[&["(whole run)", "days"], &TOO_LONG[..]].concat());
    }
    assert!(!Path::new(out).exists());
    // With --allow-long the dry run prints the plan in units.
    let (code, plan, err) = capped(&["run", &path, "--dry-run", "--allow-long"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        plan.starts_with("whole run: 2 tasks, estimated 1111.1 days of CPU time\n"),
        "{plan}"
    );
    assert!(plan.contains("by sim (555.6 days)"), "{plan}");
}

#[test]
fn a_grid_of_10_to_the_5_variants_is_refused_before_its_rules_load() {
    let dir = tempfile::tempdir().unwrap();
    let values: Vec<String> = (0..100_000).map(|i| format!("{}", 1 + i)).collect();
    let path = experiment(
        dir.path(),
        &format!(
            "key = \"payouts.regular\"\nvalues = [{}]",
            values.join(", ")
        ),
        "[engines.dp]",
    );
    refused(
        &["run", &path, "--dry-run"],
        &[
            "100000 is above the limit of 10000",
            "loading the variants alone would take about 9.0 s and 160.0 MB",
        ],
    );
}

#[test]
fn thread_counts_beyond_four_a_core_are_refused_with_the_range() {
    for args in [
        &[
            "run",
            "experiments/reveal.toml",
            "--jobs",
            "1000000",
            "--dry-run",
        ][..],
        &[
            "run",
            "experiments/reveal.toml",
            "--threads",
            "0",
            "--dry-run",
        ],
        &["simulate", "--strategy", "chart", "--threads", "65535"],
        &["baccarat", "count", "--threads", "100000"],
        &["table", "--threads", "4096"],
    ] {
        refused(args, &["--threads", "threads go from 1 to", "per core"]);
    }
}

#[test]
fn a_flop_tree_over_its_node_cap_is_counted_not_built() {
    let wide = "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32";
    let spot = format!("OOP:{wide}:S1000/IP:{wide}:S1000|P100|Ks8h5d||>OOP");
    refused(
        &[
            "poker", "solve", &spot, "--bet", "33%,75%", "--raise", "33%,75%",
        ],
        &["more than 20000000 nodes"],
    );
}

#[test]
fn the_memory_limit_of_a_flop_solve_is_capped_at_the_free_memory() {
    let spot = "OOP:AcKc,2c3c:S100/IP:KK:S100|P100|AsAhAd||>OOP";
    let (code, out, err) = capped(&[
        "poker",
        "solve",
        spot,
        "--dry-run",
        "--memory-limit",
        "1000000 GB",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("(--memory-limit, capped at 80 % of the"),
        "{out}"
    );
    assert!(out.contains("this machine has available)"), "{out}");
}

#[test]
fn a_long_run_prints_its_estimate_before_it_starts() {
    // 100,000 shoes on one thread: about 12.5 minutes. The note is the
    // first line on stderr; the run is stopped once it is read.
    let mut child = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(["baccarat", "count", "--shoes", "100000", "--threads", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let stderr = child.stderr.take().unwrap();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stderr), &mut line).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        line,
        "note: --shoes 100000: estimated about 12.5 min of CPU time (12.5 min on 1 thread) and 2.2 MB\n"
    );
}

#[test]
fn an_iteration_cap_is_checked_but_not_announced() {
    let dir = tempfile::tempdir().unwrap();
    // At most 100,000 iterations (4 minutes of CPU time), though the
    // solve reaches its target in a few: no note.
    let path = experiment(
        dir.path(),
        "key = \"payouts.ban_luck\"\nvalues = [2]",
        "[engines.cfr]\nmax_iterations = 100000\ntarget_exploitability = 0.01",
    );
    let out = dir.path().join("out");
    let (code, _, err) = capped(&["run", &path, "--out", out.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(!err.contains("note:"), "{err}");
    let (code, plan, err) = capped(&["run", &path, "--dry-run"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(plan.contains("by cfr (4.0 min)"), "{plan}");
}
