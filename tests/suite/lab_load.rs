//! Loading grid experiment files: variants named from their axes, and
//! every mistake named with the file and the key.

use banluck_lab::games::banluck::rules::RevealPolicy;
use std::path::{Path, PathBuf};

use banluck_lab::games::banluck::kinds::rotation::RotationStudy;
use banluck_lab::games::banluck::lab::family::Banluck;
use banluck_lab::lab::{
    AnyExperiment, Experiment, ExperimentError, FamilyGrid, load_any_experiment, load_experiment,
    load_grid,
};
use banluck_lab::report::load_study;
use banluck_lab::rules::{GameKind, RulesText};
use banluck_lab::studies::registry;

/// Writes `body` as an experiment file next to a copy of the canonical
/// rules and loads it.
fn load(body: &str) -> (tempfile::TempDir, Result<Experiment, ExperimentError>) {
    let (dir, file) = write(body);
    let loaded = load_experiment(&file, &registry());
    (dir, loaded)
}

/// Writes `body` as an experiment file next to a copy of the canonical
/// rules.
fn write(body: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy("rules/banluck.toml", dir.path().join("banluck.toml")).unwrap();
    let file = dir.path().join("x.toml");
    std::fs::write(&file, body).unwrap();
    (dir, file)
}

/// [`load`] for Banluck, typed.
fn load_banluck(body: &str) -> (tempfile::TempDir, Experiment<FamilyGrid<Banluck>>) {
    let (dir, file) = write(body);
    let loaded = load_grid(&file, &Banluck, &registry()).unwrap();
    (dir, loaded)
}

const HEAD: &str = "name = \"x\"\nquestion = \"What?\"\nrules = \"banluck.toml\"\n[engines.dp]\n";

fn message(result: Result<Experiment, ExperimentError>) -> (ExperimentError, String) {
    let error = result.unwrap_err();
    let text = error.to_string();
    (error, text)
}

#[test]
fn a_grid_of_one_axis_and_one_zip_group_makes_named_variants() {
    let body = format!(
        "{HEAD}[[axis]]\nkey = \"dealer.fixed.reveal\"\nvalues = [\"off\", \"on\"]\n\
         [[axis]]\nname = \"surrender\"\nlabels = [\"always\", \"never\"]\n\
         zip.\"dealer.allow_surrender\" = [true, false]\nzip.dealer.fixed.surrender = [\"always\", \"never\"]\n"
    );
    let (_dir, experiment) = load_banluck(&body);
    let names: Vec<&str> = experiment
        .variants
        .iter()
        .map(|v| v.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "reveal=off, always",
            "reveal=off, never",
            "reveal=on, always",
            "reveal=on, never"
        ]
    );
    let last = &experiment.grid.rules[3];
    assert!(!last.dealer.allow_surrender);
    assert_eq!(last.dealer.fixed.reveal, RevealPolicy::On);
    assert_eq!(experiment.output, Path::new("reports/x"));
    assert_eq!(experiment.axes[1].keys.len(), 2);
}

#[test]
fn an_unknown_key_is_named_with_the_allowed_keys() {
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nkey = \"deck.decks\"\nvalues = [1]\nvalue = 2\n"
    ));
    let (error, text) = message(loaded);
    assert!(error.names_key("axis.0.value"), "{text}");
    assert!(text.contains("x.toml") && text.contains("values"), "{text}");
}

#[test]
fn an_axis_key_that_is_not_a_rule_key_names_the_rule_key() {
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nkey = \"dealer.fixed.revel\"\nvalues = [\"on\"]\n"
    ));
    let (error, text) = message(loaded);
    assert!(error.names_key("axis.0.key"), "{text}");
    assert!(
        text.contains("\"dealer.fixed.revel\": not a rule key"),
        "{text}"
    );
    assert!(text.contains("reveal"), "{text}");
}

#[test]
fn a_value_the_rules_reject_names_the_allowed_values() {
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nkey = \"dealer.fixed.reveal\"\nvalues = [\"off\", \"maybe\"]\n"
    ));
    let (error, text) = message(loaded);
    assert!(error.names_key("axis.0.values"), "{text}");
    assert!(
        text.contains("\"maybe\"") && text.contains("\"on\""),
        "{text}"
    );
}

#[test]
fn an_empty_grid_is_an_error() {
    let (_dir, loaded) = load(HEAD);
    let (error, text) = message(loaded);
    assert!(error.names_key("axis"), "{text}");
    assert!(text.contains("grid is empty"), "{text}");
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nkey = \"deck.decks\"\nvalues = []\n"
    ));
    let (error, text) = message(loaded);
    assert!(error.names_key("axis.0.values"), "{text}");
}

