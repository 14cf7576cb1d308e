//! One hand, in the order of spec section 4: deal, dealer surrender,
//! immediate specials, the player's draws, the dealer's draws, settlement.

use rand::Rng;

use super::deal::CardSource;
use super::plan::{ALWAYS, Plan};
use crate::games::banluck::strategy::DealerStrategy;

/// Takes a decision whose threshold is `threshold` (see [`ALWAYS`]); draws a
/// random number only for mixed decisions.
#[inline]
pub(crate) fn decide<R: Rng>(threshold: u64, rng: &mut R) -> bool {
    threshold != 0 && (threshold >= ALWAYS || (rng.next_u64() >> 11) < threshold)
}

/// Plays one hand from `cards` and returns its outcome code (see
/// [`super::plan::Outcome`]).
///
/// Cards are dealt two to the player, then two to the dealer (the dealer's
/// first card is the upcard), then the player's draws, then the dealer's.
#[inline]
pub fn play_hand<C: CardSource, R: Rng>(plan: &Plan<'_>, cards: &mut C, rng: &mut R) -> u16 {
    cards.start_hand();
    let index = plan.index;
    let empty = index.empty();
    let first = index.child(empty, cards.draw(rng));
    let mut player = index.child(first, cards.draw(rng));
    let upcard = cards.draw(rng);
    let mut dealer = index.child(index.child(empty, upcard), cards.draw(rng));

    if decide(
        plan.surrender[upcard.index() * plan.surrender_block + dealer as usize],
        rng,
    ) {
        return plan.void(player);
    }
    if let Some(code) = plan.special(player, dealer) {
        return code;
    }

    let seen = upcard.index() * plan.upcard_stride;
    while decide(
        plan.player_hit[player as usize * plan.player_slots + seen],
        rng,
    ) {
        player = index.child(player, cards.draw(rng));
    }
    let facts = plan.facts[player as usize];
    if facts.settles_at_deal {
        return plan.settle(player, dealer);
    }

    // A reveal settles the player against the dealer's current hand, exactly
    // as a stand does: only the probability of drawing matters heads-up.
    while decide(
        plan.dealer_hit
            [upcard.index() * plan.dealer_block + DealerStrategy::index(dealer, facts.cards)],
        rng,
    ) {
        dealer = index.child(dealer, cards.draw(rng));
    }
    plan.settle(player, dealer)
}

#[cfg(test)]
mod tests {
    //! The 14 edge cases of spec section 5, replayed through the simulator's
    //! own dealing and playing with scripted card orders (player, player,
    //! dealer, dealer, the player's draws, the dealer's draws).

    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::games::banluck::rules::{CompiledRules, RevealPolicy, RuleSet};
    use crate::games::banluck::sim::deal::Scripted;
    use crate::games::banluck::sim::plan::{KIND_NAMES, Outcome, SURRENDERED};
    use crate::games::banluck::strategy::PlayerStrategy;
    use crate::games::banluck::strategy_file::Chart;

    /// What a scripted hand ended with: payoff, player kind, dealer kind.
    fn replay(
        table: &CompiledRules,
        player: &PlayerStrategy,
        script: &str,
    ) -> (f64, String, String) {
        let dealer = DealerStrategy::fixed(table);
        let plan = Plan::new(table, player, &dealer).unwrap();
        let mut cards = Scripted::new(script);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let outcome = Outcome::from_code(usize::from(play_hand(&plan, &mut cards, &mut rng)));
        assert_eq!(cards.unused(), 0, "script `{script}` left cards undealt");
        let dealer_kind = if outcome.dealer == SURRENDERED {
            "surrendered"
        } else {
            KIND_NAMES[outcome.dealer]
        };
        (
            plan.payoffs[outcome.payoff],
            KIND_NAMES[outcome.player].to_string(),
            dealer_kind.to_string(),
        )
    }

    fn canonical() -> CompiledRules {
        CompiledRules::compile(RuleSet::default())
    }

    fn stand17(table: &CompiledRules) -> PlayerStrategy {
        Chart::stand17().expand(table).unwrap()
    }

    #[test]
    fn case_01_hard_15_surrender_voids_a_player_ban_ban() {
        let table = canonical();
        let (payoff, player, dealer) = replay(&table, &stand17(&table), "A A T 5");
        assert_eq!(
            (payoff, player.as_str(), dealer.as_str()),
            (0.0, "ban_ban", "surrendered")
        );
    }

    #[test]
    fn case_02_a_a_is_ban_ban_and_wins_3() {
        let table = canonical();
        let (payoff, player, _) = replay(&table, &stand17(&table), "A A T 9");
        assert_eq!((payoff, player.as_str()), (3.0, "ban_ban"));
    }

