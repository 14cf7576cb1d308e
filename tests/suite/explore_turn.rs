//! `banluck-lab explore` on turn spots, driven in headless Chromium (see
//! `explore/cdp.rs`): a turn solution saved by `poker solve --out` (the
//! small turn spot of docs/explore.md), where the test picks a turn node and a river
//! node and card with the keyboard and checks the shown frequencies and
//! EVs of a hand class and its combos against `poker solve --json` and
//! `poker show`; and spot files solved on the fly (the issue-17 turn spot,
//! whose page must stay under 2 MB, and the river spot, whose page equals
//! that of its saved solution).

use crate::cdp;

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use cdp::{Browser, lab, lab_text};

/// The budget for one spot's page.
const MAX_PAGE_BYTES: u64 = 2 * 1024 * 1024;

/// The small turn spot of docs/explore.md.
const POSITION: &str =
    "OOP:AA,KK,AKs,QJs,T9s,65s:S100/IP:QQ-TT,AQs,KQs,JTs,87s:S100|P20|Kh9s4c/7d||>OOP";

/// Solves that turn spot into `dir`; returns the file and the
/// solve's JSON.
fn solve_turn(dir: &Path) -> (PathBuf, Value) {
    let out = dir.join("turn.bin");
    let json = lab(&[
        "poker",
        "solve",
        POSITION,
        "--bet",
        "50%",
        "--raise",
        "",
        "--river-bet",
        "75%",
        "--target",
        "0.05%",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    (out, json)
}

/// Writes the page for `rules` (and `extra` flags) into `dir`.
fn write_page(rules: &str, extra: &[&str], dir: &Path) -> (PathBuf, Value) {
    let page = dir.join("explore.html");
    let mut args = vec!["explore", "--rules", rules, "--out", page.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push("--json");
    let summary = lab(&args);
    let bytes = std::fs::metadata(&page).unwrap().len();
    assert_eq!(summary["bytes"], json!(bytes));
    (page, summary)
}

/// The page's embedded data.
fn page_data(page: &Path) -> Value {
    let html = std::fs::read_to_string(page).unwrap();
    let start = html.find("id=\"explore-data\">").unwrap() + "id=\"explore-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).unwrap()
}

/// Moves the focus with the arrow key `key` until `done` (an expression)
/// is true; at most `limit` presses.
fn press_until(browser: &mut Browser, key: &str, done: &str, limit: usize) {
    let mut presses = 0;
    while browser.eval(done) != json!(true) {
        browser.press(key, key, if key == "ArrowDown" { 40 } else { 39 }, None);
        presses += 1;
        assert!(presses < limit, "{done} not reached");
    }
}

/// The page's line for `row` (a class or a combo) of the open cell, written
/// as `poker show` writes it: `x 7.4 %, b30 92.6 % · EV 25.643`.
fn shown_line(browser: &mut Browser, row: &str) -> String {
    let line = browser.eval(&format!(
        "(() => {{
            const tr = document.querySelector('#pk-cell tr[data-combo=\"{row}\"]');
            const shares = Array.from(tr.querySelectorAll('td[data-action]')).map(td => td.dataset.action + ' ' + td.textContent);
            return shares.join(', ') + ' · EV ' + tr.querySelector('td[data-ev]').textContent;
        }})()"
    ));
    line.as_str().unwrap().to_string()
}

/// The class line `poker solve --json` gives for `class` at `node`:
/// frequencies weighted by reach, the EV by `ev_weight`.
fn class_line(node: &Value, class: &str) -> String {
    let actions = node["actions"].as_array().unwrap();
    let (mut sums, mut weight, mut ev) = (vec![0.0; actions.len()], 0.0, (0.0, 0.0));
    for (h, hand) in node["hands"].as_array().unwrap().iter().enumerate() {
        if class_of(hand.as_str().unwrap()) != class {
            continue;
        }
        let reach = node["reach"][h].as_f64().unwrap();
        weight += reach;
        for (k, sum) in sums.iter_mut().enumerate() {
            *sum += reach * node["strategy"][h][k].as_f64().unwrap();
        }
        let w = node["ev_weight"][h].as_f64().unwrap();
        ev.0 += w * node["ev"][h].as_f64().unwrap();
        ev.1 += w;
    }
    let shares: Vec<String> = actions
        .iter()
        .zip(&sums)
        .map(|(a, s)| format!("{} {:.1} %", a.as_str().unwrap(), 100.0 * s / weight))
        .collect();
    format!("{} · EV {:.3}", shares.join(", "), ev.0 / ev.1)
}

