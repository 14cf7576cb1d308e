//! Turn spots in the experiment runner, through the binary, on a tiny turn
//! spot: the engine's rows are `poker solve --json`'s bit for bit (values,
//! exploitability, bracket, iterations, and per hand the strategy, reach
//! and EV of the root and of IP's node after a check); a bad river size
//! exits 2 naming the file, line and key; the convergence rows have their
//! fields, grow in iterations and work, and end at the run's row; the
//! report renders its sections and renders again the same.

use std::fs;
use std::path::Path;
use std::process::Command;

use banluck_lab::report::columns::{floats, strings, whole};
use banluck_lab::report::read_frame;
use serde_json::Value;

/// The tiny turn spot: 12 OOP combos against 16 IP combos, one bet size
/// on the turn and another on the river.
const SPOT: &str = r#"game = "poker"
[spot]
position = "OOP:??:S100/IP:??:S100|P20|Kh9s4c/7d||>OOP"
[ranges]
oop = "AA,KK,AKs"
ip = "QQ,JJ,AJs"
[sizes]
bet = "50%"
raise = ""
river_bet = "75%"
"#;

/// The same spot on the command line.
const POSITION: &str = "OOP:AA,KK,AKs:S100/IP:QQ,JJ,AJs:S100|P20|Kh9s4c/7d||>OOP";

/// Runs the binary from `dir`: (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// `poker solve --json` on [`POSITION`] with the spot's sizes, `algorithm`
/// and the stopping flags `stop`, run from `dir`; the parsed JSON (the run
/// must exit 0).
fn solve_on_cli(dir: &Path, algorithm: &str, stop: &[&str]) -> Value {
    let mut args = vec![
        "poker",
        "solve",
        POSITION,
        "--bet",
        "50%",
        "--raise",
        "",
        "--river-bet",
        "75%",
        "--algorithm",
        algorithm,
        "--json",
    ];
    args.extend_from_slice(stop);
    let (code, stdout, err) = run(dir, &args);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&stdout).unwrap()
}

/// Writes `spot.toml` (`spot`) and `grid.toml` (DCFR and CFR+ to 0.01 %
/// of the pot) into `dir` and runs it into `dir/out`.
fn run_grid(dir: &Path, spot: &str) -> (Option<i32>, String) {
    fs::write(dir.join("spot.toml"), spot).unwrap();
    let grid = "name = \"tiny-turn\"\nquestion = \"q\"\nrules = \"spot.toml\"\n\
                [[axis]]\nkey = \"spot.stack\"\nvalues = [100]\n\
                [engines.solve]\nalgorithms = [\"dcfr\", \"cfr+\"]\ntarget_pct_pot = 0.01\n";
    fs::write(dir.join("grid.toml"), grid).unwrap();
    let (code, _, err) = run(dir, &["run", "grid.toml", "--output", "out", "--quiet"]);
    (code, err)
}

