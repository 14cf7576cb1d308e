//! The equilibrium with the dealer's first card face up
//! (`dealer.upcard = true`): its bracket against the exact solver, its
//! strategies (keyed by the upcard, probabilities that add up), a Monte
//! Carlo run of them, and the command line's output. The exact solver's
//! checks of both bounds and the value are in `equilibrium.rs`.

use std::process::Command;
use std::sync::OnceLock;

use banluck_lab::cards::{CompId, Rank};
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::{self, CfrParams, CfrVariant, EquilibriumSolution};
use banluck_lab::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};
use banluck_lab::games::banluck::sim::{SimParams, simulate};
use banluck_lab::games::banluck::strategy::DealerStrategy;

use crate::loaded_table;

use loaded_table::table;

/// The upcard rules and their equilibrium (DCFR to 1e-6), solved once.
fn solved() -> &'static (CompiledRules, EquilibriumSolution) {
    static SOLVED: OnceLock<(CompiledRules, EquilibriumSolution)> = OnceLock::new();
    SOLVED.get_or_init(|| {
        let table = table("upcard.toml", &[]);
        let params = CfrParams {
            algorithm: CfrVariant::Dcfr,
            ..CfrParams::default()
        };
        let solution = equilibrium::solve(&table, &params);
        (table, solution)
    })
}

#[test]
fn the_equilibrium_lies_below_the_fixed_dealers_value() {
    let (table, s) = solved();
    assert!(s.exploitability <= 1e-6, "{}", s.exploitability);
    assert!(s.value_lower <= s.value && s.value <= s.value_upper);
    // The fixed dealer is one strategy of the strategic dealer, so the
    // player's best reply to it (the dp value) bounds the game value from
    // above.
    let fixed = dp::solve(table).ev;
    assert!(s.value_upper <= fixed, "{} vs dp {fixed}", s.value_upper);
    // Seeing the upcard is worth something to the player: the game without
    // it is worth less.
    let hidden = table_without_upcard();
    let without = equilibrium::solve(
        &hidden,
        &CfrParams {
            algorithm: CfrVariant::Dcfr,
            ..CfrParams::default()
        },
    );
    assert!(
        without.value_upper < s.value_lower,
        "{} vs {}",
        without.value,
        s.value
    );
}

fn table_without_upcard() -> CompiledRules {
    table("upcard.toml", &["dealer.upcard=false"])
}

#[test]
fn both_strategies_are_keyed_by_the_upcard_and_are_probabilities() {
    let (table, s) = solved();
    assert!(s.player.by_upcard && s.dealer.by_upcard);
    let comps = table.compositions().len();
    assert_eq!(s.player.hit.len(), comps * 10);
    assert_eq!(s.dealer.surrender.len(), comps * 10);
    let probability = |p: f64| (0.0..=1.0).contains(&p);
    assert!(s.player.hit.iter().copied().all(probability));
    assert!(s.dealer.surrender.iter().copied().all(probability));
    // Per dealer information set, hit + reveal + stand = 1 with stand >= 0.
    for (h, r) in s.dealer.hit.iter().zip(&s.dealer.reveal) {
        assert!(probability(*h) && probability(*r) && h + r <= 1.0 + 1e-12);
    }
    // Every reported cell names its upcard, and the player's frequencies
    // in each cell are probabilities.
    assert!(s.player_chart.iter().all(|c| c.upcard.is_some()));
    assert!(s.dealer_chart.iter().all(|c| c.upcard.is_some()));
    for cell in &s.dealer_chart {
        let sum = cell.hit + cell.reveal + cell.stand;
        assert!((sum - 1.0).abs() < 1e-9, "{cell:?}");
    }
    assert!(s.player_chart.iter().all(|c| probability(c.hit)));
    // Each cell's reach adds up, over upcards, to the chance that the hand
    // plays on at all (between 0 and 1).
    let two_card: f64 = s
        .player_chart
        .iter()
        .filter(|c| c.cards == 2)
        .map(|c| c.probability)
        .sum();
    assert!(two_card > 0.5 && two_card < 1.0, "{two_card}");
    // The strategy depends on the upcard: T6 stands against a 2 and mixes
    // in hits against a ten (about 0.3 at 1e-6).
    let t6 = table.find_hand("T 6").unwrap();
    let hit = |up: Rank| s.player.hit_probability(t6, Some(up));
    assert!(
        hit(Rank::new(0)) < 0.05 && hit(Rank::TEN) > 0.15,
        "T6 hits {} against a 2, {} against a ten",
        hit(Rank::new(0)),
        hit(Rank::TEN)
    );
}

