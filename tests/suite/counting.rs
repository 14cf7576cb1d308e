//! The counting study (`games::banluck::counting`): with a fresh deck every
//! round counting is worth exactly nothing (exact, and within noise when
//! played out); dealt through, the perfect-information bettor beats the
//! counter, who beats the flat bettor, and the counter's rounds played out
//! on its composition-dependent optimum agree with its exact expected win;
//! the figures do not depend on the number of threads.

use banluck_lab::games::banluck::counting::{CountParams, CountResult, count_study};
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet, load_rules};
use banluck_lab::rules::Refresh;

fn study(rules: RuleSet, players: usize, rounds: u64, share: f64, threads: usize) -> CountResult {
    study_edge(rules, players, rounds, (share, share), threads)
}

fn study_edge(
    rules: RuleSet,
    players: usize,
    rounds: u64,
    (exact_share, edge_share): (f64, f64),
    threads: usize,
) -> CountResult {
    let table = CompiledRules::compile(rules);
    let player = dp::solve(&table).chart_player;
    let params = CountParams {
        players,
        rounds,
        exact_share,
        edge_share,
        seed: 5,
        threads,
        progress: false,
    };
    count_study(&table, &player, &params).unwrap()
}

#[test]
fn with_a_fresh_deck_every_round_counting_gains_nothing() {
    let rules = RuleSet::default();
    let chart_ev = dp::solve(&CompiledRules::compile(rules.clone())).ev_chart;
    let result = study(rules, 1, 200_000, 0.002, 2);
    let f = &result.figures;
    assert_eq!(f.rounds, 200_000);
    assert_eq!(f.decks, 200_000);
    // The count is 0 before every bet: the counter bets 1 unit throughout.
    assert_eq!(f.spread.mean_bet, 1.0);
    assert_eq!(f.gain_per_unit_bet.mean, 0.0);
    assert_eq!(f.spread.per_unit_bet, f.flat.per_unit_bet);
    // The seat's results agree with the exact EV of the chart.
    let z = f.flat.per_unit_bet.z(chart_ev);
    assert!(z.abs() < 4.0, "z = {z}");
    // Every solved round is a full deck: the counter plays the full deck's
    // optimum at 1 unit, as the flat bettor does; its exact gain is 0.
    assert!(f.exact_rounds > 200, "{}", f.exact_rounds);
    assert_eq!(f.share_positive_exact.mean, 0.0);
    assert_eq!(f.share_positive_linear, 0.0);
    for bettor in [
        &f.exact_base,
        &f.exact_flat,
        &f.exact_counter,
        &f.exact_perfect,
    ] {
        assert!((bettor.per_unit_bet.mean - result.system.ev_full).abs() < 1e-12);
    }
    for gain in [
        f.exact_counter_gain_per_100,
        f.exact_play_gain_per_100,
        f.exact_perfect_gain_per_100,
        f.exact_gain_per_unit_bet,
    ] {
        assert!(gain.mean.abs() < 1e-10, "{gain:?}");
    }
    // Played out, the counter's rounds on the optimum agree with their
    // exact value.
    let z = f.played_minus_exact_per_100.z(0.0);
    assert!(z.abs() < 4.0, "z = {z}");
    assert_eq!(f.run_out_share, 0.0);
    assert_eq!(f.by_run_out[0].share, 1.0);
    assert_eq!(f.share_short, 0.0);
}

#[test]
fn dealt_through_perfect_information_beats_the_counter_who_beats_the_flat_bettor() {
    // The kampung home game is about even (+0.75 % a round from a full
    // deck), so the ramp's bets move with the count; a single deck dealt
    // to 90 % heads-up spreads the compositions widely.
    let mut rules = load_rules(
        Some(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/rules/kampung.toml"
        ))),
        &[],
    )
    .unwrap();
    rules.deck.refresh = Refresh::Penetration(0.9);
    let result = study(rules, 1, 12_000, 0.04, 2);
    let f = &result.figures;
    assert!(f.exact_rounds > 200, "{}", f.exact_rounds);
    // Heads-up from at least 10 cards a round cannot run out: the played
    // rounds on the optimum agree with their exact value.
    let z = f.played_minus_exact_per_100.z(0.0);
    assert!(z.abs() < 4.0, "z = {z}");
    // Playing each deck's optimum never loses to the full deck's.
    assert!(f.exact_play_gain_per_100.mean > 0.0);
    let counter = f.exact_counter_gain_per_100;
    let perfect = f.exact_perfect_gain_per_100;
    assert!(counter.mean > 3.0 * counter.std_error, "{counter:?}");
    assert!(perfect.mean > counter.mean, "{perfect:?} {counter:?}");
    assert!(
        f.exact_gain_per_unit_bet.mean > 0.0,
        "{:?}",
        f.exact_gain_per_unit_bet
    );
    assert!(f.share_positive_exact.mean > 0.5);
    assert!(f.spread.mean_bet > 1.0 && f.spread.mean_bet < 8.0);
}

#[test]
fn one_and_two_threads_give_the_same_figures() {
    let mut rules = RuleSet::default();
    rules.deck.refresh = Refresh::Penetration(0.75);
    let one = study_edge(rules.clone(), 4, 3 * 4096 + 5, (0.005, 0.2), 1);
    let two = study_edge(rules, 4, 3 * 4096 + 5, (0.005, 0.2), 2);
    assert_eq!(one.threads, 1);
    assert_eq!(two.threads, 2);
    assert_eq!(one.figures, two.figures);
    assert!(one.figures.rounds >= 3 * 4096 + 5);
    assert!(one.figures.exact_rounds > 0);
}
