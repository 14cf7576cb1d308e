//! An independent Banluck oracle and the project's engines held to it.
//!
//! The oracle (`tests/oracle/`) is written from
//! `shared/spec/banluck-rules.md` alone and shares no code with `src/`: it
//! reads the rules TOML itself (with `extends` and `key=value` overrides,
//! every key defaulted to the spec's canonical value), builds the deck as
//! rank counts, computes totals by trying every ace value, classes,
//! the settlement order of spec section 6, the hard-15 surrender, the
//! fixed dealer's policy and reveal, and solves by plain recursion over the
//! ordered card sequences of the deal and the draws with exact
//! probabilities (cached on the multisets held). The optimal player decides
//! in each information set (its cards, plus the upcard when shown) by
//! summing over every dealer hand it cannot rule out. `oracle/bridge.rs` is
//! the one place that touches the project's API, to build the table under
//! test and to translate strategies; it decides nothing.
//!
//! Checked against it, to 1e-12:
//! - the exact solver (`games::banluck::dp`): optimal EV and void rate on every
//!   shipped Banluck rules file with its full deck, on a reduced deck for
//!   every file and for knob combinations no file ships, and the EV of the
//!   solver's own optimal strategy and best chart replayed by the oracle;
//! - the equilibrium solver on a reduced deck: the oracle's player best
//!   response to the solver's dealer is the solver's upper bound, the
//!   oracle's dealer best response to the solver's player its lower bound;
//! - the simulator: its mean for a fixed policy is within 4 standard errors
//!   of the oracle's exact value.

use crate::banluck_oracle as oracle;

use std::path::{Path, PathBuf};

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::{self, CfrParams, CfrVariant};
use banluck_lab::games::banluck::sim::{SimParams, simulate};
use banluck_lab::games::banluck::strategy::DealerStrategy;

use oracle::bridge::{self, ProjectDealer};
use oracle::dealer_br::DealerResponse;
use oracle::deck::Deck;
use oracle::game::{FixedDealer, Game, Outcome};
use oracle::hand::{self, Class};
use oracle::rules::{self, Rules};

/// Every Banluck rules file shipped in `rules/`.
fn banluck_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") && rules::is_banluck(p))
        .collect();
    files.sort();
    assert!(files.len() >= 9, "{files:?}");
    files
}

/// A 23-card deck where every special hand, hard 15 and five-card hands
/// (plain and 21) occur.
fn reduced_deck() -> Deck {
    Deck::reduced(&[
        ('A', 2),
        ('2', 3),
        ('3', 2),
        ('4', 2),
        ('5', 2),
        ('6', 2),
        ('7', 3),
        ('8', 1),
        ('9', 1),
        ('T', 5),
    ])
}

fn optimal(rules: &Rules, deck: &Deck) -> Outcome {
    Game::new(rules, deck, &FixedDealer(rules), None).solve()
}

/// Asserts `|a - b| < tolerance` and logs the difference (`--nocapture`).
fn close(a: f64, b: f64, tolerance: f64, what: &str) {
    eprintln!("{what}: {a:.15} vs {b:.15}, difference {:.1e}", a - b);
    assert!(
        (a - b).abs() < tolerance,
        "{what}: {a} vs {b} (difference {})",
        a - b
    );
}

/// The exact solver against the oracle: optimal EV, void rate, and the
/// solver's optimal strategy and best chart replayed by the oracle.
fn check_dp(file: &Path, sets: &[&str], reduced: Option<&Deck>, replay: bool) {
    let rules = rules::load(file, sets);
    let deck = reduced.cloned().unwrap_or_else(|| Deck::of(&rules));
    let what = format!("{} {sets:?} reduced={}", file.display(), reduced.is_some());
    let exact = optimal(&rules, &deck);
    let table = bridge::table(file, sets, reduced);
    let s = dp::solve(&table);
    close(s.ev, exact.ev, 1e-12, &format!("{what}: dp ev"));
    close(
        s.void_rate,
        exact.void_rate,
        1e-12,
        &format!("{what}: void rate"),
    );
    if replay {
        let fixed = FixedDealer(&rules);
        for (strategy, ev, name) in [
            (&s.player, s.ev, "optimal"),
            (&s.chart_player, s.ev_chart, "chart"),
        ] {
            let policy = bridge::policy(&table, strategy);
            let replayed = Game::new(&rules, &deck, &fixed, Some(&policy)).solve();
            close(
                ev,
                replayed.ev,
                1e-12,
                &format!("{what}: dp {name} strategy replayed"),
            );
        }
    }
}

