//! Computing a rotation experiment into plain rows: the fair period per
//! table size, the imbalance of every period, the heads-up session
//! profits, the banker's share and the reveal gain.

use serde::{Deserialize, Serialize};

use super::spec::RotationExperiment;
use crate::games::banluck::rotation::{
    BankerShareRow, PeriodRow, ProfitRow, RevealGainRow, RotationParams, RoundLaw, Scheme,
    banker_share_rows, profit_distribution_rows, reveal_gain_rows, rotation_answer, round_moments,
    session_summary,
};
use crate::games::banluck::rules::{CompiledRules, RevealPolicy, RotationScheme, RuleSet};

/// The fair-rotation answer for one table size, as a plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FairPeriodRow {
    /// People taking turns at the bank.
    pub people: usize,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The tolerance (fraction of a session's standard deviation).
    pub tolerance: f64,
    /// The banker's expected gain per round.
    pub banker_ev_per_round: f64,
    /// Where the per-round moments come from.
    pub source: String,
    /// The largest N such that every period up to N is within tolerance.
    pub fair_period: Option<u32>,
    /// Every period within tolerance.
    pub fair_periods: Vec<u32>,
    /// Never passing: the imbalance in bets.
    pub never_imbalance: f64,
    /// Never passing: the imbalance over the session's standard deviation.
    pub never_over_sd: f64,
    /// Passing on Ban Ban / Ban Luck: the imbalance in bets.
    pub on_ban_imbalance: f64,
    /// Its standard error (simulated tables only).
    pub on_ban_std_error: Option<f64>,
    /// Passing on a ban: the imbalance over the session's standard deviation.
    pub on_ban_over_sd: f64,
    /// Whether passing on a ban is within tolerance.
    pub on_ban_within_tolerance: bool,
    /// The largest N such that no period up to N is less fair than on_ban.
    pub on_ban_equivalent_period: Option<u32>,
    /// The answer in words.
    pub statement: String,
}

/// Everything a rotation experiment computes.
#[derive(Debug, Clone, PartialEq)]
pub struct RotationTables {
    /// One answer per table size.
    pub answers: Vec<FairPeriodRow>,
    /// Expected imbalance of `every_n` for every N in 1..=S, per table size.
    pub imbalance: Vec<PeriodRow>,
    /// Heads-up exact session profit distributions per scheme (empty when
    /// the payoffs lie on no lattice or 2 people are not asked for).
    pub sessions: Vec<ProfitRow>,
    /// Each person's share of the bank per table size and scheme.
    pub banker_share: Vec<BankerShareRow>,
    /// The reveal gain per table size.
    pub reveal_gain: Vec<RevealGainRow>,
}

/// The rules with `dealer.fixed.reveal` set to `policy`.
pub fn with_reveal(rules: &RuleSet, policy: RevealPolicy) -> CompiledRules {
    let mut rules = rules.clone();
    rules.dealer.fixed.reveal = policy;
    CompiledRules::compile(rules)
}

/// Computes a rotation experiment.
///
/// # Errors
/// A simulation's parameter error, as text.
pub fn run_rotation(experiment: &RotationExperiment) -> Result<RotationTables, String> {
    let spec = &experiment.spec;
    let table = CompiledRules::compile(experiment.rules.clone());
    let player = spec.player(&table);
    let effort = spec.effort();
    let rounds = spec.session_rounds;
    let on_ban = Scheme {
        scheme: RotationScheme::OnBan,
        period: 1,
    };
    let mut answers = Vec::new();
    let mut imbalance = Vec::new();
    for &people in &spec.people {
        let moments = round_moments(&table, &player, people, effort).map_err(|e| e.to_string())?;
        let law = (people == 2)
            .then(|| RoundLaw::new(&table, &player))
            .flatten();
        let params = RotationParams {
            people,
            session_rounds: rounds,
            tolerance: spec.tolerance,
            bankroll: None,
            scheme: on_ban,
            table_rounds: spec.table_rounds,
            sessions: spec.sessions,
            seed: spec.seed,
            threads: 0,
        };
        let (summary, _) = session_summary(&table, &player, law.as_ref(), &params, on_ban)
            .map_err(|e| e.to_string())?;
        let answer = rotation_answer(moments, rounds, spec.tolerance, summary);
        let on_ban_over_sd = answer.on_ban.imbalance / answer.on_ban.session_std_dev;
        answers.push(FairPeriodRow {
            people,
            session_rounds: rounds,
            tolerance: spec.tolerance,
            banker_ev_per_round: answer.round.banker_mean(),
            source: answer.round.source.clone(),
            fair_period: answer.fair_period,
            fair_periods: answer.fair_periods.clone(),
            never_imbalance: answer.never.imbalance,
            never_over_sd: answer.never.imbalance_over_sd,
            on_ban_imbalance: answer.on_ban.imbalance,
            on_ban_std_error: answer.on_ban.imbalance_std_error,
            on_ban_over_sd,
            on_ban_within_tolerance: answer.on_ban_within_tolerance,
            on_ban_equivalent_period: answer.on_ban_equivalent_period,
            statement: answer.statement.clone(),
        });
        imbalance.extend(answer.periods);
    }
    let schemes = spec.schemes();
    let sessions = if spec.people.contains(&2) {
        profit_distribution_rows(&table, &player, rounds, &schemes).unwrap_or_default()
    } else {
        Vec::new()
    };
    let banker_share = banker_share_rows(&table, &player, &spec.people, rounds, &schemes, effort)
        .map_err(|e| e.to_string())?;
    let reveal_gain = if spec.reveal_players.is_empty() {
        Vec::new()
    } else {
        let off = with_reveal(&experiment.rules, RevealPolicy::Off);
        let on = with_reveal(&experiment.rules, RevealPolicy::On);
        let ((p_off, ev_off), (p_on, ev_on)) = (spec.solved(&off), spec.solved(&on));
        let mut rows = reveal_gain_rows((&off, &p_off), (&on, &p_on), &spec.reveal_players, effort)
            .map_err(|e| e.to_string())?;
        // One player against the dealer is the exact solver's game.
        for row in rows.iter_mut().filter(|r| r.players == 1) {
            row.exact_dealer_gain_per_round = Some(ev_off - ev_on);
        }
        rows
    };
    Ok(RotationTables {
        answers,
        imbalance,
        sessions,
        banker_share,
        reveal_gain,
    })
}
