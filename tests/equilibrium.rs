//! The equilibrium solver against independent computations: the exact
//! solver's best response to the equilibrium dealer, the exact evaluation of
//! the profile, and the dealer's best responses replayed through the exact
//! solver.

use std::path::Path;

use banluck_lab::cards::CompId;
use banluck_lab::rules::{Override, RuleTable, load_rules};
use banluck_lab::solve::dp;
use banluck_lab::solve::equilibrium::{self, Algorithm, CfrParams};
use banluck_lab::strategy::{DealerStrategy, PlayerStrategy};

fn table(file: &str, sets: &[&str]) -> RuleTable {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    RuleTable::compile(load_rules(Some(Path::new(file)), &overrides).unwrap())
}

fn params(target: f64) -> CfrParams {
    CfrParams {
        algorithm: Algorithm::Dcfr,
        target_exploitability: target,
        max_iterations: 5_000,
        check_every: 25,
    }
}

fn check_against_dp(file: &str, sets: &[&str]) {
    let table = table(file, sets);
    let s = equilibrium::solve(&table, &params(1e-6)).unwrap();
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
    let (lower, response) = equilibrium::dealer_best_response(&table, &s.player).unwrap();
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
            algorithm: Algorithm::CfrPlus,
            ..params(1e-6)
        },
    )
    .unwrap();
    let discounted = equilibrium::solve(&table, &params(1e-6)).unwrap();
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
    let (exploited, _) = equilibrium::dealer_best_response(&table, &habit).unwrap();
    assert!(
        exploited < against_fixed - 1e-3,
        "{exploited} vs {against_fixed}"
    );
}

#[test]
fn the_upcard_is_refused_with_a_clear_error() {
    let table = table("rules/upcard.toml", &[]);
    let error = equilibrium::solve(&table, &params(1e-6)).unwrap_err();
    assert!(error.to_string().contains("dealer.upcard"));
}
