//! The experiment kinds beside the grid: `kind = "rotation"` (the rotating
//! bank, from [`crate::games::banluck::rotation`]) and `kind = "compare"` (Banluck's best
//! chart against blackjack basic strategy, from [`crate::studies::compare`]).
//! Each has its own parameter section, checked with the grid's error style,
//! and its own computation into plain rows that the report layer writes as
//! Parquet tables.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::engines::SimStrategy;
use super::error::{ExperimentError, ExperimentProblem};
use super::load::common_problems;
use super::schema::ExperimentFile;
use crate::games::banluck::dp::{self, Action};
use crate::games::banluck::multi::MAX_PLAYERS;
use crate::games::banluck::rotation::{
    BankerShareRow, EXACT_MAX_ROUNDS, Effort, MAX_PEOPLE, PeriodRow, ProfitRow, RevealGainRow,
    RotationParams, RoundLaw, Scheme, banker_share_rows, profit_distribution_rows,
    reveal_gain_rows, rotation_answer, round_moments, session_summary,
};
use crate::games::banluck::rules::{RevealPolicy, RotationScheme, RuleSet, RuleTable};
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::blackjack::rules::{BlackjackRules, load_blackjack_rules};
use crate::rules::{GameKind, game_kind, load_rules};
use crate::studies::compare::compare;

/// `[rotation]`: the parameters of a rotation experiment. Every key is
/// optional.
///
/// ```toml
/// kind = "rotation"
/// [rotation]
/// people = [2, 3, 4, 5, 6, 7]     # people taking turns at the bank, 2..8
/// session_rounds = 100            # rounds per session, 1..10000
/// tolerance = 0.01                # fair: imbalance at most this fraction of a session's std dev
/// periods = [1, 5, 10]            # every_n periods shown beside never and on_ban
/// reveal_players = [1, 2, 3, 4, 5, 6, 7]  # table sizes for the reveal gain (empty: none)
/// strategy = "dp"                 # every person plays the exact optimum ("dp") or the best chart ("chart")
/// table_rounds = 1_000_000        # rounds per multi-player table simulation
/// sessions = 20_000               # sessions per multi-player session simulation
/// seed = 1                        # the seed of every simulation
/// ```
///
/// Heads-up (2 people) everything is exact (the DP's per-hand law,
/// convolved over the session); larger tables are simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RotationSpec {
    /// People taking turns at the bank, each 2..=8.
    pub people: Vec<usize>,
    /// Rounds per session.
    pub session_rounds: u32,
    /// The fairness tolerance, a fraction of a session's standard deviation.
    pub tolerance: f64,
    /// `every_n` periods compared with `never` and `on_ban` (banker share,
    /// heads-up profit distributions).
    pub periods: Vec<u32>,
    /// Players (1..=7) facing the dealer in the reveal-gain tables.
    pub reveal_players: Vec<usize>,
    /// Every person's strategy.
    pub strategy: SimStrategy,
    /// Rounds per multi-player table simulation.
    pub table_rounds: u64,
    /// Sessions per multi-player session simulation.
    pub sessions: u64,
    /// The seed of every simulation.
    pub seed: u64,
}

impl Default for RotationSpec {
    fn default() -> Self {
        RotationSpec {
            people: (2..=7).collect(),
            session_rounds: 100,
            tolerance: 0.01,
            periods: vec![1, 5, 10],
            reveal_players: (1..=MAX_PLAYERS).collect(),
            strategy: SimStrategy::Dp,
            table_rounds: 1_000_000,
            sessions: 20_000,
            seed: 1,
        }
    }
}

/// `[compare]`: the blackjack rules the experiment's Banluck rules are
/// compared with.
///
/// ```toml
/// kind = "compare"
/// rules = "../rules/banluck.toml"               # the Banluck rules
/// [compare]
/// blackjack = "../rules/blackjack-6d-s17.toml"  # relative to the experiment file
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareSpec {
    /// The blackjack rules file (`game = "blackjack"`), relative to the
    /// experiment file.
    pub blackjack: PathBuf,
}

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

