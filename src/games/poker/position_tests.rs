//! Unit tests of the position notation: parsing, round trips, and errors
//! that point at the character.

use super::action::Action;
use super::chips::Chip;
use super::position::{Holding, Position, parse_range_flag};

const SPOT: &str = "OOP:22+,A2s+,KTs+:S150/IP:AsKd:S150|P60|Ks8h5d3c2h||>OOP";

fn parse(text: &str) -> Position {
    Position::parse(text, Chip::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_issue_spot_parses_and_round_trips() {
    let position = parse(SPOT);
    assert_eq!(
        (position.oop().name.as_str(), position.ip().name.as_str()),
        ("OOP", "IP")
    );
    assert_eq!((position.pot, position.oop().stack), (60, 150));
    assert!(position.board.is_river());
    assert!(position.history.is_empty());
    assert_eq!(position.to_string(), SPOT);
    assert_eq!(parse(&position.to_string()), position);
    let [oop, ip] = position.ranges(&[]).unwrap();
    // 22+ loses the pairs that touch K, 8, 5, 3, 2: 78 - 5 × 3 = 63.
    assert_eq!(ip.combo_count(), 1);
    assert!(oop.combo_count() > 63);
}

#[test]
fn history_weights_unknowns_and_halves() {
    let text = "BTN:??:S85/BB:QQ+,AKs:0.5:S90|P12|Ad7h3c5s9d|xb6r18|>BB";
    let position = parse(text);
    assert_eq!(position.oop().name, "BB");
    assert_eq!(
        position.history,
        [Action::Check, Action::Bet(6), Action::Raise(18)]
    );
    assert_eq!(position.street().to_act, 1);
    assert_eq!(position.players[0].holding, Holding::Unknown);
    assert_eq!(parse(&position.to_string()), position);
    assert!(
        position
            .ranges(&[])
            .unwrap_err()
            .contains("--range BTN=RANGE")
    );
    let given = parse_range_flag("BTN=22+").unwrap();
    let [oop, ip] = position.ranges(&[given]).unwrap();
    assert_eq!(ip.combo_count(), 78 - 5 * 3);
    // QQ and KK whole, AA without Ad (3), AKs without AdKd at half weight.
    assert!((oop.weighted_count() - (6.0 + 6.0 + 3.0 + 0.5 * 3.0)).abs() < 1e-6);
    assert!(
        position
            .ranges(&[parse_range_flag("SB=AA").unwrap()])
            .is_err()
    );
    assert!(parse_range_flag("BTN").is_err());
    let flag = parse_range_flag("BTN=AA,KX").unwrap_err();
    assert!(
        flag.contains("KX") && flag.contains("character 9"),
        "{flag}"
    );
    // The seed's hand with a space, kept as written.
    let spaced = parse("BTN:??:S85/BB:Qh Jd:S90|P12|Ad7h3c/5s/9d||>BTN");
    assert_eq!(
        spaced.to_string(),
        "BTN:??:S85/BB:Qh Jd:S90|P12|Ad7h3c5s9d||>BTN"
    );
    assert_eq!(parse(&spaced.to_string()), spaced);
    // No history part at all.
    let short = parse("A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|>B");
    assert_eq!(short.to_string(), "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h||>B");
    let half = Chip::parse("0.5").unwrap();
    let halves = Position::parse("A:AA:S99.5/B:KK:S100|P2.5|Ks8h5d3c2h|b1.5|>A", half).unwrap();
    assert_eq!((halves.pot, halves.history[0]), (5, Action::Bet(3)));
    assert_eq!(
        halves.to_string(),
        "A:AA:S99.5/B:KK:S100|P2.5|Ks8h5d3c2h|b1.5|>A"
    );
}

#[test]
fn every_bad_string_points_at_the_character() {
    for (text, at, needle) in [
        ("A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h", 34, "4 or 5 parts"),
        (
            "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|||>A",
            36,
            "4 or 5 parts",
        ),
        ("A:AA:S100|P10|Ks8h5d3c2h|>A", 9, "two players"),
        (
            "A:AA:S100/B:KK:S100/C:QQ:S1|P10|Ks8h5d3c2h|>A",
            19,
            "two players",
        ),
        ("A:AA/B:KK:S100|P10|Ks8h5d3c2h|>A", 1, "two `:`"),
        (
            "A-1:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|>A-1",
            0,
            "position name",
        ),
        ("A:AX:S100/B:KK:S100|P10|Ks8h5d3c2h|>A", 3, "`AX`"),
        ("A:AA:100/B:KK:S100|P10|Ks8h5d3c2h|>A", 5, "stack"),
        ("A:AA:S10.5/B:KK:S100|P10|Ks8h5d3c2h|>A", 6, "whole number"),
        ("A:AA:S100/B:KK:S100|10|Ks8h5d3c2h|>A", 20, "pot"),
        ("A:AA:S100/B:KK:S100|P0|Ks8h5d3c2h|>A", 20, "more than 0"),
        ("A:AA:S100/B:KK:S100|P10|Ks8h5d3c2x|>A", 33, "suit"),
        ("A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|A", 35, "`>`"),
        ("A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|>C", 36, "not a player"),
        ("A:AA:S100/A:KK:S100|P10|Ks8h5d3c2h|>A", 10, "both players"),
        ("A:KsKd:S100/B:KK:S100|P10|Ks8h5d3c2h|>A", 2, "no combo"),
        (
            "A:AsKd:S100/B:AsQd:S100|P10|7s8h5d3c2h|>A",
            14,
            "share a card",
        ),
        (
            "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|xx|>A",
            36,
            "ends the street",
        ),
        (
            "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|b10x|>A",
            38,
            "`x`: facing a bet",
        ),
        (
            "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|b10r15|>A",
            38,
            "a raise must go to 20",
        ),
        (
            "A:AA:S100/B:KK:S50|P10|Ks8h5d3c2h|b60|>A",
            34,
            "from 1 to the effective stack (50)",
        ),
        (
            "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|xq|>A",
            36,
            "expected an action",
        ),
    ] {
        let error = Position::parse(text, Chip::default()).unwrap_err();
        assert_eq!(error.at, at, "{text}: {error}");
        assert!(error.message.contains(needle), "{text}: {error}");
        assert!(error.to_string().contains(text), "{error}");
    }
}

/// Strings near valid ones (characters replaced, inserted, deleted) never
/// panic any parser; whatever parses prints back to itself.
#[test]
fn mangled_strings_never_panic() {
    const ALPHABET: &[char] = &[
        'A', 'K', 'T', '9', '2', 's', 'h', 'd', 'c', 'x', 'b', 'r', 'f', 'o', '+', '-', ':', ',',
        '.', '/', '|', '>', '?', '%', 'P', 'S', 'a', ' ', '0', '1', '5', 'é', '∞',
    ];
    let seeds = [
        SPOT,
        "BTN:??:S85/BB:QQ+,AKs:0.5:S90|P12|Ad7h3c5s9d|xb6r18|>BB",
        "A:AA:S99.5/B:KK:S100|P2.5|Ks8h5d3c2h|b1.5|>A",
    ];
    let mut state: u64 = 7;
    let mut next = move |bound: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % bound
    };
    let chips = [Chip::default(), Chip::parse("0.5").unwrap()];
    for round in 0..20_000 {
        let mut chars: Vec<char> = seeds[round % seeds.len()].chars().collect();
        for _ in 0..1 + next(3) {
            let at = next(chars.len() + 1);
            let c = ALPHABET[next(ALPHABET.len())];
            match next(3) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        let text: String = chars.into_iter().collect();
        let chip = chips[round % 2];
        if let Ok(position) = Position::parse(&text, chip) {
            let again = Position::parse(&position.to_string(), chip).unwrap();
            assert_eq!(again, position, "{text}");
        }
        let _ = super::range::Range::parse(&text);
        let _ = super::sizes::Sizes::parse(&text);
        let _ = text.parse::<super::card::Board>();
        let _ = super::action::parse_history(&text, chip);
        // Errors point inside the string.
        if let Err(error) = Position::parse(&text, chip) {
            assert!(error.at <= text.len(), "{text}: {error}");
            assert!(!error.to_string().is_empty());
        }
    }
}
