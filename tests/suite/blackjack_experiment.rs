//! Blackjack in the runner: the rows of a blackjack grid are what `solve
//! --json` prints for the same rules, bit for bit; a bad rule key in an
//! experiment exits 2 naming the file and the key; the `sim` engine's rows
//! are the same on one and two threads; the shipped report
//! (`reports/blackjack-rules`) re-renders byte for byte, its exact rows are
//! the solver's and every rule effect in it is z-checked by simulation.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use banluck_lab::games::blackjack::lab::report::BlackjackReport;
use banluck_lab::report::typed::params_text;
use banluck_lab::report::{Manifest, read_frame};
use common::{manifest_dir, run_experiment};
use polars::prelude::*;
use serde_json::Value;

fn banluck(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

/// `solve --json` on the shipped six-deck file with `sets`.
fn solve_json(sets: &[String]) -> Value {
    let mut args = vec![
        "solve".to_string(),
        "--rules".into(),
        "rules/blackjack-6d-s17.toml".into(),
        "--json".into(),
    ];
    for set in sets {
        args.extend(["--set".to_string(), set.clone()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = banluck(manifest_dir(), &args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn column_f64(df: &DataFrame, name: &str) -> Vec<Option<f64>> {
    df.column(name).unwrap().f64().unwrap().iter().collect()
}

fn column_str(df: &DataFrame, name: &str) -> Vec<String> {
    df.column(name)
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|s| s.unwrap_or_default().to_string())
        .collect()
}

/// Checks the `runs` row and the chart rows of `variant` in `folder`
/// against `solve --json` with the variant's settings; `algorithms` are
/// the split algorithms whose `ev_*` column the row should hold.
fn assert_rows_are_solve_json(folder: &Path, variant: &str, sets: &[String], algorithms: &[&str]) {
    let runs = read_frame(&folder.join("runs.parquet")).unwrap();
    let names = column_str(&runs, "variant");
    let row = names.iter().position(|n| n == variant).unwrap();
    let solution = solve_json(sets);
    let ev = solution["ev"].as_f64().unwrap();
    let stored = column_f64(&runs, "ev")[row].unwrap();
    assert_eq!(
        stored.to_bits(),
        ev.to_bits(),
        "{variant}: {stored} vs {ev}"
    );
    assert_eq!(
        column_str(&runs, "rules_hash")[row],
        solution["rules_hash"].as_str().unwrap(),
        "{variant}"
    );
    assert_eq!(column_f64(&runs, "ev_percent")[row], Some(ev * 100.0));
    for algorithm in algorithms {
        let mut with = sets.to_vec();
        with.push(format!("split.algorithm={algorithm}"));
        let ev = solve_json(&with)["ev"].as_f64().unwrap();
        let column = format!("ev_{}", algorithm.trim_end_matches('-'));
        let stored = column_f64(&runs, &column)[row].unwrap();
        assert_eq!(stored.to_bits(), ev.to_bits(), "{variant} {column}");
    }
    let strategies = read_frame(&folder.join("strategies.parquet")).unwrap();
    let (variants, rows, upcards, moves) = (
        column_str(&strategies, "variant"),
        column_str(&strategies, "row"),
        column_str(&strategies, "upcard"),
        column_str(&strategies, "move"),
    );
    let mixed: Vec<Option<bool>> = strategies
        .column("mixed")
        .unwrap()
        .bool()
        .unwrap()
        .iter()
        .collect();
    let chart = solution["chart"].as_array().unwrap();
    let mine: Vec<usize> = (0..strategies.height())
        .filter(|&i| variants[i] == variant)
        .collect();
    assert_eq!(mine.len(), chart.len(), "{variant}");
    for (i, cell) in mine.into_iter().zip(chart) {
        assert_eq!(rows[i], cell["row"].as_str().unwrap());
        assert_eq!(upcards[i], cell["upcard"].as_str().unwrap());
        assert_eq!(moves[i], cell["best_move"].as_str().unwrap());
        assert_eq!(mixed[i], cell["mixed"].as_bool());
    }
}

#[test]
fn grid_rows_are_what_solve_json_prints_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let rules = manifest_dir().join("rules/blackjack-6d-s17.toml");
    let file = dir.path().join("bj.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"bj\"\nquestion = \"What do H17 and one deck do?\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"dealer.hit_soft_17\"\nvalues = [false, true]\n\
             [[axis]]\nkey = \"deck.decks\"\nvalues = [2, 1]\n\
             [engines.exact]\nalgorithms = [\"cdz-\", \"cdp\"]\n",
            rules.display()
        ),
    )
    .unwrap();
    let out = dir.path().join("out");
    run_experiment(&file, &out);
    let runs = read_frame(&out.join("runs.parquet")).unwrap();
    assert_eq!(runs.height(), 4);
    for name in ["params_algorithms", "version", "engine"] {
        assert_eq!(runs.column(name).unwrap().null_count(), 0, "{name}");
    }
    assert_eq!(
        params_text(&runs).unwrap()[0],
        "{\"algorithms\":[\"cdz-\",\"cdp\"]}"
    );
    // Not asked for: null in every row, so the file leaves the column out.
    assert!(runs.column("ev_cdp1").is_err());
    for (variant, h17, decks) in [
        ("hit_soft_17=false, decks=2", false, 2),
        ("hit_soft_17=true, decks=1", true, 1),
    ] {
        let sets = [
            format!("dealer.hit_soft_17={h17}"),
            format!("deck.decks={decks}"),
        ];
        assert_rows_are_solve_json(&out, variant, &sets, &["cdz-", "cdp"]);
    }
}

#[test]
fn a_bad_rule_key_exits_2_naming_the_file_and_the_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        manifest_dir().join("rules/blackjack-6d-s17.toml"),
        dir.path().join("bj.toml"),
    )
    .unwrap();
    for (axis, key) in [
        (
            "key = \"dealer.hits_soft_17\"\nvalues = [true]",
            "dealer.hits_soft_17",
        ),
        ("key = \"deck.decks\"\nvalues = [6, 9]", "deck.decks"),
        (
            "name = \"c\"\nzip.\"split.algorithm\" = [\"cdp\"]\nzip.\"surrender.erly\" = [true]",
            "surrender.erly",
        ),
    ] {
        let text = format!(
            "name = \"x\"\nquestion = \"Q?\"\nrules = \"bj.toml\"\n[[axis]]\n{axis}\n[engines.exact]\n"
        );
        std::fs::write(dir.path().join("x.toml"), text).unwrap();
        let out = banluck(dir.path(), &["run", "x.toml", "--quiet"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {stderr}");
        assert!(stderr.contains("x.toml"), "{key}: {stderr}");
        assert!(stderr.contains(key), "{key}: {stderr}");
        assert!(!dir.path().join("reports").exists(), "{key}");
    }
}

#[test]
fn the_shipped_report_rerenders_byte_for_byte() {
    let shipped = manifest_dir().join("reports/blackjack-rules");
    let copy = tempfile::tempdir().unwrap();
    for name in [
        "manifest.json",
        "runs.parquet",
        "strategies.parquet",
        "convergence.parquet",
    ] {
        std::fs::copy(shipped.join(name), copy.path().join(name)).unwrap();
    }
    for _ in 0..2 {
        let folder = copy.path().to_str().unwrap();
        let out = banluck(manifest_dir(), &["report", folder]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        for name in ["report.md", "report.html"] {
            let committed = std::fs::read(shipped.join(name)).unwrap();
            let rendered = std::fs::read(copy.path().join(name)).unwrap();
            assert!(committed == rendered, "{name} differs from the shipped one");
        }
    }
    let html = std::fs::read_to_string(shipped.join("report.html")).unwrap();
    assert!(html.contains("class=\"chart\"") && html.contains("mv-dh"));
}

#[test]
fn the_shipped_rows_are_the_solvers() {
    // The base, the costliest change and the single deck (the largest
    // difference from the published table), with every split algorithm.
    let shipped = manifest_dir().join("reports/blackjack-rules");
    let base = [
        "surrender.late=true".to_string(),
        "split.algorithm=cdp".to_string(),
    ];
    for (variant, change) in [
        ("base", None),
        ("1:1", Some("payouts.blackjack=1.0")),
        ("1 deck", Some("deck.decks=1")),
    ] {
        let mut sets = base.to_vec();
        sets.extend(change.map(str::to_string));
        assert_rows_are_solve_json(&shipped, variant, &sets, &["cdz-", "cdp1", "cdp"]);
    }
}

#[test]
fn the_sim_engine_gives_the_same_rows_on_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let rules = manifest_dir().join("rules/blackjack-infinite-s17.toml");
    let file = dir.path().join("bj.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"bj\"\nquestion = \"Does H17 cost what the solver says?\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"dealer.hit_soft_17\"\nvalues = [false, true]\n\
             [engines.exact]\n[engines.sim]\nrounds = 150_000\nseed = 7\n",
            rules.display()
        ),
    )
    .unwrap();
    let mut frames = Vec::new();
    for jobs in ["1", "2"] {
        let out = dir.path().join(format!("out-{jobs}"));
        let run = banluck(
            manifest_dir(),
            &[
                "run",
                file.to_str().unwrap(),
                "--quiet",
                "--jobs",
                jobs,
                "--output",
                out.to_str().unwrap(),
            ],
        );
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        frames.push(read_frame(&out.join("runs.parquet")).unwrap());
    }
    assert!(frames[0].equals_missing(&frames[1]));
    let runs = &frames[0];
    let engines = column_str(runs, "engine");
    assert_eq!(engines, ["exact", "sim", "exact", "sim"]);
    let (ev, se, z) = (
        column_f64(runs, "ev"),
        column_f64(runs, "se"),
        column_f64(runs, "z"),
    );
    for sim in [1, 3] {
        assert_eq!(se[sim - 1], None);
        let (ev, exact, se, z) = (
            ev[sim].unwrap(),
            ev[sim - 1].unwrap(),
            se[sim].unwrap(),
            z[sim].unwrap(),
        );
        assert!((z - (ev - exact) / se).abs() < 1e-9, "{z}");
        assert!(z.abs() < 5.0, "{z}");
    }
    let out = dir.path().join("out-1");
    let model = BlackjackReport::model(&out, &Manifest::read(&out).unwrap()).unwrap();
    let h17 = model.effects[0].sim.unwrap();
    assert!((h17.se - se[1].unwrap().hypot(se[3].unwrap())).abs() < 1e-15);
}

#[test]
fn every_shipped_rule_effect_is_z_checked_by_simulation() {
    let shipped = manifest_dir().join("reports/blackjack-rules");
    let model = BlackjackReport::model(&shipped, &Manifest::read(&shipped).unwrap()).unwrap();
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(shipped.join("manifest.json")).unwrap())
            .unwrap();
    let variants = manifest["variants"].as_array().unwrap().len();
    assert_eq!(model.sims.len(), variants);
    assert_eq!(model.effects.len(), variants - 1);
    for sim in &model.sims {
        assert!(sim.z.abs() < 4.0, "{}: z = {}", sim.variant, sim.z);
        assert!(sim.split_cells > 0, "{}", sim.variant);
        assert!(sim.split_max_abs_z < 4.5, "{}", sim.variant);
    }
    for row in &model.effects {
        let sim = row
            .sim
            .unwrap_or_else(|| panic!("{}: no simulated effect", row.variant));
        assert!(sim.z.abs() < 4.0, "{}: z = {}", row.variant, sim.z);
        assert!(
            sim.se > 0.0 && sim.se < 0.001,
            "{}: SE {}",
            row.variant,
            sim.se
        );
    }
    let markdown = std::fs::read_to_string(shipped.join("report.md")).unwrap();
    assert!(markdown.contains("| simulated effect ± SE | z |"));
    assert!(markdown.contains("## Simulation check"));
}
