//! The counting experiment kind (`kind = "counting"`) end to end: a small
//! experiment through `banluck-lab run`, its tables against the library,
//! a re-run that writes the same tables, its report, and its checks.

use std::fs::File;
use std::path::Path;
use std::process::{Command, Output};

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::kinds::counting::{
    BinRow, CountRow, DeckRow, EffectRow, WinRateRow, WithinRoundRow,
};
use banluck_lab::games::banluck::rules::RuleSet;
use banluck_lab::games::banluck::table::info::SeatInfo;
use banluck_lab::report::frame_rows;
use polars::prelude::*;
use serde::de::DeserializeOwned;

const SMALL: &str = "kind = \"counting\"\nname = \"x\"\nquestion = \"Q?\"\n\
                     rules = \"banluck.toml\"\noutput = \"out\"\n[counting]\n\
                     penetrations = [0.5, 0.75]\ndecks = 12\nbin_width = 4.0\n\
                     info_seats = [1, 3]\ninfo_rounds = 20_000\nsim_seats = [1, 2]\n\
                     sim_penetrations = [0.75]\nsim_rounds = 4000\nexact_share = 0.01\nedge_share = 0.5\nseed = 5\n";

fn workspace(experiment: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    std::fs::copy(rules, dir.path().join("banluck.toml")).unwrap();
    std::fs::write(dir.path().join("x.toml"), experiment).unwrap();
    dir
}

fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn rows<T: DeserializeOwned>(path: &Path) -> Vec<T> {
    let frame = ParquetReader::new(File::open(path).unwrap())
        .finish()
        .unwrap();
    frame_rows(&frame).unwrap()
}

