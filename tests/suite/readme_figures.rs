//! The README's figures, read from README.md and recomputed: every output
//! line of its console session is what the binary prints today, and the
//! published checks it quotes are what the library computes, to the
//! printed precision. A change to the code that moves a number the README
//! states fails here until the README is updated.

use std::path::Path;
use std::process::Command;

use banluck_lab::cards::Rank;
use banluck_lab::games::blackjack::rules::{BlackjackRules, load_blackjack_rules};
use banluck_lab::games::blackjack::{self, BUSTS};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme() -> String {
    std::fs::read_to_string(manifest_dir().join("README.md")).unwrap()
}

/// One command of the README's console session with the lines shown after
/// it (`...` lines dropped: the README shortens the output there).
struct SessionStep {
    command: String,
    shown: Vec<String>,
}

/// The first ```console block of the README, split into commands.
fn session(text: &str) -> Vec<SessionStep> {
    let block = text
        .split("```console\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .expect("README.md has a ```console block");
    let mut steps: Vec<SessionStep> = Vec::new();
    for line in block.lines() {
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push(SessionStep {
                command: command.to_string(),
                shown: Vec::new(),
            });
        } else if line.trim() != "..." && !line.trim().is_empty() {
            let step = steps.last_mut().expect("output follows a command");
            step.shown.push(line.trim_end().to_string());
        }
    }
    steps
}

/// Runs a README command line (`banluck-lab ...`, shell globs allowed) with
/// the built binary from the crate root; its stdout.
fn run_readme_command(command: &str) -> String {
    let rest = command
        .strip_prefix("banluck-lab ")
        .unwrap_or_else(|| panic!("not a banluck-lab command: {command}"));
    let binary = env!("CARGO_BIN_EXE_banluck-lab");
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(format!("'{binary}' {rest}"))
        .current_dir(manifest_dir());
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") {
            shell.env_remove(name);
        }
    }
    let out = shell.output().unwrap();
    assert!(
        out.status.success(),
        "{command}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_line_of_the_readme_session_is_what_the_binary_prints() {
    let steps = session(&readme());
    assert!(steps.len() >= 5, "{} commands", steps.len());
    let mut checked = 0;
    for step in &steps {
        let output = run_readme_command(&step.command);
        let mut lines = output.lines().map(str::trim_end);
        // Each shown line starts a printed line (the README may cut a line
        // short), in the order printed.
        for shown in &step.shown {
            assert!(
                lines.any(|line| line.starts_with(shown.as_str())),
                "`{}` does not print\n{shown}\nin this order; it prints:\n{output}",
                step.command
            );
            checked += 1;
        }
    }
    // The headline figures: the EV, house edge, chart cost, payoff
    // distribution, the reveal's worth, the equilibrium and `advise T 6`.
    assert!(checked >= 15, "{checked} lines checked");
}

#[test]
fn the_readme_session_states_the_headline_figures() {
    // The figures the README's prose relies on are in the session block, so
    // the test above pins them.
    let text = readme();
    let block = text.split("```console\n").nth(1).unwrap();
    let block = block.split("\n```").next().unwrap();
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
        assert!(block.contains(figure), "the session lacks {figure}");
    }
}

/// The number right after `label` in `text` (a `−` minus is read as `-`).
fn number_after(text: &str, label: &str) -> f64 {
    let start = text
        .find(label)
        .unwrap_or_else(|| panic!("README.md lacks {label:?}"))
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
fn the_readme_blackjack_checks_are_what_the_engine_computes() {
    let readme = readme();
    let text = &readme[readme
        .find("The tests reproduce published exact figures")
        .expect("README.md quotes the published blackjack figures")..];
    let label = "deck S17 DAS split-to-4 3:2:";
    let percent = number_after(text, label);
    let solution = blackjack::solve(&blackjack_rules("blackjack-infinite-s17.toml"));
    assert!(
        same_printed(solution.ev * 100.0, percent, decimals_after(text, label)),
        "README {percent}%, ours {}%",
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
            "{file}: README {stated}, ours {bust}"
        );
    }
}
