//! `kind = "counting"`: can a Banluck player count cards? (issue 25,
//! item 5). The study answers for a fresh deck every round (exactly 0: the
//! counter sees none of the cards its round is dealt from), values the
//! count derived from the exact effects of removal on decks sampled at
//! several penetrations (the exact partial-deck DP per deck, binned by the
//! true count), and values what a seat sees within a round at a table of
//! K seats ([`crate::games::banluck::table::info`]), and simulates the
//! counter, the flat bettor and the perfect-information bettor by
//! penetration and table size
//! ([`crate::games::banluck::counting::count_study`]). Its parameters are
//! [`CountingSpec`] (`[counting]`); it writes Parquet tables and a manifest
//! and renders `templates/counting.{md,html}.tera` from them alone.

mod headline;
mod load;
mod model;
mod outputs;
mod run;
mod spec;
mod win_rate;

use std::any::Any;
use std::path::{Path, PathBuf};

pub use headline::counting_headline;
pub use load::MAX_DECKS;
pub use model::CountingModel;
pub use outputs::{
    BY_COUNT, COUNT, COUNTING_HTML_TEMPLATE, COUNTING_MARKDOWN_TEMPLATE, DECKS, EFFECTS, SHOWN,
    TIMINGS, WIN_RATE, WITHIN_ROUND, read_counting_tables, write_counting_outputs,
};
pub use run::{
    BinRow, CountRow, CountingTables, DeckRow, EffectRow, ShownTableRow, TimingRow, WithinRoundRow,
    run_counting,
};
pub use spec::CountingSpec;
pub use win_rate::WinRateRow;

use crate::games::banluck::rules::RuleSet;
use crate::lab::{ExperimentError, Rendering, Study, StudyFile, StudyRun};

/// The counting study (`kind = "counting"`).
#[derive(Debug, Clone, Copy, Default)]
pub struct CountingStudy;

/// A checked counting experiment.
#[derive(Debug, Clone)]
pub struct CountingExperiment {
    /// The experiment file.
    pub file: PathBuf,
    /// Its short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The rules file (resolved against the experiment file).
    pub rules_file: PathBuf,
    /// The output folder.
    pub output: PathBuf,
    /// The resolved rules.
    pub rules: RuleSet,
    /// The parameters.
    pub spec: CountingSpec,
}

impl Study for CountingStudy {
    fn kind(&self) -> &'static str {
        "counting"
    }

    fn check_section(&self, text: &str) -> Result<(), Box<figment::Error>> {
        load::section(text).map(|_| ())
    }

    fn load(&self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError> {
        load::load_counting(file).map(|e| Box::new(e) as Box<dyn StudyRun>)
    }

    fn render(&self, folder: &Path, templates: Option<&Path>) -> Result<Rendering, String> {
        outputs::render_counting(folder, templates).map_err(|e| e.to_string())
    }
}

impl StudyRun for CountingExperiment {
    fn kind(&self) -> &'static str {
        "counting"
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn output(&self) -> &Path {
        &self.output
    }

    fn run(&self, folder: &Path) -> Result<String, String> {
        let (tables, timings) = run_counting(self)?;
        write_counting_outputs(folder, self, &tables, &timings).map_err(|e| e.to_string())?;
        Ok([
            COUNT,
            EFFECTS,
            DECKS,
            BY_COUNT,
            WITHIN_ROUND,
            SHOWN,
            TIMINGS,
        ]
        .join(", "))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