/// A checked compare experiment.
#[derive(Debug, Clone)]
pub struct CompareExperiment {
    /// The experiment file.
    pub file: PathBuf,
    /// Its short name.
    pub name: String,
    /// The question it answers.
    pub question: String,
    /// The Banluck rules file (resolved against the experiment file).
    pub rules_file: PathBuf,
    /// The blackjack rules file (resolved against the experiment file).
    pub blackjack_file: PathBuf,
    /// The output folder.
    pub output: PathBuf,
    /// The resolved Banluck rules.
    pub rules: RuleSet,
    /// The resolved blackjack rules.
    pub blackjack: BlackjackRules,
}

/// A problem at `key` of `file`.
fn problem(file: &Path, key: &str, found: String, allowed: impl Into<String>) -> ExperimentProblem {
    ExperimentProblem::Key {
        file: file.to_path_buf(),
        key: key.to_string(),
        found,
        allowed: allowed.into(),
    }
}

/// Grid-only keys present in a file of another kind.
fn grid_keys_problems(path: &Path, spec: &ExperimentFile, kind: &str) -> Vec<ExperimentProblem> {
    let mut problems = Vec::new();
    if spec.engines.is_some() {
        problems.push(problem(
            path,
            "engines",
            String::new(),
            format!("a {kind} experiment has no engines: its parameters go in [{kind}]"),
        ));
    }
    if !spec.axis.is_empty() {
        problems.push(problem(
            path,
            "axis",
            String::new(),
            format!("a {kind} experiment has no [[axis]]: only grid experiments (kind = \"grid\") vary rules"),
        ));
    }
    problems
}

/// The experiment's Banluck rules, or the problem naming `rules`.
fn banluck_rules(
    path: &Path,
    spec: &ExperimentFile,
) -> Result<(PathBuf, RuleSet), ExperimentProblem> {
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    let rules_file = folder.join(&spec.rules);
    let found = format!("\"{}\"", spec.rules.display());
    match game_kind(&rules_file) {
        Ok(GameKind::Banluck) => {}
        Ok(GameKind::Blackjack | GameKind::Baccarat) => {
            return Err(problem(
                path,
                "rules",
                found,
                "must be Banluck rules (a file without a `game` key)",
            ));
        }
        Err(error) => {
            return Err(problem(
                path,
                "rules",
                found,
                format!("the base rules do not load: {error}"),
            ));
        }
    }
    load_rules(Some(&rules_file), &[])
        .map(|rules| (rules_file, rules))
        .map_err(|error| {
            problem(
                path,
                "rules",
                found,
                format!("the base rules do not load: {error}"),
            )
        })
}

/// The output folder of `spec` (as for grids).
fn output_of(path: &Path, spec: &ExperimentFile) -> PathBuf {
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    spec.output.as_ref().map_or_else(
        || Path::new("reports").join(&spec.name),
        |out| folder.join(out),
    )
}