#[test]
fn zip_groups_of_unequal_length_are_an_error() {
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nname = \"s\"\nzip.\"dealer.allow_surrender\" = [true, false]\n\
         zip.\"dealer.fixed.surrender\" = [\"always\"]\n"
    ));
    let (error, text) = message(loaded);
    assert!(error.names_key("axis.0.zip"), "{text}");
    assert!(text.contains("dealer.fixed.surrender has 1"), "{text}");
}

#[test]
fn variants_whose_values_do_not_fit_together_are_named() {
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nkey = \"dealer.min_total\"\nvalues = [16, 17]\n\
         [[axis]]\nkey = \"deck.decks\"\nvalues = [1, 2]\n"
    ));
    let (_, text) = message(loaded);
    assert!(
        text.contains("variant `min_total=17, decks=1` (and 1 more variant)"),
        "{text}"
    );
    assert!(text.contains("dealer.reveal_totals"), "{text}");
    let (_dir, loaded) = load(&format!(
        "{HEAD}[[axis]]\nkey = \"dealer.fixed.stand_on\"\nvalues = [17, 15]\n"
    ));
    let (error, text) = message(loaded);
    assert!(error.names_key("axis.0.values"), "{text}");
    assert!(text.contains("rule key `dealer.fixed.stand_on`"), "{text}");
}

#[test]
fn missing_keys_and_unknown_engines_are_named() {
    let (_dir, loaded) = load("name = \"x\"\nrules = \"banluck.toml\"\n[engines.dpp]\n");
    let (error, text) = message(loaded);
    assert!(
        error.names_key("question") || error.names_key("engines.dpp"),
        "{text}"
    );
}

#[test]
fn every_shipped_experiment_loads() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("experiments")
        .unwrap()
        .map(|e| e.unwrap().path())
        .chain([PathBuf::from("benches/sweep-1000.toml")])
        .collect();
    files.sort();
    assert!(files.len() >= 6);
    let mut kinds = std::collections::BTreeSet::new();
    for file in files {
        match load_any_experiment(&file, &registry()).unwrap_or_else(|e| panic!("{e}")) {
            AnyExperiment::Grid(experiment) => {
                assert!(!experiment.variants.is_empty(), "{}", file.display());
                kinds.insert("grid");
            }
            AnyExperiment::Study(study) => {
                kinds.insert(study.kind());
                if study.kind() == "rotation" {
                    let rotation = load_study(&RotationStudy, &file, &registry()).unwrap();
                    assert!(!rotation.experiment.spec.people.is_empty());
                    let error = load_experiment(&file, &registry()).unwrap_err();
                    assert!(error.names_key("kind"), "{error}");
                }
            }
        }
    }
    assert_eq!(kinds.len(), 5);
}

#[test]
fn engines_mistakes_read_by_the_family_are_named_as_in_one_pass() {
    let (_dir, loaded) =
        load("name = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\nengines = 3\n");
    let (error, text) = message(loaded);
    assert!(error.names_key("engines"), "{text}");
    assert!(text.contains("expected a table of keys"), "{text}");
    // serde meets `engines` before it misses `question`: only the first
    // mistake is reported, as when one pass read the whole file.
    let (_dir, loaded) = load("name = \"x\"\nrules = \"banluck.toml\"\n[engines.dpp]\n");
    let (error, text) = message(loaded);
    assert!(error.names_key("engines.dpp"), "{text}");
    assert!(!text.contains("question"), "{text}");
    // A mistake under `axis` comes first.
    let (_dir, loaded) = load(
        "name = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n[engines.dpp]\n[[axis]]\nkeyx = 1\n",
    );
    let (error, text) = message(loaded);
    assert!(!error.names_key("engines.dpp"), "{text}");
}

#[test]
fn the_registry_picks_the_family_from_the_rules_text() {
    let family = |path: &str| registry().family(&RulesText::read(Path::new(path)).unwrap());
    assert_eq!(
        family("rules/kampung.toml").unwrap().game(),
        GameKind::Banluck
    );
    assert_eq!(
        family("rules/blackjack-6d-s17.toml").unwrap().game(),
        GameKind::Blackjack
    );
    assert_eq!(
        family("rules/turn-spot.toml").unwrap().game(),
        GameKind::Poker
    );
    let dir = tempfile::tempdir().unwrap();
    let chess = dir.path().join("chess.toml");
    std::fs::write(&chess, "game = \"chess\"\n").unwrap();
    let error = registry()
        .family(&RulesText::read(&chess).unwrap())
        .err()
        .unwrap();
    assert!(error.names_key("game"), "{error}");
    assert!(error.to_string().contains("chess.toml:1"), "{error}");
}
