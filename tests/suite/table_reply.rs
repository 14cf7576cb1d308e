//! A seat's best reply at the table (issue 18, item 1b): heads-up against
//! the fixed dealer it is exact and the DP strategy is already the best
//! reply, a poor strategy gains by replying, and the same seed gives the
//! same numbers on one and two threads.

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
use banluck_lab::games::banluck::strategy::PlayerStrategy;
use banluck_lab::games::banluck::table::dealer::policy::TablePolicy;
use banluck_lab::games::banluck::table::equilibrium::{ReplyParams, seat_best_reply};

fn params(rounds: u64, threads: usize) -> ReplyParams {
    ReplyParams {
        rounds,
        fresh_rounds: rounds,
        seed: 7,
        threads,
        progress: false,
    }
}

#[test]
fn heads_up_against_the_fixed_dealer_the_dp_strategy_cannot_be_improved() {
    let table = CompiledRules::compile(RuleSet::default());
    let dp = dp::solve(&table);
    let dealer = TablePolicy::fixed_dealer(&table, RevealPolicy::Off);
    let reply = seat_best_reply(&table, 1, &dp.player, &dealer, &params(1, 0)).unwrap();
    assert_eq!(reply.method, "exact");
    // The seat's value is the DP's exact value, -0.078881.
    assert!(
        (reply.value_given.mean - dp.ev).abs() < 1e-12,
        "{:?} against {}",
        reply.value_given,
        dp.ev
    );
    assert_eq!(format!("{:+.6}", reply.value_given.mean), "-0.078881");
    // The DP is optimal: the reply gains nothing and changes no hand.
    assert!(reply.gain.mean.abs() < 1e-12, "gain {:?}", reply.gain);
    assert!(reply.deviations.is_empty(), "{:?}", reply.deviations);
}

#[test]
fn a_seat_standing_on_everything_gains_by_replying_and_finds_the_big_hits() {
    let table = CompiledRules::compile(RuleSet::default());
    let stand = PlayerStrategy::stand_everywhere(&table);
    let dealer = TablePolicy::fixed_dealer(&table, RevealPolicy::Off);
    let reply = seat_best_reply(&table, 3, &stand, &dealer, &params(48, 0)).unwrap();
    assert_eq!(reply.method, "sampled");
    // Paired: the gain is the difference of the two values.
    let difference = reply.value_reply.mean - reply.value_given.mean;
    assert!((reply.gain.mean - difference).abs() < 1e-9);
    assert!(
        reply.gain.mean > 4.0 * reply.gain.std_error,
        "gain {:?}",
        reply.gain
    );
    // Standing on a hard 12 forfeits (below the minimum 16): the reply hits it
    // and says so with a positive EV difference.
    let t2 = reply
        .deviations
        .iter()
        .find(|d| d.hand == "2T" || d.hand == "T2")
        .expect("a hard 12 is listed");
    assert_eq!((t2.given_hit, t2.reply_hit), (0.0, 1.0));
    assert!(t2.ev_difference > 4.0 * t2.hit_minus_stand.std_error);
    assert!(t2.reach_given > 0.0);
}

#[test]
fn the_same_seed_gives_the_same_reply_on_one_and_two_threads() {
    let table = CompiledRules::compile(RuleSet::default());
    let chart = dp::solve(&table).player;
    let dealer = TablePolicy::fixed_dealer(&table, RevealPolicy::On);
    let one = seat_best_reply(&table, 2, &chart, &dealer, &params(40, 1)).unwrap();
    let two = seat_best_reply(&table, 2, &chart, &dealer, &params(40, 2)).unwrap();
    assert_eq!(one.strategy, two.strategy);
    assert_eq!(one.gain.mean.to_bits(), two.gain.mean.to_bits());
    assert_eq!(
        one.value_given.mean.to_bits(),
        two.value_given.mean.to_bits()
    );
    assert_eq!(
        serde_json::to_string(&one.deviations).unwrap(),
        serde_json::to_string(&two.deviations).unwrap()
    );
}

#[test]
fn bad_tables_are_errors_not_panics() {
    let table = CompiledRules::compile(RuleSet::default());
    let chart = dp::solve(&table).player;
    let dealer = TablePolicy::fixed_dealer(&table, RevealPolicy::Off);
    for players in [0, 8] {
        let error = seat_best_reply(&table, players, &chart, &dealer, &params(10, 1)).unwrap_err();
        assert!(error.to_string().contains("1 to 7"), "{error}");
    }
    let error = seat_best_reply(&table, 2, &chart, &dealer, &params(0, 1)).unwrap_err();
    assert!(error.to_string().contains("at least"), "{error}");
}
