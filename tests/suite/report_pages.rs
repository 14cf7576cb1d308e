//! Every committed page under reports/ (each report.html, the index, the
//! solver page and any other .html) opened in headless Chromium at 1,400
//! px, as a reader sees it, with every `<details>` opened: no console
//! error, no horizontal overflow of the page or of any table or table
//! container, no chart tick label with more than six significant digits,
//! no local link to a missing file or anchor, and in each report an
//! answer section (`<section class="answer">`) of at most three sentences
//! before its first chart. Each page's height is printed (`--nocapture`).

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::cdp::Browser;

/// The reader's window width in CSS pixels.
const WIDTH: u32 = 1400;

/// What the page says about itself, measured in the page.
const MEASURE: &str = r#"(() => {
  document.querySelectorAll('details').forEach(d => d.open = true);
  const root = document.documentElement;
  const overflowing = [...document.querySelectorAll('table, .table-scroll')]
    .filter(t => t.scrollWidth > t.clientWidth + 1)
    .map(t => (t.closest('[id]') ? t.closest('[id]').id + ': ' : '') +
      t.textContent.trim().slice(0, 60));
  const number = /^[-+−]?[\d,]*\.?\d+%?$/;
  const ticks = [...document.querySelectorAll('svg text')]
    .map(t => t.textContent.trim())
    .filter(t => number.test(t))
    .filter(t => t.replace(/[^\d]/g, '').replace(/^0+/, '').length > 6);
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
  const anchors = links.filter(h => h.startsWith('#'))
    .filter(h => h.length > 1 && !document.getElementById(decodeURIComponent(h.slice(1))));
  const answers = [...document.querySelectorAll('section.answer')];
  const body = answers.length ? answers[0].cloneNode(true) : null;
  if (body) body.querySelectorAll('h1, h2, h3').forEach(h => h.remove());
  const answer = body ? body.textContent.replace(/\s+/g, ' ').trim() : null;
  const firstChart = document.querySelector('svg, img, canvas');
  const answerFirst = answers.length > 0 && (!firstChart ||
    (answers[0].compareDocumentPosition(firstChart) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
  document.querySelectorAll('details').forEach(d => d.open = false);
  return {
    height: root.scrollHeight,
    pageOverflow: root.scrollWidth > root.clientWidth,
    overflowing, ticks, links, anchors,
    answers: answers.length, answer, answerFirst,
  };
})()"#;

/// Every .html file under `folder`, sorted.
fn pages(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![folder.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "html") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The sentences of `text`: pieces ending in `.`, `!` or `?` followed by a
/// space and a capital letter or a digit, or by the end (a decimal
/// point, `e.g.` and `vs.` do not end one).
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        current.push(c);
        let ends = matches!(c, '.' | '!' | '?')
            && !current.ends_with("e.g.")
            && !current.ends_with("i.e.")
            && !current.ends_with("vs.")
            && match (chars.get(i + 1), chars.get(i + 2)) {
                (None, _) => true,
                (Some(' '), Some(next)) => next.is_uppercase() || next.is_ascii_digit(),
                _ => false,
            };
        if ends {
            out.push(current.trim().to_string());
            current.clear();
        }
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

/// What is wrong with the measured `page` at `path`.
fn problems(path: &Path, page: &Value) -> Vec<String> {
    let mut found = Vec::new();
    if page["pageOverflow"] == json!(true) {
        found.push("the page scrolls sideways".to_string());
    }
    for table in page["overflowing"].as_array().unwrap() {
        found.push(format!("a table overflows: {table}"));
    }
    for tick in page["ticks"].as_array().unwrap() {
        found.push(format!(
            "a tick label with more than six significant digits: {tick}"
        ));
    }
    for anchor in page["anchors"].as_array().unwrap() {
        found.push(format!("a link to a missing anchor: {anchor}"));
    }
    for link in page["links"].as_array().unwrap() {
        let href = link.as_str().unwrap();
        if href.starts_with('#') || href.contains("://") || href.starts_with("mailto:") {
            continue;
        }
        let file = href.split(['#', '?']).next().unwrap();
        if !path.parent().unwrap().join(file).exists() {
            found.push(format!("a link to a missing file: {href}"));
        }
    }
    if path.file_name().is_some_and(|n| n == "report.html") {
        match page["answer"].as_str() {
            None => found.push("no <section class=\"answer\">".to_string()),
            Some(answer) => {
                let count = sentences(answer).len();
                if count > 3 {
                    found.push(format!("an answer of {count} sentences: {answer}"));
                }
                if page["answers"] != json!(1) {
                    found.push(format!("{} answer sections", page["answers"]));
                }
                if page["answerFirst"] != json!(true) {
                    found.push("a chart before the answer".to_string());
                }
            }
        }
    }
    found
}

#[test]
fn sentences_end_at_a_stop_before_a_capital_or_the_end() {
    assert_eq!(
        sentences("It gains 0.023 units, e.g. on soft 17. The rest is noise. 3 seats."),
        [
            "It gains 0.023 units, e.g. on soft 17.",
            "The rest is noise.",
            "3 seats."
        ]
    );
    assert_eq!(sentences("one. two"), ["one. two"]);
}

#[test]
fn every_committed_page_reads_at_1400_px() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports");
    let files = pages(&root);
    assert!(files.iter().any(|p| p.ends_with("index.html")), "{files:?}");
    let mut browser = Browser::launch();
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        json!({ "width": WIDTH, "height": 900, "deviceScaleFactor": 1, "mobile": false }),
    );
    let mut failures = Vec::new();
    for path in &files {
        // Only this page's events: its load, its errors.
        browser.events.clear();
        browser.open(path);
        let page = browser.eval(MEASURE);
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        let first = page["answer"].as_str().map(|a| sentences(a).remove(0));
        eprintln!(
            "{name}: {} px; {}",
            page["height"],
            first.unwrap_or_default()
        );
        let mut found = problems(path, &page);
        found.extend(browser.errors());
        failures.extend(found.into_iter().map(|p| format!("{name}: {p}")));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
