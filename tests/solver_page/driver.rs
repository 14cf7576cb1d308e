//! What the solver page's tests share: the binary run for `poker solve`
//! and `poker page`, waiting on and typing into the page, and a spot as the
//! page's fields and as `poker solve`'s flags take it.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::cdp::{Browser, lab};

/// The issue's budget for the wasm.
pub const MAX_WASM_BYTES: usize = 2 * 1024 * 1024;

/// Writes the page with `poker page` into `dir`: the committed page.
pub fn write_page(dir: &Path) -> PathBuf {
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
pub fn wait_for(browser: &mut Browser, expression: &str, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while browser.eval(expression) != json!(true) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Replaces the value of the field `id` by typing `text` into it.
pub fn type_into(browser: &mut Browser, id: &str, text: &str) {
    browser.eval(&format!(
        "(() => {{ const e = document.getElementById('{id}'); e.focus(); e.value = ''; }})()"
    ));
    browser.type_text(text);
}

/// A spot as the page's fields take it, and as `poker solve` flags.
pub struct Spot<'a> {
    /// The board (3, 4 or 5 cards).
    pub board: &'a str,
    /// The pot.
    pub pot: &'a str,
    /// OOP's and IP's stacks.
    pub stacks: [&'a str; 2],
    /// OOP's and IP's ranges.
    pub ranges: [&'a str; 2],
    /// Both players' bets on every street.
    pub bet: &'a str,
    /// Both players' raises on every street.
    pub raise: &'a str,
    /// Other sizes by `poker solve`'s flag name without the dashes (the
    /// page's field of the same id): `river-bet`, `flop-oop-bet` …
    pub sizes: &'a [(&'a str, &'a str)],
    /// The target in % of the pot.
    pub target_pct: &'a str,
}

impl Spot<'_> {
    /// `poker solve --json` on the spot.
    pub fn solve_cli(&self) -> Value {
        let position = format!(
            "OOP:??:S{}/IP:??:S{}|P{}|{}||>OOP",
            self.stacks[0], self.stacks[1], self.pot, self.board
        );
        let ranges = self.ranges.map(|r| r.to_string());
        let (oop, ip) = (format!("OOP={}", ranges[0]), format!("IP={}", ranges[1]));
        let target = format!("{}%", self.target_pct);
        let flags: Vec<String> = self
            .sizes
            .iter()
            .map(|(name, _)| format!("--{name}"))
            .collect();
        let mut args = vec![
            "poker", "solve", &position, "--range", &oop, "--range", &ip, "--bet", self.bet,
            "--raise", self.raise, "--target", &target, "--json",
        ];
        // The page's `none` is the command line's empty list.
        for (flag, (_, value)) in flags.iter().zip(self.sizes) {
            args.extend([flag.as_str(), if *value == "none" { "" } else { value }]);
        }
        lab(&args)
    }

    /// Types the spot into the page and presses Enter to solve.
    pub fn submit(&self, browser: &mut Browser) {
        // The sizes per player and street: opened, emptied, then filled in.
        browser.eval(
            "document.getElementById('sizes-more').open = true; document.querySelectorAll('#sizes-table input').forEach(i => { i.value = ''; })",
        );
        for &(id, text) in self.sizes {
            type_into(browser, id, text);
        }
        for (id, text) in [
            ("board", self.board),
            ("pot", self.pot),
            ("stack-oop", self.stacks[0]),
            ("stack-ip", self.stacks[1]),
            ("range-oop", self.ranges[0]),
            ("range-ip", self.ranges[1]),
            ("bet", self.bet),
            ("raise", self.raise),
            ("target", self.target_pct),
        ] {
            type_into(browser, id, text);
        }
        browser.eval("document.getElementById('board').focus()");
        browser.press("Enter", "Enter", 13, Some("\r"));
    }

    /// Solves the spot in the page ([`Spot::submit`]), waits for the
    /// result and returns what the page shows.
    pub fn solve_in_page(&self, browser: &mut Browser) -> Value {
        self.submit(browser);
        wait_for(
            browser,
            "document.getElementById('summary').dataset.done === 'true' && document.getElementById('node-title').dataset.index === '0'",
            "the solve",
        );
        shown(browser)
    }
}

/// The result as the page shows it.
pub fn shown(browser: &mut Browser) -> Value {
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
pub fn assert_matches_cli(page: &Value, cli: &Value) {
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

/// Checks the per-combo strategies the page shows on focusing class
/// `class` in the grid of `action` against `node` of `poker solve --json`
/// (its `hands` and `strategy`).
pub fn assert_combo_strategies(browser: &mut Browser, node: &Value, action: &str, class: &str) {
    browser.eval(&format!(
        "document.querySelector('#grids .grid[data-action=\"{action}\"] button[data-class=\"{class}\"]').focus()"
    ));
    let rows = browser.eval(
        "Array.from(document.querySelectorAll('#detail tr[data-hand]')).map(tr => [tr.dataset.hand, Array.from(tr.querySelectorAll('td[data-p]')).map(td => Number(td.dataset.p))])",
    );
    let rows = rows.as_array().unwrap();
    assert_eq!(rows[0][0], class);
    assert!(rows.len() >= 2, "{rows:?}");
    for row in &rows[1..] {
        let hand = row[0].as_str().unwrap();
        let at = node["hands"]
            .as_array()
            .unwrap()
            .iter()
            .position(|h| h == hand)
            .unwrap();
        for (k, p) in row[1].as_array().unwrap().iter().enumerate() {
            let want = node["strategy"][at][k].as_f64().unwrap();
            assert!((p.as_f64().unwrap() - want).abs() <= 1e-6, "{hand}: {row}");
        }
    }
}

/// Opens a fresh copy of the committed page in a new browser and waits for
/// its wasm.
pub fn open_page(dir: &Path) -> Browser {
    let page = write_page(dir);
    let mut browser = Browser::launch();
    browser.open(&page);
    wait_for(
        &mut browser,
        "document.body.dataset.ready === 'true'",
        "the wasm",
    );
    browser
}

/// Moves down the result tree: focuses the child button `label` of the
/// shown node, presses Enter and waits for a node whose title starts with
/// `title`; returns the title.
pub fn go(browser: &mut Browser, label: &str, title: &str) -> String {
    browser.eval(&format!(
        "document.querySelector('#children button[data-action=\"{label}\"]').focus()"
    ));
    browser.press("Enter", "Enter", 13, Some("\r"));
    wait_for(
        browser,
        &format!("document.getElementById('node-title').textContent.startsWith({title:?})"),
        title,
    );
    browser
        .eval("document.getElementById('node-title').textContent")
        .as_str()
        .unwrap()
        .to_string()
}
