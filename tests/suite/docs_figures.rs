//! The figures the documentation states, recomputed: the README's
//! headline figures are in its console sessions (which
//! `tests/suite/docs_commands.rs` runs and compares line by line), and the
//! published blackjack figures `docs/blackjack.md` quotes are what the
//! engine computes, to the printed precision. A change to the code that
//! moves one of them fails here until the text is updated.

use std::path::Path;

use banluck_lab::cards::Rank;
use banluck_lab::games::blackjack::rules::{BlackjackRules, load_blackjack_rules};
use banluck_lab::games::blackjack::{self, BUSTS};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn page(path: &str) -> String {
    std::fs::read_to_string(manifest_dir().join(path)).unwrap()
}

/// The README's ```console blocks, joined.
fn readme_sessions() -> String {
    page("README.md")
        .split("```console\n")
        .skip(1)
        .filter_map(|rest| rest.split("\n```").next())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_readme_sessions_state_the_headline_figures() {
    // The figures the README's prose relies on are in its sessions, so
    // tests/suite/docs_commands.rs pins them.
    let block = readme_sessions();
    for figure in [
        "EV per hand, perfect play:   -0.078881 units  (house edge 7.888%)",
        "EV per hand, best chart:     -0.078888 units  (the chart costs 0.000007)",
        "standard deviation per hand: 1.1549 units",
        "void (dealer surrender) rate: 7.2398%",
        "      -1   0.406767",
        "on                -0.055846    -0.055929     1.1504     7.240%    +0.023035",
        "game value per hand:   -0.1016219 units (player's view)",
        "exploitability:        9.43e-7",
        "T6 (hard 16): STAND",
        "stand EV -0.4914   hit EV -0.4933",
    ] {
        assert!(
            block.contains(figure),
            "the README's sessions lack {figure}"
        );
    }
}

/// The number right after `label` in `text` (a `−` minus is read as `-`).
fn number_after(text: &str, label: &str) -> f64 {
    let start = text
        .find(label)
        .unwrap_or_else(|| panic!("the page lacks {label:?}"))
        + label.len();
    let number: String = text[start..]
        .replace('−', "-")
        .chars()
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
        .collect();
    number
        .parse()
        .unwrap_or_else(|_| panic!("{label:?} is followed by {number:?}"))
}

/// Decimals printed in the number after `label`.
fn decimals_after(text: &str, label: &str) -> i32 {
    let start = text.find(label).unwrap() + label.len();
    let number: String = text[start..]
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    number.split_once('.').map_or(0, |(_, d)| d.len() as i32)
}

/// Whether `ours` prints as `stated` with `decimals` decimals.
fn same_printed(ours: f64, stated: f64, decimals: i32) -> bool {
    let scale = 10f64.powi(decimals);
    (ours * scale).round() == (stated * scale).round()
}

fn blackjack_rules(file: &str) -> BlackjackRules {
    load_blackjack_rules(Some(&manifest_dir().join("rules").join(file)), &[]).unwrap()
}

#[test]
fn the_published_blackjack_figures_are_what_the_engine_computes() {
    let blackjack = page("docs/blackjack.md");
    let text = &blackjack[blackjack
        .find("The tests reproduce published exact figures")
        .expect("docs/blackjack.md quotes the published blackjack figures")..];
    let label = "deck S17 DAS split-to-4 3:2:";
    let percent = number_after(text, label);
    let solution = blackjack::solve(&blackjack_rules("blackjack-infinite-s17.toml"));
    assert!(
        same_printed(solution.ev * 100.0, percent, decimals_after(text, label)),
        "docs/blackjack.md {percent}%, ours {}%",
        solution.ev * 100.0
    );
    for (label, file) in [
        ("dealer bust with a 6 up", "blackjack-infinite-s17.toml"),
        ("infinite,", "blackjack-1d-s17.toml"),
    ] {
        let stated = number_after(text, label);
        let rules = blackjack_rules(file);
        let bust = blackjack::dealer_alone(&rules, Rank::new(4)).p[BUSTS];
        assert!(
            same_printed(bust, stated, decimals_after(text, label)),
            "{file}: docs/blackjack.md {stated}, ours {bust}"
        );
    }
}
