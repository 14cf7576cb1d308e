//! Plain, serializable rows for experiments (`experiments/rotation.toml`):
//! imbalance against the rotation period, session profit distributions,
//! the banker's share of rounds per scheme, and the reveal gain per table
//! size.

use serde::{Deserialize, Serialize};

use super::answer::{PeriodRow, RoundMoments, period_row};
use super::exact::{RoundLaw, exact_session};
use super::report::{RotationParams, session_summary};
use super::schedule::Scheme;
use crate::games::banluck::rules::{CompiledRules, RotationScheme};
use crate::games::banluck::sim::SimError;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::{TableParams, simulate_table};

/// How much simulation the rows may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effort {
    /// Rounds per multi-player table simulation.
    pub table_rounds: u64,
    /// Sessions per session simulation.
    pub sessions: u64,
    /// The seed of every simulation.
    pub seed: u64,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
}

/// The per-round moments of a table of `people` people: exact heads-up,
/// simulated otherwise.
pub fn round_moments(
    table: &CompiledRules,
    player: &PlayerStrategy,
    people: usize,
    effort: Effort,
) -> Result<RoundMoments, SimError> {
    if people == 2
        && let Some(law) = RoundLaw::new(table, player)
    {
        return Ok(RoundMoments::heads_up(&law));
    }
    let params = TableParams {
        players: people.saturating_sub(1),
        rounds: effort.table_rounds,
        seed: effort.seed,
        threads: effort.threads,
        progress: false,
    };
    Ok(RoundMoments::from_table(
        &simulate_table(table, player, &params)?.stats,
    ))
}

/// Expected imbalance of `every_n` for each number of people and period.
pub fn imbalance_rows(
    table: &CompiledRules,
    player: &PlayerStrategy,
    people: &[usize],
    session_rounds: u32,
    periods: &[u32],
    tolerance: f64,
    effort: Effort,
) -> Result<Vec<PeriodRow>, SimError> {
    let mut rows = Vec::new();
    for &k in people {
        let moments = round_moments(table, player, k, effort)?;
        for &period in periods.iter().filter(|&&n| n >= 1) {
            let scheme = Scheme {
                scheme: RotationScheme::EveryN,
                period,
            };
            rows.push(period_row(&moments, session_rounds, scheme, tolerance));
        }
    }
    Ok(rows)
}

/// One point of a heads-up session profit distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProfitRow {
    /// The scheme, e.g. `every_n(5)`.
    pub scheme: String,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The person (0 banks first; person 1's profit is the negation).
    pub person: usize,
    /// Session profit in bets.
    pub profit: f64,
    /// Its exact probability.
    pub probability: f64,
}

/// Both people's exact session profit distributions, heads-up, for each
/// scheme (`None` when the payoffs lie on no lattice). The cost grows as
/// the square of `session_rounds` (see [`super::EXACT_MAX_ROUNDS`]).
pub fn profit_distribution_rows(
    table: &CompiledRules,
    player: &PlayerStrategy,
    session_rounds: u32,
    schemes: &[Scheme],
) -> Option<Vec<ProfitRow>> {
    let law = RoundLaw::new(table, player)?;
    let mut rows = Vec::new();
    for &scheme in schemes {
        let session = exact_session(&law, session_rounds, scheme, None);
        for person in 0..2 {
            let sign = if person == 0 { 1.0 } else { -1.0 };
            let mut points: Vec<ProfitRow> = session
                .distribution
                .iter()
                .map(|&(profit, probability)| ProfitRow {
                    scheme: scheme.label(),
                    session_rounds,
                    person,
                    profit: sign * profit + 0.0,
                    probability,
                })
                .collect();
            points.sort_by(|a, b| a.profit.total_cmp(&b.profit));
            rows.extend(points);
        }
    }
    Some(rows)
}

/// One person's share of the bank under one scheme.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BankerShareRow {
    /// People at the table.
    pub people: usize,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The scheme.
    pub scheme: String,
    /// The person (0 banks first).
    pub person: usize,
    /// Expected rounds banked.
    pub rounds_banked: f64,
    /// `rounds_banked / session_rounds`.
    pub share: f64,
    /// Expected session profit.
    pub mean_profit: f64,
    /// Probability of finishing ahead.
    pub p_ahead: f64,
    /// `exact` or the simulation used.
    pub method: String,
}

/// Each person's share of the bank for each number of people and scheme.
pub fn banker_share_rows(
    table: &CompiledRules,
    player: &PlayerStrategy,
    people: &[usize],
    session_rounds: u32,
    schemes: &[Scheme],
    effort: Effort,
) -> Result<Vec<BankerShareRow>, SimError> {
    let mut rows = Vec::new();
    for &k in people {
        let law = (k == 2).then(|| RoundLaw::new(table, player)).flatten();
        for &scheme in schemes {
            let params = RotationParams {
                people: k,
                session_rounds,
                tolerance: 0.01,
                bankroll: None,
                scheme,
                table_rounds: effort.table_rounds,
                sessions: effort.sessions,
                seed: effort.seed,
                threads: effort.threads,
            };
            let (summary, _) = session_summary(table, player, law.as_ref(), &params, scheme)?;
            rows.extend(summary.persons.iter().map(|p| BankerShareRow {
                people: k,
                session_rounds,
                scheme: summary.scheme.clone(),
                person: p.person,
                rounds_banked: p.rounds_banked,
                share: p.rounds_banked / f64::from(session_rounds),
                mean_profit: p.mean_profit,
                p_ahead: p.p_ahead,
                method: summary.method.clone(),
            }));
        }
    }
    Ok(rows)
}

/// What the fixed dealer's selective reveal is worth at one table size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RevealGainRow {
    /// Players facing the dealer.
    pub players: usize,
    /// Sum of the seats' EV per round without the reveal.
    pub table_ev_off: f64,
    /// Sum of the seats' EV per round with the reveal.
    pub table_ev_on: f64,
    /// The dealer's gain per round from revealing (`off - on`).
    pub dealer_gain_per_round: f64,
    /// The same per player.
    pub dealer_gain_per_player: f64,
    /// Standard error of `dealer_gain_per_round` (the two runs treated as
    /// independent; they share the seed, so this overstates it).
    pub std_error: f64,
    /// The exact `dealer_gain_per_round`, where it was computed (the
    /// rotation study's 1-player row: the exact solver's EV with the reveal
    /// off minus on); `None` otherwise.
    pub exact_dealer_gain_per_round: Option<f64>,
}

/// The dealer's gain from `dealer.fixed.reveal = "on"` for each table size:
/// `off` and `on` are the two compiled rules with the strategy each plays.
pub fn reveal_gain_rows(
    off: (&CompiledRules, &PlayerStrategy),
    on: (&CompiledRules, &PlayerStrategy),
    players: &[usize],
    effort: Effort,
) -> Result<Vec<RevealGainRow>, SimError> {
    players
        .iter()
        .map(|&n| {
            let params = TableParams {
                players: n,
                rounds: effort.table_rounds,
                seed: effort.seed,
                threads: effort.threads,
                progress: false,
            };
            let a = simulate_table(off.0, off.1, &params)?.stats.table;
            let b = simulate_table(on.0, on.1, &params)?.stats.table;
            let gain = a.mean - b.mean;
            Ok(RevealGainRow {
                players: n,
                table_ev_off: a.mean,
                table_ev_on: b.mean,
                dealer_gain_per_round: gain,
                dealer_gain_per_player: gain / n as f64,
                std_error: a.std_error.hypot(b.std_error),
                exact_dealer_gain_per_round: None,
            })
        })
        .collect()
}
