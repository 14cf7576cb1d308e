//! The 14 edge cases of `shared/spec/banluck-rules.md` section 5, the spec's
//! worked hand totals, the two-card deal distribution of one 52-card deck,
//! and the ace and settlement knobs, all through the public API.

use std::path::{Path, PathBuf};

use banluck_lab::cards::{CompId, Counts, RANK_COUNT, Rank, parse_hand};
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::rules::{
    BelowMin, BothBust, BustTiming, BustVsBonus, FiveCardTiming, FiveVsFive, HandClass,
    RevealPolicy, RuleSet, RuleTable, SurrenderPolicy, evaluate, is_hard_fifteen,
    settle_deal_specials, settle_showdown,
};
use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use banluck_lab::rules::AceRules;

// ---------------------------------------------------------------- helpers

fn rules_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rules")
        .join(name)
}

fn canonical() -> RuleTable {
    RuleTable::compile(RuleSet::default())
}

fn compile_with(change: impl FnOnce(&mut RuleSet)) -> RuleTable {
    let mut rules = RuleSet::default();
    change(&mut rules);
    RuleTable::compile(rules)
}

fn counts(hand: &str) -> Counts {
    let mut counts = [0u8; RANK_COUNT];
    for rank in parse_hand(hand).unwrap() {
        counts[rank.index()] += 1;
    }
    counts
}

fn comp(table: &RuleTable, hand: &str) -> CompId {
    table
        .find_hand(hand)
        .unwrap_or_else(|e| panic!("{hand}: {e}"))
}

fn class(table: &RuleTable, hand: &str) -> HandClass {
    table.hand(comp(table, hand)).class
}

/// The 52 cards of one deck as (rank label, suit), suits included.
fn real_deck() -> Vec<(&'static str, char)> {
    const RANKS: [&str; 13] = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    RANKS
        .iter()
        .flat_map(|&rank| {
            ['s', 'h', 'd', 'c']
                .into_iter()
                .map(move |suit| (rank, suit))
        })
        .collect()
}

fn rank_of(card: (&str, char)) -> Rank {
    Rank::from_label(card.0).unwrap()
}

fn two_card_comps(table: &RuleTable) -> impl Iterator<Item = CompId> {
    table.compositions().of_size(2)
}

// ------------------------------------------------ section 5: edge cases

#[test]
fn edge_01_dealer_hard_15_surrender_voids_player_ban_ban() {
    let table = canonical();
    let fixed = DealerStrategy::fixed(&table);
    let ban_ban = comp(&table, "A A");
    for dealer in ["T 5", "9 6", "8 7"] {
        let d = comp(&table, dealer);
        // Without the surrender the player's Ban Ban would collect 3 ...
        assert_eq!(table.deal_special(ban_ban, d), Some(3.0), "{dealer}");
        // ... but the dealer surrenders first, on its own two cards, which
        // voids the hand (payoff 0) whatever the player holds.
        assert!(table.dealer(d).may_surrender, "{dealer}");
        assert!(table.fixed_surrenders(d), "{dealer}");
        assert_eq!(fixed.effective_surrender(&table, d), 1.0, "{dealer}");
    }
    // The knobs that turn it off.
    let never = compile_with(|r| r.dealer.fixed.surrender = SurrenderPolicy::Never);
    assert!(never.dealer(comp(&never, "T 5")).may_surrender);
    assert!(!never.fixed_surrenders(comp(&never, "T 5")));
    let barred =
        RuleTable::compile(load_rules(Some(&rules_file("no-surrender.toml")), &[]).unwrap());
    let t5 = comp(&barred, "T 5");
    assert!(!barred.dealer(t5).may_surrender && !barred.fixed_surrenders(t5));
    assert_eq!(
        DealerStrategy::fixed(&barred).effective_surrender(&barred, t5),
        0.0
    );
    assert_eq!(barred.deal_special(comp(&barred, "A A"), t5), Some(3.0));
}

