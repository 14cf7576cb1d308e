//! The whole rotation analysis for one table: per-round moments, the
//! answer, and the configured scheme's session, exact heads-up and
//! simulated otherwise.

use serde::{Deserialize, Serialize};

use super::answer::{RotationAnswer, RoundMoments, rotation_answer};
use super::exact::{RoundLaw, exact_session};
use super::schedule::Scheme;
use super::session::{SessionParams, simulate_sessions};
use super::summary::SessionSummary;
use crate::games::banluck::rules::{CompiledRules, RotationScheme};
use crate::games::banluck::sim::SimError;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::{TableParams, simulate_table};

/// Longest heads-up session solved exactly (the convolution costs about
/// S² lattice steps); longer sessions are simulated.
pub const EXACT_MAX_ROUNDS: u32 = 10_000;

/// What to analyse besides the rules and the strategy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RotationParams {
    /// People taking turns at the bank, 2..=8.
    pub people: usize,
    /// Rounds per session.
    pub session_rounds: u32,
    /// Largest acceptable imbalance, as a fraction of the session's
    /// standard deviation (0.01 = 1%).
    pub tolerance: f64,
    /// Each person's bankroll in bets, for the risk of ruin.
    pub bankroll: Option<f64>,
    /// The scheme whose sessions are reported in full (usually the rules'
    /// `[table.rotation]`).
    pub scheme: Scheme,
    /// Rounds simulated for the per-round moments (more than two people).
    pub table_rounds: u64,
    /// Sessions simulated (more than two people, or payoffs on no lattice).
    pub sessions: u64,
    /// The seed of every simulation.
    pub seed: u64,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
}

/// The rotation analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RotationReport {
    /// Hash of the rules.
    pub rules_hash: String,
    /// The answer: fair periods, never, on_ban.
    pub answer: RotationAnswer,
    /// Sessions under the configured scheme.
    pub configured: SessionSummary,
    /// Person 0's exact session profit distribution under the configured
    /// scheme, `(profit, probability)` (heads-up only).
    pub distribution: Option<Vec<(f64, f64)>>,
}

/// A session summary with person 0's exact profit distribution, when known.
pub type SessionOutcome = (SessionSummary, Option<Vec<(f64, f64)>>);

/// Sessions of `scheme`: exact heads-up when the payoffs allow, simulated
/// otherwise; with the exact distribution when there is one.
pub fn session_summary(
    table: &CompiledRules,
    player: &PlayerStrategy,
    law: Option<&RoundLaw>,
    params: &RotationParams,
    scheme: Scheme,
) -> Result<SessionOutcome, SimError> {
    match law {
        Some(law) if params.people == 2 && params.session_rounds <= EXACT_MAX_ROUNDS => {
            let exact = exact_session(law, params.session_rounds, scheme, params.bankroll);
            Ok((exact.summary, Some(exact.distribution)))
        }
        _ => {
            let session = SessionParams {
                people: params.people,
                rounds: params.session_rounds,
                scheme,
                bankroll: params.bankroll,
                sessions: params.sessions,
                seed: params.seed,
                threads: params.threads,
            };
            Ok((simulate_sessions(table, player, &session)?, None))
        }
    }
}

/// Analyses rotation for `params.people` people all playing `player`
/// against the fixed dealer of `table`.
pub fn analyze_rotation(
    table: &CompiledRules,
    player: &PlayerStrategy,
    params: &RotationParams,
) -> Result<RotationReport, SimError> {
    if !(params.tolerance.is_finite() && params.tolerance > 0.0) {
        return Err(SimError::Params(format!(
            "the tolerance must be a positive fraction of the session's standard deviation, not {}",
            params.tolerance
        )));
    }
    if params.session_rounds == 0 {
        return Err(SimError::Params("a session has at least 1 round".into()));
    }
    let law = (params.people == 2)
        .then(|| RoundLaw::new(table, player))
        .flatten();
    let moments = match &law {
        Some(law) => RoundMoments::heads_up(law),
        None => {
            let stats = simulate_table(
                table,
                player,
                &TableParams {
                    players: params.people.saturating_sub(1).max(1),
                    rounds: params.table_rounds,
                    seed: params.seed,
                    threads: params.threads,
                    progress: false,
                },
            )?
            .stats;
            RoundMoments::from_table(&stats)
        }
    };
    let on_ban = Scheme {
        scheme: RotationScheme::OnBan,
        period: 1,
    };
    let (on_ban_summary, _) = session_summary(table, player, law.as_ref(), params, on_ban)?;
    let (configured, distribution) =
        session_summary(table, player, law.as_ref(), params, params.scheme)?;
    Ok(RotationReport {
        rules_hash: table.hash().to_string(),
        answer: rotation_answer(
            moments,
            params.session_rounds,
            params.tolerance,
            on_ban_summary,
        ),
        configured,
        distribution,
    })
}
