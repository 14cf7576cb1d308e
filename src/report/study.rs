//! The one study skeleton: a kind of experiment beside the grid
//! ([`StudyKind`]) fills in its section, its checks, its computation, its
//! tables, its manifest parameters and its page; the skeleton reads the
//! section, loads the file with the lab's problems first, runs, writes the
//! tables, builds the manifest and renders. Every [`StudyKind`] is the
//! lab's `Study`, and its loaded experiment ([`Loaded`]) a `StudyRun`.

use std::fmt;
use std::marker::PhantomData;
use std::path::Path;

use polars::prelude::DataFrame;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::error::ReportError;
use super::family_report::{Page, render_page};
use super::format::FORMAT_VERSION;
use super::parquet::{TIMINGS, read_frame, write_frame};
use super::rows::{frame_rows, rows_frame};
use crate::lab::{
    ExperimentError, ExperimentHeader, ExperimentKind, ExperimentProblem, Manifest, Registry,
    Rendering, RunOptions, SectionName, Study, StudyFile, StudyOutcome, StudyRun, load_study_file,
    read_section,
};

/// Tables to write: each a file name and its frame, in order.
#[derive(Debug, Default)]
pub struct TableSet(Vec<(&'static str, DataFrame)>);

impl TableSet {
    /// No tables.
    pub fn new() -> TableSet {
        TableSet::default()
    }

    /// These tables and `rows` as the table `name`.
    ///
    /// # Errors
    /// Rows that do not make a table.
    pub fn rows<T: Serialize>(
        mut self,
        name: &'static str,
        rows: &[T],
    ) -> Result<Self, ReportError> {
        self.0.push((name, rows_frame(rows)?));
        Ok(self)
    }
}

/// The rows of the table `name` of the output folder `folder`.
///
/// # Errors
/// A missing or unreadable table, or one without the rows' columns.
pub fn read_rows<T: DeserializeOwned>(folder: &Path, name: &str) -> Result<Vec<T>, ReportError> {
    frame_rows(&read_frame(&folder.join(name))?)
}

/// The tables a study writes and reads back (its report is rendered from
/// them alone).
pub trait StudyTables: Sized {
    /// Every table, in the order the run lists them.
    ///
    /// # Errors
    /// Rows that do not make a table.
    fn tables(&self) -> Result<TableSet, ReportError>;

    /// The tables read back from the output folder `folder`.
    ///
    /// # Errors
    /// A missing or unreadable table.
    fn read(folder: &Path) -> Result<Self, ReportError>;
}

/// What a study's run computed: its tables and, for a study that times its
/// parts, their seconds (`timings.parquet`: written, never read back, not
/// committed, as they differ on every run).
#[derive(Debug)]
pub struct Computed<T> {
    /// The tables.
    pub tables: T,
    /// The timings table, if any.
    pub timings: Option<DataFrame>,
}

impl<T> Computed<T> {
    /// `tables`, without timings.
    pub fn new(tables: T) -> Computed<T> {
        Computed {
            tables,
            timings: None,
        }
    }

    /// `tables`, with `rows` as the timings table.
    ///
    /// # Errors
    /// Rows that do not make a table, in words.
    pub fn with_timings<R: Serialize>(tables: T, rows: &[R]) -> Result<Computed<T>, String> {
        Ok(Computed {
            tables,
            timings: Some(rows_frame(rows).map_err(|e| e.to_string())?),
        })
    }
}

/// A kind of experiment beside the grid, filled in.
pub trait StudyKind: Send + Sync + 'static {
    /// The kind's name (`kind = "<KIND>"`), also its section's (`[<KIND>]`).
    const KIND: &'static str;
    /// The section's keys.
    type Section: DeserializeOwned;
    /// A checked experiment of this kind.
    type Experiment: fmt::Debug + Send + Sync;
    /// The tables it computes.
    type Tables: StudyTables;
    /// What its templates see.
    type Model: Serialize;

    /// Checks the file (its section, `None` when absent, and its base
    /// rules), pushing every problem onto `problems` (which holds the
    /// lab's); the experiment, if everything needed could be read.
    fn load(
        &self,
        file: &StudyFile<'_>,
        section: Option<Self::Section>,
        problems: &mut Vec<ExperimentProblem>,
    ) -> Option<Self::Experiment>;

    /// Computes `experiment` (a study that caches its tasks keeps them
    /// under `folder`).
    ///
    /// # Errors
    /// A computation that failed, in words.
    fn run(
        &self,
        experiment: &Self::Experiment,
        folder: &Path,
        options: &RunOptions,
    ) -> Result<Computed<Self::Tables>, String>;

    /// The manifest's `params`: the parameters and the hashes of the rules
    /// used.
    fn params(&self, experiment: &Self::Experiment, tables: &Self::Tables) -> Value;

    /// The report page of a folder of this kind.
    ///
    /// # Errors
    /// Tables that do not make the model, or a chart that cannot be drawn.
    fn page(
        &self,
        manifest: &Manifest,
        tables: Self::Tables,
    ) -> Result<Page<Self::Model>, ReportError>;
}

/// A checked experiment of the study `S`, with the keys every kind shares.
pub struct Loaded<S: StudyKind> {
    /// The study.
    pub study: &'static S,
    /// The keys every kind shares, resolved.
    pub header: ExperimentHeader,
    /// The study's own part.
    pub experiment: S::Experiment,
}

impl<S: StudyKind> fmt::Debug for Loaded<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Loaded")
            .field("kind", &S::KIND)
            .field("header", &self.header)
            .field("experiment", &self.experiment)
            .finish()
    }
}

