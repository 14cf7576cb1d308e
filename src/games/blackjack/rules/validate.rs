//! Validation of a blackjack rule set and its content hash.

use crate::rules::{BLACKJACK, Violation, content_hash, push_violation};

use super::{BlackjackRules, EnhcLoses, HoleCard};

/// Every violation in a blackjack rule set, in schema order.
///
/// ```
/// use banluck_lab::games::blackjack::rules::{validate_blackjack, BlackjackRules};
/// let mut rules = BlackjackRules::default();
/// assert!(validate_blackjack(&rules).is_empty());
/// rules.payouts.blackjack = -1.0;
/// assert_eq!(validate_blackjack(&rules)[0].key, "payouts.blackjack");
/// ```
pub fn validate_blackjack(rules: &BlackjackRules) -> Vec<Violation> {
    let mut out = Vec::new();
    push_violation(
        &mut out,
        rules.game == BLACKJACK,
        "game",
        format!("\"{}\"", rules.game),
        "must be \"blackjack\" in a blackjack rules file",
    );
    push_violation(
        &mut out,
        (1..=8).contains(&rules.deck.decks),
        "deck.decks",
        rules.deck.decks.to_string(),
        "must be a whole number of decks from 1 to 8",
    );
    push_violation(
        &mut out,
        rules.deck.refresh.is_every_round(),
        "deck.refresh",
        rules.deck.refresh.describe(),
        "must be \"every_round\" in a blackjack rules file (its engines deal a fresh shoe every round)",
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
        let items: Vec<String> = values.iter().map(u8::to_string).collect();
        push_violation(
            &mut out,
            !values.is_empty()
                && values.iter().all(|v| (1..=11).contains(v))
                && sorted.len() == values.len(),
            key,
            format!("[{}]", items.join(", ")),
            "must be a non-empty list of distinct ace values from 1 to 11, e.g. [1, 11]",
        );
    }
    let blackjack = rules.payouts.blackjack;
    push_violation(
        &mut out,
        blackjack.is_finite() && (0.0..=100.0).contains(&blackjack),
        "payouts.blackjack",
        blackjack.to_string(),
        "must be a multiplier from 0 to 100 (1.5 for 3:2, 1.2 for 6:5)",
    );
    push_violation(
        &mut out,
        (1..=4).contains(&rules.split.max_hands),
        "split.max_hands",
        rules.split.max_hands.to_string(),
        "must be from 1 (no splitting) to 4 hands",
    );
    dealer_violations(rules, &mut out);
    push_violation(
        &mut out,
        matches!(rules.charlie, 0 | 5 | 6 | 7),
        "charlie",
        rules.charlie.to_string(),
        "must be 0 (off), 5, 6 or 7 cards",
    );
    if let Some(p) = rules.shoe.penetration {
        push_violation(
            &mut out,
            p.is_finite() && p > 0.0 && p < 1.0,
            "shoe.penetration",
            p.to_string(),
            "must be the share of the shoe dealt before the shuffle, strictly between 0 and 1 \
             (e.g. 0.75)",
        );
    }
    out
}

/// The contradictions between `dealer.peek`, `dealer.hole_card` and
/// `dealer.enhc_loses`.
fn dealer_violations(rules: &BlackjackRules, out: &mut Vec<Violation>) {
    let dealer = &rules.dealer;
    if let Some(hole) = dealer.hole_card {
        let (word, why) = match hole {
            HoleCard::American => (
                "\"american\"",
                "contradicts dealer.peek = false: an American hole card is peeked at; set \
                 dealer.peek = true, or dealer.hole_card = \"enhc\" for no peek",
            ),
            HoleCard::Enhc => (
                "\"enhc\"",
                "contradicts dealer.peek = true: with no hole card there is nothing to peek at; \
                 set dealer.peek = false as well",
            ),
        };
        push_violation(
            out,
            hole == dealer.hole_card(),
            "dealer.hole_card",
            word.to_string(),
            why,
        );
    }
    let loses = match dealer.enhc_loses {
        EnhcLoses::All => "\"all\"",
        EnhcLoses::Obo => "\"obo\"",
        EnhcLoses::Obbo => "\"obbo\"",
    };
    push_violation(
        out,
        !dealer.peek || dealer.enhc_loses.is_all(),
        "dealer.enhc_loses",
        loses.to_string(),
        "\"obo\" and \"obbo\" apply only without the peek (dealer.peek = false, \
         dealer.hole_card = \"enhc\"); with the peek a dealer natural ends the round before any \
         double or split",
    );
}

/// The content hash of a blackjack rule set (blake3 over its canonical JSON
/// without `extends` and `description`, ace values sorted, `dealer.hole_card` left out (it is `dealer.peek`), no deck count for
/// the infinite deck).
pub fn blackjack_rules_hash(rules: &BlackjackRules) -> String {
    let mut game = rules.clone();
    game.extends = None;
    game.description.clear();
    game.ace.normalize();
    game.deck.normalize();
    // `dealer.hole_card` names what `dealer.peek` sets.
    game.dealer.hole_card = None;
    content_hash(&game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blackjack::rules::DoubleAllowed;
    use crate::rules::Schema;

    #[test]
    fn double_ranges() {
        assert!(DoubleAllowed::Any.allows(4));
        assert!(DoubleAllowed::NineToEleven.allows(9));
        assert!(!DoubleAllowed::TenToEleven.allows(9));
        assert!(!DoubleAllowed::Never.allows(11));
    }

    #[test]
    fn errors_name_the_double_words() {
        assert_eq!(
            BlackjackRules::enum_words("DoubleAllowed").unwrap(),
            ["any", "9-11", "10-11", "none"]
        );
        assert_eq!(
            BlackjackRules::enum_words("SplitAlgorithm").unwrap(),
            ["cdz-", "cdp1", "cdp"]
        );
        assert_eq!(BlackjackRules::enum_words("RevealPolicy"), None);
    }

    #[test]
    fn wrong_game_and_ranges_are_reported() {
        let mut rules = BlackjackRules {
            game: "banluck".into(),
            ..BlackjackRules::default()
        };
        rules.deck.decks = 0;
        rules.ace.two_cards = vec![];
        rules.split.max_hands = 0;
        let keys: Vec<String> = validate_blackjack(&rules)
            .into_iter()
            .map(|v| v.key)
            .collect();
        assert_eq!(
            keys,
            vec!["game", "deck.decks", "ace.two_cards", "split.max_hands"]
        );
    }
}
