//! The strategic table dealer (issue 18, items 1a and 1c): at one seat it
//! is exact and equals the heads-up dealer best response; its values agree
//! with the table simulator playing the computed policy; the same seed
//! gives the same numbers on one and two threads.

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::dealer_best_response;
use banluck_lab::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::games::banluck::table::dealer::{
    DealerValue, TableDealerParams, TableDealerSolution, best_response,
};
use banluck_lab::games::banluck::table::play::{
    TableParams, simulate_table, simulate_table_policy,
};
use banluck_lab::sim::{Estimate, z_score};

use crate::dealer_params;

use dealer_params::params;

fn table_params(players: usize, rounds: u64) -> TableParams {
    TableParams {
        players,
        rounds,
        seed: 5,
        threads: 0,
        progress: false,
    }
}

/// z of a simulated table (the players' total per round) against a
/// dealer's value (its gain per round), both with their standard errors.
fn z(simulated: &Estimate, value: &DealerValue) -> f64 {
    let se = simulated.std_error.hypot(value.per_round.std_error);
    z_score(-simulated.mean, value.per_round.mean, se)
}

#[test]
fn one_seat_is_exact_and_equals_the_heads_up_dealer_best_response() {
    let table = CompiledRules::compile(RuleSet::default());
    let solution = dp::solve(&table);
    let k1 = best_response(&table, &solution.player, &params(1, 0, 1)).unwrap();
    assert_eq!(k1.method, "exact");
    // The dealer's two cards: probabilities over every start sum to one.
    assert!(
        (k1.probability_total - 1.0).abs() < 1e-12,
        "{}",
        k1.probability_total
    );
    // The fixed dealer against the DP strategy: the DP's value, -0.078881.
    assert!((k1.fixed_off.per_round.mean + solution.ev).abs() < 1e-12);
    assert_eq!(format!("{:+.6}", -k1.fixed_off.per_round.mean), "-0.078881");
    // The heads-up dealer best response (the equilibrium module's, exact).
    let (heads_up, dealer) = dealer_best_response(&table, &solution.player);
    assert!(
        (k1.strategic.per_round.mean + heads_up).abs() < 1e-12,
        "table {} against heads-up {}",
        k1.strategic.per_round.mean,
        -heads_up
    );
    // Heads-up, a reveal is a stand: the option is worth nothing.
    assert!(k1.reveal_gain.per_round.abs() < 1e-12);
    for id in 0..table.compositions().len() {
        if table.dealer(id as u32).may_surrender {
            assert_eq!(
                k1.policy.surrender[id],
                dealer.surrender[id] > 0.5,
                "hand {id}"
            );
        }
    }
    // The forced reveal through the policy's reveal path: the DP's exact
    // value of the same strategy against the fixed dealer with the reveal on.
    let mut on = RuleSet::default();
    on.dealer.fixed.reveal = RevealPolicy::On;
    let on = CompiledRules::compile(on);
    let forced = dp::evaluate(&on, &solution.player, &DealerStrategy::fixed(&on)).mean();
    assert!((k1.fixed_on.per_round.mean + forced).abs() < 1e-12);
    // A strategic dealer gains at least what the fixed one does.
    assert!(k1.strategic.per_round.mean > k1.fixed_off.per_round.mean + 0.02);
}

#[test]
fn the_table_simulator_playing_the_computed_policies_agrees_with_their_values() {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let k1 = best_response(&table, &player, &params(1, 0, 0)).unwrap();
    let played =
        simulate_table_policy(&table, &player, &k1.policy, &table_params(1, 400_000)).unwrap();
    let z1 = z(&played.stats.table, &k1.strategic);
    let k2 = best_response(&table, &player, &params(2, 20_000, 0)).unwrap();
    let played =
        simulate_table_policy(&table, &player, &k2.policy, &table_params(2, 200_000)).unwrap();
    let z2 = z(&played.stats.table, &k2.strategic);
    let fixed = simulate_table(&table, &player, &table_params(2, 200_000)).unwrap();
    let z_fixed = z(&fixed.stats.table, &k2.fixed_off);
    let mut on = RuleSet::default();
    on.dealer.fixed.reveal = RevealPolicy::On;
    let fixed_on = simulate_table(
        &CompiledRules::compile(on),
        &player,
        &table_params(2, 200_000),
    )
    .unwrap();
    let z_on = z(&fixed_on.stats.table, &k2.fixed_on);
    eprintln!(
        "z: K=1 strategic {z1:+.2}, K=2 strategic {z2:+.2}, fixed off {z_fixed:+.2}, fixed on {z_on:+.2}"
    );
    for z in [z1, z2, z_fixed, z_on] {
        assert!(z.abs() < 4.0, "z = {z}");
    }
    // The sampled best response beats the fixed dealer on fresh rounds.
    assert!(k2.strategic_over_fixed_off.per_round > 4.0 * k2.strategic_over_fixed_off.std_error);
    assert!((k2.probability_total - 1.0).abs() < 1e-12);
}

fn without_seconds(solution: &TableDealerSolution) -> serde_json::Value {
    let mut json = serde_json::to_value(solution).unwrap();
    json.as_object_mut().unwrap().remove("seconds");
    json.as_object_mut().unwrap().remove("params");
    json
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_one_and_two_threads() {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    let one = best_response(&table, &player, &params(3, 6_000, 1)).unwrap();
    let two = best_response(&table, &player, &params(3, 6_000, 2)).unwrap();
    assert_eq!(without_seconds(&one), without_seconds(&two));
    assert_eq!(one.policy, two.policy);
    let other = best_response(
        &table,
        &player,
        &TableDealerParams {
            seed: 12,
            ..params(3, 6_000, 2)
        },
    )
    .unwrap();
    assert_ne!(other.strategic.per_round.mean, one.strategic.per_round.mean);
}

#[test]
fn bad_parameters_are_refused() {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    for bad in [params(0, 100, 1), params(8, 100, 1), params(2, 0, 1)] {
        assert!(best_response(&table, &player, &bad).is_err());
    }
    let mut rules = RuleSet::default();
    rules.dealer.upcard = true;
    let upcard = CompiledRules::compile(rules);
    let error = best_response(&upcard, &player, &params(2, 100, 1)).unwrap_err();
    assert!(error.to_string().contains("upcard"), "{error}");
}
