//! The rotating bank (PRD question 5): sessions of S rounds at a table of
//! k people, each banking or playing, with the bank passed by a scheme.
//!
//! - `schedule`: who banks each round ([`Bank`], [`Scheme`]).
//! - `exact`: heads-up sessions by exact convolution ([`exact_session`]).
//! - `session`: multi-player sessions by simulation ([`simulate_sessions`]).
//! - `summary`: what a session analysis reports.
//! - `answer`: the fair rotation period ([`rotation_answer`]).
//! - `report`: everything for one table ([`analyze_rotation`]).
//! - `rows`: plain rows for experiments.
//!
//! Session length and bankroll are parameters of the analysis, not house
//! rules; the scheme comes from `[table.rotation]` or the caller.

mod answer;
mod exact;
mod report;
mod rows;
mod schedule;
mod session;
mod summary;

pub use answer::{
    PeriodRow, RotationAnswer, RoundMoments, period_row, rotation_answer, schedule_moments,
};
pub use exact::{ExactSession, RoundLaw, exact_session};
pub use report::{
    EXACT_MAX_ROUNDS, RotationParams, RotationReport, SessionOutcome, analyze_rotation,
    session_summary,
};
pub use rows::*;
pub use schedule::{Bank, Scheme};
pub use session::{CHUNK_SESSIONS, MAX_PEOPLE, SessionParams, simulate_sessions};
pub use summary::{PersonSummary, SessionSummary};