#[test]
fn edge_02_ace_ace_is_21_and_ban_ban_paying_3() {
    let ace = AceRules::default();
    let value = evaluate(&counts("A A"), &ace);
    assert_eq!((value.cards, value.total), (2, 21));
    assert_eq!(value.class, HandClass::BanBan);
    let table = canonical();
    let ban_ban = comp(&table, "A A");
    let mut regular_dealers = 0;
    for dealer in two_card_comps(&table) {
        if let HandClass::Regular(_) = table.hand(dealer).class {
            assert_eq!(table.deal_special(ban_ban, dealer), Some(3.0));
            regular_dealers += 1;
        }
    }
    assert_eq!(regular_dealers, 55 - 2);
    assert_eq!(
        settle_deal_specials(
            HandClass::BanBan,
            HandClass::Regular(20),
            &RuleSet::default()
        ),
        3.0
    );
    // The dealer collects at the same rate.
    assert_eq!(table.deal_special(comp(&table, "T 9"), ban_ban), Some(-3.0));
    // Ban Ban does not draw.
    assert!(!table.player(ban_ban).may_hit);
}

#[test]
fn edge_03_ace_four_is_soft_15_not_hard_15_so_no_surrender() {
    let value = evaluate(&counts("A 4"), &AceRules::default());
    assert_eq!(value.total, 15);
    assert!(value.soft);
    assert!(!is_hard_fifteen(&counts("A 4"), &value));
    let table = canonical();
    let a4 = comp(&table, "A 4");
    assert!(!table.dealer(a4).may_surrender);
    assert!(!table.fixed_surrenders(a4));
    assert_eq!(
        DealerStrategy::fixed(&table).effective_surrender(&table, a4),
        0.0
    );
    // It is an ordinary 15: the dealer must draw.
    assert!(table.dealer(a4).must_hit);
    // The surrenderable hands are exactly 5-T, 6-9 and 7-8.
    let mut hard_15: Vec<String> = two_card_comps(&table)
        .filter(|&id| table.fixed_surrenders(id))
        .map(|id| table.compositions().label(id))
        .collect();
    hard_15.sort();
    assert_eq!(hard_15, ["87", "96", "T5"]);
}

#[test]
fn edge_04_five_card_vs_five_card_same_total_pushes() {
    let table = canonical();
    let player = comp(&table, "2 3 4 4 5"); // 18
    let dealer = comp(&table, "A 2 2 3 T"); // 1+2+2+3+10 = 18
    assert_eq!(table.hand(player).class, HandClass::FiveCard(18));
    assert_eq!(table.hand(dealer).class, HandClass::FiveCard(18));
    assert_eq!(table.payoff(player, dealer), 0.0);
    for total in 16..=21 {
        let five = HandClass::FiveCard(total);
        assert_eq!(table.payoff_by_class(five, five), 0.0, "{total}");
    }
}

#[test]
fn edge_05_five_card_vs_five_card_higher_total_wins_one() {
    let table = canonical();
    let nineteen = comp(&table, "2 3 4 5 5");
    let seventeen = comp(&table, "2 2 3 5 5");
    assert_eq!(table.hand(nineteen).class, HandClass::FiveCard(19));
    assert_eq!(table.hand(seventeen).class, HandClass::FiveCard(17));
    assert_eq!(table.payoff(nineteen, seventeen), 1.0);
    assert_eq!(table.payoff(seventeen, nineteen), -1.0);
    // Canonically five-card 21 against a plain five-card is a total
    // comparison too: 1, not the five-card-21 multiplier.
    let twenty_one = comp(&table, "2 3 4 5 7");
    assert_eq!(table.hand(twenty_one).class, HandClass::FiveCard(21));
    assert_eq!(table.payoff(twenty_one, nineteen), 1.0);
    assert_eq!(table.payoff(seventeen, twenty_one), -1.0);
}

#[test]
fn edge_06_triple_seven_beats_a_dealer_21_at_seven() {
    let table = canonical();
    let sevens = comp(&table, "7 7 7");
    assert_eq!(table.hand(sevens).class, HandClass::TripleSeven);
    assert_eq!(table.hand(sevens).total, 21);
    for dealer in ["T 5 6", "A 5 6", "A T K", "2 3 4 5 7"] {
        let d = comp(&table, dealer);
        assert_eq!(table.hand(d).total, 21, "{dealer}");
        assert_eq!(table.payoff(sevens, d), 7.0, "{dealer}");
    }
    // 777 is paid at once, and the player stops.
    let node = table.player(sevens);
    assert!(node.settles_at_deal && !node.may_hit);
    // 7-7 may draw for it.
    assert!(table.player(comp(&table, "7 7")).may_hit);
}

