//! The rotation and compare experiment kinds end to end, through the
//! command line: every Parquet table read back and checked against direct
//! library calls, both reports holding the headline, `report` re-rendering
//! the same bytes, and the errors of the new sections.

use crate::located;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::kinds::rotation::{
    FairPeriodRow, RotationSpec, RotationTables, with_reveal,
};
use banluck_lab::games::banluck::rotation::{
    BankerShareRow, Effort, PeriodRow, ProfitRow, RevealGainRow, RotationParams, Scheme,
    analyze_rotation, banker_share_rows, imbalance_rows, profit_distribution_rows,
    reveal_gain_rows,
};
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::rules::{CompiledRules, RevealPolicy, RotationScheme};
use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use banluck_lab::report::frame_rows;
use banluck_lab::studies::compare::compare;
use banluck_lab::studies::compare::{CompareRow, CompareSummaryRow};
use polars::prelude::*;
use serde::de::DeserializeOwned;

const ROTATION: &str = r#"
kind = "rotation"
name = "small-rotation"
question = "How often should the bank pass?"
rules = "banluck.toml"
output = "out"

[rotation]
people = [2, 3]
session_rounds = 12
tolerance = 0.02
periods = [1, 3]
reveal_players = [1, 2]
table_rounds = 20_000
sessions = 400
seed = 7
"#;

const COMPARE: &str = r#"
kind = "compare"
name = "small-compare"
question = "Does Banluck play differ from basic strategy?"
rules = "banluck.toml"
output = "out"

[compare]
blackjack = "blackjack-1d-s17.toml"
"#;

/// A temporary folder holding the rules files the experiments name and
/// `experiment` as `x.toml`.
fn workspace(experiment: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    for name in [
        "banluck.toml",
        "blackjack-1d-s17.toml",
        "blackjack-6d-s17.toml",
    ] {
        std::fs::copy(root.join(name), dir.path().join(name)).unwrap();
    }
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

fn rows<T: DeserializeOwned>(path: &Path) -> Vec<T> {
    let frame = ParquetReader::new(File::open(path).unwrap())
        .finish()
        .unwrap();
    frame_rows(&frame).unwrap()
}

/// The headline sentences of the experiment in `dir` (`run --json`, from
/// the cache), the first of them (the answer) as `run` printed it in
/// `stdout`.
fn headline(dir: &Path, stdout: &str) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&cli_ok(dir, &["run", "x.toml", "--json"])).unwrap();
    let sentences: Vec<String> = json["headline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    assert!(!sentences.is_empty(), "{json}");
    assert!(
        stdout.contains(&format!("\n\n{}\n", sentences[0])),
        "{stdout}"
    );
    sentences
}

