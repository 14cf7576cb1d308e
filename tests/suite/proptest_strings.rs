//! Property tests of every string parser: poker ranges, positions, bet
//! sizes and turn paths, `--set` overrides, shard specs, baccarat shoes and
//! bet lines. Inputs are the valid examples mutated character by
//! character, soups of valid tokens in the wrong order, arbitrary strings
//! and one 10 MB string each. Properties: no panic; an error points at the
//! bad part (its position, or the key or item it names); what parses
//! prints back to text that parses to the same value.
//!
//! `cargo test --release --test suite proptest_strings -- --nocapture` prints one
//! `proptest summary:` line per parser.

use crate::hostile;
use crate::text;

use banluck_lab::games::baccarat::exact::Shoe;
use banluck_lab::games::baccarat::play::betline::{Line, parse_line};
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::error::ParseError;
use banluck_lab::games::poker::game::path::{parse_path, path_notation};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::range::Range;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::lab::Shard;
use banluck_lab::rules::Override;
use hostile::{Answer, Tally, cases, check, ten_megabytes};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use text::inputs;

/// Cases per parser and generator (mutations, token soups, arbitrary text).
const CASES: u32 = 10_000;

/// A poker error must point inside its input and show the caret line.
fn poker_error_shape(error: &ParseError) -> Result<Answer, TestCaseError> {
    prop_assert!(error.at <= error.input.len(), "{error:?}");
    let shown = error.to_string();
    prop_assert!(shown.contains("(at character "), "{shown}");
    prop_assert!(shown.ends_with('^'), "{shown}");
    Ok(Answer::Refused)
}

const RANGES: &[&str] = &[
    "22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+",
    "AA,KK-JJ,AKs,AQs-ATs,K9o+,AsKd,QQ:0.5",
    "AK:0.25,T9s,72o",
];
const RANGE_TOKENS: &[&str] = &[
    "A", "K", "Q", "J", "T", "9", "2", "1", "0", "X", "s", "o", "h", "d", "c", "+", "-", ":",
    "0.5", "1.5", "nan", "AA", "AKs", "22+",
];

#[test]
fn ranges_never_panic_and_round_trip() {
    let tally = Tally::new("range");
    check(
        file!(),
        cases(CASES),
        inputs(RANGES, "AKQJT98765432sohdc+-:,.01 X", RANGE_TOKENS, ","),
        &tally,
        |text| match Range::parse(&text) {
            Ok(range) => {
                let printed = range.to_string();
                if !printed.is_empty() {
                    let again = Range::parse(&printed);
                    prop_assert_eq!(again.as_ref(), Ok(&range), "{} -> {}", text, printed);
                }
                Ok(Answer::Ok)
            }
            Err(error) => poker_error_shape(&error),
        },
    );
    let error = Range::parse(&ten_megabytes("AA,")).unwrap_err();
    assert!(error.message.contains("limit"), "{error}");
}

const POSITIONS: &[&str] = &[
    "OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP",
    "OOP:??:S150/IP:??:S150|P60|Ks8h5d/3c||>OOP",
    "A:AA:S100/B:KK:S100|P10|Ks8h5d3c2h|b10r15|>A",
    "A:AsKd:S100/B:Qh Jd:S100|P10|7s8h5d3c2h|x|>A",
    "BTN:AsKd:S10.5/BB:22+:S100|P10|Ks8h5d3c|>BB",
];
const POSITION_TOKENS: &[&str] = &[
    "A", "B", "OOP", "IP", ":", "/", "|", ">", "??", "AA", "KK", "S100", "S0", "P10", "P0",
    "Ks8h5d", "3c", "2h", "x", "b10", "r15", "c", "f",
];

#[test]
fn positions_never_panic_and_round_trip() {
    let tally = Tally::new("position");
    let chip = Chip::default();
    check(
        file!(),
        cases(CASES),
        inputs(
            POSITIONS,
            "ABOPI:/|>?SP0123456789.KsQhJdcxbrf ",
            POSITION_TOKENS,
            "",
        ),
        &tally,
        |text| match Position::parse(&text, chip) {
            Ok(position) => {
                let printed = position.to_string();
                let again = Position::parse(&printed, chip);
                prop_assert!(again.is_ok(), "{} -> {}: {:?}", text, printed, again);
                prop_assert_eq!(again.unwrap().to_string(), printed);
                Ok(Answer::Ok)
            }
            Err(error) => poker_error_shape(&error),
        },
    );
    let huge = format!(
        "A:{}:S100/B:KK:S100|P10|Ks8h5d3c2h|>A",
        ten_megabytes("AA,")
    );
    let error = Position::parse(&huge, chip).unwrap_err();
    assert!(error.message.contains("limit"), "{error}");
}

const SIZES: &[&str] = &["33%, 75%", "60%", "33%, 75%, a", "", "12.5%,10000%"];
const SIZE_TOKENS: &[&str] = &["33", "%", "a", ",", ".", "1e3", "-5", "10001", "0", " "];

#[test]
fn bet_sizes_never_panic_and_round_trip() {
    let tally = Tally::new("bet sizes");
    check(
        file!(),
        cases(CASES),
        inputs(SIZES, "0123456789%,. a-e", SIZE_TOKENS, ""),
        &tally,
        |text| match Sizes::parse(&text) {
            Ok(sizes) => {
                let printed = sizes.to_string();
                prop_assert_eq!(Sizes::parse(&printed), Ok(sizes), "{} -> {}", text, printed);
                Ok(Answer::Ok)
            }
            Err(error) => poker_error_shape(&error),
        },
    );
    assert!(Sizes::parse(&ten_megabytes("33%,")).is_err());
}

