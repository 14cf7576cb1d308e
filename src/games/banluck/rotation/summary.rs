//! What a session analysis reports, per person and for the table.

use serde::{Deserialize, Serialize};

use super::schedule::Scheme;

/// One person's session, person 0 banking first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PersonSummary {
    /// The person (0 banks first).
    pub person: usize,
    /// Expected profit over the session, in bets.
    pub mean_profit: f64,
    /// Standard error of `mean_profit` (simulation only; `None` when exact).
    pub std_error: Option<f64>,
    /// Standard deviation of the session profit.
    pub std_dev: f64,
    /// Probability of finishing the session ahead (profit above 0).
    pub p_ahead: f64,
    /// Probability of finishing behind (profit below 0).
    pub p_behind: f64,
    /// Expected rounds this person banks.
    pub rounds_banked: f64,
    /// Probability that the running profit reaches minus the bankroll at
    /// some round (`None` without a bankroll).
    pub p_ruin: Option<f64>,
}

/// A session analysis: every person, and the largest imbalance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionSummary {
    /// People at the table.
    pub people: usize,
    /// Rounds per session.
    pub rounds: u32,
    /// The rotation scheme, e.g. `every_n(5)`.
    pub scheme: String,
    /// `exact (...)` or `simulation of ... sessions, seed ...`.
    pub method: String,
    /// Each person.
    pub persons: Vec<PersonSummary>,
    /// The largest difference between two people's expected profits.
    pub imbalance: f64,
    /// Standard error of `imbalance` (simulation only).
    pub imbalance_std_error: Option<f64>,
    /// Root mean square over people of the session profit's standard deviation.
    pub session_std_dev: f64,
}

impl SessionSummary {
    /// The summary of `persons`, with the imbalance between the extremes.
    pub fn new(
        people: usize,
        rounds: u32,
        scheme: Scheme,
        method: String,
        persons: Vec<PersonSummary>,
    ) -> SessionSummary {
        let by_mean =
            |a: &&PersonSummary, b: &&PersonSummary| a.mean_profit.total_cmp(&b.mean_profit);
        let high = persons.iter().max_by(by_mean).expect("at least two people");
        let low = persons.iter().min_by(by_mean).expect("at least two people");
        let imbalance_std_error = high.std_error.zip(low.std_error).map(|(a, b)| a.hypot(b));
        let session_std_dev = (persons.iter().map(|p| p.std_dev * p.std_dev).sum::<f64>()
            / persons.len() as f64)
            .sqrt();
        SessionSummary {
            people,
            rounds,
            scheme: scheme.label(),
            method,
            imbalance: high.mean_profit - low.mean_profit,
            imbalance_std_error,
            session_std_dev,
            persons,
        }
    }
}