/// The hand class of a combo written like `AsKd`.
fn class_of(combo: &str) -> String {
    const RANKS: &str = "AKQJT98765432";
    let c: Vec<char> = combo.chars().collect();
    let (a, b) = (RANKS.find(c[0]).unwrap(), RANKS.find(c[2]).unwrap());
    if a == b {
        return format!("{}{}", c[0], c[2]);
    }
    let kind = if c[1] == c[3] { 's' } else { 'o' };
    format!(
        "{}{}{kind}",
        &RANKS[a.min(b)..=a.min(b)],
        &RANKS[a.max(b)..=a.max(b)]
    )
}

/// The text after `prefix` on the line of `text` that starts with it.
fn after<'a>(text: &'a str, prefix: &str) -> &'a str {
    text.lines()
        .find_map(|l| l.trim_start().strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line `{prefix}` in\n{text}"))
}

#[test]
fn turn_solution_page_shows_turn_and_river_nodes() {
    let dir = tempfile::tempdir().unwrap();
    let (saved, solved) = solve_turn(dir.path());
    let (page, summary) = write_page(saved.to_str().unwrap(), &[], dir.path());
    assert!(summary["bytes"].as_u64().unwrap() < MAX_PAGE_BYTES);
    assert_eq!(page_data(&page)["turn"][0]["river_combos"], json!(true));
    let mut browser = Browser::launch();
    browser.open(&page);
    assert_eq!(
        browser.eval("document.getElementById('poker').hidden"),
        json!(false)
    );

    // The turn root: the class line of `poker solve --json`.
    browser.eval("document.querySelector('#pk-nodes button').focus()");
    browser.eval("document.querySelector('#pk-grid button[data-class=\"AKs\"]').focus()");
    assert_eq!(
        shown_line(&mut browser, "AKs"),
        class_line(&solved["nodes"][0], "AKs")
    );
    assert_eq!(
        browser.eval("document.querySelector('#pk-cards button').disabled"),
        json!(true)
    );

    // A river node by keyboard: down the node list, then along the cards.
    browser.eval("document.querySelector('#pk-nodes button').focus()");
    press_until(
        &mut browser,
        "ArrowDown",
        "document.activeElement.dataset.path === 'b10 c ·· x'",
        60,
    );
    browser.eval("document.querySelector('#pk-cards button').focus()");
    press_until(
        &mut browser,
        "ArrowRight",
        "document.activeElement.dataset.card === 'Qs'",
        60,
    );
    assert_eq!(
        browser.eval("document.getElementById('pk-node').textContent"),
        json!("b10 c Qs x: IP to act · pot 40 · behind OOP 90, IP 90")
    );
    let show = lab_text(&[
        "poker",
        "show",
        saved.to_str().unwrap(),
        "--node",
        "b10 c Qs x",
    ]);
    let legend = browser.eval(
        "Array.from(document.querySelectorAll('#pk-legend .pk-key')).map(k => k.textContent).join(', ') + ' · ' + document.getElementById('pk-ev').textContent",
    );
    assert_eq!(legend, json!(after(&show, "strategy  IP: ")));
    browser.eval("document.querySelector('#pk-grid button[data-class=\"KQs\"]').focus()");
    assert_eq!(shown_line(&mut browser, "KQs"), after(&show, "IP KQs: "));
    // Each combo as `--hand` lists it (KhQh touches the board, KsQs holds
    // the river card).
    let hands = lab_text(&[
        "poker",
        "show",
        saved.to_str().unwrap(),
        "--node",
        "b10 c Qs x",
        "--hand",
        "KQs",
    ]);
    for combo in ["KcQc", "KdQd"] {
        let line = after(&hands, &format!("IP {combo}: "));
        let line = &line[..line.find(" (reach").unwrap()];
        assert_eq!(shown_line(&mut browser, combo), line);
    }
    assert_eq!(
        browser.eval("document.querySelectorAll('#pk-cell tr[data-combo]').length"),
        json!(3)
    );
    browser.assert_no_errors();
}

