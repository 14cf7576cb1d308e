//! `kind = "rotation"`: the rotating bank as a lab study
//! ([`RotationStudy`], filling in `crate::report::StudyKind`). Its
//! parameters ([`RotationSpec`], `[rotation]`), their checks ([`load`]),
//! the computation into plain rows ([`run_rotation`]), the five Parquet
//! tables ([`outputs`]), and its report (model, headline wording and the
//! templates `templates/rotation.{md,html}.tera`, replaced file by file
//! by `rotation.md.tera` / `rotation.html.tera` given to `--templates`).

mod answer;
mod headline;
mod kind;
mod load;
mod model;
mod outputs;
mod run;
mod spec;

pub use headline::rotation_headline;
pub use kind::RotationStudy;
pub use model::{ImbalanceLine, RotationModel, SessionLine};
pub use outputs::{
    ANSWERS, BANKER_SHARE, IMBALANCE, REVEAL_GAIN, ROTATION_HTML_TEMPLATE,
    ROTATION_MARKDOWN_TEMPLATE, SESSIONS,
};
pub use run::{FairPeriodRow, RotationTables, run_rotation, with_reveal};
pub use spec::{RotationExperiment, RotationSpec};
