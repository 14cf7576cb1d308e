//! The split algorithms (`split.algorithm` = `cdz-`, `cdp1`, `cdp`) against
//! a brute-force enumeration of whole split rounds on a reduced shoe, the
//! orderings that are theorems, and the key's validation.

use crate::binary;
use crate::split_oracle;

use banluck_lab::cards::{Deck, RANK_COUNT, Rank};
use banluck_lab::games::blackjack::rules::{BlackjackRules, SplitAlgorithm};
use banluck_lab::games::blackjack::{self, split_ev};
use split_oracle::{Cards, Oracle, Strategy, cases, shoe};

/// Rank indices: 2..9 are 0..7, ten 8, ace 9.
const TWO: usize = 0;
const EIGHT: usize = 6;
const NINE: usize = 7;
const TEN: usize = 8;
const ACE: usize = 9;

fn deck(cards: &Cards) -> Deck {
    Deck::from_counts(std::array::from_fn(|r| u32::from(cards[r])))
}

fn rules(max_hands: u8, das: bool, rsa: bool, algorithm: SplitAlgorithm) -> BlackjackRules {
    let mut rules = BlackjackRules::default();
    rules.split.max_hands = max_hands;
    rules.double.after_split = das;
    rules.split.resplit_aces = rsa;
    rules.split.algorithm = algorithm;
    rules
}

fn check(rules: &BlackjackRules, strategy: Strategy, label: &str) -> f64 {
    let cards = shoe();
    let mut worst: f64 = 0.0;
    for (pair, up) in cases() {
        let engine = split_ev(rules, &deck(&cards), Rank::new(pair), Rank::new(up));
        let oracle = Oracle::new(rules, &cards, pair, up, strategy).split_value();
        let gap = (engine - oracle).abs();
        worst = worst.max(gap);
        assert!(
            gap < 1e-12,
            "{label} pair {pair} up {up}: engine {engine} oracle {oracle}"
        );
    }
    worst
}

/// `cdp` and `cdz-` agree with the enumeration to 1e-12 for every
/// combination of `max_hands` 2–4, double after split and resplit aces.
#[test]
fn exact_algorithms_match_brute_force() {
    let mut worst: f64 = 0.0;
    for max_hands in 2..=4 {
        for das in [false, true] {
            for rsa in [false, true] {
                for (algorithm, strategy) in [
                    (SplitAlgorithm::Cdp, Strategy::Cdp),
                    (SplitAlgorithm::CdzMinus, Strategy::CdzMinus),
                ] {
                    let rules = rules(max_hands, das, rsa, algorithm);
                    let label = format!("{algorithm:?} max {max_hands} das {das} rsa {rsa}");
                    worst = worst.max(check(&rules, strategy, &label));
                }
            }
        }
    }
    eprintln!("largest |engine - oracle|: {worst:e}");
}

/// The same without the peek (a dealer natural takes every bet), with the
/// dealer hitting soft 17, with split aces drawing, and with doubles on 10
/// and 11 only, after splits too (on this shoe the split hands' two-card
/// totals are 10, 17–21 and soft, so `9-11` restricts the same).
#[test]
fn exact_algorithms_match_brute_force_on_other_rules() {
    for sets in [
        vec!["dealer.peek=false"],
        vec!["double.allowed=10-11"],
        vec!["dealer.hit_soft_17=true"],
        vec!["split.hit_split_aces=true", "split.resplit_aces=true"],
    ] {
        let overrides: Vec<_> = sets.iter().map(|s| s.parse().unwrap()).collect();
        let base =
            banluck_lab::games::blackjack::rules::load_blackjack_rules(None, &overrides).unwrap();
        for (algorithm, strategy) in [
            (SplitAlgorithm::Cdp, Strategy::Cdp),
            (SplitAlgorithm::CdzMinus, Strategy::CdzMinus),
        ] {
            let mut rules = base.clone();
            rules.split.algorithm = algorithm;
            check(&rules, strategy, &format!("{sets:?} {algorithm:?}"));
        }
    }
}

/// The orderings that are theorems: without resplits `cdp` equals `cdp1`
/// and is at least `cdz-`; with an infinite deck `cdp` equals `cdz-`.
#[test]
fn orderings_that_are_theorems() {
    let one_deck = Deck::new(1, false);
    let cards = shoe();
    let reduced = deck(&cards);
    for (pair, up) in [(EIGHT, TEN), (NINE, NINE), (TWO, EIGHT), (ACE, ACE)] {
        let (pair, up) = (Rank::new(pair), Rank::new(up));
        for shoe in [&one_deck, &reduced] {
            let value = |algorithm| split_ev(&rules(2, true, false, algorithm), shoe, pair, up);
            let (cdp, cdp1, cdz) = (
                value(SplitAlgorithm::Cdp),
                value(SplitAlgorithm::Cdp1),
                value(SplitAlgorithm::CdzMinus),
            );
            assert!((cdp - cdp1).abs() < 1e-12, "{pair} {up}: {cdp} {cdp1}");
            assert!(cdp >= cdz - 1e-12, "{pair} {up}: {cdp} {cdz}");
        }
        let infinite = Deck::new(1, true);
        let value = |algorithm| split_ev(&rules(4, true, true, algorithm), &infinite, pair, up);
        let (cdp, cdz) = (value(SplitAlgorithm::Cdp), value(SplitAlgorithm::CdzMinus));
        assert!((cdp - cdz).abs() < 1e-12, "{pair} {up}: {cdp} {cdz}");
    }
}

