//! The shipped reports (`reports/*/report.md`) against the code: each is
//! exactly what its committed Parquet files render, and the numbers its
//! tables state are what the library computes today, read from the report
//! and compared at the printed precision.

use std::fs;
use std::path::{Path, PathBuf};

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use banluck_lab::report::render_any_folder;
use banluck_lab::rules::Override;
use banluck_lab::studies::{compare, registry};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped report folders, sorted.
fn report_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = fs::read_dir(manifest_dir().join("reports"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("report.md").is_file())
        .collect();
    folders.sort();
    folders
}

fn report(name: &str) -> String {
    fs::read_to_string(manifest_dir().join("reports").join(name).join("report.md")).unwrap()
}

#[test]
fn every_shipped_report_is_what_its_parquet_files_render() {
    let folders = report_folders();
    assert_eq!(folders.len(), 12, "{folders:?}");
    for folder in folders {
        let copy = tempfile::tempdir().unwrap();
        for entry in fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                fs::copy(&path, copy.path().join(path.file_name().unwrap())).unwrap();
            }
        }
        render_any_folder(copy.path(), None, &registry()).unwrap();
        for name in ["report.md", "report.html"] {
            let committed = fs::read_to_string(folder.join(name)).unwrap();
            let rendered = fs::read_to_string(copy.path().join(name)).unwrap();
            assert!(
                committed == rendered,
                "{}/{name} is not what its Parquet files render: run `banluck-lab report {}`",
                folder.display(),
                folder.display()
            );
        }
    }
}

/// The cells of the Markdown table whose header row starts with `header`.
fn table_rows(text: &str, header: &str) -> Vec<Vec<String>> {
    let mut lines = text.lines().skip_while(|line| !line.starts_with(header));
    assert!(lines.next().is_some(), "no table headed {header:?}");
    lines
        .skip(1)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_string())
                .collect()
        })
        .collect()
}

/// A cell's number: `-0.0789`, `+0.36%` (as 0.36), `7.24%`.
fn number(cell: &str) -> f64 {
    cell.trim_end_matches('%')
        .trim_start_matches('+')
        .parse()
        .unwrap_or_else(|_| panic!("not a number: {cell:?}"))
}

/// Decimals a cell prints.
fn decimals(cell: &str) -> i32 {
    cell.trim_end_matches('%')
        .split_once('.')
        .map_or(0, |(_, d)| d.len() as i32)
}

/// Asserts that `ours` prints as `cell` at the cell's precision (`%` cells
/// hold percentages of `ours`).
fn assert_printed(ours: f64, cell: &str, what: &str) {
    let value = if cell.ends_with('%') {
        ours * 100.0
    } else {
        ours
    };
    let scale = 10f64.powi(decimals(cell));
    assert!(
        (value * scale).round() == (number(cell) * scale).round()
            // -0.0000 and +0.0000 print the same number.
            || (value * scale).round().abs() + (number(cell) * scale).round().abs() == 0.0,
        "{what}: the report says {cell}, the code computes {value}"
    );
}

/// The overrides of every variant of a grid report, by name, from its
/// manifest (the rules each variant ran with).
fn variants(folder: &Path) -> (PathBuf, Vec<(String, Vec<Override>)>) {
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(folder.join("manifest.json")).unwrap()).unwrap();
    let rules = manifest_dir().join(manifest["rules_file"].as_str().unwrap());
    let axes = manifest["axes"].as_array().unwrap();
    let variants = manifest["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|variant| {
            let overrides = variant["positions"]
                .as_array()
                .unwrap()
                .iter()
                .zip(axes)
                .flat_map(|(position, axis)| {
                    let settings = &axis["settings"][position.as_u64().unwrap() as usize];
                    settings
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|s| s.as_str().unwrap().parse::<Override>().unwrap())
                        .collect::<Vec<_>>()
                })
                .collect();
            (variant["name"].as_str().unwrap().to_string(), overrides)
        })
        .collect();
    (rules, variants)
}

