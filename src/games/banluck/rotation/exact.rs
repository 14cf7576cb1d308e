//! Heads-up sessions, exactly: the per-hand payoff distribution of the exact
//! solver, split by whether the player won with Ban Ban or Ban Luck, convolved
//! over the rounds of a session on a lattice of payoffs (no sampling). The
//! banker's side of a hand is the negation of the player's.

use serde::{Deserialize, Serialize};

use super::schedule::Scheme;
use super::summary::{PersonSummary, SessionSummary};
use crate::games::banluck::dp;
use crate::games::banluck::rules::{CompiledRules, RotationScheme};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

/// Largest denominator tried for the payoff lattice.
const MAX_DENOMINATOR: u32 = 1000;

/// One hand's law from the player's side, on a lattice of step `1 / scale`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundLaw {
    /// Payoffs are whole multiples of `1 / scale` bets.
    pub scale: u32,
    /// `(payoff in lattice steps, probability, the player won with a ban)`.
    pub outcomes: Vec<(i64, f64, bool)>,
}

impl RoundLaw {
    /// The exact law of `player` against the fixed dealer of `table`, or
    /// `None` when the payoffs lie on no lattice of step 1/1000 or coarser.
    pub fn new(table: &CompiledRules, player: &PlayerStrategy) -> Option<RoundLaw> {
        let fixed = DealerStrategy::fixed(table);
        let all = dp::evaluate(table, player, &fixed).outcomes;
        let bans = ban_wins(table, &fixed);
        let scale = (1..=MAX_DENOMINATOR).find(|&q| {
            all.iter()
                .chain(&bans)
                .all(|(v, _)| (v * f64::from(q) - (v * f64::from(q)).round()).abs() < 1e-9)
        })?;
        let step = |v: f64| (v * f64::from(scale)).round() as i64;
        let mut outcomes = Vec::new();
        for &(value, probability) in &all {
            let ban: f64 = bans
                .iter()
                .filter(|(v, _)| *v == value)
                .map(|(_, p)| p)
                .sum();
            let rest = (probability - ban).max(0.0);
            if rest > 0.0 {
                outcomes.push((step(value), rest, false));
            }
            if ban > 0.0 {
                outcomes.push((step(value), ban, true));
            }
        }
        Some(RoundLaw { scale, outcomes })
    }

    /// Expected payoff to the player, in bets.
    pub fn mean(&self) -> f64 {
        self.outcomes
            .iter()
            .map(|&(v, p, _)| v as f64 * p)
            .sum::<f64>()
            / f64::from(self.scale)
    }

    /// Variance of the player's payoff, in bets squared.
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        let s = f64::from(self.scale);
        self.outcomes
            .iter()
            .map(|&(v, p, _)| (v as f64 / s - mean).powi(2) * p)
            .sum()
    }

    /// Probability that the player wins with Ban Ban or Ban Luck.
    pub fn ban_rate(&self) -> f64 {
        self.outcomes.iter().filter(|o| o.2).map(|o| o.1).sum()
    }
}

/// `(payoff, probability)` of the player's wins with Ban Ban or Ban Luck at
/// the deal (the dealer did not surrender).
fn ban_wins(table: &CompiledRules, dealer: &DealerStrategy) -> Vec<(f64, f64)> {
    let comps = table.compositions();
    let mut wins: Vec<(f64, f64)> = Vec::new();
    for player in comps.of_size(2) {
        if !table.hand(player).class.is_deal_special() {
            continue;
        }
        for hand in comps.of_size(2) {
            let deck = table.deck();
            let none = comps.counts(comps.empty());
            let joint = deck.composition_probability(none, comps.counts(player))
                * deck.composition_probability(comps.counts(player), comps.counts(hand));
            let kept = joint * (1.0 - dealer.mean_surrender(table, hand));
            match table.deal_special(player, hand) {
                Some(value) if value > 0.0 && kept > 0.0 => {
                    match wins.iter_mut().find(|(v, _)| *v == value) {
                        Some(entry) => entry.1 += kept,
                        None => wins.push((value, kept)),
                    }
                }
                _ => {}
            }
        }
    }
    wins
}

/// Where the running profit of person 0 is absorbed (for the risk of ruin).
#[derive(Debug, Clone, Copy)]
enum Barrier {
    None,
    /// Absorbed at or below this lattice value (person 0 ruined).
    Below(i64),
    /// Absorbed at or above this lattice value (person 1 ruined).
    Above(i64),
}

/// The result of one pass of the session recursion.
struct Pass {
    /// Probability of each final profit of person 0, from `-offset`.
    final_profit: Vec<f64>,
    offset: i64,
    /// Expected rounds banked by person 0.
    banked: f64,
    /// Probability absorbed by the barrier.
    absorbed: f64,
}

