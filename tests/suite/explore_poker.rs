//! `banluck-lab explore --rules SOLUTION`: the page for a river solution
//! saved by `poker solve --out`, driven in headless Chromium (see
//! `explore/cdp.rs`). The test solves the shipped river spot, picks a node
//! with the keyboard, and checks the shown frequencies of a hand class and
//! of a combo against the saved solution and `poker show`, to the page's
//! stored precision: frequencies in ten-thousandths, reach to 4
//! significant digits.

use crate::cdp;

use std::path::Path;

use banluck_lab::games::poker::solved::load;
use serde_json::{Value, json};

use cdp::{Browser, lab_text as lab, run};

/// The budget for one spot's page.
const MAX_PAGE_BYTES: u64 = 2 * 1024 * 1024;
/// A combo's frequency is stored in ten-thousandths: off by at most half of one.
const COMBO_TOLERANCE: f64 = 0.5e-4 + 1e-12;
/// A class's frequency also weights its combos by reach rounded to 4
/// significant digits (relative error at most 5e-4 each, which moves the
/// weighted mean by at most about 5e-4), plus the half ten-thousandth.
const CLASS_TOLERANCE: f64 = 6e-4;

/// Solves the shipped river spot (its position, ranges and sizes) and saves
/// the solution in `dir`.
fn solve_river_spot(dir: &Path) -> std::path::PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/river-spot.toml"),
    )
    .unwrap();
    let spot: toml::Value = toml::from_str(&text).unwrap();
    let get = |table: &str, key: &str| spot[table][key].as_str().unwrap().to_string();
    let out = dir.join("river.json");
    let (oop, ip) = (
        format!("OOP={}", get("ranges", "oop")),
        format!("IP={}", get("ranges", "ip")),
    );
    lab(&[
        "poker",
        "solve",
        &get("spot", "position"),
        "--range",
        &oop,
        "--range",
        &ip,
        "--bet",
        &get("sizes", "bet"),
        "--raise",
        &get("sizes", "raise"),
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    out
}

/// The saved solution's reach-weighted frequencies of `class` at `node`,
/// and each combo's own, from the file at full precision.
fn from_file(node: &Value, class: &str) -> (Vec<f64>, Vec<(String, Vec<f64>)>) {
    let actions = node["actions"].as_array().unwrap().len();
    let (mut sums, mut weight, mut combos) = (vec![0.0; actions], 0.0, Vec::new());
    for ((hand, reach), row) in node["hands"]
        .as_array()
        .unwrap()
        .iter()
        .zip(node["reach"].as_array().unwrap())
        .zip(node["strategy"].as_array().unwrap())
    {
        let hand = hand.as_str().unwrap();
        if class_of(hand) != class {
            continue;
        }
        let reach = reach.as_f64().unwrap();
        let ps: Vec<f64> = row
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p.as_f64().unwrap())
            .collect();
        weight += reach;
        for (sum, p) in sums.iter_mut().zip(&ps) {
            *sum += reach * p;
        }
        combos.push((hand.to_string(), ps));
    }
    (sums.iter().map(|s| s / weight).collect(), combos)
}

/// The hand class of a combo written like `AsKd`.
fn class_of(combo: &str) -> String {
    const RANKS: &str = "AKQJT98765432";
    let c: Vec<char> = combo.chars().collect();
    let (a, b) = (RANKS.find(c[0]).unwrap(), RANKS.find(c[2]).unwrap());
    if a == b {
        return format!("{}{}", c[0], c[2]);
    }
    let (hi, lo) = (a.min(b), a.max(b));
    let kind = if c[1] == c[3] { 's' } else { 'o' };
    format!("{}{}{kind}", &RANKS[hi..=hi], &RANKS[lo..=lo])
}

/// The page's row for `combo` (a combo, or the class's name for its
/// summary row): each action's shown frequency.
fn page_row(browser: &mut Browser, combo: &str) -> Value {
    browser.eval(&format!(
        "Object.fromEntries(Array.from(document.querySelectorAll('#pk-cell tr[data-combo=\"{combo}\"] td[data-p]')).map(td => [td.dataset.action, Number(td.dataset.p)]))"
    ))
}

