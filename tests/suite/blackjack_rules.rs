//! The blackjack rule variations beyond the base game: each key's effect
//! against a hand computation or a published rule-effects figure, its
//! validation, and the rules hash left as it was at the key's default.

use crate::binary;

use std::path::Path;

use banluck_lab::games::blackjack::rules::{
    BlackjackRules, blackjack_rules_hash, load_blackjack_rules,
};
use banluck_lab::games::blackjack::{self, BlackjackSolution};
use banluck_lab::rules::Override;

const SIX_DECKS: &str = "rules/blackjack-6d-s17.toml";

fn rules(file: &str, sets: &[&str]) -> BlackjackRules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    load_blackjack_rules(Some(Path::new(file)), &overrides).unwrap()
}

fn solve(file: &str, sets: &[&str]) -> BlackjackSolution {
    blackjack::solve(&rules(file, sets))
}

/// The EV per round given `upcard`, weighted by the upcard's probability:
/// that upcard's share of the round's EV.
fn share(solution: &BlackjackSolution, upcard: char) -> f64 {
    let row = solution
        .upcards
        .iter()
        .find(|u| u.upcard == upcard)
        .unwrap();
    row.probability * row.ev
}

/// 6:5 and 1:1 naturals. A natural is never played, so the payout changes
/// the EV by exactly the payout's change times P(player natural, dealer
/// none) — by hand for `decks` decks: 2·4d·16d / (52d·(52d−1)) times one
/// minus the dealer's natural from the 52d − 2 cards left (4d − 1 aces,
/// 16d − 1 tens). Six decks: 6:5 costs 1.3597% (blackjackreview.com's
/// rule-variation table, 6-deck base game: "6:5 −1.36%"); one deck 1.3948%.
#[test]
fn blackjack_payouts_change_the_ev_by_the_natural_probability() {
    for (file, decks) in [(SIX_DECKS, 6.0), ("rules/blackjack-1d-s17.toml", 1.0)] {
        let n = 52.0 * decks;
        let (aces, tens) = (4.0 * decks, 16.0 * decks);
        let player = 2.0 * aces * tens / (n * (n - 1.0));
        let dealer = 2.0 * (aces - 1.0) * (tens - 1.0) / ((n - 2.0) * (n - 3.0));
        let natural_paid = player * (1.0 - dealer);
        // Without splits the solve is fast and the payout's effect the same.
        let sets = |pays: &'static str| vec!["split.max_hands=1", pays];
        let three_two = solve(file, &sets("payouts.blackjack=1.5")).ev;
        let six_five = solve(file, &sets("payouts.blackjack=1.2")).ev;
        let even = solve(file, &sets("payouts.blackjack=1")).ev;
        let cost = three_two - six_five;
        assert!((cost - 0.3 * natural_paid).abs() < 1e-12, "{decks}: {cost}");
        assert!((three_two - even - 0.5 * natural_paid).abs() < 1e-12);
        let expected = if decks == 6.0 { 0.013597 } else { 0.013948 };
        assert!((cost - expected).abs() < 5e-7, "{decks}: {cost}");
    }
}

/// Full early surrender (against every upcard, before the peek) on the
/// 6-deck S17 DAS game, by upcard, against blackjackreview.com's
/// rule-variation table for the 6-deck base game: early surrender against
/// a ten +0.24%, against an ace +0.39% (+0.63% together).
#[test]
fn early_surrender_matches_the_published_effects() {
    let base = solve(SIX_DECKS, &[]);
    let early = solve(SIX_DECKS, &["surrender.early=true"]);
    let late = solve(SIX_DECKS, &["surrender.late=true"]);
    let gain = |upcard| (share(&early, upcard) - share(&base, upcard)) * 100.0;
    let (ten, ace) = (gain('T'), gain('A'));
    assert!((ten - 0.24).abs() < 0.02, "ten {ten:.4}%");
    assert!((ace - 0.39).abs() < 0.02, "ace {ace:.4}%");
    // Against 2..9 there is no natural to surrender before: early = late.
    for upcard in ['2', '3', '4', '5', '6', '7', '8', '9'] {
        let (e, l) = (share(&early, upcard), share(&late, upcard));
        assert!((e - l).abs() < 1e-15, "{upcard}: {e} {l}");
    }
    assert!(early.ev > late.ev && late.ev > base.ev);
    // A 16 of tens and sixes early-surrenders against a ten.
    let t6 = early
        .hands
        .iter()
        .find(|h| h.upcard == 'T' && h.hand == "T6")
        .unwrap();
    assert!(t6.best_move.is_surrender(), "{:?}", t6.best_move);
}