#[test]
fn edge_07_triple_seven_ignores_suits() {
    let table = canonical();
    let sevens: Vec<(&str, char)> = real_deck().into_iter().filter(|c| c.0 == "7").collect();
    assert_eq!(sevens.len(), 4);
    let expected = comp(&table, "7 7 7");
    let mut triples = 0;
    for skip in 0..4 {
        let three: Vec<_> = (0..4).filter(|&i| i != skip).map(|i| sevens[i]).collect();
        let suits: String = three.iter().map(|c| c.1).collect();
        // Every order of the three suited sevens is the same hand.
        for order in [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ] {
            let ranks: Vec<Rank> = order.iter().map(|&i| rank_of(three[i])).collect();
            let id = table.compositions().find_ranks(&ranks).unwrap();
            assert_eq!(id, expected, "suits {suits}");
            assert_eq!(
                table.hand(id).class,
                HandClass::TripleSeven,
                "suits {suits}"
            );
        }
        triples += 1;
    }
    assert_eq!(triples, 4);
}

#[test]
fn edge_08_player_at_most_15_loses_even_when_the_dealer_busts() {
    let table = canonical();
    for total in 4..=15 {
        for dealer in [HandClass::Bust, HandClass::BustFive] {
            assert_eq!(
                table.payoff_by_class(HandClass::Regular(total), dealer),
                -1.0,
                "player {total} vs {dealer:?}"
            );
        }
    }
    // 16 is the first total that stands and wins against a bust.
    assert_eq!(
        table.payoff_by_class(HandClass::Regular(16), HandClass::Bust),
        1.0
    );
    let t5 = comp(&table, "T 5");
    assert!(table.player(t5).forfeits);
    assert!(!table.player(comp(&table, "T 6")).forfeits);
    assert_eq!(table.payoff(t5, comp(&table, "T 6 8")), -1.0);
}

#[test]
fn edge_09_player_15_vs_dealer_15_loses_no_push() {
    let rules = RuleSet::default();
    assert_eq!(
        settle_showdown(HandClass::Regular(15), HandClass::Regular(15), &rules),
        -1.0
    );
    // A dealer stopped at five cards on 15 holds a five-card hand and has no
    // forfeit; the player on 15 still loses only 1.
    let table = canonical();
    let dealer = comp(&table, "2 2 3 3 5");
    assert_eq!(table.hand(dealer).class, HandClass::FiveCard(15));
    assert_eq!(table.payoff(comp(&table, "T 5"), dealer), -1.0);
    assert_eq!(table.payoff(comp(&table, "T 2 3"), dealer), -1.0);
}

#[test]
fn edge_10_ban_ban_vs_ban_ban_pushes() {
    let table = canonical();
    let aa = comp(&table, "A A");
    assert_eq!(table.deal_special(aa, aa), Some(0.0));
    assert_eq!(
        settle_deal_specials(HandClass::BanBan, HandClass::BanBan, &RuleSet::default()),
        0.0
    );
}

#[test]
fn edge_11_ban_luck_vs_ban_luck_pushes() {
    let table = canonical();
    let at = comp(&table, "A K");
    assert_eq!(class(&table, "A K"), HandClass::BanLuck);
    assert_eq!(class(&table, "Q A"), HandClass::BanLuck);
    assert_eq!(table.deal_special(at, at), Some(0.0));
    // Across the classes the stronger one wins its own multiplier.
    let aa = comp(&table, "A A");
    assert_eq!(table.deal_special(aa, at), Some(3.0));
    assert_eq!(table.deal_special(at, aa), Some(-3.0));
    assert_eq!(table.deal_special(at, comp(&table, "T T")), Some(2.0));
    assert_eq!(table.deal_special(comp(&table, "T T"), at), Some(-2.0));
    // Two regular hands play on.
    assert_eq!(
        table.deal_special(comp(&table, "T T"), comp(&table, "T 9")),
        None
    );
}