#[test]
fn river_solution_page_shows_the_range_grid_per_node() {
    let dir = tempfile::tempdir().unwrap();
    let saved = solve_river_spot(dir.path());
    let page = dir.path().join("explore.html");
    let summary: Value = serde_json::from_str(&lab(&[
        "explore",
        "--rules",
        saved.to_str().unwrap(),
        "--out",
        page.to_str().unwrap(),
        "--json",
    ]))
    .unwrap();
    let bytes = std::fs::metadata(&page).unwrap().len();
    assert!(bytes < MAX_PAGE_BYTES, "{bytes} bytes");
    assert_eq!(summary["bytes"], json!(bytes));
    let (path, class) = ("xb20", "AKs");
    let shown: Value = serde_json::from_str(&lab(&[
        "poker",
        "show",
        saved.to_str().unwrap(),
        "--node",
        path,
        "--json",
    ]))
    .unwrap();
    let node = &shown["nodes"][0];
    let decisions = load(&saved).unwrap().listed_nodes().len();

    let mut browser = Browser::launch();
    browser.open(&page);
    assert_eq!(
        browser.eval("document.getElementById('poker').hidden"),
        json!(false)
    );
    // The node browser, by keyboard: down from the root to the node.
    browser.eval("document.querySelector('#pk-nodes button').focus()");
    let mut steps = 0;
    while browser.eval("document.activeElement.dataset.path") != json!(path) {
        browser.press("ArrowDown", "ArrowDown", 40, None);
        steps += 1;
        assert!(steps < 50, "no node {path} in the browser");
    }
    let info = browser.eval("document.getElementById('pk-node').textContent");
    assert_eq!(
        info,
        json!("xb20: OOP to act · pot 80 · behind OOP 150, IP 130")
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('#pk-grid button').length"),
        json!(169)
    );
    // The class's cell, focused by keyboard, shows its combos.
    browser.eval(&format!(
        "document.querySelector('#pk-grid button[data-class=\"{class}\"]').focus()"
    ));
    assert_eq!(
        browser.eval("document.getElementById('pk-cell').dataset.class"),
        json!(class)
    );
    let (want_class, combos) = from_file(node, class);
    let actions: Vec<&str> = node["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    let shown = page_row(&mut browser, class);
    // `poker show` prints the same class line, to 0.1 percentage point.
    let show = lab(&["poker", "show", saved.to_str().unwrap(), "--node", path]);
    let line = show
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("OOP {class}:")))
        .unwrap();
    for (k, action) in actions.iter().enumerate() {
        let got = shown[action].as_f64().unwrap();
        assert!(
            (got - want_class[k]).abs() <= CLASS_TOLERANCE,
            "{class} {action}: {got} vs {}",
            want_class[k]
        );
        let printed = format!("{action} {:.1} %", 100.0 * want_class[k]);
        assert!(line.contains(&printed), "{line} lacks {printed}");
        assert!(
            (100.0 * got - 100.0 * want_class[k]).abs() <= 100.0 * CLASS_TOLERANCE,
            "{line}"
        );
    }
    assert!(combos.len() >= 2, "{combos:?}");
    for (combo, ps) in &combos {
        let shown = page_row(&mut browser, combo);
        for (action, want) in actions.iter().zip(ps) {
            let got = shown[action].as_f64().unwrap();
            assert!(
                (got - want).abs() <= COMBO_TOLERANCE,
                "{combo} {action}: {got} vs {want}"
            );
        }
    }
    // Every decision node of the file is in the browser.
    assert_eq!(
        browser.eval("document.querySelectorAll('#pk-nodes button').length"),
        json!(decisions)
    );
    browser.assert_no_errors();
}

#[test]
fn a_broken_solution_file_exits_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    for (text, says) in [
        (
            "{\"nodes\": [",
            "a river solution in the JSON format of an earlier",
        ),
        (
            "{\"position\": \"x\"}",
            "a river solution in the JSON format of an earlier",
        ),
        (
            "banluck-lab turn\nrest",
            "a turn solution in the format of an earlier",
        ),
        ("banluck-lab poker-solve 9 river\nrest", "format version 9"),
    ] {
        let file = dir.path().join("broken.json");
        std::fs::write(&file, text).unwrap();
        let out = run(&[
            "explore",
            "--rules",
            file.to_str().unwrap(),
            "--out",
            "/dev/null",
        ]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{text}: {stderr}");
    }
}