    #[test]
    fn case_03_a_4_is_soft_15_and_is_not_surrendered() {
        // The dealer draws to A-4 (soft 15): 5 makes A-4-5 = 19; the player's 20 wins.
        let table = canonical();
        let (payoff, _, dealer) = replay(&table, &stand17(&table), "T T A 4 5");
        assert_eq!((payoff, dealer.as_str()), (1.0, "regular"));
    }

    #[test]
    fn case_04_five_card_against_five_card_same_total_pushes() {
        // Player 2-3-4-5-6 = 20; dealer 2-3-4-5-6 = 20.
        let table = canonical();
        let (payoff, player, dealer) = replay(&table, &stand17(&table), "2 3 2 3 4 5 6 4 5 6");
        assert_eq!(
            (payoff, player.as_str(), dealer.as_str()),
            (0.0, "five_card", "five_card")
        );
    }

    #[test]
    fn case_05_five_card_against_five_card_higher_total_wins_1() {
        // Player 2-3-4-5-6 = 20; dealer 2-3-4-5-5 = 19.
        let table = canonical();
        let (payoff, _, dealer) = replay(&table, &stand17(&table), "2 3 2 3 4 5 6 4 5 5");
        assert_eq!((payoff, dealer.as_str()), (1.0, "five_card"));
        // And the other way round: player 2-3-4-5-5 = 19, dealer 20.
        let (payoff, _, _) = replay(&table, &stand17(&table), "2 3 2 3 4 5 5 4 5 6");
        assert_eq!(payoff, -1.0);
    }

    #[test]
    fn case_06_and_07_triple_seven_is_paid_7_at_once_whatever_the_sevens() {
        // The player draws the third 7 and is paid at once; the dealer, on a
        // 20 that could not beat 777 at any total, draws nothing.
        let table = canonical();
        let (payoff, player, dealer) = replay(&table, &stand17(&table), "7 7 T T 7");
        assert_eq!(
            (payoff, player.as_str(), dealer.as_str()),
            (7.0, "triple_seven", "regular")
        );
        // Ranks carry no suits: any three sevens of a six-deck shoe make 777,
        // and 777 beats a dealer 21 at the showdown.
        let mut rules = RuleSet::default();
        rules.deck.decks = 6;
        let six = CompiledRules::compile(rules);
        let (payoff, _, _) = replay(&six, &stand17(&six), "7 7 6 5 7");
        assert_eq!(payoff, 7.0);
        let sevens = table.find_hand("7 7 7").unwrap();
        let dealer21 = table.find_hand("T 6 5").unwrap();
        let plan = Plan::new(&table, &stand17(&table), &DealerStrategy::fixed(&table)).unwrap();
        let outcome = Outcome::from_code(usize::from(plan.settle(sevens, dealer21)));
        assert_eq!(plan.payoffs[outcome.payoff], 7.0);
    }

    #[test]
    fn case_08_player_on_15_loses_even_when_the_dealer_busts() {
        // Player stands on T-5; dealer T-6 draws a ten and busts.
        let table = canonical();
        let stand = PlayerStrategy::stand_everywhere(&table);
        let (payoff, _, dealer) = replay(&table, &stand, "T 5 T 6 T");
        assert_eq!((payoff, dealer.as_str()), (-1.0, "bust"));
    }

    #[test]
    fn case_09_player_15_against_dealer_15_loses() {
        // The dealer must draw below 16, so it ends on 15 only with five
        // cards: 2-2-3-3-5. Player 9-6 = 15 stands (hard 15 is the player's,
        // not the dealer's, so nothing is surrendered).
        let table = canonical();
        let stand = PlayerStrategy::stand_everywhere(&table);
        let (payoff, _, dealer) = replay(&table, &stand, "9 6 2 2 3 3 5");
        assert_eq!((payoff, dealer.as_str()), (-1.0, "five_card"));
        // With a dealer allowed to stop at 15 (min_total 15, stand_on 15),
        // two regular 15s: the player still loses.
        let mut rules = RuleSet::default();
        rules.dealer.min_total = 15;
        rules.dealer.fixed.stand_on = 15;
        rules.dealer.reveal_totals = vec![16, 17];
        rules.dealer.allow_surrender = false;
        rules.dealer.fixed.surrender = crate::games::banluck::rules::SurrenderPolicy::Never;
        let low = CompiledRules::compile(rules);
        let stand = PlayerStrategy::stand_everywhere(&low);
        let (payoff, _, dealer) = replay(&low, &stand, "9 6 T 5");
        assert_eq!((payoff, dealer.as_str()), (-1.0, "regular"));
    }

