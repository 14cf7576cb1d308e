//! `solve --engine cfr`: one progress bar on stderr (hidden when stderr is
//! not a terminal, as here), no per-iteration lines on stdout, and the
//! convergence log in `--log FILE` (CSV or JSON lines).

use crate::binary;

const CFR: [&str; 6] = [
    "solve",
    "--engine",
    "cfr",
    "--max-iters",
    "200",
    "--target-exploitability",
];

#[test]
fn stdout_has_no_per_iteration_lines_and_stderr_no_progress_lines() {
    let (code, out, err) = binary::run(&[&CFR[..], &["0"]].concat());
    assert_eq!(code, Some(0), "{err}");
    // The summary names the iteration count once; no line per measurement.
    let mentions = out.lines().filter(|l| l.contains("iteration")).count();
    assert_eq!(mentions, 1, "{out}");
    assert!(out.contains("iterations:            200 in"), "{out}");
    assert_eq!(err, "", "the bar is hidden when stderr is not a terminal");
    let (code, out, err) = binary::run(&[&CFR[..], &["0", "--json"]].concat());
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        json["solution"].get("log").is_none(),
        "the log is not in stdout"
    );
    // Measured at 0, every 25 iterations, and at the end.
    assert_eq!(json["solution"]["log_rows"], 9);
    assert!(json["solution"]["log_file"].is_null());
}

#[test]
fn log_writes_one_row_per_measurement_as_csv_or_json_lines() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("log.csv");
    let jsonl = dir.path().join("log.jsonl");
    let (code, out, err) =
        binary::run(&[&CFR[..], &["0", "--json", "--log", csv.to_str().unwrap()]].concat());
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["solution"]["log_file"], csv.to_str().unwrap());
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "iteration,seconds,exploitability,value,upper,lower"
    );
    let iterations: Vec<u64> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(iterations, [0, 25, 50, 75, 100, 125, 150, 175, 200]);
    let last: Vec<f64> = lines[9].split(',').map(|x| x.parse().unwrap()).collect();
    let solution = &json["solution"];
    assert_eq!(last[2], solution["exploitability"].as_f64().unwrap());
    assert_eq!(last[3], solution["value"].as_f64().unwrap());
    // JSON lines, and -q leaves stdout empty while the log is still written.
    let (code, out, err) =
        binary::run(&[&CFR[..], &["0", "-q", "--log", jsonl.to_str().unwrap()]].concat());
    assert_eq!((code, out.as_str(), err.as_str()), (Some(0), "", ""));
    let rows: Vec<serde_json::Value> = std::fs::read_to_string(&jsonl)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 9);
    assert_eq!(rows[8]["iteration"], 200);
    assert!(
        rows[8]["exploitability"].as_f64().unwrap() < rows[0]["exploitability"].as_f64().unwrap()
    );
    // --log is for one equilibrium solve.
    let (code, _, err) = binary::run(&["solve", "--log", csv.to_str().unwrap()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--engine cfr"), "{err}");
}
