//! What a seat sees within a round (`games::banluck::table::info`,
//! `table --info`): the law of the other seats' specials, the exact gain of
//! playing on them, and the simulation at the real table.

use std::process::Command;
use std::sync::OnceLock;

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::RuleSet;
use banluck_lab::games::banluck::table::info::{InfoSimParams, SeatInfo, shown_specials};

/// One solve of the canonical rules for every test here.
fn info() -> &'static SeatInfo {
    static INFO: OnceLock<SeatInfo> = OnceLock::new();
    INFO.get_or_init(|| SeatInfo::new(&RuleSet::default()).unwrap())
}

#[test]
fn at_one_seat_nothing_is_shown_and_the_gain_is_exactly_zero() {
    let one = info().exact(1).unwrap();
    assert_eq!(one.rows.len(), 1);
    assert_eq!(one.rows[0].probability, 1.0);
    assert_eq!(one.gain, 0.0);
    assert_eq!(one.p_shown, 0.0);
    assert_eq!(one.conditioning_bias, 0.0);
}

#[test]
fn what_the_other_seats_show_has_probabilities_summing_to_one() {
    let mut two_decks = RuleSet::default();
    two_decks.deck.decks = 2;
    for rules in [RuleSet::default(), two_decks] {
        let deck = dp::full_deck(&rules).unwrap();
        for others in 0..7 {
            let law = shown_specials(&deck, others);
            let total: f64 = law.iter().map(|s| s.probability).sum();
            assert!((total - 1.0).abs() < 1e-12, "{others} others: {total}");
            assert!(law.iter().all(|s| s.probability > 0.0));
            assert!(law.iter().all(|s| s.ban_ban + s.ban_luck <= others as u32));
        }
    }
}

/// By hand, one deck (52 cards: 4 aces, 16 ten-value cards): one other
/// seat shows Ban Ban with chance 4·3/(52·51) and Ban Luck with
/// 2·4·16/(52·51). Two other seats: both Ban Luck with
/// (128/2652)·(2·3·15)/(50·49); one of each with
/// (12/2652)·(2·2·16)/(50·49) + (128/2652)·(3·2)/(50·49).
#[test]
fn the_law_of_the_shown_specials_matches_a_hand_count() {
    let deck = dp::full_deck(&RuleSet::default()).unwrap();
    let p = |law: &[banluck_lab::games::banluck::table::info::Shown], bb: u32, bl: u32| {
        law.iter()
            .find(|s| (s.ban_ban, s.ban_luck) == (bb, bl))
            .map_or(0.0, |s| s.probability)
    };
    let one = shown_specials(&deck, 1);
    let pairs = 52.0 * 51.0;
    assert!((p(&one, 1, 0) - 12.0 / pairs).abs() < 1e-15);
    assert!((p(&one, 0, 1) - 128.0 / pairs).abs() < 1e-15);
    assert!((p(&one, 0, 0) - (pairs - 140.0) / pairs).abs() < 1e-15);
    let two = shown_specials(&deck, 2);
    let next = 50.0 * 49.0;
    assert!((p(&two, 0, 2) - 128.0 / pairs * 90.0 / next).abs() < 1e-15);
    let one_each = 12.0 / pairs * 64.0 / next + 128.0 / pairs * 6.0 / next;
    assert!((p(&two, 1, 1) - one_each).abs() < 1e-15);
    assert_eq!(p(&two, 2, 1), 0.0);

    // At two seats the gain is the two rows' gains weighted by hand.
    let exact = info().exact(2).unwrap();
    let row = |bb, bl| {
        exact
            .rows
            .iter()
            .find(|r| (r.ban_ban, r.ban_luck) == (bb, bl))
            .unwrap()
    };
    let by_hand = 12.0 / pairs * row(1, 0).gain + 128.0 / pairs * row(0, 1).gain;
    assert!((exact.gain - by_hand).abs() < 1e-15);
}

/// Each row is the partial-deck DP of the deck less the shown cards, the
/// informed seat never does worse, and the gain grows with the table.
#[test]
fn each_row_is_the_partial_deck_optimum_and_gains_are_not_negative() {
    let rules = RuleSet::default();
    let deck = dp::full_deck(&rules).unwrap();
    let seven = info().exact(7).unwrap();
    for (row, shown) in seven.rows.iter().zip(shown_specials(&deck, 6)) {
        let value = dp::deck_value(&rules, &shown.removed_from(&deck)).unwrap();
        assert!((row.ev_informed - value.ev).abs() < 1e-12, "{}", row.cards);
        assert!(row.gain >= -1e-15, "{}: {}", row.cards, row.gain);
    }
    let gains: Vec<f64> = (1..=7).map(|k| info().exact(k).unwrap().gain).collect();
    assert!(gains.windows(2).all(|w| w[1] > w[0]), "{gains:?}");
}

/// The simulation (hidden hands dealt as they fall, every seat informed)
/// agrees with the exact route within noise, and the heads-up optimum's
/// EV per seat at the table is the heads-up DP's.
#[test]
fn the_simulated_gain_agrees_with_the_exact_one() {
    for seats in [3, 7] {
        let params = InfoSimParams {
            rounds: 400_000,
            seed: 7,
            threads: 0,
            progress: false,
        };
        let sim = info().simulate(seats, &params).unwrap();
        let exact = info().exact(seats).unwrap();
        assert!(
            sim.z_vs_exact.abs() < 4.0,
            "{seats} seats: sim {} ± {} vs exact {}",
            sim.gain.mean,
            sim.gain.std_error,
            exact.gain
        );
        let z = (sim.ev_ignorant.mean - exact.ev_full) / sim.ev_ignorant.std_error;
        assert!(z.abs() < 4.0, "{seats} seats: heads-up EV z = {z}");
        assert!(sim.changed > 0.0 && sim.changed < 1.0);
    }
}

fn table(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .arg("table")
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn table_info_prints_json_and_refuses_what_it_does_not_compare() {
    let out = table(&[
        "--info",
        "--players",
        "4",
        "--rounds",
        "20000",
        "--json",
        "-q",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let size = &json["sizes"][0];
    assert_eq!(size["exact"]["seats"], 4);
    let gain = size["exact"]["gain"].as_f64().unwrap();
    assert!((gain - info().exact(4).unwrap().gain).abs() < 1e-15);
    assert_eq!(size["simulated"]["rounds"], 20000);
    let text = table(&["--info", "--players", "2", "--rounds", "1000"]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("exact gain"));
    let bad = table(&["--info", "--strategy", "chart"]);
    assert_eq!(bad.status.code(), Some(2));
    let infinite = table(&["--info", "--set", "deck.infinite=true", "-q"]);
    assert_eq!(infinite.status.code(), Some(2));
}
