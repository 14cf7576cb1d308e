//! The generic CFR driver checked on the toys: where it stops, what it
//! measures, and its solutions' JSON.

use super::kuhn::Kuhn;
use super::leduc::Leduc;
use crate::cfr::{Algorithm, Solution, SolveParams, Tree, solve};

#[test]
fn stops_at_the_first_measurement_under_the_target() {
    let tree = Tree::build(&Kuhn).unwrap();
    let params = SolveParams {
        target_exploitability: 1e-3,
        check_every: 5,
        ..SolveParams::default()
    };
    let solution = solve(&tree, params);
    assert!(solution.exploitability <= 1e-3);
    assert_eq!(solution.iterations % 5, 0);
    let [.., before, last] = solution.log.as_slice() else {
        panic!("at least two measurements");
    };
    assert!(before.exploitability > 1e-3);
    assert_eq!(last.iteration, solution.iterations);
    assert_eq!(last.exploitability, solution.exploitability);
}

#[test]
fn stops_at_the_iteration_limit_and_measures_it() {
    let tree = Tree::build(&Kuhn).unwrap();
    let params = SolveParams {
        max_iterations: 23,
        target_exploitability: 0.0,
        check_every: 10,
        ..SolveParams::default()
    };
    let solution = solve(&tree, params);
    let measured: Vec<u64> = solution.log.iter().map(|row| row.iteration).collect();
    assert_eq!(measured, [0, 10, 20, 23]);
    assert_eq!(solution.iterations, 23);
}

#[test]
fn exploitability_is_non_negative_bounds_the_value_and_decreases() {
    let tree = Tree::build(&Leduc).unwrap();
    for algorithm in [
        Algorithm::CFR_PLUS,
        Algorithm::DCFR,
        Algorithm::DCFR_RESTARTED,
    ] {
        let params = SolveParams {
            algorithm,
            max_iterations: 1000,
            target_exploitability: 0.0,
            check_every: 10,
        };
        let log = solve(&tree, params).log;
        for row in &log {
            assert!(row.exploitability >= 0.0, "{row:?}");
            assert!(row.lower <= row.value && row.value <= row.upper, "{row:?}");
        }
        let at = |iteration: u64| {
            log.iter()
                .find(|row| row.iteration == iteration)
                .unwrap()
                .exploitability
        };
        assert!(
            at(0) > at(10) && at(10) > at(100) && at(100) > at(1000),
            "{algorithm:?}"
        );
        assert!(at(1000) < 1e-2 * at(10));
    }
}

#[test]
fn solutions_round_trip_through_json_and_look_up_by_key() {
    let tree = Tree::build(&Kuhn).unwrap();
    let params = SolveParams {
        max_iterations: 50,
        ..SolveParams::default()
    };
    let solution = solve(&tree, params);
    let json = serde_json::to_string(&solution).unwrap();
    let back: Solution = serde_json::from_str(&json).unwrap();
    // serde_json may parse a float one unit in the last place off.
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-15 * a.abs().max(1.0);
    assert_eq!(
        (back.params, back.iterations, back.log.len()),
        (solution.params, 50, solution.log.len())
    );
    assert!(
        close(back.value, solution.value) && close(back.exploitability, solution.exploitability)
    );
    for ((key, entry), (original_key, original)) in
        back.strategy.iter().zip(solution.strategy.iter())
    {
        assert_eq!(
            (key, &entry.actions, entry.player),
            (original_key, &original.actions, original.player)
        );
        assert!(
            entry
                .probabilities
                .iter()
                .zip(&original.probabilities)
                .all(|(&a, &b)| close(a, b))
        );
    }
    let king_facing_bet = back.strategy.get("K:b").unwrap();
    assert_eq!(king_facing_bet.actions, ["p", "b"]);
    assert!(king_facing_bet.probability("b").unwrap() > 0.9);
    assert_eq!(back.strategy.iter().count(), 12);
}
