//! `banluck-lab poker page`: the solver page (the poker solver built for
//! WebAssembly, inlined, run in a Web Worker) driven in headless Chromium
//! from `file://` through the DevTools protocol (see `explore/cdp.rs`). The
//! test enters spots as a user would, solves them in the page and checks
//! the shown values and strategies against `poker solve --json`, the shown
//! exploitability against the target, that the page's clock kept ticking
//! while the worker solved, and that the page logs no console error.
//! Chromium must be installed: without it these tests fail and say how to
//! install it. CI rebuilds the page from source first (`wasm/build.sh`) and
//! fails when the committed one differs. River and turn spots are here,
//! flop spots and sizes per player and street in `solver_page/flop.rs`,
//! the shared steps in `solver_page/driver.rs`.

use crate::cdp;
#[path = "../solver_page/driver.rs"]
mod driver;
#[path = "../solver_page/flop.rs"]
mod flop;

use cdp::Browser;
use driver::{
    MAX_WASM_BYTES, Spot, assert_combo_strategies, assert_matches_cli, shown, type_into, wait_for,
    write_page,
};

#[test]
fn page_solves_river_and_turn_spots_as_poker_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path());
    let html = std::fs::read_to_string(&page).unwrap();
    let base64 = html
        .split("<script id=\"wasm-base64\" type=\"application/octet-stream\">\n")
        .nth(1)
        .and_then(|rest| rest.split('\n').next())
        .unwrap();
    assert!(
        base64.len() / 4 * 3 <= MAX_WASM_BYTES,
        "wasm of {} base64 bytes",
        base64.len()
    );

    let mut browser = Browser::launch();
    browser.open(&page);
    wait_for(
        &mut browser,
        "document.body.dataset.ready === 'true'",
        "the wasm",
    );

    // The issue's river spot (the page's defaults), to 0.1 % of the pot.
    browser.eval("document.getElementById('solve').click()");
    wait_for(
        &mut browser,
        "document.getElementById('summary').dataset.done === 'true'",
        "the default solve",
    );
    let benchmark = shown(&mut browser);
    eprintln!(
        "river benchmark spot in the page: {} iterations, {:.3} s to {:.4} % of the pot",
        benchmark["iterations"],
        benchmark["seconds"].as_f64().unwrap(),
        benchmark["pct"].as_f64().unwrap()
    );

    // A river spot typed in, solved deep enough that the clock must tick.
    let river = Spot {
        board: "Qs9h6d4c2s",
        pot: "40",
        stacks: ["100", "100"],
        ranges: [
            "22+,A2s+,K9s+,QTs+,JTs,T9s,ATo+,KJo+",
            "22+,A2s+,K8s+,Q9s+,J9s+,T8s+,98s,A8o+,KTo+,QJo",
        ],
        bet: "50%, 100%",
        raise: "50%",
        sizes: &[],
        target_pct: "0.002",
    };
    let page_river = river.solve_in_page(&mut browser);
    let cli_river = river.solve_cli();
    assert_matches_cli(&page_river, &cli_river);
    eprintln!(
        "typed river spot: {} iterations in {:.3} s, {} clock ticks",
        page_river["iterations"],
        page_river["seconds"].as_f64().unwrap(),
        page_river["ticks"]
    );
    // The worker solved while the page's clock (every 50 ms) kept running.
    assert!(page_river["ticks"].as_u64().unwrap() >= 2, "{page_river}");

    // The root's strategy per combo, as shown on hover, is the solver's.
    assert_combo_strategies(&mut browser, &cli_river["nodes"][0], "x", "AKs");
    // Each combo's equity at the root, and the class's, are shares of the pot.
    let equities = browser.eval(
        "Array.from(document.querySelectorAll('#detail td[data-equity]')).map(td => Number(td.dataset.equity))",
    );
    let equities = equities.as_array().unwrap();
    assert!(equities.len() >= 2, "{equities:?}");
    assert!(
        equities
            .iter()
            .all(|e| (0.0..=1.0).contains(&e.as_f64().unwrap())),
        "{equities:?}"
    );

    // Down the tree with the keyboard: IP facing the first bet.
    browser.eval("document.querySelector('#children button[data-action=\"b20\"]').focus()");
    browser.press("Enter", "Enter", 13, Some("\r"));
    wait_for(
        &mut browser,
        "document.getElementById('node-title').textContent.startsWith('b20: IP to act')",
        "the node b20",
    );

    // A turn spot with its own river sizes.
    let turn = Spot {
        board: "Kh9s4c7d",
        pot: "20",
        stacks: ["100", "100"],
        ranges: ["AA,KK,AKs,QJs,T9s,65s", "QQ-TT,AQs,KQs,JTs,87s"],
        bet: "50%",
        raise: "",
        sizes: &[("river-bet", "75%")],
        target_pct: "0.05",
    };
    let page_turn = turn.solve_in_page(&mut browser);
    assert_matches_cli(&page_turn, &turn.solve_cli());

    browser.assert_no_errors();
}

#[test]
fn stop_ends_a_solve_and_bad_input_is_a_message_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let page = write_page(dir.path());
    let mut browser = Browser::launch();
    browser.open(&page);
    wait_for(
        &mut browser,
        "document.body.dataset.ready === 'true'",
        "the wasm",
    );

    // An unreachable target: Stop ends the solve with its current result.
    type_into(&mut browser, "target", "0");
    browser.eval("document.getElementById('solve').click()");
    wait_for(
        &mut browser,
        "document.getElementById('status').textContent.startsWith('iteration ')",
        "the first measurement",
    );
    browser.eval("document.getElementById('stop').click()");
    wait_for(
        &mut browser,
        "document.getElementById('summary').dataset.done === 'true'",
        "the stop",
    );
    let stopped = shown(&mut browser);
    assert!(
        stopped["summary"].as_str().unwrap().contains("(stopped)"),
        "{stopped}"
    );

    // A bad range: a message under it, and the solve refused.
    type_into(&mut browser, "range-ip", "AKx");
    let info = browser.eval("document.getElementById('range-ip-info').textContent");
    assert!(info.as_str().unwrap().contains("AKx"), "{info}");
    // The range builder: painting a cell writes the class into the text.
    browser.eval("document.getElementById('paint-ip').click()");
    browser.eval("document.getElementById('builder-clear').click()");
    browser.eval("document.querySelector('#builder button[data-class=\"QQ\"]').click()");
    let text = browser.eval("document.getElementById('range-ip').value");
    assert_eq!(text, "QQ");
    // A board of two cards: the page says what it solves.
    type_into(&mut browser, "board", "Ks8h");
    browser.eval("document.getElementById('solve').click()");
    wait_for(
        &mut browser,
        "document.getElementById('error').textContent !== ''",
        "the error",
    );
    let error = browser.eval("document.getElementById('error').textContent");
    assert!(error.as_str().unwrap().contains("board"), "{error}");

    browser.assert_no_errors();
}
