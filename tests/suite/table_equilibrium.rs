//! The table equilibrium (issue 18, items 1b and 1c): at one seat it is the
//! heads-up equilibrium within its NashConv; the same seed gives the same
//! numbers on one and two threads; the table simulator playing the seats'
//! strategy against the dealer's best response agrees with the solver's
//! value of that pair (|z| < 4); bad parameters are errors.

use banluck_lab::games::banluck::equilibrium::{CfrParams, solve};
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::table::dealer::{TableDealerParams, best_response};
use banluck_lab::games::banluck::table::equilibrium::{
    TableEqParams, differences, seat_best_reply, solve_table,
};
use banluck_lab::games::banluck::table::play::{TableParams, simulate_table_policy};
use banluck_lab::sim::z_score;

fn params(players: usize, iterations: u32, threads: usize) -> TableEqParams {
    TableEqParams {
        players,
        iterations,
        seat_rounds: 2,
        dealer_rounds: 128,
        br_rounds: 4_000,
        reply_rounds: 8,
        seed: 3,
        threads,
        progress: false,
    }
}

#[test]
fn one_seat_is_the_heads_up_equilibrium_within_its_nash_conv() {
    let table = CompiledRules::compile(RuleSet::default());
    let eq = solve_table(&table, &params(1, 40, 0)).unwrap();
    assert_eq!(eq.method, "exact");
    let heads_up = solve(&table, &CfrParams::default());
    assert_eq!(format!("{:+.7}", heads_up.value), "-0.1016219");
    // Both best-response gains are exact here and bracket the game value:
    // v - dealer gain <= v* <= v + seat gain.
    let v = eq.value_per_seat.mean;
    assert!(eq.dealer_gain.mean >= -1e-12 && eq.seat_gain.mean >= -1e-12);
    assert!(
        v - eq.dealer_gain.mean <= heads_up.value + 1e-9
            && heads_up.value <= v + eq.seat_gain.mean + 1e-9,
        "value {v}, gains {} and {}",
        eq.dealer_gain.mean,
        eq.seat_gain.mean
    );
    assert!(
        eq.nash_conv_per_seat < 0.01,
        "NashConv {}",
        eq.nash_conv_per_seat
    );
    // The dealer's view of its gain is the seat's loss.
    assert!((eq.dealer_value_per_round.mean + v).abs() < 1e-9);
    // Close to the heads-up strategy: no often-reached hand differs by more
    // than a half.
    let far = differences(&table, &heads_up.player, &eq.player, 0.5, 1e-3);
    assert!(far.is_empty(), "{far:?}");
}

#[test]
fn the_same_seed_gives_the_same_equilibrium_on_one_and_two_threads() {
    let table = CompiledRules::compile(RuleSet::default());
    let one = solve_table(&table, &params(2, 3, 1)).unwrap();
    let two = solve_table(&table, &params(2, 3, 2)).unwrap();
    assert_eq!(one.player, two.player);
    assert_eq!(one.dealer, two.dealer);
    for (a, b) in [
        (one.value_per_seat.mean, two.value_per_seat.mean),
        (one.nash_conv_per_seat, two.nash_conv_per_seat),
        (one.dealer_gain.mean, two.dealer_gain.mean),
    ] {
        assert_eq!(a.to_bits(), b.to_bits());
    }
}

#[test]
fn the_table_simulator_agrees_with_the_solver_on_the_computed_strategies() {
    let table = CompiledRules::compile(RuleSet::default());
    let eq = solve_table(&table, &params(2, 4, 0)).unwrap();
    // The dealer's best response to the seats' strategy is a pure table
    // policy the simulator can play; its value on fresh rounds comes from
    // the same solver.
    let dealer = best_response(
        &table,
        &eq.player,
        &TableDealerParams {
            players: 2,
            rounds: 4_000,
            fresh_rounds: 200_000,
            seed: 9,
            threads: 0,
            progress: false,
        },
    )
    .unwrap();
    let reply = seat_best_reply(
        &table,
        2,
        &eq.player,
        &dealer.policy,
        &banluck_lab::games::banluck::table::equilibrium::ReplyParams {
            rounds: 2,
            fresh_rounds: 40,
            seed: 9,
            threads: 0,
            progress: false,
        },
    )
    .unwrap();
    let simulated = simulate_table_policy(
        &table,
        &eq.player,
        &dealer.policy,
        &TableParams {
            players: 2,
            rounds: 400_000,
            seed: 5,
            threads: 0,
            progress: false,
        },
    )
    .unwrap();
    let table_mean = simulated.stats.table;
    // The dealer's value of its policy (its gain, all seats).
    let z = z_score(
        -table_mean.mean,
        dealer.strategic.per_round.mean,
        table_mean
            .std_error
            .hypot(dealer.strategic.per_round.std_error),
    );
    assert!(z.abs() < 4.0, "table: z {z}");
    // One seat's value of the seats' strategy against that dealer.
    let seat = &simulated.stats.seats[0];
    let z = z_score(
        seat.mean,
        reply.value_given.mean,
        seat.std_error.hypot(reply.value_given.std_error),
    );
    assert!(z.abs() < 4.0, "seat: z {z}");
}

#[test]
fn bad_parameters_are_errors_not_panics() {
    let table = CompiledRules::compile(RuleSet::default());
    for players in [0, 8] {
        let error = solve_table(&table, &params(players, 1, 1)).unwrap_err();
        assert!(error.to_string().contains("1 to 7"), "{error}");
    }
    let error = solve_table(&table, &params(2, 0, 1)).unwrap_err();
    assert!(error.to_string().contains("at least"), "{error}");
    let mut upcard = RuleSet::default();
    upcard.dealer.upcard = true;
    let error = solve_table(&CompiledRules::compile(upcard), &params(2, 1, 1)).unwrap_err();
    assert!(error.to_string().contains("upcard"), "{error}");
}