const PATHS: &[&str] = &["x b20 c 2s b33", "xb20c2sb33", "x x 7d r60", "b20 f"];
const PATH_TOKENS: &[&str] = &["x", "c", "f", "b", "r", "20", "33.5", "2s", "Ah", "1x", " "];

#[test]
fn turn_paths_never_panic_and_round_trip() {
    let tally = Tally::new("turn path");
    let chip = Chip::default();
    check(
        file!(),
        cases(CASES),
        inputs(PATHS, "xcfbr0123456789. shdcAKT", PATH_TOKENS, " "),
        &tally,
        |text| match parse_path(&text, chip) {
            Ok(steps) => {
                let printed = path_notation(&steps, chip);
                prop_assert_eq!(
                    parse_path(&printed, chip),
                    Ok(steps),
                    "{} -> {}",
                    text,
                    printed
                );
                Ok(Answer::Ok)
            }
            Err(error) => poker_error_shape(&error),
        },
    );
    assert!(parse_path(&ten_megabytes("x "), chip).is_err());
}

const OVERRIDES: &[&str] = &[
    "dealer.fixed.stand_on=16",
    "player.min_total=15",
    "payouts.ban_ban=[3, 2]",
    "dealer.allow_reveal=false",
];
const OVERRIDE_TOKENS: &[&str] = &["dealer", ".", "=", "16", "_", "Player", "", " ", "[", "]"];

#[test]
fn overrides_never_panic_and_round_trip() {
    let tally = Tally::new("--set override");
    check(
        file!(),
        cases(CASES),
        inputs(OVERRIDES, "abc._=0123456789[] ,\"", OVERRIDE_TOKENS, ""),
        &tally,
        |text| match text.parse::<Override>() {
            Ok(set) => {
                prop_assert_eq!(set.to_string().parse::<Override>(), Ok(set));
                Ok(Answer::Ok)
            }
            Err(error) => {
                prop_assert!(
                    error.contains("KEY=VALUE") || error.contains("is not a dotted rule key"),
                    "{}",
                    error
                );
                Ok(Answer::Refused)
            }
        },
    );
}

const SHARDS: &[&str] = &["0/4", "3/4", "1/1", " 2 / 8 "];
const SHARD_TOKENS: &[&str] = &["0", "1", "4", "/", "-1", "18446744073709551616", " "];

#[test]
fn shard_specs_never_panic_and_round_trip() {
    let tally = Tally::new("shard spec");
    check(
        file!(),
        cases(CASES),
        inputs(SHARDS, "0123456789/ -", SHARD_TOKENS, ""),
        &tally,
        |text| match text.parse::<Shard>() {
            Ok(shard) => {
                prop_assert!(shard.index < shard.count);
                prop_assert_eq!(shard.to_string().parse::<Shard>(), Ok(shard));
                Ok(Answer::Ok)
            }
            Err(error) => {
                prop_assert!(error.contains("expected I/N"), "{}", error);
                Ok(Answer::Refused)
            }
        },
    );
}

const SHOES: &[&str] = &[
    "128,32,32,32,32,32,32,32,32,32",
    "16,4,4,4,4,4,4,4,4,4",
    "0,0,0,0,0,0,0,0,1,5",
];
const SHOE_TOKENS: &[&str] = &["128", "32", "0", "1281", "-1", "x", ",", " "];

#[test]
fn shoe_strings_never_panic_and_round_trip() {
    let tally = Tally::new("baccarat shoe");
    check(
        file!(),
        cases(CASES),
        inputs(SHOES, "0123456789, -x", SHOE_TOKENS, ","),
        &tally,
        |text| match text.parse::<Shoe>() {
            Ok(shoe) => {
                prop_assert_eq!(shoe.to_string().parse::<Shoe>(), Ok(shoe));
                Ok(Answer::Ok)
            }
            Err(error) => {
                let named = error.starts_with("item ")
                    || error.contains("numbers given")
                    || error.contains("a shoe needs at least");
                prop_assert!(named, "{}", error);
                Ok(Answer::Refused)
            }
        },
    );
    assert!(ten_megabytes("32,").parse::<Shoe>().is_err());
}

const BET_LINES: &[&str] = &["P 100, d7: 10", "banker=5 panda8 1", "tie 10", "q", "stats"];
const BET_TOKENS: &[&str] = &[
    "p", "b", "t", "d7", "p8", "100", "-5", "0", "1.5", "x", " ", ",",
];

#[test]
fn bet_lines_never_panic() {
    let tally = Tally::new("baccarat bet line");
    check(
        file!(),
        cases(CASES),
        inputs(BET_LINES, "pbtdPB0123456789 ,:=-_.", BET_TOKENS, " "),
        &tally,
        |text| match parse_line(&text) {
            Ok(Line::Bets(bets)) => {
                prop_assert!(bets.iter().all(|&(_, stake)| stake > 0), "{:?}", bets);
                Ok(Answer::Ok)
            }
            Ok(_) => Ok(Answer::Ok),
            Err(error) => {
                let named = error.starts_with("unknown bet `")
                    || error.contains("needs an amount")
                    || error.contains("is bet twice")
                    || error.contains("amount")
                    || error.starts_with("no bets");
                prop_assert!(named, "{}", error);
                Ok(Answer::Refused)
            }
        },
    );
    assert!(parse_line(&ten_megabytes("p 1 ")).is_err());
}