#[test]
fn edge_12_three_aces_are_21_not_bust() {
    let value = evaluate(&counts("A A A"), &AceRules::default());
    assert_eq!(value.total, 21);
    assert_eq!(value.class, HandClass::Regular(21));
    assert!(!value.class.is_bust());
    let table = canonical();
    let aaa = comp(&table, "A A A");
    // 21 must stand.
    assert!(!table.player(aaa).may_hit);
    assert!(table.dealer(aaa).must_stand);
    assert_eq!(table.payoff(aaa, comp(&table, "T 9")), 1.0);
}

#[test]
fn edge_13_reveal_on_dealer_at_17_settles_a_three_card_player_before_drawing() {
    let on = RuleTable::compile(load_rules(Some(&rules_file("reveal-on.toml")), &[]).unwrap());
    assert_eq!(on.rules().dealer.fixed.reveal, RevealPolicy::On);
    assert!(on.rules().dealer.fixed.hit_soft_17);
    let fixed = DealerStrategy::fixed(&on);
    let (mut soft, mut hard) = (0, 0);
    for dealer in 0..on.compositions().len() as CompId {
        let hand = *on.hand(dealer);
        let node = on.dealer(dealer);
        if hand.total != 17 || hand.class.is_bust() || hand.cards < 2 || node.must_stand {
            continue;
        }
        assert!(node.may_reveal, "{}", on.describe(dealer));
        for player_cards in 3..=5 {
            let i = DealerStrategy::index(dealer, player_cards);
            assert_eq!(
                fixed.reveal[i],
                1.0,
                "{} vs {player_cards}",
                on.describe(dealer)
            );
            assert_eq!(fixed.effective_hit(&on, dealer, player_cards), 0.0);
            assert!(!node.fixed_hits[usize::from(player_cards)]);
        }
        // Against two cards there is no reveal: soft 17 still draws.
        assert_eq!(fixed.reveal[DealerStrategy::index(dealer, 2)], 0.0);
        let hits_two = fixed.effective_hit(&on, dealer, 2);
        if hand.soft {
            soft += 1;
            assert_eq!(hits_two, 1.0, "{}", on.describe(dealer));
        } else {
            hard += 1;
            assert_eq!(hits_two, 0.0, "{}", on.describe(dealer));
        }
    }
    assert!(soft > 0 && hard > 0);
    // Canonically (reveal off) the dealer on soft 17 draws against 3 cards.
    let off = canonical();
    let a6 = comp(&off, "A 6");
    let fixed_off = DealerStrategy::fixed(&off);
    assert!(off.dealer(a6).may_reveal);
    assert_eq!(fixed_off.effective_hit(&off, a6, 3), 1.0);
    assert_eq!(fixed_off.reveal[DealerStrategy::index(a6, 3)], 0.0);
    // Without allow_reveal nothing may be revealed.
    let barred = compile_with(|r| r.dealer.allow_reveal = false);
    assert!(!barred.dealer(comp(&barred, "A 6")).may_reveal);
}