/// With early surrender and without splits the outcome distribution is
/// defined: an early surrender loses half the bet whatever the hole card,
/// the distribution sums to one and its mean is the EV, with and without
/// the peek.
#[test]
fn early_surrender_outcomes_add_up() {
    for peek in ["dealer.peek=true", "dealer.peek=false"] {
        let sets = ["split.max_hands=1", "surrender.early=true", peek];
        let solution = solve("rules/blackjack-1d-s17.toml", &sets);
        let outcomes = solution.outcomes.expect("no splits");
        let mass: f64 = outcomes.iter().map(|(_, p)| p).sum();
        let mean: f64 = outcomes.iter().map(|(x, p)| x * p).sum();
        assert!((mass - 1.0).abs() < 1e-12, "{peek} {mass}");
        assert!((mean - solution.ev).abs() < 1e-12, "{peek} {mean}");
        let half = outcomes.iter().find(|&&(x, _)| x == -0.5).unwrap().1;
        assert!(half > 0.0);
    }
}

/// New keys at their default leave the serialized rules, and so the hash
/// of every shipped file, as they were; a set value changes the hash; a
/// wrong value is an error naming the key.
#[test]
fn new_keys_keep_the_hash_and_are_validated() {
    let base = rules(SIX_DECKS, &[]);
    let json = serde_json::to_string(&base).unwrap();
    assert!(!json.contains("early"), "{json}");
    let explicit = rules(SIX_DECKS, &["surrender.early=false"]);
    assert_eq!(blackjack_rules_hash(&explicit), blackjack_rules_hash(&base));
    let early = rules(SIX_DECKS, &["surrender.early=true"]);
    assert_ne!(blackjack_rules_hash(&early), blackjack_rules_hash(&base));
    let wrong: Override = "surrender.early=sometimes".parse().unwrap();
    let error = load_blackjack_rules(Some(Path::new(SIX_DECKS)), &[wrong]).unwrap_err();
    assert!(error.names_key("surrender.early"), "{error}");
    for key in ["insurance", "even_money"] {
        assert!(!json.contains(key), "{json}");
        let set: Override = format!("{key}=true").parse().unwrap();
        let on = load_blackjack_rules(Some(Path::new(SIX_DECKS)), &[set]).unwrap();
        assert_ne!(blackjack_rules_hash(&on), blackjack_rules_hash(&base));
        let wrong: Override = format!("{key}=2").parse().unwrap();
        let error = load_blackjack_rules(Some(Path::new(SIX_DECKS)), &[wrong]).unwrap_err();
        assert!(error.names_key(key), "{error}");
    }
}

/// Insurance by composition: the bet's EV per unit with only the ace out
/// is 3·96/311 − 1 on six decks, and given a hand of two non-tens 3·96/309
/// − 1; from a full shoe it is never positive (16d/(52d − 3) < 1/3), so
/// perfect insurance never insures and the EV is unchanged.
#[test]
fn insurance_by_composition() {
    let solution = solve(SIX_DECKS, &["split.max_hands=1", "insurance=true"]);
    let plain = solve(SIX_DECKS, &["split.max_hands=1"]);
    assert_eq!(solution.ev, plain.ev);
    let ace = solution.upcards.iter().find(|u| u.upcard == 'A').unwrap();
    let alone = ace.insurance.unwrap();
    assert!(
        (alone - (3.0 * 96.0 / 311.0 - 1.0)).abs() < 1e-12,
        "{alone}"
    );
    let hand = |label: &str| {
        let row = solution
            .hands
            .iter()
            .find(|h| h.upcard == 'A' && h.hand == label);
        row.unwrap().insurance.unwrap()
    };
    assert!((hand("98") - (3.0 * 96.0 / 309.0 - 1.0)).abs() < 1e-12);
    assert!((hand("T9") - (3.0 * 95.0 / 309.0 - 1.0)).abs() < 1e-12);
    assert!(
        solution
            .hands
            .iter()
            .all(|h| (h.upcard == 'A') == h.insurance.is_some())
    );
    assert!(solution.outcomes.is_some());
    assert!(plain.upcards.iter().all(|u| u.insurance.is_none()));
}

