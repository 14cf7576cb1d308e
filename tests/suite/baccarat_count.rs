//! The simulated side-bet count study: reproducible per seed on any number
//! of threads; the counter's edge when betting agrees with the mean exact
//! EV of the hands it bet (a z-test); the perfect-information bettor does at
//! least as well as the counter; and `baccarat count` through the command
//! line, with its bad flags exiting 2.

use std::path::Path;
use std::process::Command;

use banluck_lab::games::baccarat::counting::{CountParams, CountResult, count_study};
use banluck_lab::games::baccarat::rules::{BaccaratRules, BurnRule};

fn params(shoes: u64, seed: u64, threads: usize) -> CountParams {
    CountParams {
        shoes,
        seed,
        threads,
        progress: false,
        triggers: [None; 2],
    }
}

fn study(rules: &BaccaratRules, params: &CountParams) -> CountResult {
    count_study(rules, params).unwrap()
}

#[test]
fn the_same_seed_gives_the_same_figures_on_any_number_of_threads() {
    let rules = BaccaratRules::default();
    // 11 shoes: two full chunks of 4 and a short one.
    let one = study(&rules, &params(11, 9, 1));
    let two = study(&rules, &params(11, 9, 2));
    assert_eq!((one.shoes, one.hands), (two.shoes, two.hands));
    assert_eq!(one.shoes, 11);
    // Every figure, NaN cells of empty buckets included, via their JSON.
    let json = |r: &CountResult| serde_json::to_string(&r.bets).unwrap();
    assert_eq!(json(&one), json(&two));
    let other = study(&rules, &params(11, 10, 2));
    assert_ne!(json(&one), json(&other));
}

#[test]
fn edges_when_betting_agree_with_the_exact_ev_of_the_hands_bet() {
    let result = study(&BaccaratRules::default(), &params(400, 1, 0));
    assert!(result.hands > 400 * 70, "{}", result.hands);
    for bet in &result.bets {
        for bettor in [&bet.counter, &bet.perfect] {
            // Enough bets for the normal approximation.
            assert!(bettor.bets > 1000, "{bet:?}");
            assert!(bettor.z_edge_vs_exact.abs() < 4.0, "{bet:?}");
            // The hands bet are worth more than the full shoe, and the
            // perfect bettor bets only positive EV.
            assert!(bettor.mean_exact_ev > bet.system.full_shoe_ev, "{bet:?}");
        }
        assert!(bet.perfect.mean_exact_ev > 0.0);
        // The true-count buckets hold every hand, and the flat bettor's
        // mean result is within 4 standard errors of the hands' mean EV.
        let hands: u64 = bet.by_true_count.iter().map(|b| b.hands).sum();
        assert_eq!(hands, result.hands);
        let ev: f64 = bet
            .by_true_count
            .iter()
            .filter(|b| b.hands > 0)
            .map(|b| b.mean_exact_ev * b.hands as f64)
            .sum::<f64>()
            / hands as f64;
        let sd = 41.0 * 0.16; // a generous SD of one side-bet result
        let z = (bet.flat_edge - ev) / (sd / (hands as f64).sqrt());
        assert!(z.abs() < 4.0, "flat {} against {ev}", bet.flat_edge);
    }
}

#[test]
fn the_perfect_information_bettor_does_at_least_as_well_as_the_counter() {
    let result = study(&BaccaratRules::default(), &params(400, 2, 0));
    for bet in &result.bets {
        // In expectation, shoe by shoe: it takes every positive EV.
        assert!(bet.gap_ev_per_shoe >= 0.0, "{bet:?}");
        assert!(bet.perfect.ev_per_shoe >= bet.counter.ev_per_shoe);
        // The counter is worth something, and less than perfect
        // information by a clear margin.
        assert!(bet.counter.ev_per_shoe > 4.0 * bet.counter.ev_per_shoe_std_error);
        assert!(bet.gap_ev_per_shoe > 4.0 * bet.gap_ev_per_shoe_std_error);
        // In units actually won, paired by shoe, within 4 standard errors.
        let z = bet.gap_per_shoe / bet.gap_per_shoe_std_error;
        assert!(z > -4.0, "{bet:?}");
    }
}

#[test]
fn a_deep_cut_card_and_a_hidden_burn_leave_less_to_count() {
    let mut rules = BaccaratRules::default();
    rules.shoe.decks = 6;
    let usual = study(&rules, &params(200, 3, 0));
    rules.shoe.burn = BurnRule::Fixed;
    rules.shoe.burn_cards = 52;
    rules.shoe.cut_card = 104;
    let deep = study(&rules, &params(200, 3, 0));
    for (u, d) in usual.bets.iter().zip(&deep.bets) {
        assert!(d.perfect.ev_per_shoe < u.perfect.ev_per_shoe, "{d:?}");
        assert!(d.counter.share_bet < u.counter.share_bet, "{d:?}");
    }
}

/// Runs the binary: (exit code, stdout, stderr).
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")))
        .env_remove("BANLUCK_SHOE__DECKS")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn count_json_has_each_bettor_and_the_true_count_buckets() {
    let (code, out, err) = run(&[
        "baccarat",
        "count",
        "--shoes",
        "3",
        "--decks",
        "3",
        "--quiet",
        "--json",
        "--trigger-dragon",
        "2.5",
        "--trigger-panda=-1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["shoes"], 3);
    assert_eq!(json["decks"], 3);
    let bets = json["bets"].as_array().unwrap();
    assert_eq!(bets[0]["bet"], "dragon7");
    assert_eq!(bets[0]["trigger"], 2.5);
    assert_eq!(bets[1]["trigger"], -1.0);
    for key in [
        "share_bet",
        "edge",
        "edge_std_error",
        "units_per_shoe",
        "ev_per_shoe",
    ] {
        assert!(bets[1]["counter"][key].is_number(), "{key}: {out}");
        assert!(bets[1]["perfect"].get(key).is_some(), "{key}: {out}");
    }
    assert!(bets[0]["by_true_count"][0]["mean_exact_ev"].is_number());
}

#[test]
fn bad_count_flags_exit_2_naming_the_flag() {
    for (args, needle) in [
        (vec!["--shoes", "0"], "--shoes"),
        (vec!["--decks", "9"], "--decks 9"),
        (vec!["--trigger-dragon", "nan"], "--trigger-dragon"),
        (vec!["--trigger-panda", "x"], "--trigger-panda"),
        (vec!["--threads", "0"], "--threads"),
        (
            vec!["--rules", "rules/banluck.toml"],
            "not a baccarat rules file",
        ),
        (vec!["--rules", "rules/no-such-file.toml"], "no-such-file"),
    ] {
        let mut all = vec!["baccarat", "count", "--quiet"];
        all.extend_from_slice(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
