//! Property tests of the saved poker solve reader
//! (`banluck_lab::games::poker::solved::file::from_bytes`, what `poker
//! show`, `poker solve --resume`-style readers and `explore` go through),
//! from a river solve the binary saved: its bytes mutated as any file's
//! (the checksum then refuses most), and, sealed again so that the checksum
//! passes and the content checks must answer, its numbers replaced by
//! hostile floats and its JSON header's fields by hostile values or
//! removed. The property: a file that loads passes the reader's own
//! validation (it is only returned validated); one that does not is refused
//! in words, short whatever the input; never a panic or a hang.
//!
//! `PROPTEST_CASES=N cargo test --release --test suite proptest_saved --
//! --nocapture` runs N cases of each and prints their tallies.

use crate::files::mutated_file;
use crate::hostile::{Answer, Tally, cases, check, worded};
use crate::saved::{PokerSolveParts, resealed};
use crate::saved_files::{RIVER, saved};

use banluck_lab::games::poker::solved::file::from_bytes;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

/// Cases per way of breaking the file.
const CASES: u32 = 300;

/// The longest refusal the reader may give, whatever its input: what it
/// quotes of the file is clipped to a line of at most
/// 2,000 characters (`src/input/clip.rs`).
const MAX_MESSAGE: usize = 3_000;

/// The seed: a river spot solved for 20 iterations by the binary.
fn seed() -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    std::fs::read(saved(dir.path(), "river.bin", RIVER)).unwrap()
}

/// What the reader answers for `bytes`.
fn answer(bytes: &[u8]) -> Result<Answer, TestCaseError> {
    match from_bytes(bytes) {
        Ok(_) => Ok(Answer::Ok),
        Err(error) => worded(&error.0, MAX_MESSAGE),
    }
}

/// Floats no solve writes, and some it does.
fn hostile_float() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(-1.0),
        Just(2.0),
        Just(-0.0),
        Just(0.0),
        Just(1.0),
        Just(1e300),
        Just(f64::MIN_POSITIVE / 2.0),
        0.0..1.0f64,
        any::<f64>(),
    ]
}

/// JSON values to put where a header field was.
fn hostile_json() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        Just(None),
        Just(Some(Value::Null)),
        any::<bool>().prop_map(|b| Some(Value::from(b))),
        any::<i64>().prop_map(|n| Some(Value::from(n))),
        any::<u64>().prop_map(|n| Some(Value::from(n))),
        hostile_float()
            .prop_map(|x| Some(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number))),
        ".{0,40}".prop_map(|s| Some(Value::from(s))),
        Just(Some(Value::from("x".repeat(10_000)))),
        Just(Some(serde_json::json!([[], {}, [1, 2, 3]]))),
    ]
}

/// The JSON pointers of every value in `value` (objects' fields and
/// arrays' items, at every depth), the root left out.
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                let here = format!("{at}/{}", key.replace('~', "~0").replace('/', "~1"));
                out.push(here.clone());
                pointers(item, here, out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let here = format!("{at}/{i}");
                out.push(here.clone());
                pointers(item, here, out);
            }
        }
        _ => {}
    }
}

/// `header` with the value at `pointer` replaced by `new`, or removed (a
/// pointer that an earlier edit took away changes nothing).
fn edited(header: &mut Value, pointer: &str, new: Option<Value>) {
    let (parent, last) = pointer.rsplit_once('/').unwrap();
    let Some(parent) = header.pointer_mut(parent) else {
        return;
    };
    match (parent, new) {
        (Value::Object(map), Some(value)) => {
            map.insert(last.replace("~1", "/").replace("~0", "~"), value);
        }
        (Value::Object(map), None) => {
            map.remove(&last.replace("~1", "/").replace("~0", "~"));
        }
        // An earlier edit may have removed the item or replaced the array.
        (Value::Array(items), new) => match last.parse::<usize>() {
            Ok(i) if i < items.len() => match new {
                Some(value) => items[i] = value,
                None => {
                    items.remove(i);
                }
            },
            _ => {}
        },
        _ => {}
    }
}

#[test]
fn saved_poker_solves_never_panic_and_load_only_when_valid() {
    let seed = seed();
    assert!(from_bytes(&seed).is_ok());
    let parts = PokerSolveParts::of(&seed);
    let numbers = parts.numbers.len();
    assert!(numbers > 0);

    let bytes = Tally::new("saved poker solve, bytes");
    check(
        file!(),
        cases(CASES),
        mutated_file(vec![seed.clone()], &[]),
        &bytes,
        |(_, file)| answer(&file),
    );

    let floats = Tally::new("saved poker solve, numbers resealed");
    check(
        file!(),
        cases(CASES),
        prop::collection::vec((any::<Index>(), hostile_float()), 1..4),
        &floats,
        |edits| {
            let file = resealed(&seed, |parts| {
                for (at, x) in &edits {
                    parts.numbers[at.index(numbers)] = *x;
                }
            });
            answer(&file)
        },
    );

    let mut fields = Vec::new();
    pointers(&parts.header, String::new(), &mut fields);
    assert!(!fields.is_empty());
    let headers = Tally::new("saved poker solve, header resealed");
    check(
        file!(),
        cases(CASES),
        prop::collection::vec((any::<Index>(), hostile_json()), 1..3),
        &headers,
        |edits| {
            let file = resealed(&seed, |parts| {
                for (at, new) in &edits {
                    edited(
                        &mut parts.header,
                        &fields[at.index(fields.len())],
                        new.clone(),
                    );
                }
            });
            answer(&file)
        },
    );
}

#[test]
fn a_huge_value_in_any_header_field_is_refused_in_a_short_error() {
    // Two such files were found by the property above: a JSON error and a
    // block's name quoted the value whole (100 KB of stderr).
    let seed = seed();
    let parts = PokerSolveParts::of(&seed);
    let mut fields = Vec::new();
    pointers(&parts.header, String::new(), &mut fields);
    let huge = Value::from("x".repeat(100_000));
    for field in &fields {
        let file = resealed(&seed, |parts| {
            edited(&mut parts.header, field, Some(huge.clone()))
        });
        if let Err(error) = from_bytes(&file) {
            assert!(
                error.0.len() <= MAX_MESSAGE,
                "{field}: {} bytes",
                error.0.len()
            );
        }
    }
}