/// Even money: with 3:2 a natural against an ace is worth 1.5·(1 − q) > 1
/// and keeps its bet; with 6:5 it is worth 1.2·(1 − q) < 1 and takes even
/// money, gaining P(natural, ace up)·(1 − 1.2·(1 − q)) — one deck by hand:
/// 2·4·16/(52·51) · 3/50 · (1 − 1.2·34/49).
#[test]
fn even_money_against_an_ace() {
    let one = "rules/blackjack-1d-s17.toml";
    let base = ["split.max_hands=1", "payouts.blackjack=1.2"];
    let plain = solve(one, &base);
    let even = solve(one, &[base[0], base[1], "even_money=true"]);
    let gain = 2.0 * 4.0 * 16.0 / (52.0 * 51.0) * 3.0 / 50.0 * (1.0 - 1.2 * 34.0 / 49.0);
    assert!(
        (even.ev - plain.ev - gain).abs() < 1e-12,
        "{}",
        even.ev - plain.ev
    );
    let outcomes = even.outcomes.expect("no splits, no insurance");
    let mean: f64 = outcomes.iter().map(|(x, p)| x * p).sum();
    assert!((mean - even.ev).abs() < 1e-12);
    let three_two = ["split.max_hands=1", "even_money=true"];
    assert_eq!(solve(one, &three_two).ev, solve(one, &base[..1]).ev);
}

/// `double.allowed` restricts the first two cards and, with DAS, the split
/// hands alike: each restriction costs something, the wider rule is worth
/// at least the narrower (one deck, split to four).
#[test]
fn double_restrictions_apply_before_and_after_splits() {
    let one = "rules/blackjack-1d-s17.toml";
    let ev = |allowed: &str| solve(one, &[&format!("double.allowed={allowed}")]).ev;
    let (any, nine, ten, none) = (ev("any"), ev("9-11"), ev("10-11"), ev("none"));
    assert!(
        any > nine && nine > ten && ten > none,
        "{any} {nine} {ten} {none}"
    );
    let restricted = solve(one, &["double.allowed=10-11"]);
    for row in restricted.hands.iter().filter(|h| h.double.is_some()) {
        assert!((10..=11).contains(&row.total), "{} {}", row.hand, row.total);
    }
    let wrong: Override = "double.allowed=8-11".parse().unwrap();
    let error = load_blackjack_rules(Some(Path::new(one)), &[wrong]).unwrap_err();
    assert!(error.names_key("double.allowed"), "{error}");
}

/// `shoe.penetration`: strictly between 0 and 1, out of the hash while
/// unset; the exact engine (reshuffling every round) does not read it.
#[test]
fn shoe_penetration_is_validated() {
    let base = rules(SIX_DECKS, &[]);
    assert!(!serde_json::to_string(&base).unwrap().contains("shoe"));
    let dealt = rules(SIX_DECKS, &["shoe.penetration=0.75"]);
    assert_eq!(dealt.shoe.penetration, Some(0.75));
    assert_ne!(blackjack_rules_hash(&dealt), blackjack_rules_hash(&base));
    for wrong in ["0", "1", "1.5", "-0.2", "deep"] {
        let set: Override = format!("shoe.penetration={wrong}").parse().unwrap();
        let error = load_blackjack_rules(Some(Path::new(SIX_DECKS)), &[set]).unwrap_err();
        assert!(error.names_key("shoe.penetration"), "{wrong}: {error}");
    }
}

/// A bad value of a new key exits 2 naming the file, the key and what is
/// allowed.
#[test]
fn bad_new_keys_exit_2() {
    for (set, allowed) in [
        ("shoe.penetration=1.2", "strictly between 0 and 1"),
        ("surrender.early=often", "surrender.early"),
        ("insurance=yes", "insurance"),
    ] {
        let (code, _, err) = binary::run(&["solve", "--rules", SIX_DECKS, "--set", set]);
        assert_eq!(code, Some(2), "{set}: {err}");
        assert!(
            err.contains(SIX_DECKS) || err.contains("--set"),
            "{set}: {err}"
        );
        assert!(err.contains(set.split('=').next().unwrap()), "{set}: {err}");
        assert!(err.contains(allowed), "{set}: {err}");
    }
}
