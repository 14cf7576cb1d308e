//! The experiment runner end to end, through the command line: Parquet
//! tables checked column by column against direct solves, both reports,
//! the cache, shards and merging, and experiment-file errors.

use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::SystemTime;

use banluck_lab::games::banluck::dp::{self, Action};
use banluck_lab::games::banluck::rules::RuleTable;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::lab::{Cache, RunOptions, load_experiment, run_tasks};
use banluck_lab::rules::Override;
use polars::prelude::*;

const EXPERIMENT: &str = r#"
name = "small"
question = "What are selective reveal and a 2:1 Ban Ban worth?"
rules = "banluck.toml"
output = "out"

[[axis]]
key = "dealer.fixed.reveal"
values = ["off", "on"]
title = "Selective reveal"

[[axis]]
key = "payouts.ban_ban"
values = [3, 2]
labels = ["ban_ban=3:1", "ban_ban=2:1"]
title = "Ban Ban's payout"

[engines.dp]
"#;

/// (variant name, overrides) of the small experiment, in task order.
const VARIANTS: [(&str, [&str; 2]); 4] = [
    (
        "reveal=off, ban_ban=3:1",
        ["dealer.fixed.reveal=off", "payouts.ban_ban=3"],
    ),
    (
        "reveal=off, ban_ban=2:1",
        ["dealer.fixed.reveal=off", "payouts.ban_ban=2"],
    ),
    (
        "reveal=on, ban_ban=3:1",
        ["dealer.fixed.reveal=on", "payouts.ban_ban=3"],
    ),
    (
        "reveal=on, ban_ban=2:1",
        ["dealer.fixed.reveal=on", "payouts.ban_ban=2"],
    ),
];

/// A temporary folder holding the canonical rules and `experiment` as
/// `x.toml`.
fn workspace(experiment: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    std::fs::copy(rules, dir.path().join("banluck.toml")).unwrap();
    let file = dir.path().join("x.toml");
    std::fs::write(&file, experiment).unwrap();
    (dir, file)
}

fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn cli_ok(dir: &Path, args: &[&str]) -> String {
    let out = cli(dir, args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?} failed: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

fn read(path: &Path) -> DataFrame {
    ParquetReader::new(File::open(path).unwrap())
        .finish()
        .unwrap()
}

fn floats(df: &DataFrame, name: &str) -> Vec<Option<f64>> {
    df.column(name).unwrap().f64().unwrap().iter().collect()
}

fn strings(df: &DataFrame, name: &str) -> Vec<Option<String>> {
    df.column(name)
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .map(|s| s.map(str::to_string))
        .collect()
}

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() <= 1e-12 * b.abs().max(1.0))
}

/// Modification times and contents of the cache files.
fn cache_files(out: &Path) -> BTreeMap<PathBuf, (SystemTime, Vec<u8>)> {
    std::fs::read_dir(out.join(".cache"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let meta = std::fs::metadata(&path).unwrap();
            let bytes = std::fs::read(&path).unwrap();
            (path, (meta.modified().unwrap(), bytes))
        })
        .collect()
}