#[test]
fn spec_totals_and_classes() {
    let rules = rules::load(Path::new("rules/banluck.toml"), &[]);
    let cards = |s: &str| -> Vec<u8> {
        s.chars()
            .map(|c| hand::LABELS.iter().position(|&l| l == c).unwrap() as u8)
            .collect()
    };
    for (h, t) in [
        ("AA", 21),
        ("A6", 17),
        ("A4", 15),
        ("A65", 21),
        ("A59", 15),
        ("AAA", 21),
        ("AA9", 20),
        ("AAAA7", 20),
    ] {
        assert_eq!(hand::total(&cards(h), &rules).0, t, "{h}");
    }
    assert!(hand::total(&cards("A6"), &rules).1 && hand::total(&cards("A33"), &rules).1);
    assert!(
        !hand::is_hard_fifteen(&cards("A4"), &rules) && hand::is_hard_fifteen(&cards("78"), &rules)
    );
    assert_eq!(hand::class(&cards("777"), &rules), Class::TripleSeven);
    let show = |p: &str, d: &str| hand::showdown(&cards(p), &cards(d), &rules);
    assert_eq!(show("23456", "22358"), 0.0); // five-card vs five-card, same total
    assert_eq!(show("23457", "22358"), 1.0);
    assert_eq!(show("T5", "T6T"), -1.0); // 15 forfeits against a bust
    assert_eq!(show("T5", "T5"), -1.0);
    assert_eq!(show("2225T", "T8"), 3.0); // five-card 21
    assert_eq!(show("T7", "2225T"), -3.0);
}

#[test]
fn dp_equals_the_oracle_on_every_shipped_rules_file_full_deck() {
    for file in banluck_files() {
        let canonical = file.ends_with("banluck.toml");
        check_dp(&file, &[], None, canonical);
    }
}

#[test]
fn dp_equals_the_oracle_on_every_shipped_rules_file_reduced_deck() {
    let deck = reduced_deck();
    for file in banluck_files() {
        // Replays (the solver's strategies through the oracle) on two files;
        // the knob combinations below replay on every one.
        let replay = file.ends_with("banluck.toml") || file.ends_with("upcard.toml");
        check_dp(&file, &[], Some(&deck), replay);
    }
}

#[test]
fn dp_equals_the_oracle_for_knobs_no_file_ships() {
    let deck = reduced_deck();
    let file = Path::new("rules/banluck.toml");
    for sets in [
        &[
            "player.bust=showdown",
            "settlement.bust_vs_bonus=larger_multiplier",
            "payouts.five_card_bust=2",
            "player.forfeit_five_card=false",
        ][..],
        &[
            "settlement.five_card_timing=immediate",
            "player.below_min=must_hit",
        ],
        &[
            "settlement.five_vs_five=by_class",
            "settlement.both_bust=push",
            "player.bust=showdown",
        ],
        &[
            "dealer.fixed.stand_on=16",
            "dealer.fixed.hit_soft_17=false",
            "dealer.fixed.reveal=on",
        ],
        &[
            "ace.three_cards=[1]",
            "ace.four_cards=[1]",
            "ace.five_cards=[1]",
            "ace.two_cards=[1, 11]",
        ],
        &[
            "payouts.ban_ban=5",
            "payouts.ban_luck=4",
            "payouts.triple_seven=9",
            "payouts.five_card_21=6",
            "payouts.five_card=3",
            "payouts.regular=1.5",
        ],
        &[
            "dealer.min_total=17",
            "dealer.reveal_totals=[17]",
            "player.min_total=15",
            "dealer.max_cards=4",
        ],
        &[
            "dealer.upcard=true",
            "dealer.fixed.reveal=on",
            "player.max_cards=4",
        ],
    ] {
        check_dp(file, sets, Some(&deck), true);
    }
}