/// The section of the study `S`.
struct KindOf<S>(PhantomData<S>);

impl<S: StudyKind> SectionName for KindOf<S> {
    const NAME: &'static str = S::KIND;
}

/// Reads and checks the experiment file at `path`, which must be of the
/// kind of `study`, typed.
///
/// # Errors
/// The lab's problems, a file of another kind, and every one of the
/// study's own.
pub fn load_study<S: StudyKind>(
    study: &'static S,
    path: &Path,
    registry: &Registry,
) -> Result<Loaded<S>, ExperimentError> {
    load_study_file(path, registry, S::KIND, |file| load_file(study, file))
}

/// The study's section read, then its checks after the lab's problems.
fn load_file<S: StudyKind>(
    study: &'static S,
    file: StudyFile<'_>,
) -> Result<Loaded<S>, ExperimentError> {
    let section = read_section::<KindOf<S>, S::Section>(file.text).map_err(|e| {
        ExperimentError::single(file.problem(S::KIND, String::new(), e.to_string()))
    })?;
    let mut problems = file.problems.clone();
    match study.load(&file, section, &mut problems) {
        Some(experiment) if problems.is_empty() => Ok(Loaded {
            study,
            header: file.header,
            experiment,
        }),
        _ => Err(ExperimentError { problems }),
    }
}

impl<S: StudyKind> Study for S {
    fn kind(&self) -> &'static str {
        S::KIND
    }

    fn check_section(&self, text: &str) -> Result<(), Box<figment::Error>> {
        read_section::<KindOf<S>, S::Section>(text).map(|_| ())
    }

    fn load(&'static self, file: StudyFile<'_>) -> Result<Box<dyn StudyRun>, ExperimentError> {
        load_file(self, file).map(|loaded| Box::new(loaded) as Box<dyn StudyRun>)
    }

    fn render(
        &self,
        folder: &Path,
        manifest: &Manifest,
        templates: Option<&Path>,
    ) -> Result<Rendering, String> {
        let tables = S::Tables::read(folder).map_err(|e| e.to_string())?;
        let page = self.page(manifest, tables).map_err(|e| e.to_string())?;
        render_page(page, templates).map_err(|e| e.to_string())
    }
}

impl<S: StudyKind> StudyRun for Loaded<S> {
    fn kind(&self) -> &'static str {
        S::KIND
    }

    fn header(&self) -> &ExperimentHeader {
        &self.header
    }

    fn run(&self, folder: &Path, options: &RunOptions) -> Result<StudyOutcome, String> {
        let computed = self.study.run(&self.experiment, folder, options)?;
        let params = self.study.params(&self.experiment, &computed.tables);
        let tables = write_tables(folder, computed).map_err(|e| e.to_string())?;
        Ok(StudyOutcome {
            manifest: Manifest::of_study(
                ExperimentKind::new(S::KIND),
                &self.header,
                FORMAT_VERSION,
                params,
            ),
            tables,
        })
    }
}

/// Writes the tables of a run (and its timings) into `folder`, created if
/// missing; their file names, in order.
fn write_tables<T: StudyTables>(
    folder: &Path,
    computed: Computed<T>,
) -> Result<Vec<&'static str>, ReportError> {
    std::fs::create_dir_all(folder).map_err(|e| ReportError::file(folder, e))?;
    let TableSet(mut tables) = computed.tables.tables()?;
    tables.extend(computed.timings.map(|frame| (TIMINGS, frame)));
    for (name, frame) in &mut tables {
        write_frame(&folder.join(*name), frame)?;
    }
    Ok(tables.into_iter().map(|(name, _)| name).collect())
}
