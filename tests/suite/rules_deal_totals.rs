//! The two-card deal distribution of one 52-card deck, the spec's worked
//! hand totals and the ace knobs, through the public API.

use banluck_lab::cards::RANK_COUNT;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::rules::{HandClass, evaluate};
use banluck_lab::rules::AceRules;

use crate::deck_hands;
use crate::rules_files;

use deck_hands::{counts, rank_of, real_deck, two_card_comps};
use rules_files::{canonical, rules_file};

// ------------------------------------------------ deal distribution

#[test]
fn two_card_deal_distribution_over_real_52_card_pairs() {
    let table = canonical();
    let deck = real_deck();
    assert_eq!(deck.len(), 52);
    let mut per_comp = vec![0u32; table.compositions().len()];
    let (mut pairs, mut ban_luck, mut ban_ban, mut hard_15) = (0, 0, 0, 0);
    for i in 0..deck.len() {
        for j in i + 1..deck.len() {
            pairs += 1;
            let id = table
                .compositions()
                .find_ranks(&[rank_of(deck[i]), rank_of(deck[j])])
                .unwrap();
            per_comp[id as usize] += 1;
            match table.hand(id).class {
                HandClass::BanLuck => ban_luck += 1,
                HandClass::BanBan => ban_ban += 1,
                _ => {}
            }
            if table.fixed_surrenders(id) {
                hard_15 += 1;
            }
        }
    }
    assert_eq!(pairs, 1326);
    assert_eq!((ban_luck, ban_ban, hard_15), (64, 6, 96));
    // Every two-card composition is dealt, with the probability the deck's
    // falling-factorial formula gives it (times the orders of its ranks).
    let empty = [0u8; RANK_COUNT];
    for id in two_card_comps(&table) {
        let c = table.compositions().counts(id);
        let orders = if c.contains(&2) { 1.0 } else { 2.0 };
        let p = orders * table.deck().sequence_probability(&empty, c);
        let seen = f64::from(per_comp[id as usize]);
        assert!(seen > 0.0);
        assert!((seen / 1326.0 - p).abs() < 1e-12, "{}", table.describe(id));
    }
    assert_eq!(
        per_comp.iter().sum::<u32>(),
        1326,
        "only two-card compositions"
    );
}

// ------------------------------------------------ hand totals and ace knobs

#[test]
fn worked_example_totals() {
    let ace = AceRules::default();
    for (hand, total) in [
        ("A A", 21),
        ("A 6", 17),
        ("A 4", 15),
        ("A 6 5", 21),
        ("A 5 9", 15),
        ("A A A", 21),
        ("A A 9", 20),
        ("A A A A 7", 20),
    ] {
        let value = evaluate(&counts(hand), &ace);
        assert_eq!(value.total, total, "{hand}");
        assert!(!value.class.is_bust(), "{hand}");
    }
    let a6 = evaluate(&counts("A 6"), &ace);
    assert_eq!((a6.total, a6.soft), (17, true));
    let a33 = evaluate(&counts("A 3 3"), &ace);
    assert_eq!((a33.total, a33.soft), (16, true));
    // Hard hands: no ace, or every ace at its lowest value.
    assert!(!evaluate(&counts("T 7"), &ace).soft);
    assert!(!evaluate(&counts("A 5 9"), &ace).soft);
    // 10+1+1+1+7: one ace above its lowest value, so soft.
    assert!(evaluate(&counts("A A A A 7"), &ace).soft);
    assert_eq!(
        evaluate(&counts("A A A A 7"), &ace).class,
        HandClass::FiveCard(20)
    );
    // Past 21 the total is the smallest reachable and the hand is bust.
    let bust = evaluate(&counts("T 9 A 5"), &ace);
    assert_eq!((bust.total, bust.class), (25, HandClass::Bust));
    let five = evaluate(&counts("T 2 3 4 A"), &ace);
    assert_eq!((five.total, five.class), (20, HandClass::FiveCard(20)));
    let bust_five = evaluate(&counts("T 2 3 4 3"), &ace);
    assert_eq!(
        (bust_five.total, bust_five.class),
        (22, HandClass::BustFive)
    );
}

#[test]
fn per_size_ace_knobs() {
    let mut ace = AceRules {
        four_cards: vec![1],
        ..AceRules::default()
    };
    let a234 = evaluate(&counts("A 2 3 4"), &ace);
    assert_eq!((a234.total, a234.soft), (10, false));
    let a234_canonical = evaluate(&counts("A 2 3 4"), &AceRules::default());
    assert_eq!((a234_canonical.total, a234_canonical.soft), (19, true));
    // Other sizes keep their values.
    assert_eq!(evaluate(&counts("A 3 3"), &ace).total, 16);
    assert_eq!(evaluate(&counts("A A A A 7"), &ace).total, 20);
    ace.five_cards = vec![1];
    assert_eq!(evaluate(&counts("A A A A 7"), &ace).total, 11);
    ace.two_cards = vec![11];
    assert_eq!(evaluate(&counts("A 6"), &ace).total, 17);
    assert!(
        !evaluate(&counts("A 6"), &ace).soft,
        "one value: never soft"
    );
    // The kampung file sets four_cards = five_cards = [1].
    let kampung = load_rules(Some(&rules_file("kampung.toml")), &[]).unwrap();
    assert_eq!(kampung.ace.four_cards, [1]);
    assert_eq!(evaluate(&counts("A 2 3 4"), &kampung.ace).total, 10);
}

#[test]
fn blackjack_style_aces_one_or_eleven() {
    let ace = AceRules {
        two_cards: vec![1, 11],
        three_cards: vec![1, 11],
        four_cards: vec![1, 11],
        five_cards: vec![1, 11],
    };
    for (hand, total, soft) in [
        ("A A", 12, true),
        ("A 6", 17, true),
        ("A 6 5", 12, false),
        ("A A 9", 21, true),
        ("A 5 9", 15, false),
        ("A A A", 13, true),
        ("A A A A 7", 21, true),
        ("A T", 21, true),
    ] {
        let value = evaluate(&counts(hand), &ace);
        assert_eq!((value.total, value.soft), (total, soft), "{hand}");
    }
    // The classes are by cards, not by total.
    assert_eq!(evaluate(&counts("A A"), &ace).class, HandClass::BanBan);
    assert_eq!(evaluate(&counts("A T"), &ace).class, HandClass::BanLuck);
}