#[test]
fn edge_14_five_card_is_announced_and_its_bonus_applies_subject_to_forfeit() {
    let table = canonical();
    // The dealer's information set knows the player's card count, so five
    // cards are a set of their own ("announced").
    let t6 = comp(&table, "T 6");
    assert_ne!(DealerStrategy::index(t6, 5), DealerStrategy::index(t6, 4));
    let reveal = compile_with(|r| r.dealer.fixed.reveal = RevealPolicy::On);
    let fixed = DealerStrategy::fixed(&reveal);
    let t6r = comp(&reveal, "T 6");
    assert_eq!(fixed.reveal[DealerStrategy::index(t6r, 5)], 1.0);
    assert_eq!(fixed.effective_hit(&reveal, t6r, 2), 1.0);
    // Every live five-card hand ends the player's turn and is a five-card class.
    let regular_20 = comp(&table, "T T");
    for id in table.compositions().of_size(5) {
        let hand = *table.hand(id);
        let node = table.player(id);
        assert!(!node.may_hit && !node.must_hit);
        if hand.class.is_bust() {
            assert_eq!(hand.class, HandClass::BustFive);
            continue;
        }
        assert_eq!(hand.class, HandClass::FiveCard(hand.total));
        assert!(!node.settles_at_deal, "showdown timing");
        let expected = match hand.total {
            21 => 3.0,
            16..=20 => 2.0,
            _ => -1.0, // forfeits below player.min_total
        };
        assert_eq!(node.forfeits, hand.total < 16);
        assert_eq!(
            table.payoff(id, regular_20),
            expected,
            "{}",
            table.describe(id)
        );
    }
    // With forfeit_five_card = false the bonus applies below 16 too.
    let keep = compile_with(|r| r.player.forfeit_five_card = false);
    let fifteen = comp(&keep, "2 2 3 3 5");
    assert!(!keep.player(fifteen).forfeits);
    assert_eq!(keep.payoff(fifteen, comp(&keep, "T T")), 2.0);
    assert_eq!(
        keep.payoff_by_class(HandClass::FiveCard(15), HandClass::Bust),
        2.0
    );
    assert_eq!(
        table.payoff_by_class(HandClass::FiveCard(15), HandClass::Bust),
        -1.0
    );
    // five_card_timing = "immediate" settles it at once.
    let now = compile_with(|r| r.settlement.five_card_timing = FiveCardTiming::Immediate);
    assert!(now.player(comp(&now, "2 3 4 4 5")).settles_at_deal);
}

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

// ------------------------------------------------ settlement knobs

#[test]
fn showdown_busts_both_bust_push_or_dealer_wins() {
    let canonical = canonical();
    let bust = comp(&canonical, "T 9 5");
    assert!(canonical.player(bust).settles_at_deal, "immediate bust");
    let showdown = compile_with(|r| r.player.bust = BustTiming::Showdown);
    assert!(!showdown.player(comp(&showdown, "T 9 5")).settles_at_deal);
    assert_eq!(
        showdown.payoff_by_class(HandClass::Bust, HandClass::Bust),
        -1.0
    );
    let push = compile_with(|r| {
        r.player.bust = BustTiming::Showdown;
        r.settlement.both_bust = BothBust::Push;
    });
    assert_eq!(push.payoff_by_class(HandClass::Bust, HandClass::Bust), 0.0);
    assert_eq!(
        push.payoff_by_class(HandClass::Bust, HandClass::BustFive),
        0.0
    );
    assert_eq!(
        push.payoff_by_class(HandClass::BustFive, HandClass::Bust),
        0.0
    );
    // A live dealer still wins 1.
    assert_eq!(
        push.payoff_by_class(HandClass::Bust, HandClass::Regular(18)),
        -1.0
    );
    let kampung = RuleTable::compile(load_rules(Some(&rules_file("kampung.toml")), &[]).unwrap());
    assert_eq!(kampung.rules().settlement.both_bust, BothBust::Push);
    assert_eq!(
        kampung.payoff_by_class(HandClass::Bust, HandClass::Bust),
        0.0
    );
}

#[test]
fn bust_vs_bonus_one_unit_or_larger_multiplier() {
    let one = canonical();
    let larger = compile_with(|r| r.settlement.bust_vs_bonus = BustVsBonus::LargerMultiplier);
    for (dealer, multiplier) in [
        (HandClass::FiveCard(18), 2.0),
        (HandClass::FiveCard(21), 3.0),
        (HandClass::TripleSeven, 7.0),
    ] {
        assert_eq!(
            one.payoff_by_class(HandClass::Bust, dealer),
            -1.0,
            "{dealer:?}"
        );
        assert_eq!(
            larger.payoff_by_class(HandClass::Bust, dealer),
            -multiplier,
            "{dealer:?}"
        );
    }
    assert_eq!(
        larger.payoff_by_class(HandClass::Bust, HandClass::Regular(21)),
        -1.0
    );
}

