//! The blackjack simulator against the exact engine: the composition-
//! dependent strategy's mean agrees with `blackjack::solve`'s EV under
//! every split algorithm and rule, the split hands' means agree with the
//! engine's split values (forced splits resolve the algorithms' differences
//! on one deck), the chart equals the exact play on the infinite deck, the
//! same seed gives the same numbers on one and two threads, and bad input
//! names its key.

use std::process::Command;

use banluck_lab::cards::Rank;
use banluck_lab::games::blackjack::rules::{
    BlackjackRules, DoubleAllowed, EnhcLoses, SplitAlgorithm,
};
use banluck_lab::games::blackjack::sim::{
    BlackjackSimParams, BlackjackSimResult, SimError, Strategy, simulate, simulate_split,
};

const ALGORITHMS: [SplitAlgorithm; 3] = [
    SplitAlgorithm::CdzMinus,
    SplitAlgorithm::Cdp1,
    SplitAlgorithm::Cdp,
];

fn params(rounds: u64, seed: u64) -> BlackjackSimParams {
    BlackjackSimParams {
        rounds,
        seed,
        threads: 0,
        progress: false,
    }
}

fn with(algorithm: SplitAlgorithm, decks: u8) -> BlackjackRules {
    let mut rules = BlackjackRules::default();
    rules.deck.decks = decks;
    rules.split.algorithm = algorithm;
    rules
}

/// |z| < 4 for the whole round and for every split cell with an exact value.
fn assert_agrees(what: &str, result: &BlackjackSimResult) {
    println!(
        "{what}: mean {:+.6} ± {:.6}, exact {:+.6}, z {:+.2}, {} split cells",
        result.mean,
        result.std_error,
        result.exact_ev,
        result.z,
        result.splits.len()
    );
    assert!(result.z.abs() < 4.0, "{what}: z = {}", result.z);
    for cell in &result.splits {
        if let Some(z) = cell.z.filter(|_| cell.rounds >= 100) {
            assert!(z.abs() < 4.5, "{what}: split {:?}", cell);
        }
    }
}

#[test]
fn the_cd_mean_is_the_exact_ev_under_every_split_algorithm() {
    // Six decks, S17, DAS, split to 4: 8M rounds each, SE about 4.1e-4.
    // (The algorithms' EVs differ by about 2e-6 here: not resolvable by a
    // whole-game simulation; the forced splits below resolve them.)
    for algorithm in ALGORITHMS {
        let result = simulate(&with(algorithm, 6), Strategy::Cd, &params(8_000_000, 11)).unwrap();
        assert_eq!(result.rounds, 8_000_000);
        assert_eq!(result.shuffles, 8_000_000);
        assert!((result.variance.sqrt() - 1.15).abs() < 0.02);
        assert!(result.splits.iter().any(|c| c.rounds > 10_000));
        assert_agrees(&format!("6 decks {algorithm:?}"), &result);
    }
}

#[test]
fn forced_splits_resolve_the_split_algorithms_on_one_deck() {
    // One deck, resplit aces: 2,2 against 6 is worth 0.29472 under cdz-
    // and 0.30537 under cdp (1.07e-2 apart; cdp1 0.30618). 3M split rounds
    // per algorithm give an SE of 1.4e-3 to 1.6e-3: each agrees with its own exact
    // value, and cdz-'s play is told apart from cdp's value.
    let mut means = Vec::new();
    for algorithm in ALGORITHMS {
        let mut rules = with(algorithm, 1);
        rules.split.resplit_aces = true;
        let check = simulate_split(
            &rules,
            Strategy::Cd,
            Rank::new(0),
            Rank::new(4),
            &params(3_000_000, 3),
        )
        .unwrap();
        println!("22 v 6 {algorithm:?}: {check:?}");
        assert_eq!(check.rounds, 3_000_000);
        assert!(check.std_error < 1.7e-3);
        assert!(check.z.unwrap().abs() < 4.0, "{check:?}");
        means.push((check.mean, check.std_error, check.exact.unwrap()));
    }
    let (cdz, cdp) = (means[0], means[2]);
    assert!((cdz.0 - cdp.2).abs() / cdz.1 > 4.0, "{means:?}");
    assert!((cdp.0 - cdz.2).abs() / cdp.1 > 4.0, "{means:?}");
}

