//! Scratch.

#[path = "oracle/mod.rs"]
mod oracle;

use std::path::Path;
use std::time::Instant;

use banluck_lab::rules::{Override, RuleTable, load_rules};
use banluck_lab::solve::dp;

use oracle::deck::Deck;
use oracle::game::{FixedDealer, Game};

#[test]
fn canonical_full_deck() {
    let rules = oracle::rules::load(Path::new("rules/banluck.toml"), &[]);
    let deck = Deck::of(&rules);
    let start = Instant::now();
    let dealer = FixedDealer(&rules);
    let out = Game::new(&rules, &deck, &dealer, None).solve();
    eprintln!("oracle {:?} in {:?}", out, start.elapsed());
    let overrides: Vec<Override> = vec![];
    let table = RuleTable::compile(load_rules(Some(Path::new("rules/banluck.toml")), &overrides).unwrap());
    let s = dp::solve(&table);
    eprintln!("dp {} {} diff {}", s.ev, s.void_rate, s.ev - out.ev);
}
