//! The table experiment (`kind = "table"`, issue 18 item 3): the committed
//! file loads; a tiny version runs end to end through the command line,
//! answers from its cache the second time with the same bytes, and renders
//! both reports; its K = 1 rows are the heads-up values; mistakes in
//! `[table]` exit 2 naming the file and the key.

use crate::located;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::kinds::table::{
    DealerRow, GainRow, RevealPolicyRow, RotationRow, SolveRow, TableStudy,
};
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::table::dealer::{TableDealerParams, best_response};
use banluck_lab::report::{frame_rows, load_study};
use banluck_lab::studies::registry;
use polars::prelude::*;
use serde::de::DeserializeOwned;

const TINY: &str = r#"
kind = "table"
name = "tiny-table"
question = "What is the reveal worth at one and two seats?"
rules = "banluck.toml"
output = "out"

[table]
players = [1, 2]
allow_surrender = [true, false]
draw_choice = ["free", "fixed"]
rounds = 3_000
fresh_rounds = 3_000
seed = 5
session_rounds = 12
tolerance = 0.02
rotation_rounds = 5_000
reply_rounds = 30
"#;

/// A temporary folder holding the canonical rules and `experiment` as
/// `x.toml`.
fn workspace(experiment: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    std::fs::copy(root.join("banluck.toml"), dir.path().join("banluck.toml")).unwrap();
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

fn rows<T: DeserializeOwned>(path: &Path) -> Vec<T> {
    let frame = ParquetReader::new(File::open(path).unwrap())
        .finish()
        .unwrap();
    frame_rows(&frame).unwrap()
}

fn committed_tables(out: &Path) -> Vec<(String, Vec<u8>)> {
    [
        "runs.parquet",
        "gains.parquet",
        "reveal_policy.parquet",
        "solves.parquet",
        "deviations.parquet",
        "rotation.parquet",
        "manifest.json",
        "report.md",
        "report.html",
    ]
    .iter()
    .map(|name| (name.to_string(), std::fs::read(out.join(name)).unwrap()))
    .collect()
}

#[test]
fn the_committed_experiment_loads_with_every_table_size_and_both_surrender_rules() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/table.toml");
    let table = load_study(&TableStudy, &path, &registry()).unwrap();
    let spec = &table.experiment.spec;
    assert_eq!(spec.players, (1..=7).collect::<Vec<_>>());
    assert_eq!(spec.allow_surrender, vec![true, false]);
    assert_eq!(spec.variants().len(), 7 * 2 * spec.draw_choice.len());
    assert!(table.header.output.ends_with("reports/table"));
}