/// A rotation experiment from its parsed file.
pub(super) fn load_rotation(
    path: &Path,
    spec: ExperimentFile,
) -> Result<RotationExperiment, ExperimentError> {
    let mut problems = common_problems(path, &spec);
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

/// A compare experiment from its parsed file.
pub(super) fn load_compare(
    path: &Path,
    spec: ExperimentFile,
) -> Result<CompareExperiment, ExperimentError> {
    let mut problems = common_problems(path, &spec);
    problems.extend(grid_keys_problems(path, &spec, "compare"));
    if spec.rotation.is_some() {
        problems.push(problem(
            path,
            "rotation",
            String::new(),
            "[rotation] belongs to `kind = \"rotation\"` experiments; this one is a compare",
        ));
    }
    let rules = match banluck_rules(path, &spec) {
        Ok(found) => Some(found),
        Err(p) => {
            problems.push(p);
            None
        }
    };
    let blackjack = match &spec.compare {
        None => {
            problems.push(problem(
                path,
                "compare",
                String::new(),
                "missing: add [compare] with `blackjack = \"<blackjack rules file>\"`",
            ));
            None
        }
        Some(compare) => {
            let folder = path.parent().unwrap_or_else(|| Path::new("."));
            let file = folder.join(&compare.blackjack);
            let found = format!("\"{}\"", compare.blackjack.display());
            match game_kind(&file) {
                Ok(GameKind::Blackjack) => match load_blackjack_rules(Some(&file), &[]) {
                    Ok(rules) => Some((file, rules)),
                    Err(error) => {
                        problems.push(problem(
                            path,
                            "compare.blackjack",
                            found,
                            format!("the blackjack rules do not load: {error}"),
                        ));
                        None
                    }
                },
                Ok(GameKind::Banluck | GameKind::Baccarat) => {
                    problems.push(problem(
                        path,
                        "compare.blackjack",
                        found,
                        "must be blackjack rules (a file with `game = \"blackjack\"`, e.g. rules/blackjack-6d-s17.toml)",
                    ));
                    None
                }
                Err(error) => {
                    problems.push(problem(
                        path,
                        "compare.blackjack",
                        found,
                        format!("the blackjack rules do not load: {error}"),
                    ));
                    None
                }
            }
        }
    };
    match (rules, blackjack) {
        (Some((rules_file, rules)), Some((blackjack_file, blackjack))) if problems.is_empty() => {
            Ok(CompareExperiment {
                file: path.to_path_buf(),
                output: output_of(path, &spec),
                name: spec.name,
                question: spec.question,
                rules_file,
                blackjack_file,
                rules,
                blackjack,
            })
        }
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

/// One Banluck chart cell with blackjack basic strategy's decision, as a
/// plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// Cards held.
    pub cards: u8,
    /// The total (Banluck's count).
    pub total: u8,
    /// Whether the total is soft.
    pub soft: bool,
    /// The dealer's upcard, when the Banluck rules show one.
    pub upcard: Option<String>,
    /// Banluck's best chart: `hit` or `stand`.
    pub banluck: String,
    /// Blackjack basic strategy: `hit` or `stand`.
    pub blackjack: String,
    /// Whether the two agree.
    pub agree: bool,
    /// Probability of holding a hand of this cell in Banluck (drawing every
    /// card).
    pub probability: f64,
}

/// The EVs of a comparison, as one plain row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompareSummaryRow {
    /// The Banluck rules' hash.
    pub banluck_rules_hash: String,
    /// The blackjack rules' hash.
    pub blackjack_rules_hash: String,
    /// Banluck EV per hand with its best chart.
    pub banluck_ev_chart: f64,
    /// Banluck EV per hand playing blackjack basic strategy's hit/stand.
    pub banluck_ev_with_blackjack: f64,
    /// What blackjack's hit/stand costs in Banluck, per hand.
    pub cost_in_banluck: f64,
    /// Blackjack EV per round with the best play (doubles, splits ...).
    pub blackjack_ev: f64,
    /// Blackjack EV per round with basic strategy's hit/stand only.
    pub blackjack_ev_hit_stand: f64,
    /// Blackjack EV per round playing the Banluck chart.
    pub blackjack_ev_with_banluck: f64,
    /// What the Banluck chart costs in blackjack, per round.
    pub cost_in_blackjack: f64,
}

fn action_name(action: Action) -> String {
    match action {
        Action::Hit => "hit".into(),
        Action::Stand => "stand".into(),
    }
}

/// Computes a compare experiment: the cells and the summary row.
pub fn run_compare(experiment: &CompareExperiment) -> (Vec<CompareRow>, CompareSummaryRow) {
    let table = RuleTable::compile(experiment.rules.clone());
    let c = compare(&table, &experiment.blackjack);
    let cells = c
        .cells
        .iter()
        .map(|cell| CompareRow {
            cards: cell.cards,
            total: cell.total,
            soft: cell.soft,
            upcard: cell.upcard.map(String::from),
            banluck: action_name(cell.banluck),
            blackjack: action_name(cell.blackjack),
            agree: cell.agree,
            probability: cell.probability,
        })
        .collect();
    let summary = CompareSummaryRow {
        banluck_rules_hash: c.banluck_rules_hash.clone(),
        blackjack_rules_hash: c.blackjack_rules_hash.clone(),
        banluck_ev_chart: c.banluck_ev_chart,
        banluck_ev_with_blackjack: c.banluck_ev_with_blackjack,
        cost_in_banluck: c.cost_in_banluck(),
        blackjack_ev: c.blackjack_ev,
        blackjack_ev_hit_stand: c.blackjack_ev_hit_stand,
        blackjack_ev_with_banluck: c.blackjack_ev_with_banluck,
        cost_in_blackjack: c.cost_in_blackjack(),
    };
    (cells, summary)
}
