//! The equilibrium solver against independent computations: the exact
//! solver's best response to the equilibrium dealer, the exact evaluation of
//! the profile, and the dealer's best responses replayed through the exact
//! solver.

use std::path::Path;

use banluck_lab::cards::CompId;
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::{self, CfrParams, CfrVariant};
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use banluck_lab::rules::Override;

use crate::support;

fn table(file: &str, sets: &[&str]) -> CompiledRules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    CompiledRules::compile(load_rules(Some(Path::new(file)), &overrides).unwrap())
}

fn params(target: f64) -> CfrParams {
    CfrParams {
        algorithm: CfrVariant::Dcfr,
        target_exploitability: target,
        max_iterations: 5_000,
        check_every: 25,
    }
}

fn check_against_dp(file: &str, sets: &[&str]) {
    let table = table(file, sets);
    let s = equilibrium::solve(&table, &params(1e-6));
    assert!(
        s.exploitability <= 1e-6,
        "{file} {sets:?}: {}",
        s.exploitability
    );
    // The exact solver's best response to the equilibrium dealer is the
    // solver's upper bound, computed independently.
    let upper = dp::best_response_value(&table, &s.dealer);
    assert!(
        (upper - s.value_upper).abs() < 1e-9,
        "{file} {sets:?}: dp best response {upper} vs {}",
        s.value_upper
    );
    // The exact value of the average profile.
    let value = dp::evaluate(&table, &s.player, &s.dealer).mean();
    assert!(
        (value - s.value).abs() < 1e-9,
        "{file}: dp value {value} vs {}",
        s.value
    );
    // The dealer's best response, replayed exactly, is the lower bound.
    let (lower, response) = equilibrium::dealer_best_response(&table, &s.player);
    assert!((lower - s.value_lower).abs() < 1e-9);
    let replay = dp::evaluate(&table, &s.player, &response).mean();
    assert!(
        (replay - lower).abs() < 1e-9,
        "{file}: replay {replay} vs {lower}"
    );
    assert!(s.value_lower <= s.value + 1e-12 && s.value <= s.value_upper + 1e-12);
    // A strategic dealer does at least as well as the fixed one.
    assert!(s.value <= dp::solve(&table).ev + 1e-6);
}

#[test]
fn canonical_equilibrium_agrees_with_the_exact_solver() {
    check_against_dp("rules/banluck.toml", &[]);
}

#[test]
fn house_draw_equilibrium_agrees_with_the_exact_solver() {
    check_against_dp("rules/house-draw.toml", &[]);
}

#[test]
fn kampung_equilibrium_agrees_with_the_exact_solver() {
    check_against_dp("rules/kampung.toml", &[]);
}

#[test]
fn variants_agree_with_the_exact_solver() {
    check_against_dp("rules/must-hit.toml", &["deck.decks=2"]);
    check_against_dp(
        "rules/banluck.toml",
        &[
            "settlement.five_card_timing=immediate",
            "deck.infinite=true",
        ],
    );
}

#[test]
fn cfr_plus_and_dcfr_reach_the_same_value() {
    let table = table("rules/banluck.toml", &[]);
    let plus = equilibrium::solve(
        &table,
        &CfrParams {
            algorithm: CfrVariant::CfrPlus,
            ..params(1e-6)
        },
    );
    let discounted = equilibrium::solve(&table, &params(1e-6));
    assert!(plus.exploitability <= 1e-6);
    // Both values lie within their exploitability of the true game value.
    assert!((plus.value - discounted.value).abs() < 4e-6);
    // The log's exploitability falls from its start.
    assert!(plus.log.first().unwrap().exploitability > 100.0 * plus.exploitability);
}

#[test]
fn a_strategic_dealer_exploits_stand_on_16() {
    let table = table("rules/banluck.toml", &[]);
    let mut habit = PlayerStrategy::stand_everywhere(&table);
    for id in 0..table.compositions().len() as CompId {
        if table.hand(id).total < 16 {
            habit.set_hit(id, None, 1.0);
        }
    }
    let against_fixed = dp::evaluate(&table, &habit, &DealerStrategy::fixed(&table)).mean();
    let (exploited, _) = equilibrium::dealer_best_response(&table, &habit);
    assert!(
        exploited < against_fixed - 1e-3,
        "{exploited} vs {against_fixed}"
    );
}

#[test]
fn upcard_equilibrium_agrees_with_the_exact_solver() {
    check_against_dp("rules/upcard.toml", &[]);
}

/// A reduced deck (2 aces, 3 tens, 2 sixes, 3 sevens, 2 nines: Ban Ban, Ban
/// Luck, hard 15 and 777 all possible) with three-card players and
/// four-card dealers, small enough for the generic per-history engine.
fn reduced_table(sets: &[&str]) -> CompiledRules {
    use banluck_lab::cards::{Deck, Rank};
    let mut overrides: Vec<Override> = ["player.max_cards=3", "dealer.max_cards=4"]
        .iter()
        .chain(sets)
        .map(|s| s.parse().unwrap())
        .collect();
    overrides.dedup();
    let rules = load_rules(None, &overrides).unwrap();
    let mut counts = [0u32; 10];
    for (label, n) in [("A", 2), ("T", 3), ("6", 2), ("7", 3), ("9", 2)] {
        counts[Rank::from_label(label).unwrap().index()] = n;
    }
    CompiledRules::compile_with_deck(rules, Deck::from_counts(counts))
}

fn check_generic_agrees(sets: &[&str]) {
    use support::banluck_history::BanluckGame;
    use support::history_cfr::{self, SolveParams, Tree};
    let table = reduced_table(sets);
    let vector = equilibrium::solve(&table, &params(1e-9));
    assert!(
        vector.exploitability <= 1e-9,
        "{sets:?}: {}",
        vector.exploitability
    );
    let tree = Tree::build(&BanluckGame::new(&table)).unwrap();
    let generic = history_cfr::solve(
        &tree,
        SolveParams {
            algorithm: banluck_lab::cfr::Algorithm::DCFR,
            max_iterations: 100_000,
            target_exploitability: 1e-7,
            check_every: 50,
        },
    );
    assert!(
        generic.exploitability <= 1e-7,
        "{sets:?}: generic {}",
        generic.exploitability
    );
    assert!(tree.num_infosets() > 30 && tree.num_nodes() > 10_000);
    // Both values are within their exploitability of the game value.
    let tolerance = 2.0 * (generic.exploitability + vector.exploitability) + 1e-12;
    assert!(
        (generic.value - vector.value).abs() <= tolerance,
        "{sets:?}: generic {} vs vector {} (tolerance {tolerance})",
        generic.value,
        vector.value
    );
    // The exact solver agrees with both on the vector solver's dealer.
    let upper = dp::best_response_value(&table, &vector.dealer);
    assert!((upper - vector.value_upper).abs() < 1e-9);
}

#[test]
fn generic_engine_agrees_on_a_reduced_deck_canonical() {
    check_generic_agrees(&[]);
}

#[test]
fn generic_engine_agrees_on_a_reduced_deck_with_showdown_busts_and_house_draw() {
    check_generic_agrees(&[
        "player.bust=showdown",
        "settlement.both_bust=push",
        "dealer.draw_choice=fixed",
    ]);
}

#[test]
fn generic_engine_agrees_on_a_reduced_deck_with_must_hit_and_no_surrender() {
    check_generic_agrees(&[
        "player.below_min=must_hit",
        "dealer.allow_surrender=false",
        "dealer.fixed.surrender=never",
    ]);
}
