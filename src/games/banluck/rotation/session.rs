//! Sessions of S rounds at a table of k people, simulated: every round is a
//! multi-player round of the k - 1 people not banking against the banker,
//! and the bank passes as the scheme says.

use rand::rngs::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::schedule::{Bank, Scheme};
use super::summary::{PersonSummary, SessionSummary};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::SimError;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::{MAX_PLAYERS, PlayRound, RoundPlan, with_cards};
use crate::sim::{Chunked, Estimate, RunParams};

/// Sessions per chunk of the random streams.
pub const CHUNK_SESSIONS: u64 = 64;

/// Most people at a table: seven players and the banker.
pub const MAX_PEOPLE: usize = MAX_PLAYERS + 1;

/// A session to simulate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionParams {
    /// People taking turns at the bank, 2..=8 (each round one banks and the
    /// others play).
    pub people: usize,
    /// Rounds per session (at least 1).
    pub rounds: u32,
    /// When the bank passes.
    pub scheme: Scheme,
    /// Each person's bankroll in bets: ruined when the running profit falls
    /// to minus this. `None`: no ruin is counted.
    pub bankroll: Option<f64>,
    /// Sessions to simulate (at least 1).
    pub sessions: u64,
    /// The seed; the same seed gives bit-identical results at any thread count.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
}

/// One person's sums over a chunk of sessions.
#[derive(Debug, Clone, Copy, Default)]
struct Sums {
    profit: f64,
    squares: f64,
    ahead: u64,
    behind: u64,
    banked: u64,
    ruined: u64,
}

/// Sessions of one rule set, strategy and scheme for the driver.
struct Sessions<'r, 'p> {
    round: &'r RoundPlan<'r>,
    params: &'p SessionParams,
}

impl Chunked for Sessions<'_, '_> {
    type Tally = Vec<Sums>;

    fn empty(&self) -> Vec<Sums> {
        vec![Sums::default(); self.params.people]
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, sessions: u64) -> Vec<Sums> {
        with_cards(self.round, |play| {
            play_sessions(self.round, play, &mut rng, self.params, sessions)
        })
    }

    fn merge(&self, total: &mut Vec<Sums>, chunk: Vec<Sums>) {
        for (sum, part) in total.iter_mut().zip(chunk) {
            sum.profit += part.profit;
            sum.squares += part.squares;
            sum.ahead += part.ahead;
            sum.behind += part.behind;
            sum.banked += part.banked;
            sum.ruined += part.ruined;
        }
    }
}

fn play_sessions(
    round: &RoundPlan<'_>,
    play: &mut PlayRound<'_>,
    rng: &mut Xoshiro256PlusPlus,
    params: &SessionParams,
    sessions: u64,
) -> Vec<Sums> {
    let people = params.people;
    let floor = params.bankroll.map_or(f64::NEG_INFINITY, |b| -b);
    let mut sums = vec![Sums::default(); people];
    let mut out = [0u16; MAX_PLAYERS];
    for _ in 0..sessions {
        let mut bank = Bank::new(people);
        let mut profit = [0.0f64; MAX_PEOPLE];
        let mut ruined = [false; MAX_PEOPLE];
        for _ in 0..params.rounds {
            play(rng, &mut out);
            let banker = bank.banker();
            sums[banker].banked += 1;
            let mut total = 0.0;
            let mut ban = None;
            for (seat, &code) in out[..people - 1].iter().enumerate() {
                let code = usize::from(code);
                let value = round.value[code];
                profit[bank.person_at(seat)] += value;
                total += value;
                if ban.is_none() && round.ban_win[code] {
                    ban = Some(seat);
                }
            }
            profit[banker] -= total;
            for person in 0..people {
                ruined[person] |= profit[person] <= floor;
            }
            bank.end_round(params.scheme, ban);
        }
        for (person, sum) in sums.iter_mut().enumerate() {
            let p = profit[person];
            sum.profit += p;
            sum.squares += p * p;
            sum.ahead += u64::from(p > 0.0);
            sum.behind += u64::from(p < 0.0);
            sum.ruined += u64::from(ruined[person]);
        }
    }
    sums
}

