//! Property tests of the small parsers the other property files leave out:
//! Banluck hands (`advise "T 6"`), poker cards and boards (`--turn`,
//! `--river`, `--board`), action histories (`--node`), chip sizes,
//! iteration counts, solver targets, blackjack chart files and blackjack
//! simulation strategies. Inputs and properties as in
//! `proptest_strings.rs`: mutated valid inputs, token soups, arbitrary
//! text and one 10 MB input each; no panic, no hang; an error points at the
//! bad part and stays short whatever the input's length; what parses
//! prints back to what it was.
//!
//! `cargo test --release --test suite proptest_parsers -- --nocapture` prints one
//! `proptest summary:` line per parser.

use crate::files;
use crate::hostile;
use crate::loaders;
use crate::text;

use banluck_lab::cards::parse_hand;
use banluck_lab::cli::parse_iterations;
use banluck_lab::games::blackjack::policy_eval::BlackjackChart;
use banluck_lab::games::blackjack::sim::Strategy as BlackjackStrategy;
use banluck_lab::games::poker::action::{history_notation, parse_history};
use banluck_lab::games::poker::budget::parse_target;
use banluck_lab::games::poker::card::{Board, Card};
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::error::ParseError;
use files::mutated_file;
use hostile::{Answer, Tally, cases, check, ten_megabytes, worded};
use loaders::root;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use text::inputs;

/// Cases per parser.
const CASES: u32 = 5_000;

/// The longest error message a parser may give, whatever its input.
const MAX_MESSAGE: usize = 1_000;

/// A poker error points inside its input, with the caret line.
fn pointed(error: &ParseError) -> Result<Answer, TestCaseError> {
    prop_assert!(error.at <= error.input.len(), "{error:?}");
    let shown = error.to_string();
    prop_assert!(shown.contains("(at character "), "{shown}");
    Ok(Answer::Refused)
}

const HANDS: &[&str] = &["T 6", "A 6 5", "A65", "10-K", "2,3,4,5,6", "AA"];
const HAND_TOKENS: &[&str] = &["A", "K", "10", "T", "1", "0", "X", "6", " ", ",", "-"];

#[test]
fn banluck_hands_never_panic_and_name_the_card() {
    let tally = Tally::new("banluck hand");
    check(
        file!(),
        cases(CASES),
        inputs(HANDS, "AKQJT98765432X10 ,-", HAND_TOKENS, " "),
        &tally,
        |text| match parse_hand(&text) {
            Ok(ranks) => {
                prop_assert!(!ranks.is_empty(), "{}: no cards", text);
                Ok(Answer::Ok)
            }
            Err(message) => worded(&message, MAX_MESSAGE),
        },
    );
    let huge = ten_megabytes("A X ");
    let message = parse_hand(&huge).unwrap_err();
    assert!(message.len() <= MAX_MESSAGE, "{} bytes", message.len());
}

const CARDS: &[&str] = &["2s", "Ah", "Td", "Kc", "9h"];
const BOARDS: &[&str] = &["Ks8h5d", "Ks8h5d3c", "Ks8h5d3c2h", "AsKdQh", "2c3c4c"];
const CARD_TOKENS: &[&str] = &["A", "K", "T", "1", "0", "2", "s", "h", "d", "c", "x", " "];

#[test]
fn cards_and_boards_never_panic_and_round_trip() {
    let cards = Tally::new("poker card");
    check(
        file!(),
        cases(CASES),
        inputs(CARDS, "AKQJT98765432shdcx ", CARD_TOKENS, ""),
        &cards,
        |text| match text.parse::<Card>() {
            Ok(card) => {
                prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
                Ok(Answer::Ok)
            }
            Err(error) => pointed(&error),
        },
    );
    let boards = Tally::new("poker board");
    check(
        file!(),
        cases(CASES),
        inputs(BOARDS, "AKQJT98765432shdcx ", CARD_TOKENS, ""),
        &boards,
        |text| match text.parse::<Board>() {
            Ok(board) => {
                let printed = board.to_string();
                prop_assert_eq!(printed.parse::<Board>().map(|b| b.to_string()), Ok(printed));
                Ok(Answer::Ok)
            }
            Err(error) => pointed(&error),
        },
    );
    assert!(ten_megabytes("Ks").parse::<Board>().is_err());
}

const HISTORIES: &[&str] = &["xb13r40c", "x", "b20c", "xb20r60f", "b10.5c"];
const HISTORY_TOKENS: &[&str] = &["x", "c", "f", "b", "r", "13", "40", "0.5", ".", "-1", "1e9"];

