//! The starter rules file of `banluck-lab init`: every key of the rules
//! schema with its default value and a comment saying what it means
//! (generated from the schema's defaults, so it cannot drift from them).

use super::schema::RuleSet;

/// What each key of the Banluck rules schema means, by dotted key. A unit
/// test checks that every key of the schema has exactly one entry.
const KEY_HELP: &[(&str, &str)] = &[
    (
        "description",
        "a sentence about this rule set, shown in reports (not part of the rules hash)",
    ),
    ("deck.decks", "1..8 decks, reshuffled before every hand"),
    (
        "deck.infinite",
        "true: draw with replacement (infinite-deck approximation)",
    ),
    (
        "deck.refresh",
        "when the deck is shuffled again: \"every_round\", { rounds = N } or { penetration = p } (0 < p < 1)",
    ),
    ("ace.two_cards", "values an ace may take in a two-card hand"),
    (
        "ace.three_cards",
        "values an ace may take in a three-card hand",
    ),
    (
        "ace.four_cards",
        "values an ace may take in a four-card hand",
    ),
    (
        "ace.five_cards",
        "values an ace may take in a five-card hand",
    ),
    (
        "payouts.ban_ban",
        "A-A as the first two cards (multiples of the bet; the dealer collects at the same rates)",
    ),
    (
        "payouts.ban_luck",
        "an ace and a ten-value card as the first two cards",
    ),
    ("payouts.triple_seven", "7-7 then a third 7"),
    ("payouts.five_card_21", "five cards totalling 21"),
    ("payouts.five_card", "five cards below 21"),
    ("payouts.regular", "any other winning hand"),
    (
        "payouts.five_card_bust",
        "what a player loses busting with five cards",
    ),
    ("player.max_cards", "the most cards a player may hold"),
    ("player.min_total", "below this a standing hand forfeits"),
    (
        "player.below_min",
        "forfeit | must_hit: what happens to a player standing below min_total",
    ),
    (
        "player.forfeit_five_card",
        "five-card hands below min_total forfeit too",
    ),
    (
        "player.bust",
        "immediate | showdown: when a busted player pays",
    ),
    ("dealer.min_total", "the dealer must draw below this"),
    ("dealer.max_cards", "the most cards the dealer may hold"),
    (
        "dealer.upcard",
        "true: the dealer's first card is dealt face up",
    ),
    (
        "dealer.allow_surrender",
        "the dealer may surrender a two-card hard 15",
    ),
    (
        "dealer.allow_reveal",
        "the dealer may settle 3+-card players early",
    ),
    (
        "dealer.reveal_totals",
        "... at these totals (soft ones included)",
    ),
    (
        "dealer.draw_choice",
        "free | fixed: may the equilibrium dealer choose when to draw?",
    ),
    (
        "dealer.fixed.surrender",
        "always | never: the baseline dealer's hard-15 surrender",
    ),
    (
        "dealer.fixed.reveal",
        "off | on: the baseline dealer's reveal",
    ),
    (
        "dealer.fixed.hit_soft_17",
        "the baseline dealer hits soft 17",
    ),
    (
        "dealer.fixed.stand_on",
        "the baseline dealer stands on this total and above",
    ),
    (
        "settlement.five_card_timing",
        "showdown | immediate: when a five-card hand is paid",
    ),
    (
        "settlement.five_vs_five",
        "compare_totals | by_class: two five-card hands",
    ),
    (
        "settlement.both_bust",
        "dealer_wins | push: player and dealer both bust",
    ),
    (
        "settlement.bust_vs_bonus",
        "one_unit | larger_multiplier: what a busted hand pays a bonus hand",
    ),
    (
        "table.players",
        "1..7 players in seat order facing one dealer hand (1 = heads-up)",
    ),
    (
        "table.rotation.scheme",
        "never | every_n | on_ban: when the bank passes",
    ),
    (
        "table.rotation.rounds",
        "every_n: pass the bank every this many rounds",
    ),
];

/// What the rules schema's key `key` (dotted) means, if the key is known.
fn key_help(key: &str) -> Option<&'static str> {
    KEY_HELP
        .iter()
        .find(|(name, _)| *name == key)
        .map(|(_, text)| *text)
}

/// The rules schema with every key present: the defaults, plus the keys
/// left out of the serialization while they hold their defaults.
fn full_defaults() -> toml::Table {
    let rules = RuleSet {
        description: "A starter rule set written by `banluck-lab init`: canonical Banluck.".into(),
        ..RuleSet::default()
    };
    let mut tree = toml::Table::try_from(&rules).unwrap_or_default();
    // The table section is skipped while it holds its defaults: add it.
    if let Ok(section) = toml::Value::try_from(&rules.table) {
        tree.insert("table".into(), section);
    }
    // So is deck.refresh.
    if let (Some(toml::Value::Table(deck)), Ok(refresh)) = (
        tree.get_mut("deck"),
        toml::Value::try_from(rules.deck.refresh),
    ) {
        deck.insert("refresh".into(), refresh);
    }
    tree
}

/// The starter rules file: every key of the schema with its default value
/// and a comment saying what it means.
pub fn starter_rules() -> String {
    let mut out = String::from(
        "# Banluck rules written by `banluck-lab init`: every key of the rules schema\n\
         # with its default value (canonical Banluck). Change what your table does\n\
         # differently; `banluck-lab rules check` validates the file.\n\
         #\n\
         # extends = \"other.toml\"   # start from another rules file (path relative to this one)\n",
    );
    write_table(&mut out, &full_defaults(), "");
    out
}

fn write_table(out: &mut String, table: &toml::Table, prefix: &str) {
    let (sections, scalars): (Vec<_>, Vec<_>) =
        table.iter().partition(|(_, value)| value.is_table());
    for (key, value) in scalars {
        let dotted = format!("{prefix}{key}");
        out.push_str(&format!(
            "\n# {dotted}: {}\n",
            key_help(&dotted).unwrap_or("")
        ));
        out.push_str(&format!("{key} = {value}\n"));
    }
    for (key, value) in sections {
        if let toml::Value::Table(inner) = value {
            let dotted = format!("{prefix}{key}");
            out.push_str(&format!("\n[{dotted}]\n"));
            write_table(out, inner, &format!("{dotted}."));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dotted_keys(table: &toml::Table, prefix: &str, keys: &mut Vec<String>) {
        for (key, value) in table {
            match value {
                toml::Value::Table(inner) => dotted_keys(inner, &format!("{prefix}{key}."), keys),
                _ => keys.push(format!("{prefix}{key}")),
            }
        }
    }

    #[test]
    fn every_schema_key_has_exactly_one_help_entry() {
        let mut keys = Vec::new();
        dotted_keys(&full_defaults(), "", &mut keys);
        let mut expected: Vec<&str> = KEY_HELP.iter().map(|(key, _)| *key).collect();
        expected.sort_unstable();
        keys.sort_unstable();
        assert_eq!(keys, expected);
    }

    #[test]
    fn the_written_rules_are_the_defaults() {
        let parsed: RuleSet = toml::from_str(&starter_rules()).unwrap();
        let defaults = RuleSet {
            description: parsed.description.clone(),
            ..RuleSet::default()
        };
        assert_eq!(parsed, defaults);
        assert!(!parsed.description.is_empty());
    }
}
