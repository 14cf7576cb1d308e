//! `banluck-lab explore`: the charts the page opens on, in headless
//! Chromium. The Banluck page shows the player's and the dealer's chart
//! with a legend whose colours are the cells' colours, every cell agrees
//! with `solve --json`, a click on a cell answers for its hands, and the
//! dealer's EVs are those of `solve --json --full` and `solve --engine cfr
//! --json --full` to 1e-12. The blackjack page colours its chart as the
//! blackjack report does and keeps a clicked cell's EVs in view at 1,000 by
//! 800 pixels.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::cdp::{Browser, lab};
use crate::explore_page::write_page;

/// Every chart cell of the page: its chart, action, hands, column and
/// background colour, and the legend's colour for that action.
fn chart_cells(browser: &mut Browser) -> Vec<Value> {
    let cells = browser.eval(
        "(() => {
            const key = {};
            for (const k of document.querySelectorAll('#bl-legend .item')) {
                key[k.dataset.action] = getComputedStyle(k.querySelector('.key')).backgroundColor;
            }
            return Array.from(document.querySelectorAll('.chart button')).map(b => ({
                chart: b.closest('table').id,
                action: b.dataset.action,
                text: b.textContent,
                hands: b.dataset.hands.split(' '),
                column: Number(b.dataset.column),
                total: b.dataset.total,
                colour: getComputedStyle(b).backgroundColor,
                legend: key[b.dataset.action] === undefined ? null : key[b.dataset.action],
            }));
        })()",
    );
    cells.as_array().unwrap().clone()
}

/// The rows of the answer's table: action -> (EV, frequency).
fn answer_rows(browser: &mut Browser) -> BTreeMap<String, (Option<f64>, Option<f64>)> {
    let rows = browser.eval(
        "Array.from(document.querySelectorAll('#r-rows tr')).map(tr => [tr.dataset.action,
            tr.querySelector('.ev').dataset.ev === undefined ? null : Number(tr.querySelector('.ev').dataset.ev),
            tr.querySelector('.freq').dataset.p === undefined ? null : Number(tr.querySelector('.freq').dataset.p)])",
    );
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r[0].as_str().unwrap().to_string(),
                (r[1].as_f64(), r[2].as_f64()),
            )
        })
        .collect()
}

#[test]
fn banluck_page_opens_on_both_charts_coloured_as_its_legend() {
    let dir = tempfile::tempdir().unwrap();
    let (page, _) = write_page("rules/banluck.toml", &[], dir.path());
    let mut browser = Browser::launch();
    browser.open(&page);
    // It opens on an answer, not on an empty box.
    let opening = browser.eval("document.getElementById('r-hand').textContent");
    assert_eq!(opening, json!("T6 (hard 16)"));
    let cells = chart_cells(&mut browser);
    let count = |chart: &str| cells.iter().filter(|c| c["chart"] == chart).count();
    assert!(count("player-chart") > 50, "{}", count("player-chart"));
    assert!(count("dealer-chart") > 30, "{}", count("dealer-chart"));
    for cell in &cells {
        assert!(cell["legend"].is_string(), "no legend entry: {cell}");
        assert_eq!(cell["colour"], cell["legend"], "{cell}");
    }
    let distinct: std::collections::BTreeSet<&str> = cells
        .iter()
        .map(|c| c["colour"].as_str().unwrap())
        .collect();
    assert!(distinct.len() >= 3, "{distinct:?}");

    // Every player cell is what the DP plays with each of its hands.
    let solved = lab(&["solve", "--rules", "rules/banluck.toml", "--json"]);
    let dp: BTreeMap<&str, &str> = solved["compositions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["hand"].as_str().unwrap(), c["action"].as_str().unwrap()))
        .collect();
    for cell in cells.iter().filter(|c| c["chart"] == "player-chart") {
        let actions: std::collections::BTreeSet<&str> = cell["hands"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| dp[h.as_str().unwrap()])
            .collect();
        match cell["action"].as_str().unwrap() {
            "varies" => assert!(actions.len() > 1, "{cell}"),
            action => assert_eq!(actions, [action].into(), "{cell}"),
        }
    }
    // The fixed dealer draws to 16 and stands on hard 17 whatever the player holds.
    for cell in cells.iter().filter(|c| c["chart"] == "dealer-chart") {
        match cell["total"].as_str().unwrap() {
            "hard 16" => assert_eq!(cell["action"], "hit", "{cell}"),
            "hard 17" => assert_eq!(cell["action"], "stand", "{cell}"),
            _ => {}
        }
    }

    // A click on a cell lists its hands and answers for the first as `advise` does.
    browser.eval(
        "document.querySelector('#player-chart button[data-total=\"hard 16\"][data-column=\"3\"]').click()",
    );
    let first = browser.eval("document.querySelector('#cell-hands button').textContent");
    let hand = first.as_str().unwrap().to_string();
    assert_eq!(hand.len(), 3, "{hand}");
    let advice = lab(&["advise", "--rules", "rules/banluck.toml", "--json", &hand]);
    let rows = answer_rows(&mut browser);
    for side in ["stand", "hit"] {
        let want = advice[format!("ev_{side}")].as_f64().unwrap();
        let got = rows[side].0.unwrap();
        assert!((got - want).abs() < 1e-12, "{hand} {side}: {got} vs {want}");
    }
    assert_eq!(
        browser.eval(
            "document.querySelector('#player-chart button[aria-pressed=true]').dataset.total"
        ),
        json!("hard 16")
    );
    browser.assert_no_errors();
}

/// The dealer's decision `hand` against `cards` cards in `values`
/// (`dealer_values` of `solve --json --full`).
fn decision<'a>(values: &'a Value, hand: &str, cards: u64) -> &'a Value {
    values["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["hand"] == hand && d["player_cards"] == cards)
        .unwrap_or_else(|| panic!("no decision {hand} against {cards}"))
}

