//! Multi-player tables: one seat reproduces the heads-up engines, and the
//! results do not depend on the number of threads.

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
use banluck_lab::games::banluck::sim::{SimParams, simulate};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::games::banluck::strategy_file::Chart;
use banluck_lab::games::banluck::table::play::{TableParams, simulate_table};

fn params(players: usize, rounds: u64, threads: usize) -> TableParams {
    TableParams {
        players,
        rounds,
        seed: 7,
        threads,
        progress: false,
    }
}

#[test]
fn one_seat_plays_exactly_the_heads_up_simulators_hands() {
    let table = CompiledRules::compile(RuleSet::default());
    let player = Chart::stand17().expand(&table).unwrap();
    let multi = simulate_table(&table, &player, &params(1, 300_000, 2)).unwrap();
    let heads_up = simulate(
        &table,
        &player,
        &DealerStrategy::fixed(&table),
        &SimParams {
            hands: 300_000,
            seed: 7,
            threads: 2,
            progress: false,
        },
    )
    .unwrap();
    assert_eq!(multi.stats.seats[0], heads_up.stats);
    assert_eq!(multi.stats.table.mean, heads_up.stats.mean);
}

#[test]
fn one_seat_matches_the_exact_solver_within_four_standard_errors() {
    for reveal in [RevealPolicy::Off, RevealPolicy::On] {
        let mut rules = RuleSet::default();
        rules.dealer.fixed.reveal = reveal;
        let table = CompiledRules::compile(rules);
        let solution = dp::solve(&table);
        let result = simulate_table(&table, &solution.player, &params(1, 2_000_000, 0)).unwrap();
        let z = result.stats.seats[0].z_score(solution.ev);
        assert!(z.abs() < 4.0, "reveal {reveal:?}: z = {z}");
    }
}

#[test]
fn same_seed_gives_bit_identical_results_at_any_thread_count() {
    let mut rules = RuleSet::default();
    rules.dealer.fixed.reveal = RevealPolicy::On;
    let table = CompiledRules::compile(rules);
    let player = Chart::stand17().expand(&table).unwrap();
    let one = simulate_table(&table, &player, &params(5, 200_000, 1)).unwrap();
    let two = simulate_table(&table, &player, &params(5, 200_000, 2)).unwrap();
    let three = simulate_table(&table, &player, &params(5, 200_000, 3)).unwrap();
    assert_eq!(one.stats, two.stats);
    assert_eq!(one.stats, three.stats);
    assert!(one.stats.seats.iter().all(|s| s.hands == 200_000));
}

#[test]
fn every_seat_of_a_full_infinite_deck_table_has_the_exact_heads_up_value() {
    // Without card removal (the infinite deck) each seat's hand is dealt
    // and played exactly as heads-up: every seat's mean is the heads-up
    // exact value, so each of seven seats is within 4 standard errors of it.
    let mut rules = RuleSet::default();
    rules.deck.infinite = true;
    let table = CompiledRules::compile(rules);
    let solution = dp::solve(&table);
    let result = simulate_table(&table, &solution.player, &params(7, 1_000_000, 0)).unwrap();
    for (seat, stats) in result.stats.seats.iter().enumerate() {
        let z = stats.z_score(solution.ev);
        assert!(z.abs() < 4.0, "seat {seat}: z = {z}");
    }
    let sum: f64 = result.stats.seats.iter().map(|s| s.mean).sum();
    assert!((sum - result.stats.table.mean).abs() < 1e-9);
}

/// Share of `stats`' hands whose player (or dealer) class is `class`.
fn class_share(classes: &[banluck_lab::games::banluck::sim::ClassFrequency], class: &str) -> u64 {
    classes
        .iter()
        .filter(|c| c.class == class)
        .map(|c| c.hands)
        .sum()
}

#[test]
fn every_seat_of_a_one_deck_table_is_dealt_with_the_exact_deal_frequencies() {
    // Card removal moves the seats' EVs, but not the deal: any two cards of
    // a shuffled deck are a uniform pair, so every seat is dealt Ban Ban
    // 6/1326 and Ban Luck 64/1326 of the time, and the dealer surrenders
    // (two-card hard 15: 5-T, 6-9, 7-8) 96/1326 of the rounds.
    let table = CompiledRules::compile(RuleSet::default());
    let solution = dp::solve(&table);
    let rounds = 1_000_000u64;
    let result = simulate_table(&table, &solution.player, &params(7, rounds, 0)).unwrap();
    let z = |count: u64, p: f64| {
        let n = rounds as f64;
        (count as f64 - n * p) / (n * p * (1.0 - p)).sqrt()
    };
    for (seat, stats) in result.stats.seats.iter().enumerate() {
        assert_eq!(stats.hands, rounds);
        let surrendered = class_share(&stats.dealer_classes, "surrendered");
        let void = z(surrendered, 96.0 / 1326.0);
        assert!(void.abs() < 4.0, "seat {seat}: void z = {void}");
        for (class, ways) in [("ban_ban", 6.0), ("ban_luck", 64.0)] {
            let dealt = class_share(&stats.player_classes, class);
            let zc = z(dealt, ways / 1326.0);
            assert!(zc.abs() < 4.0, "seat {seat}: {class} z = {zc}");
        }
    }
}
