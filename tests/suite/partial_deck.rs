//! The exact DP from a partial deck (`dp::deck_value`, `solve --remove`)
//! and the effects of removal (`dp::effects_of_removal`, `solve --effects`).

use std::path::Path;
use std::process::Command;

use banluck_lab::cards::{RANK_COUNT, Rank};
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet, load_rules};

fn rules(file: &str) -> RuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    load_rules(Some(&path), &[]).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12
}

#[test]
fn partial_dp_from_a_full_deck_equals_the_solver() {
    for file in ["rules/banluck.toml", "rules/house-draw.toml"] {
        let rules = rules(file);
        let full = dp::full_deck(&rules).unwrap();
        let value = dp::deck_value(&rules, &full).unwrap();
        let solution = dp::solve(&CompiledRules::compile(rules));
        assert!(
            close(value.ev, solution.ev),
            "{file}: {} vs {}",
            value.ev,
            solution.ev
        );
        assert!(close(value.std_dev, solution.std_dev), "{file}");
        assert_eq!(value.cards, 52);
    }
}

/// Burning an unseen card leaves the distribution of the rest unchanged, so
/// for a fixed strategy S: Σ_r (n_r / N) · EV_S(D − r) = EV_S(D) exactly.
#[test]
fn a_fixed_strategy_averaged_over_one_burnt_card_keeps_its_ev() {
    let rules = rules("rules/banluck.toml");
    let table = CompiledRules::compile(rules.clone());
    let solution = dp::solve(&table);
    let full = dp::full_deck(&rules).unwrap();
    let n: u32 = full.iter().sum();
    let mut average = 0.0;
    for r in 0..RANK_COUNT {
        let mut less = full;
        less[r] -= 1;
        let value = dp::strategy_value(&rules, &table, &solution.player, &less).unwrap();
        average += f64::from(full[r]) / f64::from(n) * value;
    }
    let same = dp::strategy_value(&rules, &table, &solution.player, &full).unwrap();
    assert!(close(same, solution.ev), "{same} vs {}", solution.ev);
    assert!(close(average, solution.ev), "{average} vs {}", solution.ev);
}

/// With the optimal play re-solved after the burnt card is seen, the
/// weighted EORs sum to the worth of that card: Σ_r (n_r / N) · EOR_r =
/// E_r[EV*(D − r)] − EV*(D) ≥ 0, the same number `counting_gain` finds by
/// enumerating the card; seeing no card (a fresh deck every round) is worth
/// exactly 0.
#[test]
fn weighted_effects_of_removal_sum_to_the_worth_of_one_seen_card() {
    let rules = rules("rules/banluck.toml");
    let full = dp::full_deck(&rules).unwrap();
    let effects = dp::effects_of_removal(&rules, &full).unwrap();
    assert_eq!(effects.effects.len(), RANK_COUNT);
    let weighted: f64 = effects
        .effects
        .iter()
        .map(|e| f64::from(e.cards) / 52.0 * e.eor)
        .sum();
    let gain = dp::counting_gain(&rules, &full, 1).unwrap();
    assert!(close(weighted, gain), "{weighted} vs {gain}");
    assert!(close(effects.one_card_gain, gain));
    assert!(gain >= 0.0, "{gain}");
    assert_eq!(dp::counting_gain(&rules, &full, 0).unwrap(), 0.0);
    assert!(effects.betting_correlation > 0.8, "{effects:?}");
    assert!((1..=3).contains(&effects.level));
}

/// Only the sixteen ten-value cards left: every deal is T T against T T,
/// no surrender, no special; a hit draws a ten and busts, so the player
/// stands on 20, the dealer stands on 20, and every hand pushes: EV 0,
/// standard deviation 0.
#[test]
fn only_tens_left_every_hand_is_20_against_20() {
    let rules = rules("rules/banluck.toml");
    let mut tens = [0; RANK_COUNT];
    tens[Rank::TEN.index()] = 16;
    let value = dp::deck_value(&rules, &tens).unwrap();
    assert_eq!(value.ev, 0.0);
    assert_eq!(value.std_dev, 0.0);
}

#[test]
fn removing_cards_the_deck_lacks_or_leaving_too_few_is_an_error() {
    let rules = rules("rules/banluck.toml");
    let fives = [Rank::new(3); 5];
    let error = dp::remaining_after(&rules, &fives).unwrap_err();
    assert!(error.contains("card 5 (`5`)"), "{error}");
    let mut few = [0; RANK_COUNT];
    few[Rank::TEN.index()] = 9;
    assert!(
        dp::deck_value(&rules, &few)
            .unwrap_err()
            .contains("at least 10")
    );
    let mut infinite = rules.clone();
    infinite.deck.infinite = true;
    assert!(dp::full_deck(&infinite).is_err());
}

fn solve(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("solve")
        .args(["--rules", "rules/banluck.toml"])
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn solve_remove_prints_the_partial_deck_ev_and_rejects_a_missing_card() {
    let rules = rules("rules/banluck.toml");
    let out = solve(&["--remove", "5 5 5 5", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let left = dp::remaining_after(&rules, &[Rank::new(3); 4]).unwrap();
    let expected = dp::deck_value(&rules, &left).unwrap();
    assert!(close(json["ev"].as_f64().unwrap(), expected.ev));
    assert!(close(json["std_dev"].as_f64().unwrap(), expected.std_dev));
    let bad = solve(&["--remove", "A A A A A"]);
    assert_eq!(bad.status.code(), Some(2));
    let message = String::from_utf8_lossy(&bad.stderr);
    assert!(message.contains("cannot remove card 5 (`A`)"), "{message}");
    let effects = solve(&["--effects", "--json"]);
    assert!(effects.status.success());
    let json: serde_json::Value = serde_json::from_slice(&effects.stdout).unwrap();
    assert_eq!(json["effects"]["effects"].as_array().unwrap().len(), 10);
}