#[test]
fn five_card_bust_loses_its_own_amount() {
    let table = compile_with(|r| r.payouts.five_card_bust = 2.5);
    let bust_five = comp(&table, "T 2 3 4 3");
    assert_eq!(table.hand(bust_five).class, HandClass::BustFive);
    assert_eq!(table.payoff(bust_five, comp(&table, "T 8")), -2.5);
    // A four-card bust still loses 1.
    assert_eq!(
        table.payoff(comp(&table, "T 2 3 8"), comp(&table, "T 8")),
        -1.0
    );
    // Larger multiplier: the larger of 2.5 and the dealer's five-card 2.
    let larger = compile_with(|r| {
        r.payouts.five_card_bust = 2.5;
        r.settlement.bust_vs_bonus = BustVsBonus::LargerMultiplier;
    });
    assert_eq!(
        larger.payoff_by_class(HandClass::BustFive, HandClass::FiveCard(18)),
        -2.5
    );
    assert_eq!(
        larger.payoff_by_class(HandClass::BustFive, HandClass::TripleSeven),
        -7.0
    );
    // Canonically it is 1.
    assert_eq!(
        canonical().payoff_by_class(HandClass::BustFive, HandClass::Regular(18)),
        -1.0
    );
}

#[test]
fn five_vs_five_by_class_or_compare_totals() {
    let by_class = compile_with(|r| r.settlement.five_vs_five = FiveVsFive::ByClass);
    let totals = canonical();
    for (player, dealer, by_class_payoff, totals_payoff) in [
        (21, 18, 3.0, 1.0),
        (16, 21, -3.0, -1.0),
        (18, 20, 0.0, -1.0),
        (20, 17, 0.0, 1.0),
        (21, 21, 0.0, 0.0),
        (19, 19, 0.0, 0.0),
    ] {
        let (p, d) = (HandClass::FiveCard(player), HandClass::FiveCard(dealer));
        assert_eq!(
            by_class.payoff_by_class(p, d),
            by_class_payoff,
            "{player} vs {dealer}"
        );
        assert_eq!(
            totals.payoff_by_class(p, d),
            totals_payoff,
            "{player} vs {dealer}"
        );
    }
    // Five-card against a regular hand is a class comparison either way.
    for table in [&by_class, &totals] {
        assert_eq!(
            table.payoff_by_class(HandClass::FiveCard(17), HandClass::Regular(21)),
            2.0
        );
        assert_eq!(
            table.payoff_by_class(HandClass::Regular(21), HandClass::FiveCard(17)),
            -2.0
        );
    }
}

#[test]
fn forfeit_five_card_false_keeps_low_five_card_hands_alive() {
    let keep = compile_with(|r| r.player.forfeit_five_card = false);
    let forfeit = canonical();
    let low = HandClass::FiveCard(14);
    assert_eq!(forfeit.payoff_by_class(low, HandClass::Regular(17)), -1.0);
    assert_eq!(keep.payoff_by_class(low, HandClass::Regular(17)), 2.0);
    // Against another five-card hand it compares totals.
    assert_eq!(keep.payoff_by_class(low, HandClass::FiveCard(18)), -1.0);
    assert_eq!(keep.payoff_by_class(low, HandClass::FiveCard(12)), 1.0);
    // Regular hands below the minimum forfeit either way.
    assert_eq!(
        keep.payoff_by_class(HandClass::Regular(15), HandClass::Bust),
        -1.0
    );
}

#[test]
fn must_hit_flags_below_the_player_minimum() {
    let must = RuleTable::compile(load_rules(Some(&rules_file("must-hit.toml")), &[]).unwrap());
    assert_eq!(must.rules().player.below_min, BelowMin::MustHit);
    let stand = PlayerStrategy::stand_everywhere(&must);
    let mut forced = 0;
    for id in 0..must.compositions().len() as CompId {
        let hand = *must.hand(id);
        let node = must.player(id);
        if hand.cards < 2 {
            continue;
        }
        let expected = node.may_hit && hand.total < 16;
        assert_eq!(node.must_hit, expected, "{}", must.describe(id));
        if expected {
            forced += 1;
            assert_eq!(stand.effective_hit(&must, id, None), 1.0);
        }
    }
    assert!(forced > 0);
    assert!(must.player(comp(&must, "T 5")).must_hit);
    assert!(must.player(comp(&must, "A 4")).must_hit);
    assert!(!must.player(comp(&must, "T 6")).must_hit);
    // Five cards below 16 cannot draw, so they are not forced to.
    assert!(!must.player(comp(&must, "2 2 3 3 5")).must_hit);
    // Canonically nothing is forced.
    let canonical = canonical();
    for id in 0..canonical.compositions().len() as CompId {
        assert!(!canonical.player(id).must_hit);
    }
}