/// The new key's default leaves the shipped files' rules hashes as they
/// were; another algorithm is another game.
#[test]
fn the_default_algorithm_keeps_the_rules_hash() {
    let file = std::path::Path::new("rules/blackjack-6d-s17.toml");
    let load = |sets: &[&str]| {
        let sets: Vec<_> = sets.iter().map(|s| s.parse().unwrap()).collect();
        let rules = blackjack::rules::load_blackjack_rules(Some(file), &sets).unwrap();
        (
            rules.split.algorithm,
            blackjack::rules::blackjack_rules_hash(&rules),
        )
    };
    let plain = load(&[]);
    assert_eq!(
        plain,
        (SplitAlgorithm::Cdp1, "d3cc32c2ee12d7a2".to_string())
    );
    assert_eq!(load(&["split.algorithm=cdp1"]), plain);
    assert_ne!(load(&["split.algorithm=cdp"]).1, plain.1);
}

/// A bad `split.algorithm` exits 2 naming the key and the allowed words.
#[test]
fn a_bad_split_algorithm_exits_2() {
    let (code, _, err) = binary::run(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--set",
        "split.algorithm=cdp2",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("split.algorithm") && err.contains("\"cdz-\", \"cdp1\", \"cdp\""),
        "{err}"
    );
}

/// Published CDZ- figures from Eric Farmer's exact analyzer, reproduced to
/// their printed digits: splitting 2-2 against a 7 from the 19-card shoe
/// 0 4 4 2 0 0 2 0 0 7 (aces to tens; S17, double any two, DAS, resplit to
/// four hands, no resplitting aces) is -76.210220335% (blackjackinfo.com,
/// "Software update with new split EVs", page 5), and splitting 2-2 against
/// a 6 once in one deck without DAS is 0.1189818683947885 (blackjacktheforum
/// .com, "MGP's BJCA", page 2).
#[test]
fn published_cdz_figures() {
    let mut counts = [0u32; RANK_COUNT];
    counts[TWO] = 4;
    counts[1] = 4;
    counts[2] = 2;
    counts[5] = 2;
    counts[TEN] = 7;
    let small = Deck::from_counts(counts);
    let cdz = rules(4, true, false, SplitAlgorithm::CdzMinus);
    let (twos, seven, six) = (Rank::new(TWO), Rank::new(5), Rank::new(4));
    let value = 100.0 * split_ev(&cdz, &small, twos, seven);
    assert!((value + 76.210220335).abs() < 1e-9, "{value:.9}%");
    let once = rules(2, false, false, SplitAlgorithm::CdzMinus);
    let value = split_ev(&once, &Deck::new(1, false), twos, six);
    assert!((value - 0.1189818683947885).abs() < 1e-15, "{value:.16}");
    // No splitting, or a pair the shoe cannot deal: nothing to value.
    let none = rules(1, false, false, SplitAlgorithm::Cdp);
    assert_eq!(split_ev(&none, &small, twos, seven), 0.0);
    assert_eq!(split_ev(&cdz, &small, Rank::ACE, seven), 0.0);
}

/// The upcards run on rayon's threads; one thread or several give the
/// same numbers, bit for bit.
#[test]
fn threads_do_not_change_the_numbers() {
    let mut rules = BlackjackRules::default();
    rules.deck.decks = 1;
    rules.split.algorithm = SplitAlgorithm::Cdp;
    let solve = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| blackjack::solve(&rules))
    };
    let (one, two) = (solve(1), solve(2));
    assert_eq!(one.ev.to_bits(), two.ev.to_bits());
    let bits = |s: &blackjack::BlackjackSolution| -> Vec<u64> {
        s.hands.iter().map(|h| h.best.to_bits()).collect()
    };
    assert_eq!(bits(&one), bits(&two));
}

/// The book's table of the six-deck game under each algorithm
/// (`docs/blackjack.md`) is what the engine computes, to the printed digits.
#[test]
fn the_books_six_deck_table_is_what_the_engine_computes() {
    let page = std::fs::read_to_string("docs/blackjack.md").unwrap();
    let file = std::path::Path::new("rules/blackjack-6d-s17.toml");
    for word in ["cdz-", "cdp1", "cdp"] {
        let row = format!("| `{word}` | ");
        let line = page
            .lines()
            .find(|l| l.starts_with(&row) && l.ends_with("% |"))
            .unwrap_or_else(|| panic!("docs/blackjack.md has a row for {word}"));
        let stated: f64 = line[row.len()..line.len() - 3]
            .replace('−', "-")
            .parse()
            .unwrap();
        let set = format!("split.algorithm={word}").parse().unwrap();
        let rules = blackjack::rules::load_blackjack_rules(Some(file), &[set]).unwrap();
        let ours = blackjack::solve(&rules).ev * 100.0;
        assert!(
            (ours - stated).abs() < 0.5e-8,
            "{word}: docs/blackjack.md {stated}%, ours {ours}%"
        );
    }
}
