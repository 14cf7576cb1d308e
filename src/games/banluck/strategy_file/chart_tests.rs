//! Unit tests of the chart parser and its expansion.

use super::*;
use crate::games::banluck::rules::RuleSet;

fn find(table: &CompiledRules, text: &str) -> CompId {
    table.find_hand(text).unwrap()
}

fn expand(text: &str, table: &CompiledRules) -> Result<PlayerStrategy, StrategyFileError> {
    Chart::parse(text, "mine.toml")?.expand(table)
}

#[test]
fn stand17_hits_below_17_and_stands_from_17() {
    let table = CompiledRules::compile(RuleSet::default());
    let player = Chart::stand17().expand(&table).unwrap();
    for (hand, hit) in [
        ("T6", 1.0),
        ("T7", 0.0),
        ("A6", 0.0),
        ("A5", 1.0),
        ("A23", 1.0),
        ("2 3 4 5", 1.0),
        ("T 2 5", 0.0),
    ] {
        assert_eq!(
            player.hit_probability(find(&table, hand), None),
            hit,
            "{hand}"
        );
    }
}

#[test]
fn the_most_specific_cell_wins() {
    let table = CompiledRules::compile(RuleSet::default());
    let text = r#"
        [player]
        default = "stand"
        hit_below = 17
        soft_hit_below = 18
        "16" = "stand"
        "3 cards 16" = "hit"
        "T6" = 0.25
        "3 cards soft 16" = "stand"
    "#;
    let player = expand(text, &table).unwrap();
    let hit = |hand: &str| player.hit_probability(find(&table, hand), None);
    assert_eq!(hit("A6"), 1.0, "soft 17 below soft_hit_below");
    assert_eq!(hit("97"), 0.0, "2-card 16: `16`");
    assert_eq!(hit("T6"), 0.25, "the exact hand");
    assert_eq!(hit("T42"), 1.0, "3-card hard 16");
    assert_eq!(hit("A33"), 0.0, "3-card soft 16");
    assert_eq!(hit("T4"), 1.0, "below hit_below");
    assert_eq!(hit("T8"), 0.0, "default");
}

#[test]
fn upcard_cells_key_the_strategy_by_upcard() {
    let mut rules = RuleSet::default();
    rules.dealer.upcard = true;
    let table = CompiledRules::compile(rules);
    let player = expand(
        "[player]\nhit_below = 17\n\"hard 16 vs T\" = \"stand\"\n",
        &table,
    )
    .unwrap();
    assert!(player.by_upcard);
    assert_eq!(
        player.hit_probability(find(&table, "T6"), Some(Rank::TEN)),
        0.0
    );
    assert_eq!(
        player.hit_probability(find(&table, "T6"), Some(Rank::SEVEN)),
        1.0
    );
    let plain = CompiledRules::compile(RuleSet::default());
    let message = expand("[player]\n\"16 vs T\" = \"hit\"\n", &plain)
        .unwrap_err()
        .to_string();
    assert!(message.contains("dealer.upcard = false"), "{message}");
}

#[test]
fn malformed_charts_name_the_file_the_key_and_what_is_allowed() {
    let table = CompiledRules::compile(RuleSet::default());
    let cases = [
        ("[player", "mine.toml: not valid TOML"),
        (
            "hit_below = 17",
            "mine.toml: hit_below: unknown key; allowed: [player]",
        ),
        (
            "player = 3",
            "mine.toml: player = 3: expected a table [player]",
        ),
        ("description = \"x\"", "mine.toml: player: missing"),
        (
            "[player]\ndefault = \"maybe\"",
            "mine.toml: player.default = \"maybe\": expected \"hit\", \"stand\"",
        ),
        (
            "[player]\nhit_below = 30",
            "player.hit_below = 30: expected a total from 0 to 22",
        ),
        (
            "[player]\nhit_bellow = 17",
            "player.hit_bellow: `h` is not a card",
        ),
        (
            "[player]\nhit_bellow = 17",
            "the settings are default, hit_below, soft_hit_below",
        ),
        (
            "[player]\n\"soft 17\" = 2",
            "player.\"soft 17\" = 2: expected \"hit\", \"stand\" or a hit probability",
        ),
        (
            "[player]\n\"6 cards 16\" = \"hit\"",
            "a hand holds 2 to 5 cards",
        ),
        (
            "[player]\n\"soft 25\" = \"hit\"",
            "a bare number is a total, from 4 to 21",
        ),
        ("[player]\n\"16 vs X\" = \"hit\"", "`x` is not an upcard"),
        (
            "[player]\n\"16 vs\" = \"hit\"",
            "`vs` must be followed by one upcard",
        ),
        (
            "[player]\n\"5 cards 4\" = \"hit\"",
            "player.\"5 cards 4\": matches no hand these rules deal",
        ),
        (
            "[player]\n\"2-2-2-2-2\" = \"hit\"",
            "cannot be dealt from 1 deck",
        ),
        (
            "[player]\n\"3 cards 16\" = \"hit\"\n\"soft 16\" = \"stand\"",
            "both apply to",
        ),
    ];
    for (text, expected) in cases {
        let message = expand(text, &table).unwrap_err().to_string();
        assert!(message.contains(expected), "`{message}` lacks `{expected}`");
    }
}