#[test]
fn grid_sensitivity_tables_state_the_exact_solvers_figures() {
    // Every dp cell of the sensitivity tables (EV, Δ, Δ in % of a bet, void
    // rate, standard deviation) recomputed by the exact solver.
    for name in ["payouts", "reveal", "surrender"] {
        let folder = manifest_dir().join("reports").join(name);
        let (rules, variants) = variants(&folder);
        let solved: Vec<(String, dp::DpSolution)> = variants
            .iter()
            .map(|(variant, overrides)| {
                let table = CompiledRules::compile(load_rules(Some(&rules), overrides).unwrap());
                (variant.clone(), dp::solve(&table))
            })
            .collect();
        let base = solved[0].1.ev;
        let text = report(name);
        let rows = table_rows(&text, "| variant | dp EV |");
        assert_eq!(rows.len(), variants.len(), "{name}");
        let header: Vec<&str> = text
            .lines()
            .find(|line| line.starts_with("| variant | dp EV |"))
            .unwrap()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        let column = |title: &str| header.iter().position(|h| *h == title).unwrap();
        for row in rows {
            let label = row[0].trim_end_matches(" (base)");
            let (_, s) = solved
                .iter()
                .find(|(variant, _)| variant == label)
                .unwrap_or_else(|| panic!("{name}: no variant {label}"));
            let what = |title: &str| format!("{name} {label} {title}");
            assert_printed(s.ev, &row[column("dp EV")], &what("dp EV"));
            assert_printed(s.ev - base, &row[column("dp Δ")], &what("dp Δ"));
            assert_printed(
                s.ev - base,
                &row[column("dp Δ (% of a bet)")],
                &what("dp Δ %"),
            );
            assert_printed(s.void_rate, &row[column("void rate (dp)")], &what("void"));
            assert_printed(s.std_dev, &row[column("std dev (dp)")], &what("std dev"));
        }
    }
}

#[test]
fn the_compare_report_states_the_comparisons_figures() {
    let folder = manifest_dir().join("reports/blackjack-compare");
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(folder.join("manifest.json")).unwrap()).unwrap();
    let rules = manifest_dir().join(manifest["rules_file"].as_str().unwrap());
    let blackjack_file = manifest_dir().join(
        manifest["params"]["blackjack_file"]
            .as_str()
            .expect("the manifest names the blackjack file"),
    );
    let table = CompiledRules::compile(load_rules(Some(&rules), &[]).unwrap());
    let blackjack = load_blackjack_rules(Some(&blackjack_file), &[]).unwrap();
    let c = compare::compare(&table, &blackjack);
    let text = report("blackjack-compare");
    let rows = table_rows(&text, "| | EV | cost |");
    let expected = [
        ("Banluck, its optimal chart", c.banluck_ev_chart, None),
        (
            "Banluck, blackjack basic strategy's hit/stand",
            c.banluck_ev_with_blackjack,
            Some(c.cost_in_banluck()),
        ),
        (
            "Blackjack, basic strategy with doubles and splits",
            c.blackjack_ev,
            None,
        ),
        (
            "Blackjack, basic strategy's hit/stand only",
            c.blackjack_ev_hit_stand,
            None,
        ),
        (
            "Blackjack, the Banluck chart",
            c.blackjack_ev_with_banluck,
            Some(c.cost_in_blackjack()),
        ),
    ];
    assert_eq!(rows.len(), expected.len());
    for (row, (label, ev, cost)) in rows.iter().zip(expected) {
        assert_eq!(row[0], label);
        assert_printed(ev, &row[1], label);
        if let Some(cost) = cost {
            let cell = row[2].split_whitespace().next().unwrap();
            assert_printed(cost, cell, label);
        }
    }
    // "differ in 9 of 69 chart cells"
    let differ = c.cells.iter().filter(|cell| !cell.agree).count();
    let sentence = format!("differ in {differ} of {} chart cells", c.cells.len());
    assert!(text.contains(&sentence), "the report lacks {sentence:?}");
}