/// Threshold policies ("hit below N", totals by the oracle): the exact
/// solver's evaluation of each equals the oracle's, and the oracle's optimum
/// beats them all.
#[test]
fn threshold_policies_equal_the_oracle_and_never_beat_the_optimum() {
    let deck = reduced_deck();
    for (file, sets) in [
        ("rules/banluck.toml", &[][..]),
        ("rules/kampung.toml", &[]),
        (
            "rules/upcard.toml",
            &["player.bust=showdown", "settlement.both_bust=push"],
        ),
    ] {
        let file = Path::new(file);
        let rules = rules::load(file, sets);
        let table = bridge::table(file, sets, Some(&deck));
        let fixed = DealerStrategy::fixed(&table);
        let best = optimal(&rules, &deck).ev;
        for threshold in 13..=19 {
            let policy = |cards: &[u8], _: Option<u8>| {
                f64::from(u8::from(hand::total(cards, &rules).0 < threshold))
            };
            let ev = Game::new(&rules, &deck, &FixedDealer(&rules), Some(&policy))
                .solve()
                .ev;
            let what = format!("{} {sets:?} hit below {threshold}", file.display());
            assert!(best >= ev - 1e-15, "{what}: {ev} > optimum {best}");
            let strategy = bridge::strategy(&table, &policy);
            close(
                dp::evaluate(&table, &strategy, &fixed).mean(),
                ev,
                1e-12,
                &what,
            );
        }
    }
}

/// The simulator's mean for "hit below `threshold`" within 4 standard
/// errors of the oracle's exact value.
fn check_sim(file: &str, threshold: u8, hands: u64, seed: u64) {
    let file = Path::new(file);
    let rules = rules::load(file, &[]);
    let deck = Deck::of(&rules);
    let policy =
        |cards: &[u8], _: Option<u8>| f64::from(u8::from(hand::total(cards, &rules).0 < threshold));
    let exact = Game::new(&rules, &deck, &FixedDealer(&rules), Some(&policy)).solve();
    let table = bridge::table(file, &[], None);
    let player = bridge::strategy(&table, &policy);
    let params = SimParams {
        hands,
        seed,
        threads: 0,
        progress: false,
    };
    let result = simulate(&table, &player, &DealerStrategy::fixed(&table), &params).unwrap();
    let check = result.compare(exact.ev);
    eprintln!(
        "sim {} hit below {threshold}: exact {:.6} simulated {:.6} z {:.2} ({hands} hands, {:.1} s)",
        file.display(),
        exact.ev,
        result.stats.mean,
        check.z,
        result.seconds
    );
    assert!(check.z.abs() < 4.0, "{}: z = {}", file.display(), check.z);
    close(
        result.stats.void_rate,
        exact.void_rate,
        4.0 * (exact.void_rate / hands as f64).sqrt(),
        "void rate",
    );
}

#[test]
fn the_simulator_agrees_with_the_oracle_canonical() {
    check_sim("rules/banluck.toml", 17, 25_000_000, 12);
}

#[test]
fn the_simulator_agrees_with_the_oracle_kampung() {
    check_sim("rules/kampung.toml", 16, 25_000_000, 13);
}

/// The equilibrium solver's bounds are exact best responses, computed by
/// the oracle against the solver's own strategies.
fn check_equilibrium(file: &str, sets: &[&str]) {
    let file = Path::new(file);
    let deck = reduced_deck();
    let rules = rules::load(file, sets);
    let table = bridge::table(file, sets, Some(&deck));
    let params = CfrParams {
        algorithm: CfrVariant::Dcfr,
        target_exploitability: 1e-6,
        max_iterations: 5_000,
        check_every: 25,
    };
    let s = equilibrium::solve(&table, &params);
    let dealer = ProjectDealer {
        table: &table,
        strategy: &s.dealer,
    };
    let upper = Game::new(&rules, &deck, &dealer, None).solve().ev;
    close(
        upper,
        s.value_upper,
        1e-12,
        &format!("{} {sets:?}: upper bound", file.display()),
    );
    let policy = bridge::policy(&table, &s.player);
    let lower = DealerResponse::new(&rules, &deck, &policy).value();
    close(
        lower,
        s.value_lower,
        1e-12,
        &format!("{} {sets:?}: lower bound", file.display()),
    );
    // The profile's own value, both strategies followed.
    let value = Game::new(&rules, &deck, &dealer, Some(&policy)).solve().ev;
    close(
        value,
        s.value,
        1e-12,
        &format!("{} {sets:?}: value", file.display()),
    );
}

#[test]
fn equilibrium_bounds_are_the_oracle_best_responses_canonical() {
    check_equilibrium("rules/banluck.toml", &[]);
}

#[test]
fn equilibrium_bounds_are_the_oracle_best_responses_variants() {
    check_equilibrium("rules/kampung.toml", &[]);
    check_equilibrium("rules/house-draw.toml", &["dealer.fixed.hit_soft_17=false"]);
    check_equilibrium(
        "rules/must-hit.toml",
        &["settlement.five_card_timing=immediate"],
    );
}

#[test]
fn equilibrium_bounds_are_the_oracle_best_responses_with_an_upcard() {
    check_equilibrium("rules/upcard.toml", &[]);
}
