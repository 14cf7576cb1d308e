//! The seats' side of a round: every seat's two-card start and final hand,
//! played by the fixed player strategy, either sampled from shuffled decks
//! or (one seat) enumerated exactly with its probability.
//!
//! The seats are dealt before the dealer's two cards here. No seat decision
//! depends on the dealer's cards (there is no upcard), and the probability
//! of any sequence of draws from one shuffled deck depends only on the
//! multiset drawn, so dealing the dealer last gives every joint outcome the
//! probability of the real order. The dealer's cards are then integrated
//! exactly over the deck that is left (see `nodes`).

use rand::rngs::Xoshiro256PlusPlus;

use super::key::SeatKey;
use crate::cards::{CompId, Counts, RANK_COUNT, Rank};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::deal::{CardSource, InfiniteShoe, Shoe};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::sim::play::decide;
use crate::games::banluck::strategy::PlayerStrategy;
use crate::games::banluck::table::play::MAX_PLAYERS;
use crate::sim::Chunked;

/// One seat after the seats have played.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Seat {
    /// Its first two cards.
    pub start: CompId,
    /// Its final hand.
    pub hand: CompId,
    /// Cards in the final hand.
    pub cards: u8,
    /// Whether it waits for the dealer (else it was settled already).
    pub open: bool,
}

/// The seats of one round with the round's probability weight (1 for a
/// sampled round; its exact probability for an enumerated one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeatRound {
    /// Weight of the round.
    pub weight: f64,
    /// Seats in seat order (the first `players` are used).
    pub seats: [Seat; MAX_PLAYERS],
}

impl SeatRound {
    /// The dealer's view of the first `players` seats.
    pub fn key(&self, players: usize) -> SeatKey {
        SeatKey::of(self.seats[..players].iter().map(|s| (s.open, s.cards)))
    }

    /// The cards the first `players` seats hold, per rank.
    pub fn removed(&self, table: &CompiledRules, players: usize) -> Counts {
        let mut removed = [0u8; RANK_COUNT];
        for seat in &self.seats[..players] {
            for (r, &c) in table.compositions().counts(seat.hand).iter().enumerate() {
                removed[r] += c;
            }
        }
        removed
    }
}

/// Whether a seat holding `hand` (started with `start`) still waits for
/// the dealer when the dealer's start plays on.
pub(crate) fn is_open(table: &CompiledRules, start: CompId, hand: CompId) -> bool {
    !table.hand(start).class.is_deal_special() && !table.player(hand).settles_at_deal
}

/// Plays the seats of sampled rounds (the `sim` driver's chunks).
pub struct SeatSampler<'t> {
    table: &'t CompiledRules,
    plan: Plan<'t>,
    players: usize,
}

impl<'t> SeatSampler<'t> {
    /// Samples `players` seats playing `player` under `table`'s rules.
    pub fn new(table: &'t CompiledRules, plan: Plan<'t>, players: usize) -> SeatSampler<'t> {
        SeatSampler {
            table,
            plan,
            players,
        }
    }

    pub(super) fn round<C: CardSource>(
        &self,
        cards: &mut C,
        rng: &mut Xoshiro256PlusPlus,
    ) -> SeatRound {
        let index = self.plan.index;
        cards.start_hand();
        let mut round = SeatRound {
            weight: 1.0,
            seats: [Seat::default(); MAX_PLAYERS],
        };
        for seat in &mut round.seats[..self.players] {
            let first = index.child(index.empty(), cards.draw(rng));
            seat.start = index.child(first, cards.draw(rng));
        }
        for seat in &mut round.seats[..self.players] {
            let mut hand = seat.start;
            if !self.table.hand(hand).class.is_deal_special() {
                while decide(
                    self.plan.player_hit[hand as usize * self.plan.player_slots],
                    rng,
                ) {
                    hand = index.child(hand, cards.draw(rng));
                }
            }
            seat.hand = hand;
            seat.cards = index.size(hand);
            seat.open = is_open(self.table, seat.start, hand);
        }
        round
    }
}

impl Chunked for SeatSampler<'_> {
    type Tally = Vec<SeatRound>;

    fn empty(&self) -> Vec<SeatRound> {
        Vec::new()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Vec<SeatRound> {
        let deck = self.plan.deck;
        let mut out = Vec::with_capacity(rounds as usize);
        if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            out.extend((0..rounds).map(|_| self.round(&mut cards, &mut rng)));
        } else {
            let mut cards = Shoe::new(deck);
            out.extend((0..rounds).map(|_| self.round(&mut cards, &mut rng)));
        }
        out
    }

    fn merge(&self, total: &mut Vec<SeatRound>, chunk: Vec<SeatRound>) {
        total.extend(chunk);
    }
}

/// Every (start, final hand) of one seat playing `player`, with its exact
/// probability: a forward pass over the compositions from each two-card
/// start. The weights sum to one.
pub fn enumerate_one_seat(table: &CompiledRules, player: &PlayerStrategy) -> Vec<SeatRound> {
    let index = table.compositions();
    let deck = table.deck();
    let none = [0u8; RANK_COUNT];
    let mut rounds = Vec::new();
    let mut reach = vec![0.0; index.len()];
    for start in index.of_size(2) {
        reach.fill(0.0);
        reach[start as usize] = deck.composition_probability(&none, index.counts(start));
        let special = table.hand(start).class.is_deal_special();
        for size in 2..=index.max_cards() {
            for hand in index.of_size(size) {
                let here = reach[hand as usize];
                if here == 0.0 {
                    continue;
                }
                let hit = if special {
                    0.0
                } else {
                    player.effective_hit(table, hand, None)
                };
                if hit < 1.0 {
                    let mut seats = [Seat::default(); MAX_PLAYERS];
                    seats[0] = Seat {
                        start,
                        hand,
                        cards: size,
                        open: is_open(table, start, hand),
                    };
                    rounds.push(SeatRound {
                        weight: here * (1.0 - hit),
                        seats,
                    });
                }
                if hit > 0.0 {
                    for rank in Rank::all() {
                        let child = index.child(hand, rank);
                        let p = deck.draw_probability(index.counts(hand), rank);
                        if child != crate::cards::NO_CHILD && p > 0.0 {
                            reach[child as usize] += here * hit * p;
                        }
                    }
                }
            }
        }
    }
    rounds
}
