//! `kind = "rotation"`: the rotating bank's fair periods, session profits,
//! banker shares and reveal gains, as plain rows.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::{banluck_rules, grid_keys_problems, output_of, problem};
use crate::games::banluck::dp;
use crate::games::banluck::multi::MAX_PLAYERS;
use crate::games::banluck::rotation::{
    BankerShareRow, EXACT_MAX_ROUNDS, Effort, MAX_PEOPLE, PeriodRow, ProfitRow, RevealGainRow,
    RotationParams, RoundLaw, Scheme, banker_share_rows, profit_distribution_rows,
    reveal_gain_rows, rotation_answer, round_moments, session_summary,
};
use crate::games::banluck::rules::{RevealPolicy, RotationScheme, RuleSet, RuleTable};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::lab::engines::SimStrategy;
use crate::lab::error::ExperimentError;
use crate::lab::schema::ExperimentFile;
use crate::lab::sections::RotationSpec;

/// A checked rotation experiment.
#[derive(Debug, Clone)]
pub struct RotationExperiment {
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
    pub spec: RotationSpec,
}

/// A rotation experiment from its parsed file.
pub fn load_rotation(
    path: &Path,
    spec: ExperimentFile,
) -> Result<RotationExperiment, ExperimentError> {
    let mut problems = spec.common_problems(path);
    problems.extend(grid_keys_problems(path, &spec, "rotation"));
    if spec.compare.is_some() {
        problems.push(problem(
            path,
            "compare",
            String::new(),
            "[compare] belongs to `kind = \"compare\"` experiments; this one is a rotation",
        ));
    }
    let rotation = spec.rotation.clone().unwrap_or_default();
    let list = |values: &[usize]| format!("{values:?}");
    if rotation.people.is_empty()
        || rotation
            .people
            .iter()
            .any(|&k| !(2..=MAX_PEOPLE).contains(&k))
    {
        problems.push(problem(
            path,
            "rotation.people",
            list(&rotation.people),
            format!("give at least one table size, each 2..={MAX_PEOPLE} people"),
        ));
    }
    if !(1..=EXACT_MAX_ROUNDS).contains(&rotation.session_rounds) {
        problems.push(problem(
            path,
            "rotation.session_rounds",
            rotation.session_rounds.to_string(),
            format!("allowed: 1..={EXACT_MAX_ROUNDS} rounds per session"),
        ));
    }
    if !(rotation.tolerance.is_finite() && rotation.tolerance > 0.0 && rotation.tolerance < 1.0) {
        problems.push(problem(
            path,
            "rotation.tolerance",
            rotation.tolerance.to_string(),
            "a fraction between 0 and 1 of a session's standard deviation (e.g. 0.01)",
        ));
    }
    if rotation
        .periods
        .iter()
        .any(|&n| n == 0 || n > rotation.session_rounds)
    {
        problems.push(problem(
            path,
            "rotation.periods",
            format!("{:?}", rotation.periods),
            format!(
                "every period must be 1..={} (the session length)",
                rotation.session_rounds
            ),
        ));
    }
    if rotation
        .reveal_players
        .iter()
        .any(|&n| !(1..=MAX_PLAYERS).contains(&n))
    {
        problems.push(problem(
            path,
            "rotation.reveal_players",
            list(&rotation.reveal_players),
            format!("each table size must be 1..={MAX_PLAYERS} players (empty: no reveal gain)"),
        ));
    }
    for (key, value) in [
        ("rotation.table_rounds", rotation.table_rounds),
        ("rotation.sessions", rotation.sessions),
    ] {
        if value == 0 {
            problems.push(problem(path, key, "0".into(), "must be at least 1"));
        }
    }
    let rules = match banluck_rules(path, &spec) {
        Ok(found) => Some(found),
        Err(p) => {
            problems.push(p);
            None
        }
    };
    if let Some((_, rules)) = &rules
        && !rotation.reveal_players.is_empty()
        && !rules.dealer.allow_reveal
    {
        problems.push(problem(
            path,
            "rotation.reveal_players",
            list(&rotation.reveal_players),
            "the rules do not allow the reveal (dealer.allow_reveal = false): use rules that do, or reveal_players = []",
        ));
    }
    match rules {
        Some((rules_file, rules)) if problems.is_empty() => Ok(RotationExperiment {
            file: path.to_path_buf(),
            output: output_of(path, &spec),
            name: spec.name,
            question: spec.question,
            rules_file,
            rules,
            spec: rotation,
        }),
        _ => Err(ExperimentError { problems }),
    }
}

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
    /// Every period within tolerance, comma-separated.
    pub fair_periods: String,
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

impl RotationSpec {
    /// The simulation effort of the rows.
    pub fn effort(&self) -> Effort {
        Effort {
            table_rounds: self.table_rounds,
            sessions: self.sessions,
            seed: self.seed,
            threads: 0,
        }
    }

    /// The schemes shown beside the fair period: never, every_n for each
    /// period, on_ban.
    pub fn schemes(&self) -> Vec<Scheme> {
        let mut schemes = vec![Scheme {
            scheme: RotationScheme::Never,
            period: 1,
        }];
        schemes.extend(self.periods.iter().map(|&period| Scheme {
            scheme: RotationScheme::EveryN,
            period,
        }));
        schemes.push(Scheme {
            scheme: RotationScheme::OnBan,
            period: 1,
        });
        schemes
    }

    /// The strategy every person plays at `table`.
    pub fn player(&self, table: &RuleTable) -> PlayerStrategy {
        let solution = dp::solve(table);
        match self.strategy {
            SimStrategy::Dp => solution.player,
            SimStrategy::Chart => solution.chart_player,
        }
    }
}

/// The rules with `dealer.fixed.reveal` set to `policy`.
pub fn with_reveal(rules: &RuleSet, policy: RevealPolicy) -> RuleTable {
    let mut rules = rules.clone();
    rules.dealer.fixed.reveal = policy;
    RuleTable::compile(rules)
}

/// Computes a rotation experiment.
///
/// # Errors
/// A simulation's parameter error, as text.
pub fn run_rotation(experiment: &RotationExperiment) -> Result<RotationTables, String> {
    let spec = &experiment.spec;
    let table = RuleTable::compile(experiment.rules.clone());
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
            fair_periods: answer
                .fair_periods
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
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
        let (p_off, p_on) = (spec.player(&off), spec.player(&on));
        reveal_gain_rows((&off, &p_off), (&on, &p_on), &spec.reveal_players, effort)
            .map_err(|e| e.to_string())?
    };
    Ok(RotationTables {
        answers,
        imbalance,
        sessions,
        banker_share,
        reveal_gain,
    })
}
