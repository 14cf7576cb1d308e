//! Range and consistency checks on a resolved [`RuleSet`].

use super::schema::{RevealPolicy, RuleSet, SurrenderPolicy};
use crate::rules::{Violation, push_violation};

fn list(values: &[u8]) -> String {
    let items: Vec<String> = values.iter().map(u8::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// Every violation in `rules`, in schema order (empty when valid).
///
/// ```
/// use banluck_lab::games::banluck::rules::{validate, RuleSet};
/// let mut rules = RuleSet::default();
/// assert!(validate(&rules).is_empty());
/// rules.deck.decks = 9;
/// assert_eq!(validate(&rules)[0].key, "deck.decks");
/// ```
pub fn validate(rules: &RuleSet) -> Vec<Violation> {
    let mut out = Vec::new();
    let deck = &rules.deck;
    push_violation(
        &mut out,
        (1..=8).contains(&deck.decks),
        "deck.decks",
        deck.decks.to_string(),
        "must be a whole number of decks from 1 to 8",
    );
    if let Some(allowed) = deck.refresh.problem() {
        push_violation(
            &mut out,
            false,
            "deck.refresh",
            deck.refresh.describe(),
            allowed,
        );
    }
    push_violation(
        &mut out,
        !deck.infinite || deck.refresh.is_every_round(),
        "deck.refresh",
        deck.refresh.describe(),
        "must be \"every_round\" with deck.infinite = true (an infinite deck has nothing to deal through)",
    );
    for (key, values) in [
        ("ace.two_cards", &rules.ace.two_cards),
        ("ace.three_cards", &rules.ace.three_cards),
        ("ace.four_cards", &rules.ace.four_cards),
        ("ace.five_cards", &rules.ace.five_cards),
    ] {
        let mut sorted = values.clone();
        sorted.sort_unstable();
        sorted.dedup();
        push_violation(
            &mut out,
            !values.is_empty()
                && values.iter().all(|v| (1..=11).contains(v))
                && sorted.len() == values.len(),
            key,
            list(values),
            "must be a non-empty list of distinct ace values from 1 to 11, e.g. [1, 10]",
        );
    }
    let p = &rules.payouts;
    for (key, value) in [
        ("payouts.ban_ban", p.ban_ban),
        ("payouts.ban_luck", p.ban_luck),
        ("payouts.triple_seven", p.triple_seven),
        ("payouts.five_card_21", p.five_card_21),
        ("payouts.five_card", p.five_card),
        ("payouts.regular", p.regular),
        ("payouts.five_card_bust", p.five_card_bust),
    ] {
        push_violation(
            &mut out,
            value.is_finite() && (0.0..=100.0).contains(&value),
            key,
            value.to_string(),
            "must be a multiplier from 0 to 100 (units of the bet)",
        );
    }
    let player = &rules.player;
    push_violation(
        &mut out,
        (2..=5).contains(&player.max_cards),
        "player.max_cards",
        player.max_cards.to_string(),
        "must be from 2 to 5 cards",
    );
    push_violation(
        &mut out,
        player.min_total <= 21,
        "player.min_total",
        player.min_total.to_string(),
        "must be a total from 0 to 21",
    );
    let dealer = &rules.dealer;
    push_violation(
        &mut out,
        dealer.min_total <= 21,
        "dealer.min_total",
        dealer.min_total.to_string(),
        "must be a total from 0 to 21",
    );
    push_violation(
        &mut out,
        (2..=5).contains(&dealer.max_cards),
        "dealer.max_cards",
        dealer.max_cards.to_string(),
        "must be from 2 to 5 cards",
    );
    push_violation(
        &mut out,
        dealer
            .reveal_totals
            .iter()
            .all(|t| (dealer.min_total..=21).contains(t)),
        "dealer.reveal_totals",
        list(&dealer.reveal_totals),
        format!(
            "every reveal total must be from dealer.min_total ({}) to 21: below it the dealer must draw",
            dealer.min_total
        ),
    );
    let fixed = &dealer.fixed;
    push_violation(
        &mut out,
        (dealer.min_total..=21).contains(&fixed.stand_on),
        "dealer.fixed.stand_on",
        fixed.stand_on.to_string(),
        format!(
            "must be from dealer.min_total ({}) to 21: the dealer must draw below dealer.min_total",
            dealer.min_total
        ),
    );
    push_violation(
        &mut out,
        fixed.surrender != SurrenderPolicy::Always || dealer.allow_surrender,
        "dealer.fixed.surrender",
        "\"always\"".into(),
        "contradicts dealer.allow_surrender = false; set dealer.fixed.surrender = \"never\" or allow the surrender",
    );
    push_violation(
        &mut out,
        fixed.reveal != RevealPolicy::On || dealer.allow_reveal,
        "dealer.fixed.reveal",
        "\"on\"".into(),
        "contradicts dealer.allow_reveal = false; set dealer.fixed.reveal = \"off\" or allow the reveal",
    );
    let table = &rules.table;
    push_violation(
        &mut out,
        (1..=7).contains(&table.players),
        "table.players",
        table.players.to_string(),
        "must be from 1 to 7 players",
    );
    push_violation(
        &mut out,
        (1..=1_000_000).contains(&table.rotation.rounds),
        "table.rotation.rounds",
        table.rotation.rounds.to_string(),
        "must be a whole number of rounds from 1 to 1000000",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_rules_are_valid() {
        assert!(validate(&RuleSet::default()).is_empty());
    }

    #[test]
    fn contradictions_name_the_fixed_policy_key() {
        let mut rules = RuleSet::default();
        rules.dealer.allow_surrender = false;
        rules.dealer.allow_reveal = false;
        rules.dealer.fixed.reveal = RevealPolicy::On;
        let keys: Vec<String> = validate(&rules).into_iter().map(|v| v.key).collect();
        assert_eq!(keys, vec!["dealer.fixed.surrender", "dealer.fixed.reveal"]);
    }

    #[test]
    fn table_players_and_rotation_rounds_are_bounded() {
        let mut rules = RuleSet::default();
        rules.table.players = 8;
        rules.table.rotation.rounds = 0;
        let keys: Vec<String> = validate(&rules).into_iter().map(|v| v.key).collect();
        assert_eq!(keys, vec!["table.players", "table.rotation.rounds"]);
        rules.table.players = 7;
        rules.table.rotation.rounds = 1;
        assert!(validate(&rules).is_empty());
    }

    #[test]
    fn ace_lists_must_be_distinct_and_in_range() {
        let mut rules = RuleSet::default();
        rules.ace.three_cards = vec![1, 1];
        rules.ace.five_cards = vec![];
        rules.ace.two_cards = vec![12];
        let keys: Vec<String> = validate(&rules).into_iter().map(|v| v.key).collect();
        assert_eq!(
            keys,
            vec!["ace.two_cards", "ace.three_cards", "ace.five_cards"]
        );
    }
}