/// Runs the session recursion: the distribution over (banker, profit of
/// person 0) round by round.
fn pass(law: &RoundLaw, rounds: u32, scheme: Scheme, barrier: Barrier) -> Pass {
    let reach = law.outcomes.iter().map(|o| o.0.abs()).max().unwrap_or(0);
    let offset = reach * i64::from(rounds);
    let width = (2 * offset + 1) as usize;
    let mut now = [vec![0.0; width], vec![0.0; width]];
    now[0][offset as usize] = 1.0;
    let (mut low, mut high) = (offset as usize, offset as usize);
    let mut banked = 0.0;
    let mut absorbed = 0.0;
    for round in 0..rounds {
        banked += now[0][low..=high].iter().sum::<f64>();
        let mut next = [vec![0.0; width], vec![0.0; width]];
        for (banker, side) in now.iter().enumerate() {
            let sign = if banker == 0 { -1 } else { 1 };
            for (x, &mass) in side.iter().enumerate().take(high + 1).skip(low) {
                if mass == 0.0 {
                    continue;
                }
                for &(value, probability, ban) in &law.outcomes {
                    let passes = match scheme.scheme {
                        RotationScheme::OnBan => ban,
                        _ => false,
                    };
                    let to = if passes { 1 - banker } else { banker };
                    let y = (x as i64 + sign * value) as usize;
                    next[to][y] += mass * probability;
                }
            }
        }
        low = low.saturating_sub(reach as usize);
        high = (high + reach as usize).min(width - 1);
        if scheme.scheme == RotationScheme::EveryN && (round + 1) % scheme.period == 0 {
            next.swap(0, 1);
        }
        for side in &mut next {
            for (x, mass) in side.iter_mut().enumerate().take(high + 1).skip(low) {
                let value = x as i64 - offset;
                let hit = match barrier {
                    Barrier::None => false,
                    Barrier::Below(floor) => value <= floor,
                    Barrier::Above(ceiling) => value >= ceiling,
                };
                if hit {
                    absorbed += *mass;
                    *mass = 0.0;
                }
            }
        }
        now = next;
    }
    let final_profit = now[0].iter().zip(&now[1]).map(|(a, b)| a + b).collect();
    Pass {
        final_profit,
        offset,
        banked,
        absorbed,
    }
}

/// The exact session of two people, person 0 banking first: each one's
/// profit distribution (person 1's is the negation of person 0's), expected
/// rounds banked and, with a bankroll, the risk of ruin.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExactSession {
    /// Person 0's session profit: `(profit in bets, probability)`, ascending,
    /// zero probabilities left out.
    pub distribution: Vec<(f64, f64)>,
    /// The summary of both people.
    pub summary: SessionSummary,
}

/// Solves a heads-up session of `rounds` rounds exactly. `bankroll` in bets.
///
/// ```
/// use banluck_lab::games::banluck::rotation::{exact_session, RoundLaw, Scheme};
/// use banluck_lab::games::banluck::rules::{RotationScheme, RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::strategy_file::Chart;
/// let table = CompiledRules::compile(RuleSet::default());
/// let law = RoundLaw::new(&table, &Chart::stand17().expand(&table).unwrap()).unwrap();
/// let scheme = Scheme { scheme: RotationScheme::EveryN, period: 1 };
/// let session = exact_session(&law, 10, scheme, Some(5.0));
/// let total: f64 = session.distribution.iter().map(|(_, p)| p).sum();
/// assert!((total - 1.0).abs() < 1e-9);
/// assert!((session.summary.persons[0].rounds_banked - 5.0).abs() < 1e-9);
/// ```
pub fn exact_session(
    law: &RoundLaw,
    rounds: u32,
    scheme: Scheme,
    bankroll: Option<f64>,
) -> ExactSession {
    let free = pass(law, rounds, scheme, Barrier::None);
    let s = f64::from(law.scale);
    let distribution: Vec<(f64, f64)> = free
        .final_profit
        .iter()
        .enumerate()
        .filter(|(_, p)| **p > 0.0)
        .map(|(x, &p)| ((x as i64 - free.offset) as f64 / s, p))
        .collect();
    let mean: f64 = distribution.iter().map(|(v, p)| v * p).sum();
    let variance: f64 = distribution
        .iter()
        .map(|(v, p)| (v - mean).powi(2) * p)
        .sum();
    let ahead: f64 = distribution
        .iter()
        .filter(|(v, _)| *v > 0.0)
        .map(|(_, p)| p)
        .sum();
    let behind: f64 = distribution
        .iter()
        .filter(|(v, _)| *v < 0.0)
        .map(|(_, p)| p)
        .sum();
    let ruin = bankroll.map(|b| {
        let steps = (b * s).ceil() as i64;
        (
            pass(law, rounds, scheme, Barrier::Below(-steps)).absorbed,
            pass(law, rounds, scheme, Barrier::Above(steps)).absorbed,
        )
    });
    let person = |person: usize, sign: f64| PersonSummary {
        person,
        mean_profit: sign * mean,
        std_error: None,
        std_dev: variance.sqrt(),
        p_ahead: if person == 0 { ahead } else { behind },
        p_behind: if person == 0 { behind } else { ahead },
        rounds_banked: if person == 0 {
            free.banked
        } else {
            f64::from(rounds) - free.banked
        },
        p_ruin: ruin.map(|(zero, one)| if person == 0 { zero } else { one }),
    };
    let persons = vec![person(0, 1.0), person(1, -1.0)];
    ExactSession {
        distribution,
        summary: SessionSummary::new(
            2,
            rounds,
            scheme,
            "exact (convolution of the exact per-hand distribution)".into(),
            persons,
        ),
    }
}
