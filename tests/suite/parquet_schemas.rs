//! The Parquet tables of every experiment kind against the committed schema
//! file `tests/parquet-schemas.json` (documented in docs/runner.md): column
//! names, their order and their polars dtypes, for every committed
//! `reports/*/*.parquet` and for folders written afresh by `run`. The
//! schema file lists every column a table of its kind may hold; a file
//! leaves out the columns it has no value in (all null), so its columns
//! are the listed ones in the listed order, some left out. Every file also
//! follows the format rules: no dots in column names, no all-null column,
//! the format version, a unit for every column and the table's column
//! order in its metadata, and the format version in the manifest.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use crate::common;

use banluck_lab::report::format::{COLUMNS_KEY, FORMAT_KEY, UNITS_KEY};
use banluck_lab::report::{FORMAT_VERSION, read_frame, read_metadata};
use banluck_lab::rules::{GameKind, game_kind};
use common::{manifest_dir, run_experiment};

/// kind → table file → [(column, polars dtype)].
type Schemas = BTreeMap<String, BTreeMap<String, Vec<(String, String)>>>;

fn committed() -> Schemas {
    let path = manifest_dir().join("tests/parquet-schemas.json");
    let text = fs::read_to_string(&path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    serde_json::from_value(json["kinds"].clone()).expect("kinds → table → [[column, dtype]]")
}

/// The schema of every Parquet file in `folder`.
fn folder_schemas(folder: &Path) -> BTreeMap<String, Vec<(String, String)>> {
    let mut tables = BTreeMap::new();
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "parquet") {
            let frame = read_frame(&path).unwrap();
            let columns = frame
                .columns()
                .iter()
                .map(|c| (c.name().to_string(), c.dtype().to_string()))
                .collect();
            tables.insert(path.file_name().unwrap().to_string_lossy().into(), columns);
        }
    }
    tables
}

/// The experiment kind of an output folder, from its manifest; a grid of
/// the baccarat, poker or blackjack family (its rules file says
/// `game = "baccarat"`, `"poker"` or `"blackjack"`) is `grid-baccarat`,
/// `grid-poker` or `grid-blackjack`, since its engines fill other columns.
fn kind(folder: &Path) -> String {
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(folder.join("manifest.json")).unwrap()).unwrap();
    let kind = manifest["kind"].as_str().unwrap_or("grid");
    let rules = manifest_dir().join(manifest["rules_file"].as_str().unwrap_or_default());
    match (kind, game_kind(&rules).ok()) {
        ("grid", Some(GameKind::Baccarat)) => "grid-baccarat".into(),
        ("grid", Some(GameKind::Poker)) => "grid-poker".into(),
        ("grid", Some(GameKind::Blackjack)) => "grid-blackjack".into(),
        _ => kind.into(),
    }
}

/// Wall-clock seconds: written by every run, never committed.
const TIMINGS: &str = "timings.parquet";

/// Whether `actual` is `listed` with some columns left out (same order,
/// same dtypes).
fn is_listed_subset(actual: &[(String, String)], listed: &[(String, String)]) -> bool {
    let mut listed = listed.iter();
    actual.iter().all(|column| listed.any(|l| l == column))
}

/// Asserts that the Parquet files of `folder` are the tables of its kind
/// with their columns and dtypes (`timings.parquet` aside when `committed`)
/// and follow the format rules.
fn assert_matches(folder: &Path, schemas: &Schemas, committed: bool) {
    let kind = kind(folder);
    let mut actual = folder_schemas(folder);
    let mut expected = schemas
        .get(&kind)
        .unwrap_or_else(|| panic!("no schemas for kind {kind}"))
        .clone();
    if committed {
        // A run of the shipped experiment (CI does one first) leaves a
        // timings file beside the committed tables; git ignores it.
        actual.remove(TIMINGS);
        expected.remove(TIMINGS);
    }
    let matches = actual.keys().eq(expected.keys())
        && actual
            .iter()
            .all(|(file, columns)| is_listed_subset(columns, &expected[file]));
    assert!(
        matches,
        "{}: the Parquet tables of a {kind} folder differ from tests/parquet-schemas.json; \
         they are now:\n{}",
        folder.display(),
        serde_json::to_string(&actual).unwrap()
    );
    assert_format_rules(folder);
}

/// Checks that the rule values of `frame` (a `runs` table's columns of a
/// rules section) have no float residue: each prints as a short decimal.
fn assert_no_residue(what: &str, frame: &polars::prelude::DataFrame) {
    const SECTIONS: [&str; 8] = [
        "ace_",
        "dealer_",
        "deck_",
        "payouts_",
        "player_",
        "settlement_",
        "shoe_",
        "spot_",
    ];
    for column in frame.columns() {
        let name = column.name().as_str();
        if let (true, Ok(values)) = (SECTIONS.iter().any(|s| name.starts_with(s)), column.f64()) {
            for x in values.iter().flatten() {
                assert!(x.to_string().len() <= 12, "{what}: {name} = {x}");
            }
        }
    }
}

