//! The strategic dealer's best response: every key's choice on the sampled
//! (or, with one seat, enumerated) rounds, assembled into a table policy and
//! valued beside the fixed dealers on fresh rounds.

use std::collections::BTreeMap;
use std::time::Instant;

use rayon::prelude::*;

use crate::games::banluck::rules::{CompiledRules, RevealPolicy};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::sim::{RunParams, on_pool};

use super::evaluate::{FreshRounds, POLICIES, PolicyEvaluator};
use super::key::SeatKey;
use super::nodes::DealerNodes;
use super::policy::{KeyPolicy, TablePolicy};
use super::result::{self, TableDealerError, TableDealerParams, TableDealerSolution};
use super::seats::{SeatRound, SeatSampler, enumerate_one_seat};
use super::solve::{KeyChoice, KeySums, best_response as key_best_response};

/// Rounds per chunk of the sampled rounds' random streams.
pub const CHUNK_ROUNDS: u64 = 4096;

/// XORed into the seed for the fresh rounds that value the policies.
pub const FRESH_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

/// One key's sums and its best responses with and without the reveal.
struct Solved {
    weight: f64,
    special: f64,
    with_reveal: KeyChoice,
    without_reveal: KeyChoice,
}

/// The dealer's best response at a table of `params.players` seats, each
/// playing `player`, with the fixed dealers (reveal off and on) and the
/// strategic dealer without the reveal valued on the same rounds.
pub fn best_response(
    table: &CompiledRules,
    player: &PlayerStrategy,
    params: &TableDealerParams,
) -> Result<TableDealerSolution, TableDealerError> {
    let started = Instant::now();
    let players = params.players;
    if !(1..=MAX_PLAYERS).contains(&players) {
        return Err(TableDealerError::Params(format!(
            "a table seats 1 to {MAX_PLAYERS} players, not {players}"
        )));
    }
    if players > 1 && (params.rounds == 0 || params.fresh_rounds < 2) {
        return Err(TableDealerError::Params(
            "the strategic dealer needs at least 1 round to solve on and 2 fresh rounds to value"
                .into(),
        ));
    }
    if table.rules().dealer.upcard || player.by_upcard {
        return Err(TableDealerError::Upcard);
    }
    let plan = Plan::new(table, player, &DealerStrategy::fixed(table))
        .map_err(|e| TableDealerError::Params(e.to_string()))?;
    let nodes = DealerNodes::new(table);
    let exact = players == 1;
    let run = |rounds, seed| RunParams {
        rounds,
        chunk: CHUNK_ROUNDS,
        seed,
        threads: params.threads,
        progress: params.progress,
    };
    let training: Vec<SeatRound> = if exact {
        enumerate_one_seat(table, player)
    } else {
        let sampler = SeatSampler::new(table, plan.clone(), players);
        crate::sim::run(&sampler, &run(params.rounds, params.seed))
            .map_err(|e| TableDealerError::Params(e.to_string()))?
            .tally
    };
    let mut groups: BTreeMap<SeatKey, Vec<&SeatRound>> = BTreeMap::new();
    for round in &training {
        groups.entry(round.key(players)).or_default().push(round);
    }
    let groups: Vec<(SeatKey, Vec<&SeatRound>)> = groups.into_iter().collect();
    let (solved, _) = on_pool(params.threads, || {
        groups
            .par_iter()
            .map(|(key, rounds)| {
                let sums = KeySums::add_up(table, &nodes, rounds, players);
                Solved {
                    weight: sums.weight,
                    special: sums.special,
                    with_reveal: key_best_response(&nodes, *key, &sums, true),
                    without_reveal: key_best_response(&nodes, *key, &sums, false),
                }
            })
            .collect::<Vec<Solved>>()
    })
    .map_err(|e| TableDealerError::Params(e.to_string()))?;
    let weight: f64 = solved.iter().map(|s| s.weight).sum();
    let (strategic, in_sample) = assemble(table, &nodes, &solved, weight, |s| &s.with_reveal);
    let (no_reveal, _) = assemble(table, &nodes, &solved, weight, |s| &s.without_reveal);
    let fixed_off = TablePolicy::fixed(table, &nodes, RevealPolicy::Off);
    let fixed_on = TablePolicy::fixed(table, &nodes, RevealPolicy::On);
    let policies: [&TablePolicy; POLICIES] = [&fixed_off, &fixed_on, &no_reveal, &strategic];
    let evaluator = PolicyEvaluator::new(table, &nodes, policies, players);
    let tally = if exact {
        evaluator.value_all(&training)
    } else {
        let fresh = FreshRounds {
            sampler: SeatSampler::new(table, plan, players),
            evaluator,
        };
        crate::sim::run(
            &fresh,
            &run(params.fresh_rounds, params.seed ^ FRESH_STREAM),
        )
        .map_err(|e| TableDealerError::Params(e.to_string()))?
        .tally
    };
    Ok(result::solution(
        table,
        params,
        exact,
        &tally,
        result::Extras {
            keys: solved.len(),
            training_rounds: training.len(),
            in_sample,
            seconds: started.elapsed().as_secs_f64(),
        },
        strategic,
        no_reveal,
    ))
}

/// The table policy of one variant (with or without the reveal): the
/// surrender decision over all keys, then each key's actions; and the
/// dealer's mean gain on the rounds solved on (optimistic when sampled).
fn assemble(
    table: &CompiledRules,
    nodes: &DealerNodes,
    solved: &[Solved],
    weight: f64,
    choice: impl Fn(&Solved) -> &KeyChoice,
) -> (TablePolicy, f64) {
    let comps = table.compositions().len();
    let mut surrender = vec![false; comps];
    let mut play_total = vec![0.0; nodes.starts.len()];
    for s in solved {
        for (total, play) in play_total.iter_mut().zip(&choice(s).play) {
            *total += play;
        }
    }
    let mut value: f64 = solved.iter().map(|s| s.special).sum();
    for (&start, &play) in nodes.starts.iter().zip(&play_total) {
        let gives_up = table.dealer(start).may_surrender && play < 0.0;
        surrender[start as usize] = gives_up;
        if !gives_up {
            value += nodes.orders[start as usize] * play;
        }
    }
    let keys = solved
        .iter()
        .map(|s| {
            let c = choice(s);
            (
                c.key,
                KeyPolicy::new(nodes, &surrender, c.before.clone(), c.after.clone()),
            )
        })
        .collect();
    let fixed = TablePolicy::fixed(table, nodes, RevealPolicy::Off).default;
    let default = KeyPolicy::new(nodes, &surrender, fixed.before, fixed.after);
    (
        TablePolicy {
            surrender,
            keys,
            default,
        },
        value / weight,
    )
}

#[cfg(test)]
#[path = "respond_tests.rs"]
mod tests;