#[test]
fn a_turn_spot_file_is_solved_and_its_page_stays_under_2_mb() {
    let dir = tempfile::tempdir().unwrap();
    // Ten iterations: the page's size does not depend on how far it is
    // solved (every number takes its fixed count of digits).
    let (page, summary) = write_page("rules/turn-spot.toml", &["--iterations", "10"], dir.path());
    let bytes = summary["bytes"].as_u64().unwrap();
    assert!(bytes < MAX_PAGE_BYTES, "{bytes} bytes");
    let data = page_data(&page);
    let turn = &data["turn"][0];
    assert_eq!(turn["river_combos"], json!(false));
    assert_eq!(turn["cards"].as_array().unwrap().len(), 48);
    let nodes = turn["nodes"].as_array().unwrap();
    assert_eq!(nodes.iter().filter(|n| n["after"].is_null()).count(), 14);

    let mut browser = Browser::launch();
    browser.open(&page);
    browser.eval("document.querySelector('#pk-nodes button[data-path=\"x x ··\"]').click()");
    browser.eval("document.querySelector('#pk-cards button[data-card=\"Ah\"]').click()");
    assert_eq!(
        browser.eval("document.getElementById('pk-node').dataset.path"),
        json!("x x Ah")
    );
    browser.eval("document.querySelector('#pk-grid button[data-class=\"AA\"]').click()");
    // Classes only on this spot's river, and the page says so.
    assert_eq!(
        browser.eval("document.querySelectorAll('#pk-cell tr[data-combo]').length"),
        json!(1)
    );
    let note = browser.eval("document.getElementById('pk-note').textContent");
    assert!(
        note.as_str().unwrap().contains("hand classes only"),
        "{note}"
    );
    browser.assert_no_errors();
}

#[test]
fn a_river_spot_file_gives_the_page_of_its_saved_solution() {
    let dir = tempfile::tempdir().unwrap();
    let set = "sizes.bet=75%";
    let (page, _) = write_page("rules/river-spot.toml", &["--set", set], dir.path());
    let on_the_fly = page_data(&page);
    let saved = dir.path().join("river.json");
    lab_text(&[
        "poker",
        "solve",
        "OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP",
        "--range",
        "OOP=22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+",
        "--range",
        "IP=22+,A2s+,K9s+,Q9s+,J9s+,T8s+,A9o+,KTo+,QTo+",
        "--bet",
        "75%",
        "--raise",
        "60%",
        "--out",
        saved.to_str().unwrap(),
        "-q",
    ]);
    let (page, _) = write_page(saved.to_str().unwrap(), &[], dir.path());
    let mut from_file = page_data(&page);
    // The same solve, bit for bit; the spot file's position names the
    // ranges where the command line wrote `??`.
    for key in ["name", "position"] {
        from_file["poker"][0][key] = on_the_fly["poker"][0][key].clone();
    }
    from_file["title"] = on_the_fly["title"].clone();
    assert!(on_the_fly == from_file, "the pages' data differ");
    // --set took effect: bets of 75 % of the pot only.
    let paths: Vec<&str> = on_the_fly["poker"][0]["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["path"].as_str().unwrap())
        .collect();
    assert!(
        paths.contains(&"xb45") && !paths.iter().any(|p| p.contains("b20")),
        "{paths:?}"
    );
    // --target and --iterations belong to spot files.
    let out = cdp::run(&["explore", "--iterations", "5", "--out", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("poker spot file"));
}