#[test]
fn a_monte_carlo_run_of_the_strategies_agrees_with_the_value() {
    let (table, s) = solved();
    let params = SimParams {
        hands: 2_000_000,
        seed: 23,
        threads: 0,
        progress: false,
    };
    let result = simulate(table, &s.player, &s.dealer, &params).unwrap();
    let z = result.stats.z_score(s.value);
    assert!(
        z.abs() < 4.0,
        "simulated {:.6}, value {:.6}, z = {z:.2}",
        result.stats.mean,
        s.value
    );
}

/// A dealer keyed by its upcard must play the block of the card it shows:
/// showing a ten it draws wherever it may (to 21 or five cards), otherwise
/// it plays the fixed dealer. The simulator and the exact solver agree on
/// it, and it is far from the fixed dealer, so a simulator that read the
/// wrong block would fail.
#[test]
fn a_dealer_keyed_by_its_upcard_is_simulated_as_the_exact_solver_values_it() {
    let table = table("upcard.toml", &[]);
    let fixed = DealerStrategy::fixed(&table);
    let mut keyed = DealerStrategy {
        by_upcard: true,
        hit: fixed.hit.repeat(10),
        reveal: fixed.reveal.repeat(10),
        surrender: fixed.surrender.repeat(10),
    };
    for id in 0..table.compositions().len() as CompId {
        for cards in 2..=MAX_HAND_CARDS {
            let at = keyed.at(id, cards, Some(Rank::TEN));
            keyed.hit[at] = 1.0;
            keyed.reveal[at] = 0.0;
        }
    }
    let player = dp::solve(&table).player;
    let exact = dp::evaluate(&table, &player, &keyed).mean();
    let against_fixed = dp::evaluate(&table, &player, &fixed).mean();
    assert!(exact - against_fixed > 0.05, "{exact} vs {against_fixed}");
    let params = SimParams {
        hands: 1_000_000,
        seed: 5,
        threads: 0,
        progress: false,
    };
    let result = simulate(&table, &player, &keyed, &params).unwrap();
    let z = result.stats.z_score(exact);
    assert!(
        z.abs() < 4.0,
        "simulated {:.6}, exact {exact:.6}, z = {z:.2}",
        result.stats.mean
    );
}

fn banluck(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn solve_with_an_upcard_reaches_1e_minus_6_and_shows_the_split() {
    let dir = tempfile::tempdir().unwrap();
    let log_file = dir.path().join("log.jsonl");
    let (ok, out, err) = banluck(&[
        "solve",
        "--rules",
        "rules/banluck.toml",
        "--engine",
        "cfr",
        "--set",
        "dealer.upcard=true",
        "--algorithm",
        "dcfr",
        "--json",
        "--log",
        log_file.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let s = &json["solution"];
    let exploitability = s["exploitability"].as_f64().unwrap();
    assert!(exploitability <= 1e-6, "{exploitability}");
    let log = std::fs::read_to_string(&log_file).unwrap();
    let first: serde_json::Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    let first = first["exploitability"].as_f64().unwrap();
    assert!(first > 1e3 * exploitability, "{first} -> {exploitability}");
    let value = s["value"].as_f64().unwrap();
    assert!(s["value_lower"].as_f64().unwrap() <= value);
    assert!(value <= s["value_upper"].as_f64().unwrap());
    // Every chart row names the card the dealer shows; all ten appear.
    for chart in ["player_chart", "player_compositions", "dealer_chart"] {
        let rows = s[chart].as_array().unwrap();
        let mut upcards: Vec<&str> = rows.iter().map(|r| r["upcard"].as_str().unwrap()).collect();
        upcards.sort_unstable();
        upcards.dedup();
        assert_eq!(upcards.len(), 10, "{chart}: {upcards:?}");
    }
    assert_eq!(json["exploits"].as_array().unwrap().len(), 5);
}

#[test]
fn the_human_output_heads_each_upcard_and_the_strategy_file_refuses_the_keyed_dealer() {
    let args = [
        "solve",
        "--rules",
        "rules/upcard.toml",
        "--engine",
        "cfr",
        "--max-iters",
        "20",
    ];
    let (ok, out, err) = banluck(&args);
    assert!(ok, "{err}");
    for card in ["2", "9", "T", "A"] {
        assert!(out.contains(&format!(" dealer shows {card}\n")), "{out}");
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.json");
    let mut with_file = args.to_vec();
    with_file.extend(["--write-strategy", path.to_str().unwrap()]);
    let (ok, _, err) = banluck(&with_file);
    assert!(!ok && err.contains("keyed by the upcard"), "{err}");
    assert!(!err.contains("panicked") && !path.exists());
}
