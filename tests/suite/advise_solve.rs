//! `advise` against `solve`: for every player composition (and upcard) at
//! which the exact solver decides, the one-hand advice (its own model of
//! the hand's sub-tree) gives the same action and the same stand and hit
//! EVs, for the canonical and the house-draw rules (and a sample of the
//! upcard rules); a sample also goes through the binary, `advise --json`
//! against `solve --json`.

use std::path::Path;
use std::process::Command;

use banluck_lab::cards::Rank;
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn table(file: &str) -> CompiledRules {
    CompiledRules::compile(load_rules(Some(&manifest_dir().join(file)), &[]).unwrap())
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * (1.0 + a.abs())
}

#[test]
fn advise_agrees_with_solve_on_every_composition() {
    // With upcards (4985 decisions, about ten per hand) every 37th
    // decision: hands of every size against every upcard.
    for (file, decisions, every) in [
        ("rules/banluck.toml", 499, 1),
        ("rules/house-draw.toml", 499, 1),
        ("rules/upcard.toml", 4985, 37),
    ] {
        let table = table(file);
        let solution = dp::solve(&table);
        assert_eq!(solution.compositions.len(), decisions, "{file}");
        for c in solution.compositions.iter().step_by(every) {
            let hand = table.find_hand(&c.hand).unwrap();
            let upcard = c.upcard.map(|u| Rank::from_label(&u.to_string()).unwrap());
            let advice = dp::advise(&table, hand, upcard);
            let at = format!("{file}: {} against {:?}", c.hand, c.upcard);
            assert_eq!(advice.action, Some(c.action), "{at}");
            assert_eq!(advice.upcard, c.upcard, "{at}");
            assert!(close(advice.ev_stand, c.ev_stand), "{at}: {advice:?} {c:?}");
            assert!(close(advice.ev_hit, c.ev_hit), "{at}: {advice:?} {c:?}");
        }
    }
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(manifest_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_advise_command_agrees_with_the_solve_command() {
    for file in ["rules/banluck.toml", "rules/upcard.toml"] {
        let solved = json(&["solve", "--rules", file, "--json"]);
        let compositions = solved["compositions"].as_array().unwrap();
        // Every 37th decision (every 199th with upcards): hands of every
        // size and, with upcards, every upcard.
        let every = if file.contains("upcard") { 199 } else { 37 };
        for c in compositions.iter().step_by(every) {
            let hand = c["hand"].as_str().unwrap();
            let mut args = vec!["advise", "--rules", file, "--json", hand];
            if let Some(upcard) = c["upcard"].as_str() {
                args.extend(["--upcard", upcard]);
            }
            let advice = json(&args);
            assert_eq!(advice["action"], c["action"], "{args:?}");
            for key in ["ev_stand", "ev_hit"] {
                let (a, b) = (advice[key].as_f64().unwrap(), c[key].as_f64().unwrap());
                assert!(close(a, b), "{args:?} {key}: {a} against {b}");
            }
        }
    }
}