#[test]
fn a_small_experiment_runs_end_to_end_and_a_second_run_is_all_cache() {
    let (dir, file) = workspace(EXPERIMENT);
    let stdout = cli_ok(dir.path(), &["run", "x.toml", "--jobs", "2"]);
    assert!(
        stdout.contains("4 tasks (4 computed, 0 from the cache)"),
        "{stdout}"
    );
    let out = dir.path().join("out");

    // runs.parquet: one row per variant, checked against direct solves.
    let runs = read(&out.join("runs.parquet"));
    assert_eq!(runs.height(), 4);
    let names: Vec<&str> = runs.get_column_names().iter().map(|n| n.as_str()).collect();
    assert_eq!(names[0], "variant");
    for column in [
        "deck.decks",
        "ace.two_cards",
        "payouts.ban_ban",
        "dealer.fixed.reveal",
        "dealer.fixed.stand_on",
        "settlement.both_bust",
        "ev",
        "ev_chart",
        "std_dev",
        "void_rate",
        "exploitability",
        "iterations",
        "hands",
        "std_err",
        "z",
        "rules_hash",
        "engine",
        "params",
        "seed",
        "version",
    ] {
        assert!(names.contains(&column), "missing column {column}");
    }
    // Wall-clock time changes on every run: it lives in timings.parquet,
    // which is not committed, never in the tables the reports are made of.
    assert!(!names.contains(&"seconds"));
    let timings = read(&out.join("timings.parquet"));
    assert_eq!(
        timings.height(),
        runs.height() + read(&out.join("convergence.parquet")).height()
    );
    assert!(
        floats(&timings, "seconds")
            .iter()
            .all(|s| s.is_some_and(|s| s >= 0.0))
    );
    let strategies = read(&out.join("strategies.parquet"));
    let (ev, ev_chart, std_dev, void_rate) = (
        floats(&runs, "ev"),
        floats(&runs, "ev_chart"),
        floats(&runs, "std_dev"),
        floats(&runs, "void_rate"),
    );
    let reveal = strings(&runs, "dealer.fixed.reveal");
    let ban_ban = floats(&runs, "payouts.ban_ban");
    let hashes = strings(&runs, "rules_hash");
    for (i, (name, sets)) in VARIANTS.iter().enumerate() {
        let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
        let rules = load_rules(Some(&dir.path().join("banluck.toml")), &overrides).unwrap();
        let table = RuleTable::compile(rules);
        let direct = dp::solve(&table);
        assert_eq!(strings(&runs, "variant")[i].as_deref(), Some(*name));
        assert!(close(ev[i], direct.ev), "{name}: ev");
        assert!(close(ev_chart[i], direct.ev_chart), "{name}: ev_chart");
        assert!(close(std_dev[i], direct.std_dev), "{name}: std_dev");
        assert!(close(void_rate[i], direct.void_rate), "{name}: void_rate");
        assert_eq!(hashes[i].as_deref(), Some(table.hash()));
        assert_eq!(reveal[i].as_deref(), Some(if i < 2 { "off" } else { "on" }));
        assert_eq!(ban_ban[i], Some(if i % 2 == 0 { 3.0 } else { 2.0 }));

        // strategies.parquet: the chart's hit rows match the direct chart.
        let mask = strategies
            .column("variant")
            .unwrap()
            .str()
            .unwrap()
            .equal(*name);
        let mine = strategies.filter(&mask).unwrap();
        assert_eq!(
            mine.height(),
            2 * (direct.chart.len() + direct.compositions.len())
        );
        let hands = strings(&mine, "hand");
        let actions = strings(&mine, "action");
        let frequency = floats(&mine, "frequency");
        let ev_hit = floats(&mine, "ev_hit");
        let chart_hits: Vec<usize> = (0..mine.height())
            .filter(|&r| hands[r].is_none() && actions[r].as_deref() == Some("hit"))
            .collect();
        assert_eq!(chart_hits.len(), direct.chart.len());
        for (cell, &r) in direct.chart.iter().zip(&chart_hits) {
            let hit = if cell.action == Action::Hit { 1.0 } else { 0.0 };
            assert_eq!(frequency[r], Some(hit));
            assert!(close(ev_hit[r], cell.ev_hit));
        }
    }
    for column in ["exploitability", "std_err", "z"] {
        assert_eq!(runs.column(column).unwrap().null_count(), 4, "{column}");
    }
    assert_eq!(runs.column("iterations").unwrap().null_count(), 4);
    assert_eq!(runs.column("seed").unwrap().null_count(), 4);

    // convergence.parquet: valid and empty without an iterative engine.
    let convergence = read(&out.join("convergence.parquet"));
    assert_eq!(convergence.height(), 0);
    assert!(convergence.column("exploitability").is_ok());

    // Both reports state the answer, computed from the data.
    let on = load_rules(
        Some(&dir.path().join("banluck.toml")),
        &["dealer.fixed.reveal=on".parse().unwrap()],
    )
    .unwrap();
    let gain = ev[0].unwrap() - dp::solve(&RuleTable::compile(on)).ev;
    let verb = if gain > 0.0 {
        format!("is worth {gain:.4} units per hand to the dealer")
    } else {
        format!("costs the dealer {:.4} units per hand", -gain)
    };
    let headline = format!("Selective reveal (reveal=on instead of reveal=off) {verb}");
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(markdown.contains(&headline), "{markdown}");
    assert!(html.contains(&headline));
    assert!(markdown.contains("Ban Ban's payout (ban_ban=2:1 instead of ban_ban=3:1)"));
    assert!(stdout.contains(&headline));
    assert!(html.contains("<svg") && html.contains("<style>"));
    assert!(
        !html.contains("<script") && !html.contains("src=\"http") && !html.contains("href=\"http")
    );

    // A second run computes nothing and leaves the cache untouched.
    let before = cache_files(&out);
    assert_eq!(before.len(), 4);
    let stdout = cli_ok(dir.path(), &["run", "x.toml", "-q"]);
    assert!(stdout.is_empty());
    assert_eq!(cache_files(&out), before);
    let experiment = load_experiment(&file).unwrap();
    let outcome = run_tasks(&experiment, &Cache::new(&out), &RunOptions::default());
    assert_eq!((outcome.computed(), outcome.cached()), (0, 4));
    assert_eq!(read(&out.join("runs.parquet")).height(), 4);

    // `report` re-renders from the Parquet files alone.
    std::fs::remove_file(out.join("report.md")).unwrap();
    std::fs::remove_dir_all(out.join(".cache")).unwrap();
    cli_ok(dir.path(), &["report", "out"]);
    let again = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert_eq!(again, markdown);

    // A template folder replaces the built-in Markdown template.
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).unwrap();
    std::fs::write(
        templates.join("report.md.tera"),
        "{{ name }}: {% for s in sensitivity %}{{ s.cells[0].delta | signed }} {% endfor %}",
    )
    .unwrap();
    cli_ok(dir.path(), &["report", "out", "--templates", "templates"]);
    let custom = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(custom.starts_with("small: +0.0000 "), "{custom}");
    assert_eq!(
        std::fs::read_to_string(out.join("report.html")).unwrap(),
        html
    );
}