#[test]
fn the_turn_rows_are_poker_solves_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = run_grid(dir.path(), SPOT);
    assert_eq!(code, Some(0), "{err}");
    let out = dir.path().join("out");
    let runs = read_frame(&out.join("runs.parquet")).unwrap();
    let rows = read_frame(&out.join("strategies.parquet")).unwrap();
    let engines = strings(&runs, "engine").unwrap();
    assert_eq!(
        engines,
        [Some("solve:dcfr".into()), Some("solve:cfr+".into())]
    );
    for (task, algorithm) in ["dcfr", "cfr+"].into_iter().enumerate() {
        let json = solve_on_cli(dir.path(), algorithm, &["--target", "0.01%"]);
        let figure = |name: &str| floats(&runs, name).unwrap()[task].unwrap();
        assert_eq!(figure("value_oop"), json["value"]["oop"].as_f64().unwrap());
        assert_eq!(figure("value_ip"), json["value"]["ip"].as_f64().unwrap());
        assert_eq!(
            figure("exploitability"),
            json["exploitability"].as_f64().unwrap()
        );
        assert_eq!(figure("bracket_lo"), json["bracket"][0].as_f64().unwrap());
        assert_eq!(figure("bracket_hi"), json["bracket"][1].as_f64().unwrap());
        assert_eq!(
            whole(&runs, "iterations").unwrap()[task],
            json["iterations"].as_u64()
        );
        assert_eq!(
            strings(&runs, "algorithm").unwrap()[task].as_deref(),
            Some(algorithm)
        );
        assert_eq!(whole(&runs, "seed").unwrap()[task], None);
        // The root (OOP) and IP after a check, hand by hand and action by
        // action: strategy, reach, EV and its weight.
        let engine = format!("solve:{algorithm}");
        let mut checked = 0;
        for node in json["nodes"].as_array().unwrap().iter().take(2) {
            let path = node["path"].as_str().unwrap();
            let hands = node["hands"].as_array().unwrap();
            let at: Vec<usize> = (0..rows.height())
                .filter(|&i| {
                    strings(&rows, "engine").unwrap()[i].as_deref() == Some(engine.as_str())
                        && strings(&rows, "node").unwrap()[i].as_deref() == Some(path)
                        && strings(&rows, "player").unwrap()[i].as_deref()
                            == node["player"].as_str()
                })
                .collect();
            assert_eq!(
                at.len(),
                hands.len() * node["actions"].as_array().unwrap().len()
            );
            for (n, &i) in at.iter().enumerate() {
                let hand = strings(&rows, "hand").unwrap()[i].clone().unwrap();
                let h = hands.iter().position(|x| x == hand.as_str()).unwrap();
                let k = n % node["actions"].as_array().unwrap().len();
                let cell = |name: &str| floats(&rows, name).unwrap()[i];
                assert_eq!(cell("frequency"), node["strategy"][h][k].as_f64());
                assert_eq!(cell("reach"), node["reach"][h].as_f64());
                assert_eq!(cell("ev"), node["ev"][h].as_f64());
                assert_eq!(cell("ev_weight"), node["ev_weight"][h].as_f64());
                checked += 1;
            }
        }
        assert!(checked >= 12 * 2 + 16 * 2, "{checked}");
    }
}

#[test]
fn a_seeded_mccfr_row_is_poker_solves_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("spot.toml"), SPOT).unwrap();
    let grid = "name = \"tiny-turn\"\nquestion = \"q\"\nrules = \"spot.toml\"\n\
                [[axis]]\nkey = \"spot.stack\"\nvalues = [100]\n\
                [engines.solve]\nalgorithms = [\"mccfr-es\", \"mccfr-os\"]\n\
                target_pct_pot = 0\nsampled_iterations = 3000\nseed = 7\n";
    fs::write(dir.path().join("grid.toml"), grid).unwrap();
    let (code, _, err) = run(
        dir.path(),
        &["run", "grid.toml", "--output", "out", "--quiet"],
    );
    assert_eq!(code, Some(0), "{err}");
    let out = dir.path().join("out");
    let runs = read_frame(&out.join("runs.parquet")).unwrap();
    for (task, algorithm) in ["mccfr-es", "mccfr-os"].into_iter().enumerate() {
        let json = solve_on_cli(
            dir.path(),
            algorithm,
            &["--iterations", "3000", "--seed", "7"],
        );
        let figure = |name: &str| floats(&runs, name).unwrap()[task].unwrap();
        assert_eq!(figure("value_oop"), json["value"]["oop"].as_f64().unwrap());
        assert_eq!(
            figure("exploitability"),
            json["exploitability"].as_f64().unwrap()
        );
        assert_eq!(figure("bracket_lo"), json["bracket"][0].as_f64().unwrap());
        assert_eq!(whole(&runs, "iterations").unwrap()[task], Some(3000));
        assert_eq!(whole(&runs, "seed").unwrap()[task], Some(7));
        assert!(whole(&runs, "work").unwrap()[task].unwrap() > 0);
    }
    // Measured at 0, 1024, 2048 and the budget.
    let frame = read_frame(&out.join("convergence.parquet")).unwrap();
    let iterations = whole(&frame, "iteration").unwrap();
    assert_eq!(
        iterations[..4],
        [Some(0), Some(1024), Some(2048), Some(3000)]
    );
}

