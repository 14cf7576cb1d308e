//! `banluck-lab explore`: the page it writes, driven in headless Chromium
//! through the DevTools protocol (see `explore/cdp.rs`). The test types
//! hands as a user would and checks the shown action and EVs against
//! `advise --json`, the equilibrium frequencies against `solve --engine cfr
//! --json`, the blackjack chart against `solve --json`, and that the page
//! logs no console error. Chromium must be installed: without it these
//! tests fail and say how to install it.

use crate::cdp;

use std::path::Path;

use serde_json::{Value, json};

use cdp::{Browser, lab, run};

/// The budget for one rules file's page.
const MAX_PAGE_BYTES: u64 = 2 * 1024 * 1024;

/// Writes the page for `rules` (a file or a folder) into `dir`.
pub fn write_page(rules: &str, extra: &[&str], dir: &Path) -> (std::path::PathBuf, Value) {
    let out = dir.join("explore.html");
    let mut args = vec!["explore", "--rules", rules, "--out", out.to_str().unwrap()];
    args.extend_from_slice(extra);
    args.push("--json");
    let summary = lab(&args);
    (out, summary)
}

/// Clears the hand box, types `hand` into it and presses Enter.
fn type_hand(browser: &mut Browser, hand: &str) {
    browser
        .eval("(() => { const h = document.getElementById('hand'); h.value = ''; h.focus(); })()");
    browser.type_text(hand);
    browser.press("Enter", "Enter", 13, Some("\r"));
}

/// What the page shows: the action, each row's EV (exact and as printed),
/// each row's frequency, and the "why" sentence.
fn shown(browser: &mut Browser) -> Value {
    browser.eval(
        "(() => {
            const rows = {};
            for (const tr of document.querySelectorAll('#r-rows tr')) {
                const ev = tr.querySelector('.ev'), f = tr.querySelector('.freq');
                rows[tr.dataset.action] = {
                    ev: ev.dataset.ev === undefined ? null : Number(ev.dataset.ev),
                    text: ev.textContent,
                    p: f.dataset.p === undefined ? null : Number(f.dataset.p),
                };
            }
            return {
                action: document.getElementById('r-action').dataset.action,
                hand: document.getElementById('r-hand').textContent,
                why: document.getElementById('r-why').textContent,
                rows,
            };
        })()",
    )
}

/// Checks the page's answer for `hand` against `advise --json`.
fn assert_matches_advise(browser: &mut Browser, hand: &str, advise_args: &[&str]) {
    type_hand(browser, hand);
    let page = shown(browser);
    let mut args = vec!["advise", "--json"];
    args.extend_from_slice(advise_args);
    args.push(hand);
    let advice = lab(&args);
    match advice["action"].as_str() {
        None => {
            assert_eq!(page["action"], "none", "{hand}: {page}");
            assert_eq!(page["why"], advice["note"], "{hand}");
        }
        Some(action) => {
            assert_eq!(page["action"], action, "{hand}: {page}");
            for side in ["stand", "hit"] {
                let want = advice[format!("ev_{side}")].as_f64().unwrap();
                let got = page["rows"][side]["ev"].as_f64().unwrap();
                assert!((got - want).abs() < 1e-12, "{hand} {side}: {got} vs {want}");
                assert_eq!(page["rows"][side]["text"], format!("{want:+.4}"), "{hand}");
            }
            let gap = advice["ev_hit"].as_f64().unwrap() - advice["ev_stand"].as_f64().unwrap();
            let gap = if action == "hit" { gap } else { -gap };
            let over = if action == "hit" { "stand" } else { "hit" };
            let why = format!("{action}: {gap:+.4} over {over}; ");
            assert!(page["why"].as_str().unwrap().starts_with(&why), "{page}");
        }
    }
    assert!(
        page["hand"]
            .as_str()
            .unwrap()
            .starts_with(advice["hand"].as_str().unwrap()),
        "{page}"
    );
}

