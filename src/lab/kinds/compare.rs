//! `kind = "compare"`: Banluck's best chart cell by cell beside blackjack
//! basic strategy, as plain rows.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{banluck_rules, grid_keys_problems, output_of, problem};
use crate::games::banluck::dp::Action;
use crate::games::banluck::rules::{RuleSet, RuleTable};
use crate::games::blackjack::rules::{BlackjackRules, load_blackjack_rules};
use crate::lab::error::ExperimentError;
use crate::lab::schema::ExperimentFile;
use crate::rules::{GameKind, game_kind};
use crate::studies::compare::compare;

/// A checked compare experiment.
#[derive(Debug, Clone)]
pub struct CompareExperiment {
    /// The experiment file.
    pub file: PathBuf,
    /// Its short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The Banluck rules file (resolved against the experiment file).
    pub rules_file: PathBuf,
    /// The blackjack rules file (resolved against the experiment file).
    pub blackjack_file: PathBuf,
    /// The output folder.
    pub output: PathBuf,
    /// The resolved Banluck rules.
    pub rules: RuleSet,
    /// The resolved blackjack rules.
    pub blackjack: BlackjackRules,
}

/// A compare experiment from its parsed file.
pub fn load_compare(
    path: &Path,
    spec: ExperimentFile,
) -> Result<CompareExperiment, ExperimentError> {
    let mut problems = spec.common_problems(path);
    problems.extend(grid_keys_problems(path, &spec, "compare"));
    if spec.rotation.is_some() {
        problems.push(problem(
            path,
            "rotation",
            String::new(),
            "[rotation] belongs to `kind = \"rotation\"` experiments; this one is a compare",
        ));
    }
    let rules = match banluck_rules(path, &spec) {
        Ok(found) => Some(found),
        Err(p) => {
            problems.push(p);
            None
        }
    };
    let blackjack = match &spec.compare {
        None => {
            problems.push(problem(
                path,
                "compare",
                String::new(),
                "missing: add [compare] with `blackjack = \"<blackjack rules file>\"`",
            ));
            None
        }
        Some(compare) => {
            let folder = path.parent().unwrap_or_else(|| Path::new("."));
            let file = folder.join(&compare.blackjack);
            let found = format!("\"{}\"", compare.blackjack.display());
            match game_kind(&file) {
                Ok(GameKind::Blackjack) => match load_blackjack_rules(Some(&file), &[]) {
                    Ok(rules) => Some((file, rules)),
                    Err(error) => {
                        problems.push(problem(
                            path,
                            "compare.blackjack",
                            found,
                            format!("the blackjack rules do not load: {error}"),
                        ));
                        None
                    }
                },
                Ok(GameKind::Banluck | GameKind::Baccarat) => {
                    problems.push(problem(
                        path,
                        "compare.blackjack",
                        found,
                        "must be blackjack rules (a file with `game = \"blackjack\"`, e.g. rules/blackjack-6d-s17.toml)",
                    ));
                    None
                }
                Err(error) => {
                    problems.push(problem(
                        path,
                        "compare.blackjack",
                        found,
                        format!("the blackjack rules do not load: {error}"),
                    ));
                    None
                }
            }
        }
    };
    match (rules, blackjack) {
        (Some((rules_file, rules)), Some((blackjack_file, blackjack))) if problems.is_empty() => {
            Ok(CompareExperiment {
                file: path.to_path_buf(),
                output: output_of(path, &spec),
                name: spec.name,
                question: spec.question,
                rules_file,
                blackjack_file,
                rules,
                blackjack,
            })
        }
        _ => Err(ExperimentError { problems }),
    }
}

/// One Banluck chart cell with blackjack basic strategy's decision, as a
/// plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// Cards held.
    pub cards: u8,
    /// The total (Banluck's count).
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the Banluck rules show one.
    pub upcard: Option<String>,
    /// Banluck's best chart: `hit` or `stand`.
    pub banluck: String,
    /// Blackjack basic strategy: `hit` or `stand`.
    pub blackjack: String,
    /// Whether the two agree.
    pub agree: bool,
    /// Probability of holding a hand of this cell in Banluck (drawing every
    /// card).
    pub probability: f64,
}

/// The EVs of a comparison, as one plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareSummaryRow {
    /// The Banluck rules' hash.
    pub banluck_rules_hash: String,
    /// The blackjack rules' hash.
    pub blackjack_rules_hash: String,
    /// Banluck EV per hand with its best chart.
    pub banluck_ev_chart: f64,
    /// Banluck EV per hand playing blackjack basic strategy's hit/stand.
    pub banluck_ev_with_blackjack: f64,
    /// What blackjack's hit/stand costs in Banluck, per hand.
    pub cost_in_banluck: f64,
    /// Blackjack EV per round with the best play (doubles, splits ...).
    pub blackjack_ev: f64,
    /// Blackjack EV per round with basic strategy's hit/stand only.
    pub blackjack_ev_hit_stand: f64,
    /// Blackjack EV per round playing the Banluck chart.
    pub blackjack_ev_with_banluck: f64,
    /// What the Banluck chart costs in blackjack, per round.
    pub cost_in_blackjack: f64,
}

fn action_name(action: Action) -> String {
    match action {
        Action::Hit => "hit".into(),
        Action::Stand => "stand".into(),
    }
}

/// Computes a compare experiment: the cells and the summary row.
pub fn run_compare(experiment: &CompareExperiment) -> (Vec<CompareRow>, CompareSummaryRow) {
    let table = RuleTable::compile(experiment.rules.clone());
    let c = compare(&table, &experiment.blackjack);
    let cells = c
        .cells
        .iter()
        .map(|cell| CompareRow {
            cards: cell.cards,
            total: cell.total,
            soft: cell.soft,
            upcard: cell.upcard.map(String::from),
            banluck: action_name(cell.banluck),
            blackjack: action_name(cell.blackjack),
            agree: cell.agree,
            probability: cell.probability,
        })
        .collect();
    let summary = CompareSummaryRow {
        banluck_rules_hash: c.banluck_rules_hash.clone(),
        blackjack_rules_hash: c.blackjack_rules_hash.clone(),
        banluck_ev_chart: c.banluck_ev_chart,
        banluck_ev_with_blackjack: c.banluck_ev_with_blackjack,
        cost_in_banluck: c.cost_in_banluck(),
        blackjack_ev: c.blackjack_ev,
        blackjack_ev_hit_stand: c.blackjack_ev_hit_stand,
        blackjack_ev_with_banluck: c.blackjack_ev_with_banluck,
        cost_in_blackjack: c.cost_in_blackjack(),
    };
    (cells, summary)
}
