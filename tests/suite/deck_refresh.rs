//! `deck.refresh`: the default leaves every shipped rules file's hash as it
//! was; other values are validated with clear errors; `simulate` and
//! `table` deal whole decks through the one driver (the same figures on 1
//! and 2 threads), a round that runs out is finished from the discards,
//! and the rules run through `solve`, `simulate` and `table`.

use std::path::Path;
use std::process::Command;

use banluck_lab::cards::Deck;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet, load_rules, rules_hash};
use banluck_lab::games::banluck::sim::{SimParams, simulate};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::games::banluck::strategy_file::Chart;
use banluck_lab::games::banluck::table::play::{TableParams, simulate_table};
use banluck_lab::rules::{Override, Refresh};

/// Hashes of the shipped Banluck files recorded before `deck.refresh` existed.
const SHIPPED: [(&str, &str); 9] = [
    ("banluck.toml", "f7f6f224ac48a982"),
    ("house-draw.toml", "a736a57d39c0b95d"),
    ("infinite-deck.toml", "a8d729048b482aa5"),
    ("kampung.toml", "ff7d842e0fa0da24"),
    ("must-hit.toml", "4b63caaf43e50cd7"),
    ("no-surrender.toml", "e43266c08d6b8593"),
    ("reveal-on.toml", "c73e2f3cc9483d6b"),
    ("six-deck.toml", "5f0d57456c0c816c"),
    ("upcard.toml", "d27b4e5fc44c18c6"),
];

