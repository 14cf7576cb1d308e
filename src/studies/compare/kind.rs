//! `kind = "compare"` as the one study skeleton's kind: its section
//! (`[compare]`), its checks (both rule sets, each read once), its run
//! (the rows), its manifest parameters and its page.

use std::path::Path;

use serde_json::{Value, json};

use super::experiment::{CompareExperiment, CompareSpec};
use super::report::{COMPARE_HTML_TEMPLATE, COMPARE_MARKDOWN_TEMPLATE, CompareModel};
use super::rows::{CompareTables, run_compare};
use crate::games::banluck::lab::family::experiment_rules_or_problem;
use crate::games::blackjack::rules::BlackjackRules;
use crate::lab::{ExperimentProblem, Manifest, RunOptions, StudyFile};
use crate::report::{Computed, Page, ReportError, StudyKind};
use crate::rules::{GameKind, RulesText, load_layered_text};

/// The compare study (`kind = "compare"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct CompareStudy;

/// The blackjack rules of `[compare]`, read once, or `None` with their
/// problem pushed onto `problems`.
fn blackjack_rules(
    file: &StudyFile<'_>,
    compare: &CompareSpec,
    problems: &mut Vec<ExperimentProblem>,
) -> Option<BlackjackRules> {
    let folder = file.path().parent().unwrap_or_else(|| Path::new("."));
    let found = format!("\"{}\"", compare.blackjack.display());
    let mut problem = |allowed: String| {
        problems.push(file.problem("compare.blackjack", found.clone(), allowed));
    };
    let loaded = RulesText::read(&folder.join(&compare.blackjack)).and_then(|rules| {
        let game = rules.game()?;
        Ok((game, rules))
    });
    match loaded {
        Ok((GameKind::Blackjack, rules)) => match load_layered_text(Some(&rules), &[]) {
            Ok(blackjack) => return Some(blackjack),
            Err(error) => problem(format!("the blackjack rules do not load: {error}")),
        },
        Ok((GameKind::Banluck | GameKind::Baccarat | GameKind::Poker, _)) => problem(
            "must be blackjack rules (a file with `game = \"blackjack\"`, e.g. rules/blackjack-6d-s17.toml)".into(),
        ),
        Err(error) => problem(format!("the blackjack rules do not load: {error}")),
    }
    None
}

impl StudyKind for CompareStudy {
    const KIND: &'static str = "compare";
    type Section = CompareSpec;
    type Experiment = CompareExperiment;
    type Tables = CompareTables;
    type Model = CompareModel;

    fn load(
        &self,
        file: &StudyFile<'_>,
        section: Option<CompareSpec>,
        problems: &mut Vec<ExperimentProblem>,
    ) -> Option<CompareExperiment> {
        let rules = experiment_rules_or_problem(file, problems);
        let Some(compare) = section else {
            problems.push(file.problem(
                "compare",
                String::new(),
                "missing: add [compare] with `blackjack = \"<blackjack rules file>\"`",
            ));
            return None;
        };
        let blackjack = blackjack_rules(file, &compare, problems)?;
        let folder = file.path().parent().unwrap_or_else(|| Path::new("."));
        Some(CompareExperiment {
            blackjack_file: folder.join(&compare.blackjack),
            rules: rules?,
            blackjack,
        })
    }

    fn run(
        &self,
        experiment: &CompareExperiment,
        _folder: &Path,
        _options: &RunOptions,
    ) -> Result<Computed<CompareTables>, String> {
        Ok(Computed::new(run_compare(experiment)))
    }

    fn params(&self, experiment: &CompareExperiment, tables: &CompareTables) -> Value {
        json!({
            "blackjack_file": experiment.blackjack_file.display().to_string(),
            "banluck_rules_hash": tables.summary.banluck_rules_hash,
            "blackjack_rules_hash": tables.summary.blackjack_rules_hash,
        })
    }

    fn page(
        &self,
        manifest: &Manifest,
        tables: CompareTables,
    ) -> Result<Page<CompareModel>, ReportError> {
        let model = CompareModel::new(manifest, &tables.cells, &tables.summary)?;
        Ok(Page {
            headline: model.headline.clone(),
            model,
            templates: [
                ("compare.md", COMPARE_MARKDOWN_TEMPLATE),
                ("compare.html", COMPARE_HTML_TEMPLATE),
            ],
        })
    }
}
