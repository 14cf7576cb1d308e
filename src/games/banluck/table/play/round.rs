//! One round at a multi-player table (spec section 6): every seat and the
//! dealer from one shuffled deck, the players acting in seat order on their
//! own cards, one dealer hand settling all of them.

use rand::Rng;

use crate::cards::CompId;
use crate::games::banluck::rules::{CompiledRules, RevealPolicy};
use crate::games::banluck::sim::SimError;
use crate::games::banluck::sim::deal::CardSource;
use crate::games::banluck::sim::plan::{KIND_NAMES, Outcome, Plan};
use crate::games::banluck::sim::play::decide;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::games::banluck::table::dealer::key::SeatKey;
use crate::games::banluck::table::dealer::policy::{HIT, REVEAL, TablePolicy};

/// Most players at one table.
pub const MAX_PLAYERS: usize = 7;

/// The dealer stops: bust, 21 or its card limit.
const STOPS: u8 = 1;
/// The house drawing rule draws here.
const DRAWS: u8 = 2;
/// The fixed dealer reveals (settles) 3+-card players here.
const REVEALS: u8 = 4;

/// The simulator's plan for one player strategy against the fixed dealer,
/// with the dealer's multi-player policy and per-outcome facts.
#[derive(Debug, Clone)]
pub(crate) struct RoundPlan<'t> {
    /// The heads-up lookup tables (player decisions, surrender, settlement).
    pub plan: Plan<'t>,
    /// Players at the table, 1..=7.
    pub seats: usize,
    /// [`STOPS`] | [`DRAWS`] | [`REVEALS`] per dealer composition.
    dealer: Vec<u8>,
    /// Payoff to the player of each outcome code.
    pub value: Vec<f64>,
    /// Whether each outcome code is a player's win with Ban Ban or Ban Luck.
    pub ban_win: Vec<bool>,
    /// A strategic dealer's policy, played instead of the fixed dealer.
    policy: Option<&'t TablePolicy>,
}

impl<'t> RoundPlan<'t> {
    /// Tables for `seats` players playing `player` against the fixed dealer
    /// of `table`.
    pub fn new(
        table: &'t CompiledRules,
        player: &PlayerStrategy,
        seats: usize,
    ) -> Result<RoundPlan<'t>, SimError> {
        if !(1..=MAX_PLAYERS).contains(&seats) {
            return Err(SimError::Params(format!(
                "a table seats 1 to {MAX_PLAYERS} players, not {seats}"
            )));
        }
        let plan = Plan::new(table, player, &DealerStrategy::fixed(table))?;
        let reveal_on = table.rules().dealer.fixed.reveal == RevealPolicy::On;
        let dealer = (0..table.compositions().len() as CompId)
            .map(|id| {
                let node = table.dealer(id);
                u8::from(node.must_stand) * STOPS
                    + u8::from(node.rule_hits) * DRAWS
                    + u8::from(node.may_reveal && reveal_on) * REVEALS
            })
            .collect();
        let codes = plan.codes();
        let bans = [KIND_NAMES.len() - 2, KIND_NAMES.len() - 1];
        let (value, ban_win) = (0..codes)
            .map(|code| {
                let outcome = Outcome::from_code(code);
                let value = plan.payoffs[outcome.payoff];
                (value, value > 0.0 && bans.contains(&outcome.player))
            })
            .unzip();
        Ok(RoundPlan {
            plan,
            seats,
            dealer,
            value,
            ban_win,
            policy: None,
        })
    }

    /// The same table with the dealer playing `policy` (surrender, and
    /// stand, hit or reveal by its composition and the seats' key) instead
    /// of the fixed dealer.
    pub fn with_policy(self, policy: &'t TablePolicy) -> RoundPlan<'t> {
        RoundPlan {
            policy: Some(policy),
            ..self
        }
    }
}

/// Plays one round and writes each seat's outcome code to `out[..seats]`.
///
/// Cards: two to each seat in seat order, two to the dealer (its first is
/// the upcard), then each seat's draws in seat order, then the dealer's.
/// A surrender voids every seat; Ban Ban and Ban Luck settle at once; a
/// revealing dealer at a reveal total settles every 3+-card player against
/// its current hand and draws on by the house rule only while a player is
/// left unsettled.
#[inline]
pub(crate) fn play_round<C: CardSource, R: Rng>(
    round: &RoundPlan<'_>,
    cards: &mut C,
    rng: &mut R,
    out: &mut [u16; MAX_PLAYERS],
) {
    play_round_seen(round, cards, rng, out, |_, _| &round.plan.player_hit);
}

