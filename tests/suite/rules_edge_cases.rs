//! The 14 edge cases of `shared/spec/banluck-rules.md` section 5, through the
//! public API. The deal distribution and hand totals are in
//! `rules_deal_totals.rs`, the settlement knobs in `rules_settlement.rs`.

use banluck_lab::cards::{CompId, Rank};
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::rules::{
    CompiledRules, FiveCardTiming, HandClass, RevealPolicy, RuleSet, SurrenderPolicy, evaluate,
    is_hard_fifteen, settle_deal_specials, settle_showdown,
};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::rules::AceRules;

use crate::deck_hands;
use crate::rule_changes;
use crate::rules_files;

use deck_hands::{counts, rank_of, real_deck, two_card_comps};
use rule_changes::{comp, compile_with};
use rules_files::{canonical, rules_file};

fn class(table: &CompiledRules, hand: &str) -> HandClass {
    table.hand(comp(table, hand)).class
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
        assert_eq!(fixed.effective_surrender(&table, d, None), 1.0, "{dealer}");
    }
    // The knobs that turn it off.
    let never = compile_with(|r| r.dealer.fixed.surrender = SurrenderPolicy::Never);
    assert!(never.dealer(comp(&never, "T 5")).may_surrender);
    assert!(!never.fixed_surrenders(comp(&never, "T 5")));
    let barred =
        CompiledRules::compile(load_rules(Some(&rules_file("no-surrender.toml")), &[]).unwrap());
    let t5 = comp(&barred, "T 5");
    assert!(!barred.dealer(t5).may_surrender && !barred.fixed_surrenders(t5));
    assert_eq!(
        DealerStrategy::fixed(&barred).effective_surrender(&barred, t5, None),
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
        DealerStrategy::fixed(&table).effective_surrender(&table, a4, None),
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
    let on = CompiledRules::compile(load_rules(Some(&rules_file("reveal-on.toml")), &[]).unwrap());
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
            assert_eq!(fixed.effective_hit(&on, dealer, player_cards, None), 0.0);
            assert!(!node.fixed_hits[usize::from(player_cards)]);
        }
        // Against two cards there is no reveal: soft 17 still draws.
        assert_eq!(fixed.reveal[DealerStrategy::index(dealer, 2)], 0.0);
        let hits_two = fixed.effective_hit(&on, dealer, 2, None);
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
    assert_eq!(fixed_off.effective_hit(&off, a6, 3, None), 1.0);
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
    assert_eq!(fixed.effective_hit(&reveal, t6r, 2, None), 1.0);
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