fn set(text: &str) -> Override {
    text.parse().unwrap()
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

#[test]
fn every_round_is_the_default_and_leaves_the_hashes_alone() {
    for (file, hash) in SHIPPED {
        let rules = load_rules(Some(&Path::new("rules").join(file)), &[]).unwrap();
        assert_eq!(rules.deck.refresh, Refresh::EveryRound, "{file}");
        assert_eq!(CompiledRules::compile(rules).hash(), hash, "{file}");
    }
    let written = load_rules(None, &[set("deck.refresh=every_round")]).unwrap();
    assert_eq!(rules_hash(&written), rules_hash(&RuleSet::default()));
    let through = load_rules(None, &[set("deck.refresh={penetration=0.75}")]).unwrap();
    assert_eq!(through.deck.refresh, Refresh::Penetration(0.75));
    assert_ne!(rules_hash(&through), rules_hash(&RuleSet::default()));
    let rounds = load_rules(None, &[set("deck.refresh={ rounds = 3 }")]).unwrap();
    assert_eq!(rounds.deck.refresh, Refresh::Rounds(3));
    assert_ne!(rules_hash(&rounds), rules_hash(&through));
}

#[test]
fn bad_values_name_the_file_line_key_and_the_forms_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.toml");
    std::fs::write(
        &file,
        "[deck]\ndecks = 1\nrefresh = { penetration = 1.5 }\n",
    )
    .unwrap();
    let error = load_rules(Some(&file), &[]).unwrap_err().to_string();
    assert!(error.contains("bad.toml:3"), "{error}");
    assert!(error.contains("deck.refresh"), "{error}");
    assert!(error.contains("0 < p < 1"), "{error}");
    for (value, expected) in [
        (
            "often",
            "\"every_round\", { rounds = N } or { penetration = p }",
        ),
        ("{rounds=0}", "from 1 to 1000"),
        ("{rounds=1001}", "from 1 to 1000"),
        ("{penetration=0}", "0 < p < 1"),
        ("{penetration=1}", "0 < p < 1"),
        ("{turns=3}", "rounds, penetration"),
        ("{rounds=2.5}", "deck.refresh"),
        ("{rounds=2, penetration=0.5}", "deck.refresh"),
    ] {
        let error = load_rules(None, &[set(&format!("deck.refresh={value}"))])
            .unwrap_err()
            .to_string();
        assert!(error.contains("deck.refresh"), "{value}: {error}");
        assert!(error.contains(expected), "{value}: {error}");
    }
    let infinite = load_rules(
        None,
        &[set("deck.infinite=true"), set("deck.refresh={rounds=2}")],
    )
    .unwrap_err()
    .to_string();
    assert!(infinite.contains("deck.infinite"), "{infinite}");
    // Through the command line: exit 2 and the message.
    let out = cli(&[
        "simulate",
        "--strategy",
        "stand17",
        "--set",
        "deck.refresh={penetration=2}",
        "--hands",
        "10",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("deck.refresh"));
    // Blackjack deals a fresh shoe every round.
    let out = cli(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--set",
        "deck.refresh={rounds=2}",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("every_round"));
}

fn rules_with(refresh: Refresh) -> RuleSet {
    let mut rules = RuleSet::default();
    rules.deck.refresh = refresh;
    rules
}

#[test]
fn simulate_and_table_deal_whole_decks_alike_on_one_and_two_threads() {
    let table = CompiledRules::compile(rules_with(Refresh::Penetration(0.75)));
    let player = Chart::stand17().expand(&table).unwrap();
    let dealer = DealerStrategy::fixed(&table);
    let heads_up = |threads| {
        let params = SimParams {
            hands: 200_001,
            seed: 7,
            threads,
            progress: false,
        };
        simulate(&table, &player, &dealer, &params).unwrap()
    };
    let (one, two) = (heads_up(1), heads_up(2));
    assert_eq!(one.stats, two.stats);
    // Whole decks: at least the hands asked, less than a deck more per chunk.
    assert!(one.stats.hands >= 200_001 && one.stats.hands < 200_001 + 4 * 20);
    let at_table = |threads, refresh| {
        let table = CompiledRules::compile(rules_with(refresh));
        let params = TableParams {
            players: 7,
            rounds: 70_000,
            seed: 3,
            threads,
            progress: false,
        };
        simulate_table(&table, &player, &params).unwrap().stats
    };
    // Ten rounds of eight hands cannot come from 52 cards: rounds run out,
    // are finished from the discards, and the next round starts a deck.
    let (one, two) = (
        at_table(1, Refresh::Rounds(10)),
        at_table(2, Refresh::Rounds(10)),
    );
    assert_eq!(one, two);
    assert!(one.seats.iter().all(|seat| seat.hands == one.rounds));
    // Dealt through, the seats still lose about what a fresh deck loses.
    let fresh = at_table(1, Refresh::EveryRound);
    assert_eq!(fresh.rounds, 70_000);
    let z = (one.table.mean - fresh.table.mean)
        / (one.table.std_error.powi(2) + fresh.table.std_error.powi(2)).sqrt();
    assert!(z.abs() < 6.0, "z = {z}");
}

#[test]
fn a_tiny_deck_dealt_through_finishes_every_round_from_the_discards() {
    // 24 cards (two of each rank, eight tens): three seats and the dealer
    // use at most 20 cards a round, so the stub runs out often and the
    // discards of the finished rounds finish the round.
    let mut counts = [2u32; 10];
    counts[8] = 8;
    let rules = rules_with(Refresh::Rounds(1000));
    let table = CompiledRules::compile_with_deck(rules, Deck::from_counts(counts));
    let player = Chart::stand17().expand(&table).unwrap();
    let params = TableParams {
        players: 3,
        rounds: 20_000,
        seed: 11,
        threads: 1,
        progress: false,
    };
    let stats = simulate_table(&table, &player, &params).unwrap().stats;
    assert!(stats.rounds >= 20_000);
    assert!(stats.seats.iter().all(|seat| seat.hands == stats.rounds));
    assert!(stats.table.mean.is_finite());
}

#[test]
fn solve_simulate_and_table_run_a_deck_dealt_to_75_percent() {
    let refresh = "deck.refresh={penetration=0.75}";
    let base = ["--rules", "rules/banluck.toml", "--set", refresh];
    let solve = cli(&[&["solve"][..], &base[..]].concat());
    assert!(solve.status.success(), "{solve:?}");
    let text = String::from_utf8_lossy(&solve.stdout);
    assert!(text.contains("first round after each shuffle"), "{text}");
    let json = cli(&[&["solve"][..], &base[..], &["--json"][..]].concat());
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert!(value["deck_refresh_note"].as_str().is_some());
    assert!(value["ev"].as_f64().is_some());
    let simulate = cli(&[
        &["simulate"][..],
        &base[..],
        &["--strategy", "chart", "--hands", "20000"][..],
    ]
    .concat());
    assert!(simulate.status.success(), "{simulate:?}");
    assert!(String::from_utf8_lossy(&simulate.stdout).contains("deck.refresh"));
    let table = cli(&[
        &["table"][..],
        &base[..],
        &["--players", "4", "--rounds", "20000", "-q", "--json"][..],
    ]
    .concat());
    assert!(table.status.success(), "{table:?}");
    let value: serde_json::Value = serde_json::from_slice(&table.stdout).unwrap();
    assert!(value["stats"]["rounds"].as_u64().unwrap() >= 20_000);
    let strategic = cli(&[&["table"][..], &base[..], &["--dealer", "strategic"][..]].concat());
    assert_eq!(strategic.status.code(), Some(2));
}