/// [`play_round`] with each seat's hit thresholds (laid out as
/// [`crate::games::banluck::sim::plan::Plan::player_hit`]) chosen when its
/// turn comes: `hits(seat, dealt)`, where `dealt` holds every seat's
/// two-card hand, so that a seat can play on what the deal turned over.
#[inline]
pub(crate) fn play_round_seen<'h, C: CardSource, R: Rng>(
    round: &RoundPlan<'_>,
    cards: &mut C,
    rng: &mut R,
    out: &mut [u16; MAX_PLAYERS],
    hits: impl Fn(usize, &[CompId]) -> &'h [u64],
) {
    let plan = &round.plan;
    let seats = round.seats;
    cards.start_hand();
    let index = plan.index;
    let empty = index.empty();
    let mut hands = [0 as CompId; MAX_PLAYERS];
    for hand in &mut hands[..seats] {
        let first = index.child(empty, cards.draw(rng));
        *hand = index.child(first, cards.draw(rng));
    }
    let upcard = cards.draw(rng);
    let dealt = index.child(index.child(empty, upcard), cards.draw(rng));

    let surrenders = match round.policy {
        Some(policy) => policy.surrender[dealt as usize],
        None => decide(plan.surrender[dealt as usize], rng),
    };
    if surrenders {
        for seat in 0..seats {
            out[seat] = plan.void(hands[seat]);
        }
        return;
    }
    // Bit `seat` set: the seat still waits for the dealer.
    let mut open = 0u8;
    for seat in 0..seats {
        match plan.special(hands[seat], dealt) {
            Some(code) => out[seat] = code,
            None => open |= 1 << seat,
        }
    }
    let seen = upcard.index() * plan.upcard_stride;
    let dealt_hands = hands;
    for seat in 0..seats {
        if open & (1 << seat) == 0 {
            continue;
        }
        let player_hit = hits(seat, &dealt_hands[..seats]);
        cards.turn(seat);
        let mut hand = hands[seat];
        while decide(player_hit[hand as usize * plan.player_slots + seen], rng) {
            hand = index.child(hand, cards.draw(rng));
        }
        hands[seat] = hand;
        if plan.facts[hand as usize].settles_at_deal {
            out[seat] = plan.settle(hand, dealt);
            open &= !(1 << seat);
        }
    }

    cards.turn(seats);
    if let Some(policy) = round.policy {
        play_policy(round, policy, cards, rng, (&hands, open, dealt), out);
        return;
    }
    let mut dealer = dealt;
    while open != 0 {
        let flags = round.dealer[dealer as usize];
        if flags & STOPS != 0 {
            break;
        }
        if flags & REVEALS != 0 {
            for seat in 0..seats {
                if open & (1 << seat) != 0 && plan.facts[hands[seat] as usize].cards >= 3 {
                    out[seat] = plan.settle(hands[seat], dealer);
                    open &= !(1 << seat);
                }
            }
        }
        if open == 0 || flags & DRAWS == 0 {
            break;
        }
        dealer = index.child(dealer, cards.draw(rng));
    }
    for seat in 0..seats {
        if open & (1 << seat) != 0 {
            out[seat] = plan.settle(hands[seat], dealer);
        }
    }
}

/// The strategic dealer's turn: `seats` are the seats' hands, the open
/// seats' bits and the dealer's two cards.
#[inline]
fn play_policy<C: CardSource, R: Rng>(
    round: &RoundPlan<'_>,
    policy: &TablePolicy,
    cards: &mut C,
    rng: &mut R,
    seats: (&[CompId; MAX_PLAYERS], u8, CompId),
    out: &mut [u16; MAX_PLAYERS],
) {
    let (hands, mut open, mut dealer) = seats;
    let plan = &round.plan;
    let cards_of = |seat: usize| plan.facts[hands[seat] as usize].cards;
    let key = SeatKey::of((0..round.seats).map(|seat| (open & (1 << seat) != 0, cards_of(seat))));
    let actions = policy.for_key(key);
    let mut revealed = false;
    while open != 0 {
        let i = dealer as usize;
        match if revealed {
            actions.after[i]
        } else {
            actions.before[i]
        } {
            HIT => dealer = plan.index.child(dealer, cards.draw(rng)),
            REVEAL => {
                for seat in 0..round.seats {
                    if open & (1 << seat) != 0 && cards_of(seat) >= 3 {
                        out[seat] = plan.settle(hands[seat], dealer);
                        open &= !(1 << seat);
                    }
                }
                revealed = true;
            }
            _ => break,
        }
    }
    for seat in 0..round.seats {
        if open & (1 << seat) != 0 {
            out[seat] = plan.settle(hands[seat], dealer);
        }
    }
}