/// Asserts the format rules for every Parquet file of `folder` and its
/// manifest.
fn assert_format_rules(folder: &Path) {
    let manifest: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(folder.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(
        manifest["format_version"],
        FORMAT_VERSION,
        "{}",
        folder.display()
    );
    for entry in fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "parquet") {
            continue;
        }
        let what = path.display();
        let frame = read_frame(&path).unwrap();
        // Rule columns are in the runs tables; a figure may be any float.
        if path.file_name().is_some_and(|n| n == "runs.parquet") {
            assert_no_residue(&what.to_string(), &frame);
        }
        let metadata: BTreeMap<String, String> =
            read_metadata(&path).unwrap().into_iter().collect();
        assert_eq!(
            metadata.get(FORMAT_KEY),
            Some(&FORMAT_VERSION.to_string()),
            "{what}"
        );
        let units: BTreeMap<String, String> = serde_json::from_str(&metadata[UNITS_KEY]).unwrap();
        // The table's columns with the left-out ones, in order (merge
        // lines up shards by it).
        let listed: Vec<String> = serde_json::from_str(&metadata[COLUMNS_KEY]).unwrap();
        let mut rest = listed.iter();
        assert!(
            frame
                .get_column_names()
                .iter()
                .all(|name| rest.any(|l| l == name.as_str())),
            "{what}: columns {:?} are not in the listed order {listed:?}",
            frame.get_column_names()
        );
        for column in frame.columns() {
            let name = column.name().as_str();
            assert!(!name.contains('.'), "{what}: column {name} has a dot");
            assert!(
                units.get(name).is_some_and(|u| !u.is_empty()),
                "{what}: no unit for {name}"
            );
            assert!(
                frame.height() == 0 || column.null_count() < frame.height(),
                "{what}: column {name} is all null"
            );
        }
    }
}

#[test]
fn timings_are_never_committed() {
    let ignore = fs::read_to_string(manifest_dir().join(".gitignore")).unwrap();
    assert!(
        ignore
            .lines()
            .any(|l| l.trim() == "/reports/**/timings.parquet"),
        ".gitignore must keep {TIMINGS} out of the committed reports"
    );
}

#[test]
fn the_schema_file_lists_every_kind_with_typed_columns() {
    let schemas = committed();
    let kinds: Vec<&str> = schemas.keys().map(String::as_str).collect();
    assert_eq!(
        kinds,
        [
            "compare",
            "counting",
            "grid",
            "grid-baccarat",
            "grid-blackjack",
            "grid-poker",
            "rotation",
            "table"
        ]
    );
    for tables in schemas.values() {
        for columns in tables.values() {
            assert!(!columns.is_empty());
            assert!(
                columns
                    .iter()
                    .all(|(name, dtype)| !name.is_empty() && !dtype.is_empty())
            );
        }
    }
}

#[test]
fn every_committed_parquet_file_has_its_kinds_schema() {
    let schemas = committed();
    let mut kinds = Vec::new();
    for entry in fs::read_dir(manifest_dir().join("reports")).unwrap() {
        let folder = entry.unwrap().path();
        if folder.join("manifest.json").is_file() {
            assert_matches(&folder, &schemas, true);
            kinds.push(kind(&folder));
        }
    }
    kinds.sort();
    kinds.dedup();
    assert_eq!(
        kinds,
        [
            "compare",
            "counting",
            "grid",
            "grid-baccarat",
            "grid-blackjack",
            "grid-poker",
            "rotation",
            "table"
        ]
    );
}

#[test]
fn freshly_written_folders_have_the_committed_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let rules = manifest_dir().join("rules/banluck.toml");
    let blackjack = manifest_dir().join("rules/blackjack-6d-s17.toml");
    let baccarat = manifest_dir().join("rules/ez-baccarat.toml");
    let poker = manifest_dir().join("rules/river-spot.toml");
    let experiments = [
        format!(
            "name = \"g\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"payouts.ban_ban\"\nvalues = [3, 2]\n\
             [engines.dp]\n[engines.cfr]\nalgorithm = \"dcfr\"\ntarget_exploitability = 1e-3\n\
             [engines.sim]\nhands = 10000\n",
            rules.display()
        ),
        format!(
            "kind = \"rotation\"\nname = \"r\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [rotation]\npeople = [2, 3]\nsession_rounds = 10\nperiods = [1, 5]\n\
             reveal_players = [1, 2]\nstrategy = \"chart\"\ntable_rounds = 2000\nsessions = 200\n",
            rules.display()
        ),
        format!(
            "kind = \"compare\"\nname = \"c\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [compare]\nblackjack = \"{}\"\n",
            rules.display(),
            blackjack.display()
        ),
        format!(
            "kind = \"table\"\nname = \"t\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [table]\nplayers = [1, 2]\nallow_surrender = [true]\nrounds = 1000\n\
             fresh_rounds = 1000\nsession_rounds = 10\nrotation_rounds = 2000\n\
             reply_rounds = 5\n",
            rules.display()
        ),
        format!(
            "name = \"b\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"shoe.decks\"\nvalues = [3]\n\
             [engines.exact]\n[engines.sim]\nhands = 10000\n[engines.count]\nshoes = 2\n",
            baccarat.display()
        ),
        format!(
            "name = \"p\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"ranges.oop\"\nvalues = [\"AA,KK\"]\n\
             [[axis]]\nkey = \"ranges.ip\"\nvalues = [\"QQ,AKs\"]\n\
             [engines.solve]\ntarget_pct_pot = 1.0\n",
            poker.display()
        ),
        format!(
            "name = \"j\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"deck.infinite\"\nvalues = [true]\n\
             [engines.exact]\nalgorithms = [\"cdp1\"]\n",
            blackjack.display()
        ),
        format!(
            "kind = \"counting\"\nname = \"k\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [counting]\npenetrations = [0.5]\ndecks = 4\nbin_width = 4.0\n\
             info_seats = [1, 2]\ninfo_rounds = 2000\nsim_seats = [1]\n\
             sim_penetrations = [0.75]\nsim_rounds = 1000\nexact_share = 0.01\nseed = 5\n",
            rules.display()
        ),
    ];
    let schemas = committed();
    for (i, text) in experiments.iter().enumerate() {
        let file = dir.path().join(format!("x{i}.toml"));
        fs::write(&file, text).unwrap();
        let output = dir.path().join(format!("out{i}"));
        run_experiment(&file, &output);
        assert_matches(&output, &schemas, false);
    }
}