#[test]
fn banluck_page_answers_as_advise_does_with_no_console_error() {
    let dir = tempfile::tempdir().unwrap();
    let (page, summary) = write_page("rules/banluck.toml", &[], dir.path());
    let bytes = std::fs::metadata(&page).unwrap().len();
    assert!(bytes < MAX_PAGE_BYTES, "{bytes} bytes");
    assert_eq!(summary["bytes"], json!(bytes));
    let mut browser = Browser::launch();
    browser.open(&page);
    for hand in [
        "T 6", "9 7", "A65", "10 2 3", "A 5", "8 8", "5 4 3 2", "K Q", "A K",
    ] {
        assert_matches_advise(&mut browser, hand, &["--rules", "rules/banluck.toml"]);
    }
    // A hand the deck cannot deal, and a word that is no card: messages, not errors.
    type_hand(&mut browser, "A A A A A");
    assert_eq!(shown(&mut browser)["action"], "");
    type_hand(&mut browser, "x 7");
    assert!(
        shown(&mut browser)["hand"]
            .as_str()
            .unwrap()
            .contains("not a card")
    );

    // The equilibrium, chosen with the keyboard: its hit frequencies are the
    // solver's, the shown ones add up to one.
    browser.eval("document.getElementById('engine-dp').focus()");
    browser.press("ArrowDown", "ArrowDown", 40, None);
    assert_eq!(
        browser.eval("document.getElementById('engine-eq').checked"),
        json!(true)
    );
    let solved = lab(&[
        "solve",
        "--rules",
        "rules/banluck.toml",
        "--engine",
        "cfr",
        "--json",
    ]);
    for hand in ["T6", "T33", "9322"] {
        type_hand(&mut browser, hand);
        let page = shown(&mut browser);
        let want = solved["solution"]["player_compositions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["hand"] == hand)
            .map_or(0.0, |c| c["hit"].as_f64().unwrap());
        let frequency = |action: &str| page["rows"][action]["p"].as_f64();
        let (Some(hit), Some(stand)) = (frequency("hit"), frequency("stand")) else {
            panic!("{hand}: no frequencies shown: {page}");
        };
        assert!((hit - want).abs() <= 5e-7, "{hand}: {hit} vs {want}");
        assert!((hit + stand - 1.0).abs() < 1e-12, "{page}");
        assert!(page["why"].as_str().unwrap().contains("dealer"), "{page}");
    }

    // The dealer's side, with a click on the side and on card buttons.
    browser.eval("document.getElementById('side-dealer').click()");
    browser.eval("document.getElementById('card-clear').click()");
    browser.eval(
        "document.querySelector('#cards button[aria-label=\"add a ten-value card\"]').click()",
    );
    browser.eval("document.querySelector('#cards button[aria-label=\"add a 6\"]').click()");
    let page = shown(&mut browser);
    assert!(
        page["hand"].as_str().unwrap().starts_with("T6 (hard 16)"),
        "{page}"
    );
    let total: f64 = ["hit", "reveal", "stand"]
        .iter()
        .map(|a| page["rows"][a]["p"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-5, "{page}");
    // The fixed dealer draws to 16 whatever the player holds.
    browser.eval("document.getElementById('engine-dp').click()");
    assert_eq!(shown(&mut browser)["action"], "hit");
    // The back button drops the last card.
    browser.eval("document.getElementById('card-back').click()");
    assert_eq!(
        browser.eval("document.getElementById('hand').value"),
        json!("T")
    );
    browser.eval("document.getElementById('hand').value = 'A65'");
    browser.eval("document.getElementById('card-back').click()");
    assert_eq!(
        browser.eval("document.getElementById('hand').value"),
        json!("A 6")
    );

    browser.assert_no_errors();
}

#[test]
fn folder_page_holds_every_variant_of_the_experiment() {
    let dir = tempfile::tempdir().unwrap();
    let (page, summary) = write_page("reports/reveal", &[], dir.path());
    assert_eq!(summary["variants"], json!(["reveal=off", "reveal=on"]));
    let mut browser = Browser::launch();
    browser.open(&page);
    let options = browser
        .eval("Array.from(document.querySelectorAll('#variant option')).map(o => o.textContent)");
    assert_eq!(options, summary["variants"]);
    // The second variant is the base rules with the manifest's settings.
    browser.eval("(() => { const s = document.getElementById('variant'); s.value = '1'; s.dispatchEvent(new Event('change')); })()");
    let rules = [
        "--rules",
        "rules/house-draw.toml",
        "--set",
        "dealer.allow_reveal=true",
        "--set",
        "dealer.fixed.reveal=on",
    ];
    for hand in ["T 6", "T 3 3", "7 5 4"] {
        assert_matches_advise(&mut browser, hand, &rules);
    }
    browser.assert_no_errors();
}

#[test]
fn upcard_rules_key_every_answer_by_the_upcard() {
    let dir = tempfile::tempdir().unwrap();
    let (page, _) = write_page("rules/upcard.toml", &[], dir.path());
    let mut browser = Browser::launch();
    browser.open(&page);
    assert_eq!(
        browser.eval("document.getElementById('upcard-row').hidden"),
        json!(false)
    );
    for upcard in ["T", "6", "A"] {
        browser.eval(&format!(
            "(() => {{ const s = document.getElementById('upcard'); s.value = '{upcard}'; s.dispatchEvent(new Event('change')); }})()"
        ));
        for hand in ["T 6", "9 3", "7 5 4"] {
            assert_matches_advise(
                &mut browser,
                hand,
                &["--rules", "rules/upcard.toml", "--upcard", upcard],
            );
        }
    }
    browser.assert_no_errors();
}

#[test]
fn blackjack_chart_shows_each_moves_ev() {
    let dir = tempfile::tempdir().unwrap();
    let (page, _) = write_page("rules/blackjack-6d-s17.toml", &[], dir.path());
    let solved = lab(&["solve", "--rules", "rules/blackjack-6d-s17.toml", "--json"]);
    let mut browser = Browser::launch();
    browser.open(&page);
    assert_eq!(
        browser.eval("document.getElementById('blackjack').hidden"),
        json!(false)
    );
    assert_eq!(
        browser.eval("document.getElementById('tab-banluck').hidden"),
        json!(true)
    );
    for (row, upcard) in [
        ("hard 16", "T"),
        ("pair 8", "T"),
        ("hard 11", "6"),
        ("soft 18", "9"),
    ] {
        let want = solved["chart"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["row"] == row && c["upcard"] == upcard)
            .unwrap()["best_move"]
            .clone();
        // Tab-reachable buttons: focus the cell and press Enter.
        browser.eval(&format!(
            "document.querySelector('#bj-chart button[data-row=\"{row}\"][data-upcard=\"{upcard}\"]').focus()"
        ));
        browser.press("Enter", "Enter", 13, Some("\r"));
        let cell = browser.eval(
            "(() => ({
                title: document.querySelector('#bj-cell h2').textContent,
                evs: Array.from(document.querySelectorAll('#bj-cell tr')).map(tr => [tr.dataset.action, Number(tr.querySelector('.ev').dataset.ev)]),
            }))()",
        );
        assert_eq!(
            cell["title"],
            format!(
                "{row} against {}: {}",
                if upcard == "T" { "10" } else { upcard },
                want.as_str().unwrap()
            )
        );
        let evs = cell["evs"].as_array().unwrap();
        assert!(evs.len() >= 2, "{cell}");
        // Sorted best first; the best move's EV is the largest.
        let first = evs[0][1].as_f64().unwrap();
        assert!(
            evs.iter().all(|e| e[1].as_f64().unwrap() <= first),
            "{cell}"
        );
    }
    browser.assert_no_errors();
    // The check sees errors when there are some.
    browser.eval("console.error('a planted error')");
    assert_eq!(browser.errors().len(), 1);
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (rules, says) in [
        ("rules/no-such.toml", "no such rules file"),
        ("rules/ez-baccarat.toml", "another game"),
        ("reports/rotation", "no strategy grid"),
        ("reports/river", "banluck-lab explore --rules"),
    ] {
        let out = run(&["explore", "--rules", rules, "--out", "/dev/null"]);
        assert_eq!(out.status.code(), Some(2), "{rules}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{rules}: {stderr}");
    }
}
