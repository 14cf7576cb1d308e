//! `banluck-lab poker page`: the solver page (the poker solver built for
//! WebAssembly, inlined, run in a Web Worker) driven in headless Chromium
//! from `file://` through the DevTools protocol (see `explore/cdp.rs`). The
//! test enters spots as a user would, solves them in the page and checks
//! the shown values and strategies against `poker solve --json`, the shown
//! exploitability against the target, that the page's clock kept ticking
//! while the worker solved, and that the page logs no console error.
//! Chromium must be installed: without it these tests fail and say how to
//! install it. CI rebuilds the page from source first (`wasm/build.sh`) and
//! fails when the committed one differs.

#[path = "explore/cdp.rs"]
pub mod cdp;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use cdp::{Browser, lab};

/// The issue's budget for the wasm.
const MAX_WASM_BYTES: usize = 2 * 1024 * 1024;

/// Writes the page with `poker page` into `dir`: the committed page.
fn write_page(dir: &Path) -> PathBuf {
    let out = dir.join("solver.html");
    let summary = lab(&["poker", "page", "--out", out.to_str().unwrap(), "--json"]);
    let written = std::fs::read(&out).unwrap();
    let committed =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/poker/solver.html"))
            .unwrap();
    assert!(written == committed, "poker page writes the committed page");
    assert_eq!(summary["bytes"], json!(written.len()));
    out
}

/// Waits until `expression` is true in the page.
fn wait_for(browser: &mut Browser, expression: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while browser.eval(expression) != json!(true) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Replaces the value of the field `id` by typing `text` into it.
fn type_into(browser: &mut Browser, id: &str, text: &str) {
    browser.eval(&format!(
        "(() => {{ const e = document.getElementById('{id}'); e.focus(); e.value = ''; }})()"
    ));
    browser.type_text(text);
}

/// A spot as the page's fields take it, and as `poker solve` flags.
struct Spot<'a> {
    board: &'a str,
    pot: &'a str,
    stacks: [&'a str; 2],
    ranges: [&'a str; 2],
    bet: &'a str,
    raise: &'a str,
    river_bet: &'a str,
    target_pct: &'a str,
}

impl Spot<'_> {
    /// `poker solve --json` on the spot.
    fn solve_cli(&self) -> Value {
        let position = format!(
            "OOP:??:S{}/IP:??:S{}|P{}|{}||>OOP",
            self.stacks[0], self.stacks[1], self.pot, self.board
        );
        let ranges = self.ranges.map(|r| r.to_string());
        let (oop, ip) = (format!("OOP={}", ranges[0]), format!("IP={}", ranges[1]));
        let target = format!("{}%", self.target_pct);
        let mut args = vec![
            "poker", "solve", &position, "--range", &oop, "--range", &ip, "--bet", self.bet,
            "--raise", self.raise, "--target", &target, "--json",
        ];
        if !self.river_bet.is_empty() {
            args.extend(["--river-bet", self.river_bet]);
        }
        lab(&args)
    }

    /// Types the spot into the page, presses Enter to solve, waits for the
    /// result and returns what the page shows.
    fn solve_in_page(&self, browser: &mut Browser) -> Value {
        for (id, text) in [
            ("board", self.board),
            ("pot", self.pot),
            ("stack-oop", self.stacks[0]),
            ("stack-ip", self.stacks[1]),
            ("range-oop", self.ranges[0]),
            ("range-ip", self.ranges[1]),
            ("bet", self.bet),
            ("raise", self.raise),
            ("river-bet", self.river_bet),
            ("target", self.target_pct),
        ] {
            type_into(browser, id, text);
        }
        browser.eval("document.getElementById('board').focus()");
        browser.press("Enter", "Enter", 13, Some("\r"));
        wait_for(
            browser,
            "document.getElementById('summary').dataset.done === 'true' && document.getElementById('node-title').dataset.index === '0'",
            "the solve",
        );
        shown(browser)
    }
}

/// The result as the page shows it.
fn shown(browser: &mut Browser) -> Value {
    browser.eval(
        "(() => {
            const d = id => document.getElementById(id).dataset;
            return {
                oop: Number(d('value-oop').value), ip: Number(d('value-ip').value),
                pct: Number(d('exploit').pct), chips: Number(d('exploit').chips),
                target: Number(d('exploit').target),
                seconds: Number(d('seconds').seconds), iterations: Number(d('seconds').iterations),
                ticks: Number(d('clock').solveTicks),
                summary: document.getElementById('summary').textContent,
            };
        })()",
    )
}

/// Checks the page's result against `poker solve --json` on the same spot.
fn assert_matches_cli(page: &Value, cli: &Value) {
    let near = |a: &Value, b: &Value| (a.as_f64().unwrap() - b.as_f64().unwrap()).abs() <= 1e-6;
    assert!(
        near(&page["oop"], &cli["value"]["oop"]),
        "{page} vs {}",
        cli["value"]
    );
    assert!(
        near(&page["ip"], &cli["value"]["ip"]),
        "{page} vs {}",
        cli["value"]
    );
    assert!(near(&page["chips"], &cli["exploitability"]), "{page}");
    assert_eq!(page["iterations"], cli["iterations"], "{page}");
    assert!(
        page["chips"].as_f64().unwrap() <= page["target"].as_f64().unwrap(),
        "{page}"
    );
    assert!(near(&page["target"], &cli["target"]), "{page}");
}

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
        river_bet: "",
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
    let root = &cli_river["nodes"][0];
    browser.eval(
        "document.querySelector('#grids .grid[data-action=\"x\"] button[data-class=\"AKs\"]').focus()",
    );
    let rows = browser.eval(
        "Array.from(document.querySelectorAll('#detail tr[data-hand]')).map(tr => [tr.dataset.hand, Array.from(tr.querySelectorAll('td[data-p]')).map(td => Number(td.dataset.p))])",
    );
    let rows = rows.as_array().unwrap();
    assert_eq!(rows[0][0], "AKs");
    assert!(rows.len() >= 3, "{rows:?}");
    for row in &rows[1..] {
        let hand = row[0].as_str().unwrap();
        let at = root["hands"]
            .as_array()
            .unwrap()
            .iter()
            .position(|h| h == hand)
            .unwrap();
        for (k, p) in row[1].as_array().unwrap().iter().enumerate() {
            let want = root["strategy"][at][k].as_f64().unwrap();
            assert!((p.as_f64().unwrap() - want).abs() <= 1e-6, "{hand}: {row}");
        }
    }

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
        river_bet: "75%",
        target_pct: "0.05",
    };
    let page_turn = turn.solve_in_page(&mut browser);
    assert_matches_cli(&page_turn, &turn.solve_cli());

    let errors = browser.errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
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
    // A board of three cards: the page says what it solves.
    type_into(&mut browser, "board", "Ks8h5d");
    browser.eval("document.getElementById('solve').click()");
    wait_for(
        &mut browser,
        "document.getElementById('error').textContent !== ''",
        "the error",
    );
    let error = browser.eval("document.getElementById('error').textContent");
    assert!(error.as_str().unwrap().contains("3 cards"), "{error}");

    let errors = browser.errors();
    assert!(errors.is_empty(), "console errors: {errors:?}");
}