#[test]
fn fixed_dealer_stand_on_and_hit_soft_17() {
    let canonical = canonical();
    let fixed = DealerStrategy::fixed(&canonical);
    let kampung = RuleTable::compile(load_rules(Some(&rules_file("kampung.toml")), &[]).unwrap());
    let kampung_fixed = DealerStrategy::fixed(&kampung);
    for id in 0..canonical.compositions().len() as CompId {
        let hand = *canonical.hand(id);
        let node = canonical.dealer(id);
        if hand.cards < 2 || node.must_stand {
            continue;
        }
        let hits = hand.total < 17 || (hand.soft && hand.total == 17);
        assert_eq!(
            fixed.effective_hit(&canonical, id, 2),
            f64::from(u8::from(hits))
        );
        assert_eq!(node.must_hit, hand.total < 16);
        // Kampung: stand_on 16, no soft-17 hit: stands on every 16+.
        let k = kampung
            .compositions()
            .find(canonical.compositions().counts(id))
            .unwrap();
        let k_hand = kampung.hand(k);
        if !kampung.dealer(k).must_stand {
            let k_hits = k_hand.total < 16;
            assert_eq!(
                kampung_fixed.effective_hit(&kampung, k, 2),
                f64::from(u8::from(k_hits)),
                "{}",
                kampung.describe(k)
            );
        }
    }
}

#[test]
fn canonical_rules_file_is_the_default_rule_set() {
    let mut file = load_rules(Some(&rules_file("banluck.toml")), &[]).unwrap();
    file.description.clear();
    assert_eq!(file, RuleSet::default());
    let table = RuleTable::compile(file);
    assert_eq!(table.hash(), canonical().hash());
    assert_eq!(table.compositions().len(), 2994);
}

#[test]
fn rules_hash_is_the_same_for_the_same_game() {
    let canonical = canonical();
    let same = [
        compile_with(|r| r.ace.two_cards = vec![11, 10]),
        compile_with(|r| r.ace.five_cards = vec![10, 1]),
        compile_with(|r| r.dealer.reveal_totals = vec![17, 16]),
        compile_with(|r| r.dealer.reveal_totals = vec![16, 17, 17]),
        compile_with(|r| r.description = "words".into()),
        compile_with(|r| r.extends = Some("banluck.toml".into())),
    ];
    for table in &same {
        assert_eq!(table.hash(), canonical.hash(), "{:?}", table.rules());
    }
    // An infinite deck has no deck count.
    let infinite = compile_with(|r| r.deck.infinite = true);
    let infinite_six = compile_with(|r| {
        r.deck.infinite = true;
        r.deck.decks = 6;
    });
    assert_eq!(
        infinite.compositions().len(),
        infinite_six.compositions().len()
    );
    assert_eq!(infinite.hash(), infinite_six.hash());
    // Real changes do change it.
    let different = [
        infinite.hash().to_string(),
        compile_with(|r| r.deck.decks = 6).hash().to_string(),
        compile_with(|r| r.ace.two_cards = vec![11])
            .hash()
            .to_string(),
        compile_with(|r| r.dealer.reveal_totals = vec![16])
            .hash()
            .to_string(),
        compile_with(|r| r.payouts.ban_ban = 3.5).hash().to_string(),
    ];
    for hash in &different {
        assert_ne!(hash, canonical.hash());
    }
    let unique: std::collections::BTreeSet<_> = different.iter().collect();
    assert_eq!(unique.len(), different.len());
}