#[test]
fn action_histories_never_panic_and_round_trip() {
    let tally = Tally::new("action history");
    let chip = Chip::default();
    check(
        file!(),
        cases(CASES),
        inputs(HISTORIES, "xcfbr0123456789.", HISTORY_TOKENS, ""),
        &tally,
        |text| match parse_history(&text, chip) {
            Ok(steps) => {
                let actions: Vec<_> = steps.iter().map(|(action, _)| *action).collect();
                let printed = history_notation(&actions, chip);
                let again = parse_history(&printed, chip)
                    .map(|s| s.into_iter().map(|(action, _)| action).collect::<Vec<_>>());
                prop_assert_eq!(again, Ok(actions), "{} -> {}", text, printed);
                Ok(Answer::Ok)
            }
            Err(error) => pointed(&error),
        },
    );
    // Five million bets of one chip parse (a tree refuses them later); the
    // property is that the parser answers, and any error stays short.
    if let Err(error) = parse_history(&ten_megabytes("b1x"), chip) {
        assert!(
            error.message.len() <= MAX_MESSAGE,
            "{} bytes",
            error.message.len()
        );
    }
}

const NUMBERS: &[&str] = &["1", "0.5", "0.25", "1000", "0.01%", "2.5%", "60"];
const NUMBER_TOKENS: &[&str] = &["1", "0", ".", "5", "%", "-", "e", "9", "nan", "inf", " "];

#[test]
fn chips_iterations_and_targets_never_panic() {
    for (name, parse) in [
        (
            "chip size",
            (|t: &str| Chip::parse(t).map(|_| ())) as fn(&str) -> Result<(), String>,
        ),
        ("iterations", |t: &str| parse_iterations(t).map(|_| ())),
        ("solver target", |t: &str| {
            parse_target(t, 100.0).and_then(|v| {
                if v.is_finite() && v >= 0.0 {
                    Ok(())
                } else {
                    Err(format!("accepted {v}"))
                }
            })
        }),
    ] {
        let tally = Tally::new(name);
        check(
            file!(),
            cases(CASES),
            inputs(NUMBERS, "0123456789.%-e ", NUMBER_TOKENS, ""),
            &tally,
            |text| match parse(&text) {
                Ok(()) => Ok(Answer::Ok),
                Err(message) => {
                    prop_assert!(!message.starts_with("accepted"), "{}: {}", text, message);
                    worded(&message, MAX_MESSAGE)
                }
            },
        );
        let message = parse(&ten_megabytes("9")).unwrap_err();
        assert!(
            message.len() <= MAX_MESSAGE,
            "{name}: {} bytes",
            message.len()
        );
    }
}

const STRATEGIES: &[&str] = &["chart", "cd"];

#[test]
fn blackjack_strategies_never_panic() {
    let tally = Tally::new("blackjack strategy");
    check(
        file!(),
        cases(CASES),
        inputs(STRATEGIES, "chartd ", &["chart", "cd", "c", " "], ""),
        &tally,
        |text| match text.parse::<BlackjackStrategy>() {
            Ok(strategy) => {
                prop_assert!(
                    STRATEGIES.contains(&text.as_str()),
                    "{} -> {:?}",
                    text,
                    strategy
                );
                Ok(Answer::Ok)
            }
            Err(message) => worded(&message, MAX_MESSAGE),
        },
    );
}

/// Lines of the chart format out of place.
const CHART_LINES: &[&str] = &[
    "[hard]",
    "[soft]",
    "[pairs]",
    "\"20\" = \"S  S  S  S  S  S  S  S  S  S\"",
    "\"4\" = \"H H H\"",
    "\"21\" = \"X  S  S  S  S  S  S  S  S  S\"",
    "format = \"banluck-lab blackjack chart\"",
    "format = \"banluck-lab strategy\"",
    "\"A,A\" = \"P  P  P  P  P  P  P  P  P  P\"",
];

#[test]
fn blackjack_chart_files_never_panic_name_the_file_and_round_trip() {
    let seed = std::fs::read(root().join("tests/charts/blackjack-basic.toml")).unwrap();
    let seed_text = String::from_utf8(seed.clone()).unwrap();
    assert!(BlackjackChart::parse(&seed_text, "seed.toml").is_ok());
    let tally = Tally::new("blackjack chart file");
    check(
        file!(),
        cases(CASES / 5),
        mutated_file(vec![seed], CHART_LINES),
        &tally,
        |(_, bytes)| {
            let Ok(text) = String::from_utf8(bytes) else {
                return Ok(Answer::Refused);
            };
            match BlackjackChart::parse(&text, "mutant.toml") {
                Ok(chart) => {
                    let again = BlackjackChart::parse(&chart.to_toml("again"), "again.toml");
                    prop_assert_eq!(again.as_ref(), Ok(&chart));
                    Ok(Answer::Ok)
                }
                Err(error) => {
                    let message = error.to_string();
                    prop_assert!(message.contains("mutant.toml"), "{}", message);
                    worded(&message, MAX_MESSAGE)
                }
            }
        },
    );
}