#[test]
fn a_counting_experiment_writes_the_library_values_and_reruns_identically() {
    let dir = workspace(SMALL);
    let out = cli(dir.path(), &["run", "x.toml", "--quiet"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let folder = dir.path().join("out");
    let rules = RuleSet::default();
    let full = dp::full_deck(&rules).unwrap();

    let count: Vec<CountRow> = rows(&folder.join("count.parquet"));
    assert_eq!(count.len(), 1);
    assert_eq!(count[0].fresh_deck_gain, 0.0);
    let effects = dp::effects_of_removal(&rules, &full).unwrap();
    assert_eq!(count[0].level, effects.level);
    let tags: Vec<EffectRow> = rows(&folder.join("effects.parquet"));
    let expected: Vec<i32> = effects.effects.iter().map(|e| e.tag).collect();
    assert_eq!(tags.iter().map(|e| e.tag).collect::<Vec<_>>(), expected);

    let decks: Vec<DeckRow> = rows(&folder.join("decks.parquet"));
    assert_eq!(decks.len(), 24);
    for d in &decks {
        let left = if d.penetration == 0.5 { 26 } else { 13 };
        assert_eq!(d.cards_left, left);
        assert!(d.ev > -0.5 && d.ev < 0.5);
    }
    let bins: Vec<BinRow> = rows(&folder.join("by_count.parquet"));
    assert_eq!(bins.iter().map(|b| b.decks).sum::<u32>(), 24);
    for b in &bins {
        assert_eq!(b.true_count % 4.0, 0.0);
        let members: Vec<f64> = decks
            .iter()
            .filter(|d| {
                d.penetration == b.penetration && (d.true_count / 4.0).round() * 4.0 == b.true_count
            })
            .map(|d| d.ev)
            .collect();
        let mean = members.iter().sum::<f64>() / members.len() as f64;
        assert!((b.ev_mean - mean).abs() < 1e-12);
    }

    let within: Vec<WithinRoundRow> = rows(&folder.join("within_round.parquet"));
    let info = SeatInfo::new(&rules).unwrap();
    assert_eq!(within.len(), 2);
    for r in &within {
        let exact = info.exact(r.seats as usize).unwrap();
        assert!((r.exact_gain - exact.gain).abs() < 1e-15);
        assert_eq!(r.rounds, 20_000);
    }
    assert_eq!(within[0].exact_gain, 0.0);

    // The counting simulation: a fresh deck every round and 75 % dealt, at
    // one and two seats; with a fresh deck the counter always bets 1 unit
    // and plays the full deck's optimum, so its gain over the flat bettor
    // is exactly 0 (played and exact).
    let win: Vec<WinRateRow> = rows(&folder.join("win_rate.parquet"));
    assert_eq!(win.len(), 4);
    for r in win.iter().filter(|r| r.penetration == 0.0) {
        assert_eq!(r.counter_mean_bet, 1.0);
        assert_eq!(r.spread_gain_per_unit_bet, 0.0);
        assert!(r.counter_gain_per_100.abs() < 1e-10, "{r:?}");
        assert!(r.gain_per_unit_bet.abs() < 1e-12, "{r:?}");
        assert!((r.counter_per_100 - r.base_per_100).abs() < 1e-10);
        assert_eq!(r.run_out_share, 0.0);
    }
    assert!(
        win.iter()
            .all(|r| r.counter_mean_bet >= 1.0 && r.rounds >= 4000)
    );

    // A re-run writes the same committed tables (timings aside).
    let again = cli(
        dir.path(),
        &["run", "x.toml", "--quiet", "--output", "again"],
    );
    assert!(again.status.success());
    for table in [
        "count.parquet",
        "effects.parquet",
        "decks.parquet",
        "by_count.parquet",
        "within_round.parquet",
        "shown.parquet",
        "win_rate.parquet",
    ] {
        let read = |f: &Path| {
            ParquetReader::new(File::open(f.join(table)).unwrap())
                .finish()
                .unwrap()
        };
        assert!(
            read(&folder).equals_missing(&read(&dir.path().join("again"))),
            "{table}"
        );
    }
    let report = std::fs::read_to_string(folder.join("report.md")).unwrap();
    assert!(
        report.contains(
            "- With a fresh deck every round, counting is worth exactly 0 because the counter sees no card"
        ),
        "{report}"
    );
    assert!(report.contains("Seeing other seats' specials is worth"));
    let html = std::fs::read_to_string(folder.join("report.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("75% dealt"));
    // The report is what the tables render.
    let rendered = cli(dir.path(), &["report", "out"]);
    assert!(rendered.status.success());
    assert_eq!(
        std::fs::read_to_string(folder.join("report.md")).unwrap(),
        report
    );
}

#[test]
fn mistakes_in_the_counting_section_exit_2_naming_the_key() {
    let head = "kind = \"counting\"\nname = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n";
    for (body, key) in [
        (
            format!("{head}[counting]\npenetrations = [1.0]\n"),
            "counting.penetrations",
        ),
        (format!("{head}[counting]\ndecks = 0\n"), "counting.decks"),
        (
            format!("{head}[counting]\nbin_width = 0.0\n"),
            "counting.bin_width",
        ),
        (
            format!("{head}[counting]\ninfo_seats = [8]\n"),
            "counting.info_seats",
        ),
        (format!("{head}[counting]\ndeck = 3\n"), "counting.deck"),
        (
            format!("{head}[counting]\nsim_penetrations = [0.0]\n"),
            "counting.sim_penetrations",
        ),
        (
            format!("{head}[counting]\nexact_share = 2.0\n"),
            "counting.exact_share",
        ),
        (
            format!("{head}[counting]\nedge_share = -1\n"),
            "counting.edge_share",
        ),
    ] {
        let dir = workspace(&body);
        let out = cli(dir.path(), &["run", "x.toml"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {stderr}");
        assert!(stderr.contains(&format!("`{key}`")), "{key}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // A penetration that leaves fewer cards than the exact DP needs.
    let dir = workspace(&format!("{head}[counting]\npenetrations = [0.9]\n"));
    let out = cli(dir.path(), &["run", "x.toml"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("`counting.penetrations`"), "{stderr}");
    assert!(stderr.contains("leaves 5 cards"), "{stderr}");
}