/// Checks the page's dealer answer for `hand` against `cards` cards with
/// the engine's EVs.
fn assert_dealer_evs(browser: &mut Browser, values: &Value, hand: &str, cards: u64, reveals: bool) {
    browser.eval(&format!(
        "(() => {{ const s = document.getElementById('player-cards'); s.value = '{cards}'; \
         document.getElementById('hand').value = '{hand}'; s.dispatchEvent(new Event('change')); }})()"
    ));
    let rows = answer_rows(browser);
    let want = decision(values, hand, cards);
    let close = |got: Option<f64>, want: &Value| {
        let want = want.as_f64().unwrap();
        let got = got.unwrap_or_else(|| panic!("{hand} v {cards}: no EV shown"));
        assert!(
            (got - want).abs() <= 1e-12,
            "{hand} v {cards}: {got} vs {want}"
        );
    };
    close(rows["hit"].0, &want["ev_hit"]);
    close(rows["stand"].0, &want["ev_stop"]);
    if reveals {
        close(rows["reveal"].0, &want["ev_stop"]);
    } else {
        assert_eq!(rows["reveal"].0, None, "{hand} v {cards}");
    }
    let hit = rows["hit"].1.unwrap();
    assert!(
        (hit - want["hit"].as_f64().unwrap()).abs() < 1e-6,
        "{hand} v {cards}"
    );
}

#[test]
fn dealer_side_shows_the_engines_ev_of_each_action() {
    let dir = tempfile::tempdir().unwrap();
    let (page, _) = write_page("rules/banluck.toml", &[], dir.path());
    let fixed = lab(&["solve", "--rules", "rules/banluck.toml", "--json", "--full"]);
    let equilibrium = lab(&[
        "solve",
        "--rules",
        "rules/banluck.toml",
        "--engine",
        "cfr",
        "--json",
        "--full",
    ]);
    let mut browser = Browser::launch();
    browser.open(&page);
    browser.eval("document.getElementById('side-dealer').click()");
    let cases = [
        ("T6", 2, false),
        ("T6", 3, true),
        ("A6", 4, true),
        ("T52", 3, true),
        ("T8", 2, false),
    ];
    for (hand, cards, reveals) in cases {
        assert_dealer_evs(&mut browser, &fixed["dealer_values"], hand, cards, reveals);
    }
    // Dealt a hard 15 it may surrender: playing on against surrendering (0).
    let deal = fixed["dealer_values"]["deals"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["hand"] == "T5")
        .unwrap()
        .clone();
    browser.eval("(() => { const h = document.getElementById('hand'); h.value = 'T5'; h.dispatchEvent(new Event('input')); })()");
    let rows = answer_rows(&mut browser);
    let play = rows["play on (at the deal)"].0.unwrap();
    assert!(
        (play - deal["ev_play"].as_f64().unwrap()).abs() <= 1e-12,
        "{play} vs {deal}"
    );
    assert_eq!(rows["surrender (at the deal)"].0, Some(0.0));

    browser.eval("document.getElementById('engine-eq').click()");
    for (hand, cards, reveals) in cases {
        assert_dealer_evs(
            &mut browser,
            &equilibrium["solution"]["dealer_values"],
            hand,
            cards,
            reveals,
        );
    }
    // A click on a dealer cell picks the dealer's side and the column's card count.
    browser.eval("document.getElementById('side-player').click()");
    browser.eval(
        "document.querySelector('#dealer-chart button[data-total=\"hard 17\"][data-column=\"4\"]').click()",
    );
    let picked = browser.eval(
        "[document.getElementById('side-dealer').checked, document.getElementById('player-cards').value, document.getElementById('hand').value]",
    );
    assert_eq!(picked[0], json!(true));
    assert_eq!(picked[1], json!("4"));
    let hand = picked[2].as_str().unwrap().to_string();
    let rows = answer_rows(&mut browser);
    let want = decision(&equilibrium["solution"]["dealer_values"], &hand, 4);
    let got = rows["stand"].0.unwrap();
    assert!(
        (got - want["ev_stop"].as_f64().unwrap()).abs() <= 1e-12,
        "{hand}: {got} vs {want}"
    );
    browser.assert_no_errors();
}