#[test]
fn enhc_obo_split_hands_are_counted_as_the_engine_values_them() {
    // Under ENHC OBO the engine values a split given no dealer natural
    // (the peek game's value, `enhc.rs`); the simulator counts split hands
    // the same way. 8,8 against a ten on one deck, 2M forced splits (SE
    // about 1.1e-3), and OBO's split value equals the peek game's.
    let mut peek = with(SplitAlgorithm::Cdp, 1);
    peek.split.resplit_aces = true;
    let mut obo = peek.clone();
    obo.dealer.peek = false;
    obo.dealer.enhc_loses = EnhcLoses::Obo;
    let (eight, ten) = (Rank::new(6), Rank::new(8));
    let check = simulate_split(&obo, Strategy::Cd, eight, ten, &params(2_000_000, 7)).unwrap();
    println!("88 v T OBO: {check:?}");
    assert_eq!(check.rounds, 2_000_000);
    assert!(check.z.unwrap().abs() < 4.0, "{check:?}");
    let in_peek = simulate_split(&peek, Strategy::Cd, eight, ten, &params(10, 7)).unwrap();
    assert!((check.exact.unwrap() - in_peek.exact.unwrap()).abs() < 1e-12);
    // A whole OBO game: the round's mean and every split cell.
    let result = simulate(&obo, Strategy::Cd, &params(3_000_000, 9)).unwrap();
    assert!(
        result
            .splits
            .iter()
            .any(|c| c.z.is_some() && c.rounds > 1_000)
    );
    assert_agrees("enhc obo", &result);
}

#[test]
fn every_rule_is_played_as_the_engine_values_it() {
    let mut variants = Vec::new();
    // H17, no peek, no DAS, doubles on 10-11 only, 6:5, split to 3.
    let mut a = with(SplitAlgorithm::Cdp, 1);
    a.dealer.hit_soft_17 = true;
    a.dealer.peek = false;
    a.double.after_split = false;
    a.double.allowed = DoubleAllowed::TenToEleven;
    a.payouts.blackjack = 1.2;
    a.split.max_hands = 3;
    a.surrender.late = true;
    variants.push(("h17 enhc 10-11 6:5 late", a));
    // Early surrender, perfect insurance, even money, resplit and hit
    // split aces, doubles on 9-11.
    let mut b = with(SplitAlgorithm::CdzMinus, 2);
    b.surrender.early = true;
    b.insurance = true;
    b.even_money = true;
    b.split.resplit_aces = true;
    b.split.hit_split_aces = true;
    b.double.allowed = DoubleAllowed::NineToEleven;
    variants.push(("early insurance rsa hsa 9-11", b));
    // Late surrender with the peek, no doubling, no splitting.
    let mut c = with(SplitAlgorithm::Cdp1, 1);
    c.surrender.late = true;
    c.double.allowed = DoubleAllowed::Never;
    c.split.max_hands = 1;
    variants.push(("late, no doubles, no splits", c));
    for (name, rules) in variants {
        let result = simulate(&rules, Strategy::Cd, &params(3_000_000, 5)).unwrap();
        assert_agrees(name, &result);
    }
}