/// Simulates `params.sessions` sessions of `player` (every person plays it)
/// against the fixed dealer of `table`, the banker taking the dealer's side.
///
/// ```
/// use banluck_lab::games::banluck::rotation::{simulate_sessions, Scheme, SessionParams};
/// use banluck_lab::games::banluck::rules::{RotationScheme, RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::strategy_file::Chart;
/// let table = CompiledRules::compile(RuleSet::default());
/// let player = Chart::stand17().expand(&table).unwrap();
/// let params = SessionParams {
///     people: 3, rounds: 30,
///     scheme: Scheme { scheme: RotationScheme::EveryN, period: 5 },
///     bankroll: Some(20.0), sessions: 500, seed: 1, threads: 1,
/// };
/// let summary = simulate_sessions(&table, &player, &params).unwrap();
/// let banked: f64 = summary.persons.iter().map(|p| p.rounds_banked).sum();
/// assert_eq!(banked, 30.0);
/// ```
pub fn simulate_sessions(
    table: &CompiledRules,
    player: &PlayerStrategy,
    params: &SessionParams,
) -> Result<SessionSummary, SimError> {
    if !(2..=MAX_PEOPLE).contains(&params.people) {
        return Err(SimError::Params(format!(
            "a rotating bank needs 2 to {MAX_PEOPLE} people, not {}",
            params.people
        )));
    }
    if params.rounds == 0 || params.sessions == 0 || params.scheme.period == 0 {
        return Err(SimError::Params(
            "sessions, rounds per session and the rotation period must be at least 1".into(),
        ));
    }
    let round = RoundPlan::new(table, player, params.people - 1)?;
    let run = RunParams {
        rounds: params.sessions,
        chunk: CHUNK_SESSIONS,
        seed: params.seed,
        threads: params.threads,
        progress: false,
    };
    let total = crate::sim::run(
        &Sessions {
            round: &round,
            params,
        },
        &run,
    )?
    .tally;
    let n = params.sessions as f64;
    let persons = total
        .iter()
        .enumerate()
        .map(|(person, sum)| {
            let profit = Estimate::from_sums(n, sum.profit, sum.squares);
            PersonSummary {
                person,
                mean_profit: profit.mean,
                std_error: Some(profit.std_error),
                std_dev: profit.std_dev,
                p_ahead: sum.ahead as f64 / n,
                p_behind: sum.behind as f64 / n,
                rounds_banked: sum.banked as f64 / n,
                p_ruin: params.bankroll.map(|_| sum.ruined as f64 / n),
            }
        })
        .collect();
    Ok(SessionSummary::new(
        params.people,
        params.rounds,
        params.scheme,
        format!(
            "simulation of {} sessions, seed {}",
            params.sessions, params.seed
        ),
        persons,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::{RotationScheme, RuleSet};

    /// An outcome code of `round` worth `value`, a ban win or not.
    fn code(round: &RoundPlan<'_>, value: f64, ban: bool) -> u16 {
        (0..round.value.len())
            .find(|&c| round.value[c] == value && round.ban_win[c] == ban)
            .expect("such an outcome exists") as u16
    }

    /// Plays scripted rounds (seat outcome codes per round) through the
    /// session bookkeeping.
    fn scripted(round: &RoundPlan<'_>, scheme: Scheme, script: &[[u16; 2]]) -> Vec<Sums> {
        let params = SessionParams {
            people: 3,
            rounds: script.len() as u32,
            scheme,
            bankroll: Some(1.5),
            sessions: 1,
            seed: 0,
            threads: 1,
        };
        let mut next = script.iter();
        let mut play = |_: &mut Xoshiro256PlusPlus, out: &mut [u16; MAX_PLAYERS]| {
            out[..2].copy_from_slice(next.next().expect("a scripted round"));
        };
        play_sessions(
            round,
            &mut play,
            &mut crate::sim::chunk_rng(0, 0),
            &params,
            1,
        )
    }

    #[test]
    fn the_banker_takes_the_other_side_of_every_seat_and_a_ban_win_takes_the_bank() {
        let table = CompiledRules::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&table);
        let round = RoundPlan::new(&table, &player, 2).unwrap();
        let (lose, win, ban) = (
            code(&round, -1.0, false),
            code(&round, 1.0, false),
            code(&round, 2.0, true),
        );
        // Round 0, person 0 banks: seat 0 (person 1) loses 1, seat 1
        // (person 2) wins 2 with Ban Luck and takes the bank. Round 1,
        // person 2 banks: seat 0 (person 0) wins 1, seat 1 (person 1) loses 1.
        let on_ban = Scheme {
            scheme: RotationScheme::OnBan,
            period: 1,
        };
        let sums = scripted(&round, on_ban, &[[lose, ban], [win, lose]]);
        let profits: Vec<f64> = sums.iter().map(|s| s.profit).collect();
        assert_eq!(profits, vec![0.0, -2.0, 2.0]);
        assert_eq!(
            sums.iter().map(|s| s.banked).collect::<Vec<_>>(),
            vec![1, 0, 1]
        );
        assert_eq!(
            sums.iter().map(|s| (s.ahead, s.behind)).collect::<Vec<_>>(),
            vec![(0, 0), (0, 1), (1, 0)]
        );
        // Person 1 fell to -2 (at or below -1.5): ruined; person 0 touched -1 only.
        assert_eq!(
            sums.iter().map(|s| s.ruined).collect::<Vec<_>>(),
            vec![0, 1, 0]
        );
        // Never passing: the same ban win leaves the bank with person 0.
        let never = Scheme {
            scheme: RotationScheme::Never,
            period: 1,
        };
        let sums = scripted(&round, never, &[[lose, ban], [win, lose]]);
        let profits: Vec<f64> = sums.iter().map(|s| s.profit).collect();
        assert_eq!(profits, vec![-1.0, 0.0, 1.0]);
        assert_eq!(sums[0].banked, 2);
    }
}