#[test]
fn blackjack_chart_has_the_reports_colours_and_its_evs_in_view_at_1000_by_800() {
    let dir = tempfile::tempdir().unwrap();
    let (page, _) = write_page("rules/blackjack-6d-s17.toml", &[], dir.path());
    // The blackjack report's colours, from the committed report.
    let report = std::fs::read_to_string("reports/blackjack-rules/report.html").unwrap();
    let mut report_colours = BTreeMap::new();
    for (code, class) in [("H", "mv-h"), ("S", "mv-s"), ("Dh", "mv-dh"), ("P", "mv-p")] {
        let rule = format!(".{class} {{ background: ");
        let at = report
            .find(&rule)
            .unwrap_or_else(|| panic!("no {rule} in the report"))
            + rule.len();
        report_colours.insert(code, report[at..at + 7].to_string());
    }
    let mut browser = Browser::launch();
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": 1000, "height": 800, "deviceScaleFactor": 1, "mobile": false }),
    );
    browser.open(&page);
    // Hex colours as the browser reports them.
    let rgb = |hex: &str| {
        let n = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
        format!("rgb({}, {}, {})", n(1), n(3), n(5))
    };
    let legend = browser.eval(
        "Object.fromEntries(Array.from(document.querySelectorAll('#bj-legend .item[data-move]')).map(i => [i.dataset.move, getComputedStyle(i.querySelector('.key')).backgroundColor]))",
    );
    for (code, hex) in &report_colours {
        assert_eq!(legend[code], json!(rgb(hex)), "{code}");
    }
    let mismatched = browser.eval(
        "Array.from(document.querySelectorAll('#bj-chart button')).filter(b => {
            const key = document.querySelector('#bj-legend .item[data-move=\"' + b.dataset.move + '\"] .key');
            return !key || getComputedStyle(key).backgroundColor !== getComputedStyle(b).backgroundColor;
        }).map(b => b.getAttribute('aria-label'))",
    );
    assert_eq!(mismatched, json!([]));
    for (row, upcard) in [("hard 16", "T"), ("soft 18", "9"), ("pair 8", "A")] {
        // Scrolled as far as the cell needs, as a user would, then clicked.
        let panel = browser.eval(&format!(
            "(() => {{
                const b = document.querySelector('#bj-chart button[data-row=\"{row}\"][data-upcard=\"{upcard}\"]');
                const r = b.getBoundingClientRect();
                if (r.bottom > innerHeight) b.scrollIntoView({{ block: 'end' }});
                b.click();
                const p = document.getElementById('bj-cell').getBoundingClientRect();
                const evs = document.querySelectorAll('#bj-cell .ev');
                const last = evs[evs.length - 1].getBoundingClientRect();
                return {{ top: p.top, last: last.bottom, evs: evs.length, height: innerHeight,
                    title: document.querySelector('#bj-cell h2').textContent,
                    wide: document.documentElement.scrollWidth > document.documentElement.clientWidth }};
            }})()"
        ));
        assert_eq!(panel["height"], json!(800));
        assert!(panel["evs"].as_u64().unwrap() >= 2, "{panel}");
        assert!(
            panel["top"].as_f64().unwrap() >= 0.0,
            "{row} v {upcard}: {panel}"
        );
        assert!(
            panel["last"].as_f64().unwrap() <= 800.0,
            "{row} v {upcard}: {panel}"
        );
        assert!(panel["title"].as_str().unwrap().starts_with(row), "{panel}");
        assert_eq!(panel["wide"], json!(false), "{panel}");
    }
    browser.assert_no_errors();
}
