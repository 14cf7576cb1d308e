//! `kind = "compare"` as a lab [`Study`]: reading its section
//! (`[compare]`), its checks, its run (the rows, then the tables and
//! manifest) and its report.

use std::any::Any;
use std::path::Path;

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::Deserialize;

use super::experiment::{CompareExperiment, CompareSpec};
use super::report::{COMPARE, COMPARE_SUMMARY, render_compare, write_compare_outputs};
use super::rows::run_compare;
use crate::games::banluck::family::experiment_rules;
use crate::games::blackjack::rules::load_blackjack_rules;
use crate::lab::{ExperimentError, Rendering, Study, StudyFile, StudyRun};
use crate::rules::{GameKind, game_kind};

/// The compare study (`kind = "compare"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct CompareStudy;

/// The `[compare]` section of an experiment file's text, if any.
fn section(text: &str) -> Result<Option<CompareSpec>, Box<figment::Error>> {
    #[derive(Deserialize)]
    struct Section {
        compare: Option<CompareSpec>,
    }
    let section: Section = Figment::from(Toml::string(text))
        .extract()
        .map_err(Box::new)?;
    Ok(section.compare)
}

/// A compare experiment from its file: the lab's problems, then the rules'
/// and the section's.
fn load_compare(file: StudyFile<'_>) -> Result<CompareExperiment, ExperimentError> {
    let spec = section(file.text).map_err(|e| ExperimentError {
        problems: vec![file.problem("compare", String::new(), e.to_string())],
    })?;
    let mut problems = file.problems.clone();
    let rules = match experiment_rules(&file) {
        Ok(found) => Some(found),
        Err(p) => {
            problems.push(p);
            None
        }
    };
    let blackjack = match &spec {
        None => {
            problems.push(file.problem(
                "compare",
                String::new(),
                "missing: add [compare] with `blackjack = \"<blackjack rules file>\"`",
            ));
            None
        }
        Some(compare) => {
            let folder = file.path.parent().unwrap_or_else(|| Path::new("."));
            let blackjack_file = folder.join(&compare.blackjack);
            let found = format!("\"{}\"", compare.blackjack.display());
            match game_kind(&blackjack_file) {
                Ok(GameKind::Blackjack) => match load_blackjack_rules(Some(&blackjack_file), &[]) {
                    Ok(rules) => Some((blackjack_file, rules)),
                    Err(error) => {
                        problems.push(file.problem(
                            "compare.blackjack",
                            found,
                            format!("the blackjack rules do not load: {error}"),
                        ));
                        None
                    }
                },
                Ok(GameKind::Banluck | GameKind::Baccarat | GameKind::Poker) => {
                    problems.push(file.problem("compare.blackjack",
                        found,
                        "must be blackjack rules (a file with `game = \"blackjack\"`, e.g. rules/blackjack-6d-s17.toml)",
                    ));
                    None
                }
                Err(error) => {
                    problems.push(file.problem(
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
                file: file.path.to_path_buf(),
                output: file.output,
                name: file.name,
                question: file.question,
                rules_file,
                blackjack_file,
                rules,
                blackjack,
            })
        }
        _ => Err(ExperimentError { problems }),
    }
}

impl Study for CompareStudy {
    fn kind(&self) -> &'static str {
        "compare"
    }

    fn check_section(&self, text: &str) -> Result<(), Box<figment::Error>> {
        section(text).map(|_| ())
    }

    fn load(&self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError> {
        load_compare(file).map(|e| Box::new(e) as Box<dyn StudyRun>)
    }

    fn render(&self, folder: &Path, templates: Option<&Path>) -> Result<Rendering, String> {
        render_compare(folder, templates).map_err(|e| e.to_string())
    }
}

impl StudyRun for CompareExperiment {
    fn kind(&self) -> &'static str {
        "compare"
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn output(&self) -> &Path {
        &self.output
    }

    fn run(&self, folder: &Path) -> Result<String, String> {
        let (cells, summary) = run_compare(self);
        write_compare_outputs(folder, self, &cells, &summary).map_err(|e| e.to_string())?;
        Ok([COMPARE, COMPARE_SUMMARY].join(", "))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