#[test]
fn a_tiny_table_runs_end_to_end_rerenders_from_its_cache_and_starts_at_the_heads_up_values() {
    let (dir, _file) = workspace(TINY);
    let first = cli(dir.path(), &["run", "x.toml"]);
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(first.status.success(), "{stderr}");
    let stdout = String::from_utf8_lossy(&first.stdout);
    let out = dir.path().join("out");
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    for sentence in stdout.lines().filter_map(|l| l.strip_prefix("- ")) {
        assert!(md.contains(sentence), "{sentence}");
    }
    assert!(md.contains("At a table of 2 seats, the dealer who reveals optimally"));
    assert!(md.contains("## The dealer's reveal policy"));
    assert!(md.contains("## The rotation period with the strategic dealer"));
    assert!(md.contains("## The house drawing rule"));
    assert!(md.contains("## Where the players should deviate from the heads-up chart"));
    assert!(html.matches("<svg").count() >= 2);

    let runs: Vec<DealerRow> = rows(&out.join("runs.parquet"));
    let gains: Vec<GainRow> = rows(&out.join("gains.parquet"));
    let policy: Vec<RevealPolicyRow> = rows(&out.join("reveal_policy.parquet"));
    let rotation: Vec<RotationRow> = rows(&out.join("rotation.parquet"));
    // K × surrender × draw choice × 4 dealers; the rotation for the first
    // draw choice only, under 2 dealers.
    assert_eq!(runs.len(), 2 * 2 * 2 * 4);
    assert_eq!(gains.len(), 2 * 2 * 2 * 4);
    assert_eq!(rotation.len(), 2 * 2 * 2);
    assert!(rotation.iter().all(|r| r.draw_choice == "free"));
    assert!(policy.iter().all(|r| (0.0..=1.0).contains(&r.reveal_share)));
    for row in &runs {
        assert_eq!(row.engine, "table_dealer");
        assert_eq!(row.rules_hash.len(), 16);
        assert_eq!(row.version, env!("CARGO_PKG_VERSION"));
        assert_eq!(row.params["rounds"], 3000, "{}", row.params);
        // No seed where nothing was sampled: one seat (exact) without the
        // rotation's simulations (the second draw choice).
        let sampled = row.players > 1 || row.draw_choice == "free";
        assert_eq!(row.seed, sampled.then_some(5), "{row:?}");
    }

    // K = 1, surrender allowed: the heads-up values, exactly.
    let k1 = |dealer: &str, reveal: &str| {
        runs.iter()
            .find(|r| {
                r.players == 1
                    && r.allow_surrender
                    && r.draw_choice == "free"
                    && r.dealer == dealer
                    && r.reveal == reveal
            })
            .unwrap()
    };
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let exact = best_response(
        &table,
        &player,
        &TableDealerParams {
            players: 1,
            rounds: 0,
            fresh_rounds: 0,
            seed: 5,
            threads: 1,
            progress: false,
        },
    )
    .unwrap();
    assert_eq!(
        format!("{:+.6}", -k1("fixed", "off").per_round),
        "-0.078881"
    );
    assert_eq!(k1("fixed", "off").std_error, 0.0);
    assert_eq!(k1("fixed", "off").method, "exact");
    for (row, value) in [
        (k1("fixed", "off"), exact.fixed_off.per_round.mean),
        (k1("fixed", "forced"), exact.fixed_on.per_round.mean),
        (
            k1("strategic", "forbidden"),
            exact.strategic_no_reveal.per_round.mean,
        ),
        (k1("strategic", "optimal"), exact.strategic.per_round.mean),
    ] {
        assert_eq!(row.per_round.to_bits(), value.to_bits(), "{row:?}");
    }
    let reveal = gains
        .iter()
        .find(|g| {
            g.players == 1
                && g.allow_surrender
                && g.draw_choice == "free"
                && g.gain == "reveal_gain"
        })
        .unwrap();
    assert!(reveal.per_round.abs() < 1e-12);

    // One seat's best reply, for the first surrender rule and draw choice
    // only; exact at one seat, where it cannot lose.
    let solves: Vec<SolveRow> = rows(&out.join("solves.parquet"));
    let replied: Vec<&SolveRow> = solves.iter().filter(|s| s.reply_gain.is_some()).collect();
    assert_eq!(replied.len(), 2);
    assert!(
        replied
            .iter()
            .all(|s| s.allow_surrender && s.draw_choice == "free")
    );
    let k1 = replied.iter().find(|s| s.players == 1).unwrap();
    assert!(k1.reply_gain.unwrap() >= -1e-12, "{k1:?}");
    assert_eq!(k1.reply_gain_std_error, Some(0.0));

    // The second run answers every task from the cache: the same bytes.
    let before = committed_tables(&out);
    let second = cli(dir.path(), &["run", "x.toml", "--quiet"]);
    assert!(second.status.success());
    assert_eq!(committed_tables(&out), before);
    // `report` re-renders the same reports from the tables alone.
    std::fs::remove_file(out.join("report.md")).unwrap();
    assert!(cli(dir.path(), &["report", "out"]).status.success());
    assert_eq!(std::fs::read_to_string(out.join("report.md")).unwrap(), md);
}

#[test]
fn mistakes_in_the_table_section_exit_2_naming_the_file_and_the_key() {
    let head = "kind = \"table\"\nname = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n";
    let cases = [
        (
            "[table]\nplayers = [0, 8]\n",
            "table.players",
            "1..=7 seats",
        ),
        (
            "[table]\nplayers = [2, 2]\n",
            "table.players",
            "each table size once",
        ),
        (
            "[table]\nallow_surrender = [true, true]\n",
            "table.allow_surrender",
            "at most once",
        ),
        (
            "[table]\ndraw_choice = [\"fixed\", \"fixed\"]\n",
            "table.draw_choice",
            "at most once",
        ),
        ("[table]\nrounds = 0\n", "table.rounds", "at least 1 round"),
        (
            "[table]\ntolerance = 2.0\n",
            "table.tolerance",
            "between 0 and 1",
        ),
        (
            "[table]\nplayerz = [2]\n",
            "table.playerz",
            "allowed keys here: players",
        ),
        (
            "[table]\nstrategy = \"cfr\"\n",
            "table.strategy",
            "allowed values: \"dp\", \"chart\"",
        ),
    ];
    for (section, key, words) in cases {
        let body = format!("{head}{section}");
        let (dir, _file) = workspace(&body);
        let out = cli(dir.path(), &["run", "x.toml"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {stderr}");
        assert!(
            located::names_the_place(&stderr, "x.toml", key, &body),
            "{key}: {stderr}"
        );
        assert!(stderr.contains(&format!("`{key}`")), "{key}: {stderr}");
        assert!(stderr.contains(words), "{key}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