#[test]
fn a_bad_river_size_exits_2_naming_file_line_and_key() {
    for (key, value, says) in [
        ("river_bet", "50%, q", "sizes are percents of the pot"),
        ("river_ip_raise", "7x%", "or \"same\" (the shared key's)"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        fs::write(
            dir.path().join("base.toml"),
            SPOT.replace("river_bet = \"75%\"\n", ""),
        )
        .unwrap();
        let spot =
            format!("game = \"poker\"\nextends = \"base.toml\"\n[sizes]\n{key} = \"{value}\"\n");
        let (code, err) = run_grid(dir.path(), &spot);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("spot.toml:4"), "{err}");
        assert!(err.contains(&format!("`sizes.{key}`")), "{err}");
        assert!(err.contains(says), "{err}");
    }
    // On a river spot the river keys are refused, naming the key to use.
    let dir = tempfile::tempdir().unwrap();
    let river = SPOT.replace("Kh9s4c/7d||", "Kh9s4c7d2s||");
    let (code, err) = run_grid(dir.path(), &river);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("`sizes.river_bet`") && err.contains("use sizes.bet"),
        "{err}"
    );
}

#[test]
fn convergence_rows_have_their_fields_and_grow_in_iterations_and_work() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = run_grid(dir.path(), SPOT);
    assert_eq!(code, Some(0), "{err}");
    let out = dir.path().join("out");
    let frame = read_frame(&out.join("convergence.parquet")).unwrap();
    let names: Vec<String> = frame
        .get_column_names()
        .iter()
        .map(|n| n.to_string())
        .collect();
    assert_eq!(
        names,
        [
            "variant",
            "engine",
            "iteration",
            "exploitability",
            "value",
            "work",
            "exploitability_pct_pot"
        ]
    );
    let runs = read_frame(&out.join("runs.parquet")).unwrap();
    let (engines, iterations, work) = (
        strings(&frame, "engine").unwrap(),
        whole(&frame, "iteration").unwrap(),
        whole(&frame, "work").unwrap(),
    );
    let (chips, pct) = (
        floats(&frame, "exploitability").unwrap(),
        floats(&frame, "exploitability_pct_pot").unwrap(),
    );
    for (task, engine) in ["solve:dcfr", "solve:cfr+"].iter().enumerate() {
        let at: Vec<usize> = (0..frame.height())
            .filter(|&i| engines[i].as_deref() == Some(*engine))
            .collect();
        assert!(at.len() >= 3, "{engine}: {}", at.len());
        assert_eq!((iterations[at[0]], work[at[0]]), (Some(0), Some(0)));
        for pair in at.windows(2) {
            // Every 10 iterations, as poker solve measures; work grows too.
            assert_eq!(
                iterations[pair[1]].unwrap(),
                iterations[pair[0]].unwrap() + 10
            );
            assert!(work[pair[1]].unwrap() > work[pair[0]].unwrap(), "{engine}");
        }
        for &i in &at {
            assert!((pct[i].unwrap() - 100.0 * chips[i].unwrap() / 20.0).abs() < 1e-12);
        }
        let last = *at.last().unwrap();
        assert_eq!(iterations[last], whole(&runs, "iterations").unwrap()[task]);
        assert_eq!(work[last], whole(&runs, "work").unwrap()[task]);
        assert_eq!(
            pct[last],
            floats(&runs, "exploitability_pct_pot").unwrap()[task]
        );
    }
    // The report: its sections, and the same bytes again.
    let markdown = fs::read_to_string(out.join("report.md")).unwrap();
    for section in [
        "## The answer",
        "### Convergence",
        "### Aggregate strategy per action",
        "### EV by hand class",
        "#### OOP at the root",
    ] {
        assert!(markdown.contains(section), "{section}: {markdown}");
    }
    assert!(
        markdown.contains("reaches 0.1% of the pot in the least work"),
        "{markdown}"
    );
    let html = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(
        html.contains("<svg") && html.contains("exploitability against work"),
        "{html}"
    );
    let (code, _, err) = run(dir.path(), &["report", "out"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(fs::read_to_string(out.join("report.md")).unwrap(), markdown);
    assert_eq!(fs::read_to_string(out.join("report.html")).unwrap(), html);
}