    #[test]
    fn case_10_ban_ban_against_ban_ban_pushes() {
        let table = canonical();
        let (payoff, player, dealer) = replay(&table, &stand17(&table), "A A A A");
        assert_eq!(
            (payoff, player.as_str(), dealer.as_str()),
            (0.0, "ban_ban", "ban_ban")
        );
    }

    #[test]
    fn case_11_ban_luck_against_ban_luck_pushes() {
        let table = canonical();
        let (payoff, player, dealer) = replay(&table, &stand17(&table), "A K T A");
        assert_eq!(
            (payoff, player.as_str(), dealer.as_str()),
            (0.0, "ban_luck", "ban_luck")
        );
    }

    #[test]
    fn case_12_a_a_a_is_21_not_bust() {
        // Three aces never come up in play (the first two are Ban Ban and
        // settle at once), so this checks the simulator's settlement lookup:
        // A-A-A standing against a dealer 20 wins 1 as a regular 21.
        let table = canonical();
        let aces = table.find_hand("A A A").unwrap();
        let twenty = table.find_hand("T T").unwrap();
        assert_eq!(table.hand(aces).total, 21);
        let plan = Plan::new(&table, &stand17(&table), &DealerStrategy::fixed(&table)).unwrap();
        let outcome = Outcome::from_code(usize::from(plan.settle(aces, twenty)));
        assert_eq!(plan.payoffs[outcome.payoff], 1.0);
        assert_eq!(KIND_NAMES[outcome.player], "regular");
    }

    #[test]
    fn case_13_reveal_on_settles_a_three_card_player_before_the_dealer_draws() {
        // Player T-2-5 = 17 (three cards); dealer A-6 = soft 17.
        let mut rules = RuleSet::default();
        rules.dealer.fixed.reveal = RevealPolicy::On;
        let reveal = CompiledRules::compile(rules);
        let (payoff, _, _) = replay(&reveal, &stand17(&reveal), "T 2 A 6 5");
        assert_eq!(
            payoff, 0.0,
            "17 against the revealing dealer's soft 17 pushes"
        );
        // Canonical (reveal off): the dealer hits soft 17, draws a 4 (20) and wins.
        let table = canonical();
        let (payoff, _, _) = replay(&table, &stand17(&table), "T 2 A 6 5 4");
        assert_eq!(payoff, -1.0);
        // Against a two-card player the revealing dealer still hits soft 17.
        let (payoff, _, _) = replay(&reveal, &stand17(&reveal), "T 7 A 6 4");
        assert_eq!(payoff, -1.0);
    }

    #[test]
    fn case_14_five_card_bonus_always_applies_subject_to_the_forfeit_knob() {
        // Player 2-3-4-5-2 = 16 with five cards beats a dealer 20 at 2.
        let table = canonical();
        let (payoff, player, _) = replay(&table, &stand17(&table), "2 3 T T 4 5 2");
        assert_eq!((payoff, player.as_str()), (2.0, "five_card"));
        // Five cards totalling 15 forfeit (player.forfeit_five_card = true)...
        let (payoff, _, _) = replay(&table, &stand17(&table), "2 3 T T 2 3 5");
        assert_eq!(payoff, -1.0);
        // ... and win 2 when the knob is off.
        let mut rules = RuleSet::default();
        rules.player.forfeit_five_card = false;
        let lenient = CompiledRules::compile(rules);
        let (payoff, _, _) = replay(&lenient, &stand17(&lenient), "2 3 T T 2 3 5");
        assert_eq!(payoff, 2.0);
    }

    #[test]
    fn player_bust_loses_at_once_and_the_dealer_draws_nothing() {
        let table = canonical();
        let (payoff, player, dealer) = replay(&table, &stand17(&table), "T 6 T 6 T");
        assert_eq!(
            (payoff, player.as_str(), dealer.as_str()),
            (-1.0, "bust", "regular")
        );
    }

    #[test]
    fn upcard_keyed_strategies_read_the_dealers_first_card() {
        let mut rules = RuleSet::default();
        rules.dealer.upcard = true;
        let table = CompiledRules::compile(rules);
        // Hit 16 against an upcard of 7 only.
        let mut player = PlayerStrategy::stand_everywhere(&table);
        let t6 = table.find_hand("T 6").unwrap();
        player.set_hit(t6, Some(crate::cards::Rank::SEVEN), 1.0);
        // Upcard 7: the player draws a 4 (20) against 7-T (17) and wins.
        let (payoff, _, _) = replay(&table, &player, "T 6 7 T 4");
        assert_eq!(payoff, 1.0);
        // Upcard T: the player stands on 16 against T-7 and loses.
        let (payoff, _, _) = replay(&table, &player, "T 6 T 7");
        assert_eq!(payoff, -1.0);
    }
}
