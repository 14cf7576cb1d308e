//! The turn report's race against wall time, through the binary, on a tiny
//! turn spot run twice: the committed files are the same bytes after the
//! second run; `timing.md` and `timing.html` are written beside them with
//! a chart and every algorithm; without `timings.parquet` rendering
//! succeeds, writes no timing file and leaves old ones in place.

use std::fs;
use std::path::Path;
use std::process::Command;

/// The tiny turn spot: 12 OOP combos against 16 IP combos.
const SPOT: &str = r#"game = "poker"
[spot]
position = "OOP:??:S100/IP:??:S100|P20|Kh9s4c/7d||>OOP"
[ranges]
oop = "AA,KK,AKs"
ip = "QQ,JJ,AJs"
[sizes]
bet = "50%"
raise = ""
"#;

/// Every algorithm, the sampled ones with a small budget.
const GRID: &str = r#"name = "tiny-turn"
question = "q"
rules = "spot.toml"
[[axis]]
key = "spot.stack"
values = [100]
[engines.solve]
algorithms = ["dcfr", "cfr+", "mccfr-es", "mccfr-os"]
target_pct_pot = 0.1
sampled_iterations = 4096
seed = 7
"#;

/// The files a report folder commits.
const COMMITTED: [&str; 6] = [
    "manifest.json",
    "runs.parquet",
    "strategies.parquet",
    "convergence.parquet",
    "report.md",
    "report.html",
];

/// Runs the binary in `dir` and asserts it exits 0.
fn run(dir: &Path, args: &[&str]) {
    let output = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The bytes of the committed files of `out`.
fn committed(out: &Path) -> Vec<Vec<u8>> {
    COMMITTED
        .iter()
        .map(|name| fs::read(out.join(name)).unwrap())
        .collect()
}

#[test]
fn re_runs_keep_the_committed_files_and_write_the_race_against_wall_time() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("spot.toml"), SPOT).unwrap();
    fs::write(dir.path().join("grid.toml"), GRID).unwrap();
    let args = ["run", "grid.toml", "--output", "out", "--quiet", "--force"];
    run(dir.path(), &args);
    let out = dir.path().join("out");
    let first = committed(&out);
    run(dir.path(), &args);
    assert_eq!(committed(&out), first);
    let markdown = fs::read_to_string(out.join("timing.md")).unwrap();
    let html = fs::read_to_string(out.join("timing.html")).unwrap();
    assert!(html.contains("<svg"), "{html}");
    assert!(html.contains("exploitability against wall time"));
    for algorithm in ["dcfr", "cfr+", "mccfr-es", "mccfr-os"] {
        assert!(markdown.contains(&format!("| {algorithm} |")), "{markdown}");
        assert!(html.contains(&format!("<td>{algorithm}</td>")), "{html}");
    }
    assert!(markdown.contains("On this machine, "), "{markdown}");
    let report = fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("`timing.html`, written beside this report"));
}

#[test]
fn without_timings_no_timing_file_is_written_and_old_ones_stay() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("spot.toml"), SPOT).unwrap();
    fs::write(dir.path().join("grid.toml"), GRID).unwrap();
    run(
        dir.path(),
        &["run", "grid.toml", "--output", "out", "--quiet"],
    );
    let out = dir.path().join("out");
    let report = fs::read(out.join("report.md")).unwrap();
    fs::remove_file(out.join("timings.parquet")).unwrap();
    // Old timing files stay as they were.
    fs::write(out.join("timing.md"), "old").unwrap();
    let old_html = fs::read(out.join("timing.html")).unwrap();
    run(dir.path(), &["report", "out"]);
    assert_eq!(fs::read_to_string(out.join("timing.md")).unwrap(), "old");
    assert_eq!(fs::read(out.join("timing.html")).unwrap(), old_html);
    assert_eq!(fs::read(out.join("report.md")).unwrap(), report);
    // None at all: none written, the report renders the same.
    fs::remove_file(out.join("timing.md")).unwrap();
    fs::remove_file(out.join("timing.html")).unwrap();
    fs::remove_file(out.join("report.md")).unwrap();
    run(dir.path(), &["report", "out"]);
    assert!(!out.join("timing.md").exists());
    assert!(!out.join("timing.html").exists());
    assert_eq!(fs::read(out.join("report.md")).unwrap(), report);
}