/// The small experiment with a short equilibrium run and a simulation as
/// well.
fn with_all_engines() -> String {
    format!(
        "{EXPERIMENT}\n[engines.cfr]\nmax_iterations = 20\ncheck_every = 10\n\
         [engines.sim]\nhands = 20_000\nseed = 5\nstrategy = \"chart\"\n"
    )
}

#[test]
fn shards_resume_through_the_cache_and_merge_into_the_full_run() {
    let (dir, _file) = workspace(&with_all_engines());
    let out = dir.path().join("out");
    // An interrupted run: only every fifth task got done (tasks 0, 5, 10:
    // variant 0 by dp, variant 1 by sim, variant 3 by cfr).
    let stdout = cli_ok(dir.path(), &["run", "x.toml", "--shard", "0/5"]);
    assert!(
        stdout.contains("3 tasks (3 computed, 0 from the cache)"),
        "{stdout}"
    );
    let shard0 = read(&out.join("shard-0-of-5/runs.parquet"));
    assert_eq!(
        strings(&shard0, "variant"),
        [VARIANTS[0].0, VARIANTS[1].0, VARIANTS[3].0].map(|v| Some(v.to_string()))
    );
    assert_eq!(
        strings(&shard0, "engine"),
        ["dp", "sim", "cfr"].map(|e| Some(e.to_string()))
    );
    assert!(!out.join("runs.parquet").exists());

    // The full run reuses the finished tasks.
    let stdout = cli_ok(dir.path(), &["run", "x.toml"]);
    assert!(
        stdout.contains("12 tasks (9 computed, 3 from the cache)"),
        "{stdout}"
    );
    let full = read(&out.join("runs.parquet"));
    let convergence = read(&out.join("convergence.parquet"));
    assert_eq!(
        convergence.height(),
        4 * 3,
        "iterations 0, 10, 20 per variant"
    );
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("Exploitability by iteration"));
    assert!(
        !html.contains("Exploitability by time"),
        "no timing in a report"
    );
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(markdown.contains("at the equilibrium"), "{markdown}");
    assert!(markdown.contains(": dealer (cfr)"), "{markdown}");

    // The simulation is checked against the exact value of its variant.
    let engines = strings(&full, "engine");
    let (ev, exact, z, std_err) = (
        floats(&full, "ev"),
        floats(&full, "exact"),
        floats(&full, "z"),
        floats(&full, "std_err"),
    );
    for (i, engine) in engines.iter().enumerate() {
        if engine.as_deref() == Some("sim") {
            assert_eq!(
                exact[i],
                floats(&full, "ev_chart")[i - 2],
                "the dp row of the variant"
            );
            let expected = (ev[i].unwrap() - exact[i].unwrap()) / std_err[i].unwrap();
            assert!(close(z[i], expected));
        }
    }
    assert!(
        markdown.contains("## Exact against simulated"),
        "{markdown}"
    );

    // The other shards are all cache; merging them gives the full tables.
    for shard in ["1/5", "2/5", "3/5", "4/5"] {
        let stdout = cli_ok(dir.path(), &["run", "x.toml", "--shard", shard]);
        assert!(stdout.contains("(0 computed, "), "{stdout}");
    }
    let merged = dir.path().join("merged");
    let stdout = cli_ok(
        dir.path(),
        &[
            "merge",
            "out/shard-2-of-5",
            "out/shard-0-of-5",
            "out/shard-4-of-5",
            "out/shard-1-of-5",
            "out/shard-3-of-5",
            "--output",
            "merged",
        ],
    );
    assert!(stdout.contains("12 of 12 runs"), "{stdout}");
    let joined = read(&merged.join("runs.parquet"));
    assert!(joined.equals_missing(&full));
    assert_eq!(
        read(&merged.join("timings.parquet")).height(),
        read(&out.join("timings.parquet")).height()
    );
    for table in ["strategies.parquet", "convergence.parquet"] {
        assert!(read(&merged.join(table)).equals_missing(&read(&out.join(table))));
    }
    assert!(merged.join("report.html").is_file());

    // Without --output, shards merge into the folder holding them.
    std::fs::remove_file(out.join("runs.parquet")).unwrap();
    let stdout = cli_ok(
        dir.path(),
        &["merge", "out/shard-0-of-5", "out/shard-1-of-5"],
    );
    assert!(
        stdout.contains("6 of 12 runs") && stdout.contains("incomplete"),
        "{stdout}"
    );
    assert_eq!(read(&out.join("runs.parquet")).height(), 6);

    // Overlapping folders are refused.
    let overlap = cli(
        dir.path(),
        &["merge", "out/shard-0-of-5", "merged", "--output", "again"],
    );
    assert!(!overlap.status.success());
    assert!(String::from_utf8_lossy(&overlap.stderr).contains("overlap"));
}

