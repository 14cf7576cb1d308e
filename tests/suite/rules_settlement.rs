//! The settlement knobs, the forced-draw flags, the fixed dealer, the
//! canonical rules file and the rules hash, through the public API.

use banluck_lab::cards::CompId;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::rules::{
    BelowMin, BothBust, BustTiming, BustVsBonus, CompiledRules, FiveVsFive, HandClass, RuleSet,
};
use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use crate::rule_changes;
use crate::rules_files;

use rule_changes::{comp, compile_with};
use rules_files::{canonical, rules_file};

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
    let kampung =
        CompiledRules::compile(load_rules(Some(&rules_file("kampung.toml")), &[]).unwrap());
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
    let must = CompiledRules::compile(load_rules(Some(&rules_file("must-hit.toml")), &[]).unwrap());
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
    let kampung =
        CompiledRules::compile(load_rules(Some(&rules_file("kampung.toml")), &[]).unwrap());
    let kampung_fixed = DealerStrategy::fixed(&kampung);
    for id in 0..canonical.compositions().len() as CompId {
        let hand = *canonical.hand(id);
        let node = canonical.dealer(id);
        if hand.cards < 2 || node.must_stand {
            continue;
        }
        let hits = hand.total < 17 || (hand.soft && hand.total == 17);
        assert_eq!(
            fixed.effective_hit(&canonical, id, 2, None),
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
                kampung_fixed.effective_hit(&kampung, k, 2, None),
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
    let table = CompiledRules::compile(file);
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
