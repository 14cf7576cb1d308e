//! Unit tests of the JSON strategy file: writing, reading, and the errors
//! of a file that does not fit.

use super::*;
use crate::cards::{CompId, Rank};
use crate::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::strategy_file::StrategyFileError;

fn find(table: &CompiledRules, text: &str) -> CompId {
    table.find_hand(text).unwrap()
}

fn canonical() -> CompiledRules {
    CompiledRules::compile(RuleSet::default())
}

fn read(text: &str, table: &CompiledRules) -> Result<LoadedStrategy, StrategyFileError> {
    read_json(text, "s.json", table)
}

#[test]
fn mixed_player_and_full_dealer_round_trip() {
    let mut rules = RuleSet::default();
    rules.dealer.upcard = true;
    rules.dealer.fixed.reveal = RevealPolicy::On;
    let table = CompiledRules::compile(rules);
    let mut player = PlayerStrategy::stand_everywhere(&table);
    for id in 0..table.compositions().len() as CompId {
        for up in Rank::all() {
            let p = ((id as usize + up.index()) % 5) as f64 / 4.0;
            if table.player(id).may_hit && !table.player(id).must_hit {
                player.set_hit(id, Some(up), p);
            }
        }
    }
    let mut dealer = DealerStrategy::fixed(&table);
    let a6 = find(&table, "A6");
    dealer.hit[DealerStrategy::index(a6, 4)] = 0.25;
    dealer.reveal[DealerStrategy::index(a6, 4)] = 0.5;
    dealer.surrender[find(&table, "96") as usize] = 0.125;
    let info = FileInfo {
        engine: Some("test".into()),
        ev: Some(-0.5),
        description: None,
    };
    let text = to_json(&table, &player, Some(&dealer), &info);
    let loaded = read(&text, &table).unwrap();
    assert_eq!(loaded.player, player);
    assert_eq!(loaded.dealer.as_ref(), Some(&dealer));
    assert_eq!(loaded.engine.as_deref(), Some("test"));
    assert_eq!(loaded.ev, Some(-0.5));
    assert_eq!(loaded.rules_hash.as_deref(), Some(table.hash()));
}

#[test]
fn hands_may_be_written_in_any_notation_and_missing_hands_stand() {
    let table = canonical();
    let text = r#"{"format": "banluck-lab strategy", "version": 1,
        "player": {"hit": {"10-6": "hit", "6 A": 0.5, "K 2": "stand"}}}"#;
    let loaded = read(text, &table).unwrap();
    assert_eq!(loaded.player.hit_probability(find(&table, "T6"), None), 1.0);
    assert_eq!(loaded.player.hit_probability(find(&table, "A6"), None), 0.5);
    assert_eq!(loaded.player.hit_probability(find(&table, "T5"), None), 0.0);
    assert!(loaded.dealer.is_none());
}

#[test]
fn dealer_entries_override_the_fixed_dealer() {
    let table = canonical();
    let text = r#"{"format": "banluck-lab strategy", "version": 1, "player": {"hit": {}},
        "dealer": {"hit": {"T7": {"3": 1}}, "surrender": {"T5": 0}}}"#;
    let dealer = read(text, &table).unwrap().dealer.unwrap();
    let fixed = DealerStrategy::fixed(&table);
    let t7 = find(&table, "T7");
    assert_eq!(dealer.hit[DealerStrategy::index(t7, 3)], 1.0);
    assert_eq!(dealer.hit[DealerStrategy::index(t7, 2)], 0.0);
    assert_eq!(dealer.surrender[find(&table, "T5") as usize], 0.0);
    assert_eq!(dealer.surrender[find(&table, "96") as usize], 1.0);
    assert_eq!(
        dealer.hit[DealerStrategy::index(find(&table, "A6"), 2)],
        fixed.hit[DealerStrategy::index(find(&table, "A6"), 2)]
    );
}

fn error_of(text: &str, table: &CompiledRules) -> String {
    read(text, table).unwrap_err().to_string()
}

#[test]
fn malformed_files_name_the_file_the_key_and_what_is_allowed() {
    let table = canonical();
    let head = r#""format": "banluck-lab strategy", "version": 1"#;
    let cases = [
        ("{", "not valid JSON"),
        (
            r#"{"format": "x", "version": 1, "player": {"hit": {}}}"#,
            "format = \"x\": must be \"banluck-lab strategy\"",
        ),
        (
            r#"{"format": "banluck-lab strategy", "version": 2, "player": {"hit": {}}}"#,
            "version = 2",
        ),
        (&format!("{{{head}}}"), "player: missing"),
        (
            &format!("{{{head}, \"players\": 1}}"),
            "players: unknown key; allowed keys here: format",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{\"T6\": 2}}}}}}"),
            "player.hit.T6 = 2: expected \"hit\", \"stand\" or a hit probability",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{\"T6\": \"maybe\"}}}}}}"),
            "player.hit.T6 = \"maybe\"",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{\"TX\": 1}}}}}}"),
            "player.hit.TX: `X` is not a card",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{\"T\": 1}}}}}}"),
            "a hand holds 2 to 5 cards",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{\"22222\": 1}}}}}}"),
            "cannot be dealt from 1 deck",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{\"A65\": 1, \"56A\": 0}}}}}}"),
            "names the same hand as `player.hit.56A`",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit_by_upcard\": {{}}}}}}"),
            "these rules deal no upcard",
        ),
        (
            &format!("{{{head}, \"player\": {{\"hit\": {{}}, \"hit_by_upcard\": {{}}}}}}"),
            "give exactly one of",
        ),
        (
            &format!(
                "{{{head}, \"player\": {{\"hit\": {{}}}}, \"dealer\": {{\"hit\": {{\"A6\": {{\"6\": 1}}}}}}}}"
            ),
            "dealer.hit.A6.6: not a player card count",
        ),
        (
            &format!(
                "{{{head}, \"player\": {{\"hit\": {{}}}}, \"dealer\": {{\"hit\": {{\"A6\": 0.75}}, \"reveal\": {{\"A6\": 0.5}}}}}}"
            ),
            "add up to more than 1",
        ),
    ];
    for (text, expected) in cases {
        let message = error_of(text, &table);
        assert!(message.starts_with("s.json: "), "{message}");
        assert!(message.contains(expected), "`{message}` lacks `{expected}`");
    }
}

#[test]
fn upcard_tables_accept_both_player_forms() {
    let mut rules = RuleSet::default();
    rules.dealer.upcard = true;
    let table = CompiledRules::compile(rules);
    let plain = r#"{"format": "banluck-lab strategy", "version": 1, "player": {"hit": {"T6": 1}}}"#;
    assert!(!read(plain, &table).unwrap().player.by_upcard);
    let keyed = r#"{"format": "banluck-lab strategy", "version": 1,
        "player": {"hit_by_upcard": {"K": {"T6": 1}, "7": {"T6": 0}}}}"#;
    let player = read(keyed, &table).unwrap().player;
    assert_eq!(
        player.hit_probability(find(&table, "T6"), Some(Rank::TEN)),
        1.0
    );
    assert_eq!(
        player.hit_probability(find(&table, "T6"), Some(Rank::SEVEN)),
        0.0
    );
    let bad = r#"{"format": "banluck-lab strategy", "version": 1, "player": {"hit_by_upcard": {"X": {}}}}"#;
    assert!(error_of(bad, &table).contains("player.hit_by_upcard.X: not an upcard"));
}