#[test]
fn experiment_file_errors_exit_2_naming_the_file_and_the_key() {
    let head = "name = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n[engines.dp]\n";
    let cases = [
        (
            format!("{head}[[axis]]\nkey = \"deck.decks\"\nvalues = [1]\nvalus = [2]\n"),
            "axis.0.valus",
            "unknown key",
        ),
        (
            format!("{head}[[axis]]\nkey = \"dealer.fixed.revel\"\nvalues = [\"on\"]\n"),
            "axis.0.key",
            "not a rule key",
        ),
        (head.to_string(), "axis", "grid is empty"),
        (
            format!(
                "{head}[[axis]]\nname = \"s\"\nzip.\"dealer.allow_surrender\" = [true, false]\n\
                 zip.\"dealer.fixed.surrender\" = [\"always\"]\n"
            ),
            "axis.0.zip",
            "same number of values",
        ),
        (
            format!("{head}[[axis]]\nkey = \"dealer.fixed.reveal\"\nvalues = [\"sometimes\"]\n"),
            "axis.0.values",
            "allowed values: \"off\", \"on\"",
        ),
        (
            head.replace("[engines.dp]", "[engines.dpp]")
                + "[[axis]]\nkey = \"deck.decks\"\nvalues = [1]\n",
            "engines.dpp",
            "allowed keys here: dp, cfr, sim",
        ),
    ];
    for (body, key, words) in cases {
        let (dir, _file) = workspace(&body);
        let out = cli(dir.path(), &["run", "x.toml"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {stderr}");
        assert!(stderr.contains("x.toml: key `"), "{key}: {stderr}");
        assert!(stderr.contains(&format!("`{key}`")), "{key}: {stderr}");
        assert!(stderr.contains(words), "{key}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