#[cfg(test)]
mod tests {
    //! Scripted rounds: cards in the order two per seat, two for the dealer,
    //! each seat's draws in seat order, the dealer's draws.

    use rand::SeedableRng;
    use rand::rngs::Xoshiro256PlusPlus;

    use super::*;
    use crate::games::banluck::rules::RuleSet;
    use crate::games::banluck::sim::deal::Scripted;
    use crate::games::banluck::strategy_file::Chart;

    /// The payoffs of a scripted round of `seats` stand-on-17 players.
    fn replay(rules: RuleSet, seats: usize, script: &str) -> Vec<f64> {
        let table = CompiledRules::compile(rules);
        let player = Chart::stand17().expand(&table).unwrap();
        let round = RoundPlan::new(&table, &player, seats).unwrap();
        let mut cards = Scripted::new(script);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0);
        let mut out = [u16::MAX; MAX_PLAYERS];
        play_round(&round, &mut cards, &mut rng, &mut out);
        assert_eq!(cards.unused(), 0, "script `{script}` left cards undealt");
        out[..seats]
            .iter()
            .map(|&code| round.value[usize::from(code)])
            .collect()
    }

    fn reveal_on() -> RuleSet {
        let mut rules = RuleSet::default();
        rules.dealer.fixed.reveal = RevealPolicy::On;
        rules
    }

    #[test]
    fn a_revealing_dealer_settles_three_card_players_then_draws_against_the_rest() {
        // Seat 1: T-2 draws 5 (17, three cards); seat 2: T-7 stands; the
        // dealer's A-6 (soft 17) reveals seat 1 (push), then hits soft 17
        // against seat 2: A-6-4 = 20 beats 17.
        assert_eq!(replay(reveal_on(), 2, "T 2 T 7 A 6 5 4"), vec![0.0, -1.0]);
        // Without the reveal both face the dealer's 20.
        assert_eq!(
            replay(RuleSet::default(), 2, "T 2 T 7 A 6 5 4"),
            vec![-1.0, -1.0]
        );
    }

    #[test]
    fn with_nobody_left_the_revealing_dealer_draws_nothing() {
        // Both seats reach 17 with three cards; soft 17 reveals both (pushes)
        // and the script holds no card for the dealer.
        assert_eq!(replay(reveal_on(), 2, "T 2 T 3 A 6 5 4"), vec![0.0, 0.0]);
    }

    #[test]
    fn a_surrender_voids_every_seat_and_a_dealer_ban_luck_settles_every_seat() {
        assert_eq!(
            replay(RuleSet::default(), 3, "A A T 9 7 7 T 5"),
            vec![0.0; 3]
        );
        assert_eq!(
            replay(RuleSet::default(), 2, "T 9 7 7 A T"),
            vec![-2.0, -2.0]
        );
    }

    #[test]
    fn a_player_ban_luck_is_paid_at_once_while_the_others_play_on() {
        // Seat 1 Ban Luck (+2, a ban win); seat 2 T-9 against the dealer's T-8.
        let table = CompiledRules::compile(RuleSet::default());
        let player = Chart::stand17().expand(&table).unwrap();
        let round = RoundPlan::new(&table, &player, 2).unwrap();
        let mut cards = Scripted::new("A T T 9 T 8");
        let mut out = [0; MAX_PLAYERS];
        play_round(
            &round,
            &mut cards,
            &mut Xoshiro256PlusPlus::seed_from_u64(0),
            &mut out,
        );
        let values: Vec<f64> = out[..2]
            .iter()
            .map(|&c| round.value[usize::from(c)])
            .collect();
        assert_eq!(values, vec![2.0, 1.0]);
        assert_eq!(
            (
                round.ban_win[usize::from(out[0])],
                round.ban_win[usize::from(out[1])]
            ),
            (true, false)
        );
    }

    #[test]
    fn a_bust_seat_settles_at_once_and_the_dealer_plays_on_for_the_others() {
        // Seat 1 T-6 hits T and busts (-1); seat 2 T-8 stands on 18; the
        // dealer's T-6 draws a 3 (19) and beats seat 2.
        assert_eq!(
            replay(RuleSet::default(), 2, "T 6 T 8 T 6 T 3"),
            vec![-1.0, -1.0]
        );
    }

    #[test]
    fn tables_seat_one_to_seven_players() {
        let table = CompiledRules::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&table);
        assert!(RoundPlan::new(&table, &player, 0).is_err());
        assert!(RoundPlan::new(&table, &player, 8).is_err());
        assert!(RoundPlan::new(&table, &player, 7).is_ok());
    }
}
