//! The baccarat shoe simulator against the exact full-shoe figures (a
//! z-test), its reproducibility per seed on any number of threads, and
//! its burn and cut-card rules.

use banluck_lab::games::baccarat::rules::{BaccaratRules, BurnRule};
use banluck_lab::games::baccarat::sim::{SimParams, simulate};

fn params(hands: u64, seed: u64, threads: usize) -> SimParams {
    SimParams {
        hands,
        seed,
        threads,
        progress: false,
    }
}

#[test]
fn eight_deck_frequencies_match_the_exact_figures() {
    let rules = BaccaratRules::default();
    let result = simulate(&rules, &params(4_000_000, 1, 0)).unwrap();
    let stats = &result.stats;
    assert_eq!(stats.hands, 4_000_000);
    let z = stats.max_abs_z();
    assert!(z < 4.0, "max |z| = {z}: {stats:?}");
    // Every bet's mean return within 4 standard errors of its exact EV.
    for bet in &stats.bets {
        let z = (bet.mean - bet.exact) / bet.std_error;
        assert!(z.abs() < 4.0, "{bet:?}");
    }
    // About 80 coups per 8-deck shoe with 14 cards behind the cut card.
    assert!((75.0..85.0).contains(&stats.hands_per_shoe), "{stats:?}");
}

#[test]
fn the_same_seed_gives_the_same_counts_on_any_number_of_threads() {
    let rules = BaccaratRules::default();
    let hands = 3 * (1 << 20) + 12_345;
    let one = simulate(&rules, &params(hands, 42, 1)).unwrap();
    let two = simulate(&rules, &params(hands, 42, 2)).unwrap();
    assert_eq!(one.stats, two.stats);
    let other = simulate(&rules, &params(hands, 43, 2)).unwrap();
    assert_ne!(one.stats.counts, other.stats.counts);
}

#[test]
fn burn_and_cut_card_change_coups_per_shoe_but_not_the_odds() {
    let mut rules = BaccaratRules::default();
    rules.shoe.decks = 6;
    rules.shoe.burn = BurnRule::Fixed;
    rules.shoe.burn_cards = 52;
    rules.shoe.cut_card = 78;
    let deep = simulate(&rules, &params(2_000_000, 5, 0)).unwrap();
    rules.shoe.burn = BurnRule::None;
    rules.shoe.cut_card = 0;
    let full = simulate(&rules, &params(2_000_000, 5, 0)).unwrap();
    // 312 cards: about (312 - 130) / 4.94 against (312 - 5) / 4.94 coups.
    assert!(deep.stats.hands_per_shoe < 40.0, "{:?}", deep.stats);
    assert!(full.stats.hands_per_shoe > 60.0, "{:?}", full.stats);
    for stats in [&deep.stats, &full.stats] {
        assert!(stats.max_abs_z() < 4.0, "{stats:?}");
    }
}
