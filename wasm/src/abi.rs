//! The C ABI the page's JavaScript calls: no wasm-bindgen, only numbers
//! cross the boundary. Text goes in through [`input`] (the page writes UTF-8
//! JSON into the buffer it returns) and comes out through [`output_ptr`] and
//! [`output_len`]; every call returns 0 when the output is the JSON answer
//! and 1 when it is an error message.
//!
//! One instance holds at most one solve: [`spot_open`] starts it,
//! [`spot_iterate`] iterates, [`spot_measure`] measures, [`spot_node`] reads the result node
//! by node. [`range_grid`] reads a range for the range builder.

use std::cell::RefCell;

use serde_json::{Value, json};

use crate::cfr::Algorithm;
use crate::games::poker::range::Range;
use crate::session::{Running, Session};
use crate::spot::{Request, build};

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static SESSION: RefCell<Option<Box<dyn Running>>> = const { RefCell::new(None) };
}

/// A buffer of `len` bytes for the next call's input; its address.
#[unsafe(no_mangle)]
pub extern "C" fn input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// The address of the last call's output.
#[unsafe(no_mangle)]
pub extern "C" fn output_ptr() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}

/// The length in bytes of the last call's output.
#[unsafe(no_mangle)]
pub extern "C" fn output_len() -> usize {
    OUTPUT.with_borrow(Vec::len)
}

/// Stores `result` as the output: 0 and the JSON, or 1 and the message.
fn answer(result: Result<Value, String>) -> i32 {
    let (code, bytes) = match result {
        Ok(value) => (0, value.to_string().into_bytes()),
        Err(message) => (1, message.into_bytes()),
    };
    OUTPUT.set(bytes);
    code
}

/// The input as JSON of type `T`.
fn read<T: serde::de::DeserializeOwned>() -> Result<T, String> {
    INPUT.with_borrow(|input| serde_json::from_slice(input).map_err(|e| format!("bad input: {e}")))
}

/// Starts a solve of the spot in the input ([`Request`] as JSON); the
/// output is its summary.
#[unsafe(no_mangle)]
pub extern "C" fn spot_open() -> i32 {
    SESSION.set(None);
    answer(open())
}

/// [`spot_open`]'s work.
fn open() -> Result<Value, String> {
    let request: Request = read()?;
    let (algorithm, word) = match request.algorithm.as_deref() {
        None | Some("dcfr") => (Algorithm::DCFR_RESTARTED, "dcfr"),
        Some("cfr+") => (Algorithm::CFR_PLUS, "cfr+"),
        Some(other) => return Err(format!("algorithm {other}: expected dcfr or cfr+")),
    };
    let (spot, game) = build(&request)?;
    let session: Box<dyn Running> = Box::new(Session::new(spot, game, algorithm, word));
    let summary = session.summary();
    SESSION.set(Some(session));
    Ok(summary)
}

/// Runs `iterations` iterations of the open solve.
#[unsafe(no_mangle)]
pub extern "C" fn spot_iterate(iterations: u32) -> i32 {
    answer(with_session(|session| session.iterate(iterations)))
}

/// Measures the open solve's average strategies.
#[unsafe(no_mangle)]
pub extern "C" fn spot_measure() -> i32 {
    answer(with_session(|session| session.measure()))
}

/// Node `index` of the open solve (the first call ends the solve).
#[unsafe(no_mangle)]
pub extern "C" fn spot_node(index: u32) -> i32 {
    answer(with_session(|session| session.node(index as usize)))
}

/// Runs `work` on the open session, or says there is none.
fn with_session(
    work: impl FnOnce(&mut dyn Running) -> Result<Value, String>,
) -> Result<Value, String> {
    SESSION.with_borrow_mut(|session| match session {
        Some(session) => work(session.as_mut()),
        None => Err("no spot is open".to_string()),
    })
}

/// The range in the input (its text, not JSON) on the 13×13 grid: per cell
/// (rows and columns ace first, suited above the diagonal) the summed
/// weights of its combos, and the number of combos.
#[unsafe(no_mangle)]
pub extern "C" fn range_grid() -> i32 {
    let text = INPUT.with_borrow(|input| String::from_utf8_lossy(input).into_owned());
    answer(Range::parse(&text).map_err(|e| e.to_string()).map(|range| {
        let grid = range.grid();
        json!({
            "weighted": grid.iter().map(|row| row.iter().map(|c| c.weighted).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "combos": range.combo_count(),
            "text": range.to_string(),
        })
    }))
}
