//! The strategic table dealer (issue 18, items 1a and 1c): at one seat it
//! is exact and equals the heads-up dealer best response; sampled tables
//! agree with the table simulator playing the computed policy.

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::dealer_best_response;
use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};
use banluck_lab::games::banluck::table_dealer::{TableDealerParams, best_response};

fn params(players: usize, rounds: u64, threads: usize) -> TableDealerParams {
    TableDealerParams {
        players,
        rounds,
        fresh_rounds: rounds,
        seed: 11,
        threads,
        progress: false,
    }
}

#[test]
fn one_seat_is_exact_and_equals_the_heads_up_dealer_best_response() {
    let table = RuleTable::compile(RuleSet::default());
    let solution = dp::solve(&table);
    let k1 = best_response(&table, &solution.player, &params(1, 0, 1)).unwrap();
    assert_eq!(k1.method, "exact");
    assert!((k1.probability_total - 1.0).abs() < 1e-12, "{}", k1.probability_total);
    // The fixed dealer against the DP strategy: the DP's value.
    assert!((k1.fixed_off.per_round.mean + solution.ev).abs() < 1e-12, "{} vs {}", k1.fixed_off.per_round.mean, solution.ev);
    let (heads_up, _) = dealer_best_response(&table, &solution.player).unwrap();
    eprintln!("K=1: strategic {:.12} heads-up BR {:.12} fixed {:.12} no-reveal {:.12} fixed on {:.12}", k1.strategic.per_round.mean, -heads_up, k1.fixed_off.per_round.mean, k1.strategic_no_reveal.per_round.mean, k1.fixed_on.per_round.mean);
    assert!((k1.strategic.per_round.mean + heads_up).abs() < 1e-12);
}
