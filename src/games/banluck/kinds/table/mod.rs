//! `kind = "table"`: Banluck at a table of K seats as a lab study
//! ([`TableStudy`], filling in `crate::report::StudyKind`). Each variant
//! (seats × the surrender rule × the draw choice) is one task: the
//! strategic dealer's best response
//! ([`crate::games::banluck::table::dealer`]) with four dealers valued on the same rounds (the fixed dealer with the
//! reveal off and forced on, the strategic dealer with the reveal
//! forbidden and optimal), so that the reveal sweep's differences are
//! paired; and the rotation period under the fixed and the strategic
//! dealer. Tasks are cached by the lab's [`crate::lab::Cache`]; the tables
//! are written to Parquet and the report (`templates/table.{md,html}.tera`)
//! is rendered from them alone.
//!
//! Why a study and not a grid engine of the Banluck family: the reveal is
//! not a rule variant here but three dealers valued together on one set of
//! rounds (as grid variants they would be three solves, unpaired, at three
//! times the cost), and its outputs (dealer values, paired gains, reveal
//! policy by seat counts, rotation periods) need their own tables and
//! report, not the heads-up grid report's.

mod answer;
mod charts;
mod headline;
mod kind;
mod load;
mod model;
mod model_parts;
mod outputs;
mod rotation_rows;
mod rows;
mod run;
mod spec;
mod task;

pub use headline::table_headline;
pub use kind::TableStudy;
pub use model::TableModel;
pub use outputs::{
    DEVIATIONS, GAINS, REVEAL_POLICY, ROTATION, RUNS, SOLVES, TABLE_HTML_TEMPLATE,
    TABLE_MARKDOWN_TEMPLATE,
};
pub use rotation_rows::RotationRow;
pub use rows::{DealerRow, DeviationRow, GainRow, RevealPolicyRow, SolveRow, TableTables};
pub use run::{TimingRow, run_table};
pub use spec::{TableExperiment, TableSpec, TableVariant};
pub use task::{DEALERS, ENGINE};