#[test]
fn the_chart_is_the_exact_play_on_the_infinite_deck() {
    // With draws independent of the cards out, a hand's values depend on
    // its total and softness only: the chart plays the optimum.
    let mut rules = BlackjackRules::default();
    rules.deck.infinite = true;
    rules.surrender.late = true;
    let result = simulate(&rules, Strategy::Chart, &params(4_000_000, 9)).unwrap();
    assert_eq!(result.strategy, Strategy::Chart);
    assert!(result.splits.iter().all(|c| c.exact.is_none()));
    assert_agrees("infinite deck, chart", &result);
    // On one deck the chart gives up a little to the exact play.
    let one = simulate(
        &with(SplitAlgorithm::Cdp, 1),
        Strategy::Chart,
        &params(2_000_000, 9),
    )
    .unwrap();
    assert!(one.mean < one.exact_ev + 4.0 * one.std_error, "{one:?}");
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_one_and_two_threads() {
    let mut rules = with(SplitAlgorithm::Cdp, 1);
    rules.shoe.penetration = Some(0.75);
    let run = |threads| {
        let p = BlackjackSimParams {
            threads,
            ..params(300_000, 21)
        };
        simulate(&rules, Strategy::Cd, &p).unwrap()
    };
    let (one, two) = (run(1), run(2));
    assert_eq!((one.threads, two.threads), (1, 2));
    assert_eq!(one.mean.to_bits(), two.mean.to_bits());
    assert_eq!(one.variance.to_bits(), two.variance.to_bits());
    assert_eq!(one.shuffles, two.shuffles);
    assert_eq!(one.splits, two.splits);
    let other = simulate(&rules, Strategy::Cd, &params(300_000, 22)).unwrap();
    assert_ne!(other.mean.to_bits(), one.mean.to_bits());
}

#[test]
fn a_cut_shoe_reshuffles_at_the_cut_card() {
    // 75% of one deck is 39 cards: a round takes about 5.4 cards, so a
    // shoe deals 7 or 8 rounds (the last round may pass the cut).
    let mut rules = with(SplitAlgorithm::Cdp1, 1);
    rules.shoe.penetration = Some(0.75);
    let result = simulate(&rules, Strategy::Cd, &params(1_000_000, 4)).unwrap();
    let per_shoe = result.rounds as f64 / result.shuffles as f64;
    println!(
        "rounds per shoe {per_shoe:.3}, mean {:+.6} ± {:.6}",
        result.mean, result.std_error
    );
    assert!((6.0..9.0).contains(&per_shoe), "{per_shoe}");
    assert_eq!(result.penetration, Some(0.75));
}

#[test]
fn bad_input_names_its_key() {
    let key = |rules: &BlackjackRules| match simulate(rules, Strategy::Cd, &params(10, 1)) {
        Err(SimError::Rules { key, .. }) => key,
        other => panic!("{other:?}"),
    };
    let mut rules = BlackjackRules::default();
    rules.shoe.penetration = Some(1.0);
    assert_eq!(key(&rules), "shoe.penetration");
    let mut rules = BlackjackRules::default();
    rules.deck.decks = 0;
    assert_eq!(key(&rules), "deck.decks");
    let no_rounds = simulate(&BlackjackRules::default(), Strategy::Cd, &params(0, 1));
    assert!(matches!(no_rounds, Err(SimError::Params(_))));
    let mut rules = BlackjackRules::default();
    rules.split.max_hands = 1;
    let split = simulate_split(&rules, Strategy::Cd, Rank::ACE, Rank::TEN, &params(10, 1));
    assert!(matches!(split, Err(SimError::Rules { key, .. }) if key == "split.max_hands"));
    assert_eq!("chart".parse::<Strategy>(), Ok(Strategy::Chart));
    assert!("dp".parse::<Strategy>().is_err());
}

fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (
        out.status.code().unwrap_or(-1),
        text(out.stdout),
        text(out.stderr),
    )
}

#[test]
fn the_cli_simulates_blackjack_files_and_rejects_bad_input() {
    let base = [
        "simulate",
        "--rules",
        "rules/blackjack-1d-s17.toml",
        "--quiet",
    ];
    let (code, out, err) =
        cli(&[&base[..], &["--rounds", "200000", "--seed", "7", "--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["rounds"], 200_000);
    assert_eq!(json["strategy"], "cd");
    assert!(json["z"].as_f64().unwrap().abs() < 5.0);
    // The text report (-q would print nothing).
    let (code, out, _) = cli(&[&base[..3], &["--strategy", "chart", "--rounds", "1e4"]].concat());
    assert_eq!(code, 0);
    assert!(out.contains("exact EV") && out.contains("z = "), "{out}");
    for (args, word) in [
        (&["--strategy", "dp"][..], "--strategy"),
        (&["--set", "shoe.penetration=1.5"][..], "shoe.penetration"),
        (&["--rounds", "0"][..], "at least one hand"),
    ] {
        let (code, _, err) = cli(&[&base[..], args].concat());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(word), "{args:?}: {err}");
    }
}