/// HTML text with Tera's escapes undone.
fn unescape(html: &str) -> String {
    html.replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&#34;", "\"")
        .replace("&#x2F;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// `sentence` as the HTML report shows it: its Markdown code spans as
/// `<code>` elements.
fn with_code_elements(sentence: &str) -> String {
    let mut out = String::new();
    for (i, part) in sentence.split('`').enumerate() {
        if i > 0 {
            out.push_str(if i % 2 == 1 { "<code>" } else { "</code>" });
        }
        out.push_str(part);
    }
    out
}

/// Both reports hold every headline sentence, and `report` re-renders
/// them byte for byte from the Parquet files.
fn check_reports(dir: &Path, sentences: &[String], svgs: usize) {
    let out = dir.join("out");
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let plain = unescape(&html);
    for sentence in sentences {
        assert!(md.contains(sentence.as_str()), "{sentence}\n{md}");
        assert!(plain.contains(&with_code_elements(sentence)), "{sentence}");
    }
    assert!(html.matches("<svg").count() >= svgs, "{svgs} charts");
    std::fs::remove_file(out.join("report.md")).unwrap();
    std::fs::write(out.join("report.html"), "stale").unwrap();
    cli_ok(dir, &["report", "out"]);
    assert_eq!(std::fs::read_to_string(out.join("report.md")).unwrap(), md);
    assert_eq!(
        std::fs::read_to_string(out.join("report.html")).unwrap(),
        html
    );
}

#[test]
fn a_rotation_experiment_writes_tables_matching_the_library_and_both_reports() {
    let (dir, _file) = workspace(ROTATION);
    let stdout = cli_ok(dir.path(), &["run", "x.toml"]);
    let out = dir.path().join("out");
    let tables = RotationTables {
        answers: rows::<FairPeriodRow>(&out.join("answers.parquet")),
        imbalance: rows::<PeriodRow>(&out.join("rotation.parquet")),
        sessions: rows::<ProfitRow>(&out.join("sessions.parquet")),
        banker_share: rows::<BankerShareRow>(&out.join("banker_share.parquet")),
        reveal_gain: rows::<RevealGainRow>(&out.join("reveal_gain.parquet")),
    };

    let rules = load_rules(Some(&dir.path().join("banluck.toml")), &[]).unwrap();
    let table = CompiledRules::compile(rules.clone());
    let player = dp::solve(&table).player;
    let spec = RotationSpec {
        people: vec![2, 3],
        session_rounds: 12,
        tolerance: 0.02,
        periods: vec![1, 3],
        reveal_players: vec![1, 2],
        table_rounds: 20_000,
        sessions: 400,
        seed: 7,
        ..RotationSpec::default()
    };
    let effort = Effort {
        table_rounds: 20_000,
        sessions: 400,
        seed: 7,
        threads: 0,
    };
    let periods: Vec<u32> = (1..=12).collect();
    assert_eq!(
        tables.imbalance,
        imbalance_rows(&table, &player, &[2, 3], 12, &periods, 0.02, effort).unwrap()
    );
    let schemes = spec.schemes();
    assert_eq!(
        schemes.iter().map(Scheme::label).collect::<Vec<_>>(),
        ["never", "every_n(1)", "every_n(3)", "on_ban"]
    );
    assert_eq!(
        tables.sessions,
        profit_distribution_rows(&table, &player, 12, &schemes).unwrap()
    );
    assert_eq!(
        tables.banker_share,
        banker_share_rows(&table, &player, &[2, 3], 12, &schemes, effort).unwrap()
    );
    let off = with_reveal(&rules, RevealPolicy::Off);
    let on = with_reveal(&rules, RevealPolicy::On);
    let (s_off, s_on) = (dp::solve(&off), dp::solve(&on));
    let mut reveal_gain =
        reveal_gain_rows((&off, &s_off.player), (&on, &s_on.player), &[1, 2], effort).unwrap();
    // One player against the dealer also gets the exact solver's gain.
    reveal_gain[0].exact_dealer_gain_per_round = Some(s_off.ev - s_on.ev);
    assert_eq!(tables.reveal_gain, reveal_gain);
    assert!(tables.reveal_gain[1].exact_dealer_gain_per_round.is_none());
    // The answers are those of the `rotation` command's analysis.
    assert_eq!(tables.answers.len(), 2);
    for answer in &tables.answers {
        let params = RotationParams {
            people: answer.people,
            session_rounds: 12,
            tolerance: 0.02,
            bankroll: None,
            scheme: Scheme {
                scheme: RotationScheme::OnBan,
                period: 1,
            },
            table_rounds: 20_000,
            sessions: 400,
            seed: 7,
            threads: 0,
        };
        let direct = analyze_rotation(&table, &player, &params).unwrap().answer;
        assert_eq!(answer.statement, direct.statement);
        assert_eq!(answer.fair_period, direct.fair_period);
        assert_eq!(answer.never_imbalance, direct.never.imbalance);
        assert_eq!(answer.on_ban_imbalance, direct.on_ban.imbalance);
    }
    // Heads-up is exact: person 0's distribution sums to 1 per scheme.
    for scheme in &schemes {
        let total: f64 = tables
            .sessions
            .iter()
            .filter(|r| r.scheme == scheme.label() && r.person == 0)
            .map(|r| r.probability)
            .sum();
        assert!((total - 1.0).abs() < 1e-9, "{}: {total}", scheme.label());
    }

    let sentences = headline(dir.path(), &stdout);
    assert!(sentences[0].starts_with("Pass the bank every round: over sessions of 12 rounds"));
    assert!(sentences.iter().any(|s| s.contains("Ban Ban or Ban Luck")));
    assert!(sentences.iter().any(|s| s.contains("Always revealing")));
    // Imbalance (2), session profits, banker share, reveal gain.
    check_reports(dir.path(), &sentences, 5);

    // A second run writes the same bytes (simulations are seeded).
    let before = std::fs::read(out.join("banker_share.parquet")).unwrap();
    cli_ok(dir.path(), &["run", "x.toml", "-q"]);
    assert_eq!(
        std::fs::read(out.join("banker_share.parquet")).unwrap(),
        before
    );
}

#[test]
fn a_compare_experiment_writes_every_cell_and_the_costs_and_both_reports() {
    let (dir, _file) = workspace(COMPARE);
    let stdout = cli_ok(dir.path(), &["run", "x.toml"]);
    let out = dir.path().join("out");
    let cells: Vec<CompareRow> = rows(&out.join("compare.parquet"));
    let summary: Vec<CompareSummaryRow> = rows(&out.join("compare_summary.parquet"));

    let banluck =
        CompiledRules::compile(load_rules(Some(&dir.path().join("banluck.toml")), &[]).unwrap());
    let blackjack =
        load_blackjack_rules(Some(&dir.path().join("blackjack-1d-s17.toml")), &[]).unwrap();
    let direct = compare(&banluck, &blackjack);
    assert_eq!(cells.len(), direct.cells.len());
    for (row, cell) in cells.iter().zip(&direct.cells) {
        assert_eq!(
            (row.cards, row.total, row.soft, row.agree),
            (cell.cards, cell.total, cell.soft, cell.agree)
        );
        assert_eq!(row.upcard, cell.upcard.map(String::from));
        assert_eq!(row.banluck, format!("{:?}", cell.banluck).to_lowercase());
        assert_eq!(
            row.blackjack,
            format!("{:?}", cell.blackjack).to_lowercase()
        );
        assert_eq!(row.probability, cell.probability);
    }
    let [summary] = summary.as_slice() else {
        panic!("one summary row: {summary:?}");
    };
    assert_eq!(summary.banluck_ev_chart, direct.banluck_ev_chart);
    assert_eq!(
        summary.banluck_ev_with_blackjack,
        direct.banluck_ev_with_blackjack
    );
    assert_eq!(summary.cost_in_banluck, direct.cost_in_banluck());
    assert_eq!(summary.blackjack_ev, direct.blackjack_ev);
    assert_eq!(summary.cost_in_blackjack, direct.cost_in_blackjack());
    assert_eq!(summary.blackjack_rules_hash, direct.blackjack_rules_hash);

    let sentences = headline(dir.path(), &stdout);
    let differ = direct.cells.iter().filter(|c| !c.agree).count();
    assert!(
        sentences[0].contains(&format!(
            "differ in {differ} of {} chart cells",
            direct.cells.len()
        )),
        "{sentences:?}"
    );
    assert!(sentences[0].contains(&format!("{:.4}", direct.cost_in_banluck())));
    // Banluck's chart and blackjack's decisions: one heat map each.
    check_reports(dir.path(), &sentences, 2);
    // Only grid outputs are merged.
    let merged = cli(dir.path(), &["merge", "out", "--output", "merged"]);
    assert!(!merged.status.success());
    assert!(
        String::from_utf8_lossy(&merged.stderr).contains("only grid experiments"),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
}

#[test]
fn errors_in_the_new_sections_exit_2_naming_the_file_and_the_key() {
    let rotation =
        "kind = \"rotation\"\nname = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n";
    let compare = "kind = \"compare\"\nname = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n";
    let grid = "name = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n[engines.dp]\n\
                [[axis]]\nkey = \"deck.decks\"\nvalues = [1]\n";
    let cases = [
        (
            format!("{rotation}[rotation]\npeople = [1, 3]\n"),
            "rotation.people",
            "2..=8 people",
        ),
        (
            format!("{rotation}[rotation]\ntolerance = 2.0\n"),
            "rotation.tolerance",
            "a fraction between 0 and 1",
        ),
        (
            format!("{rotation}[rotation]\nsession_rounds = 10\nperiods = [0, 11]\n"),
            "rotation.periods",
            "1..=10",
        ),
        (
            format!("{rotation}[rotation]\nreveal_players = [8]\n"),
            "rotation.reveal_players",
            "1..=7 players",
        ),
        (
            format!("{rotation}[rotation]\npeeople = [2]\n"),
            "rotation.peeople",
            "allowed keys here: people",
        ),
        (
            format!("{rotation}[rotation]\nstrategy = \"cfr\"\n"),
            "rotation.strategy",
            "allowed values: \"dp\", \"chart\"",
        ),
        (
            format!("{rotation}[engines.dp]\n"),
            "engines",
            "has no engines",
        ),
        (compare.to_string(), "compare", "missing: add [compare]"),
        (
            format!("{compare}[compare]\nblackjack = \"banluck.toml\"\n"),
            "compare.blackjack",
            "must be blackjack rules",
        ),
        (
            format!("{compare}[compare]\nblackjack = \"nowhere.toml\"\n"),
            "compare.blackjack",
            "do not load",
        ),
        (
            rotation.replace("banluck.toml", "blackjack-1d-s17.toml"),
            "rules",
            "must be Banluck rules",
        ),
        (
            rotation.replace("\"rotation\"", "\"rotations\""),
            "kind",
            "allowed values: \"grid\", \"rotation\", \"compare\"",
        ),
        (
            format!("{grid}[rotation]\npeople = [2]\n"),
            "rotation",
            "this one is a grid",
        ),
    ];
    for (body, key, words) in cases {
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
    // Rotation and compare experiments run whole.
    let (dir, _file) = workspace(COMPARE);
    let out = cli(dir.path(), &["run", "x.toml", "--shard", "0/2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--shard"));
}
