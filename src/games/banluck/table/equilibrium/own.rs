//! One seat's payoffs in a sampled round, exact over its own cards: the
//! other seats are sampled (from a full shuffled deck, playing their
//! strategy), and for every hand the seat could stop at, its payoff
//! against the dealer (draws integrated exactly over the deck every seat
//! leaves) is weighted by the likelihood ratio of the other seats' cards
//! given that hand.
//!
//! **Why the seat's hand can be treated apart.** No seat sees another's
//! cards or the dealer's, and the probability of a sequence of draws from
//! one shuffled deck depends only on the multiset drawn: the joint law of
//! all hands is the same whichever seat is dealt first. Given the seat's
//! final hand `h`, the others play from the deck less `h`. Sampling them
//! from the full deck instead and weighting by
//! `P(their cards | deck − h) / P(their cards | deck)` is unbiased for
//! every `h` at once, so all of the seat's hands share one sample of the
//! others (common random numbers: hit against stand is a paired
//! comparison). The same argument makes the reply the same for every seat
//! position.

use rand::rngs::Xoshiro256PlusPlus;

use crate::cards::{CompId, Counts, RANK_COUNT, Rank};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::deal::CardSource;
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::sim::play::decide;
use crate::games::banluck::table::dealer::key::SeatKey;
use crate::games::banluck::table::dealer::nodes::DealerNodes;
use crate::games::banluck::table::dealer::seats::{Seat, SeatRound, is_open};
use crate::games::banluck::table::dealer::view::RoundView;
use crate::games::banluck::table::play::MAX_PLAYERS;

use super::dealer_mix::{MixedDealer, Work};

/// Seats of one round (the first `n` are set) and the cards they hold.
#[derive(Debug, Clone, Copy)]
pub struct Seats {
    /// The seats.
    pub seats: [Seat; MAX_PLAYERS],
    /// How many.
    pub n: usize,
    /// Their cards per rank.
    pub held: Counts,
}

impl Seats {
    /// No seats.
    pub fn none() -> Seats {
        Seats {
            seats: [Seat::default(); MAX_PLAYERS],
            n: 0,
            held: [0; RANK_COUNT],
        }
    }

    /// Deals `n` seats from a freshly shuffled `cards`, two each, then
    /// plays them in seat order by `plan`.
    pub fn deal<C: CardSource>(
        table: &CompiledRules,
        plan: &Plan<'_>,
        n: usize,
        cards: &mut C,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Seats {
        let index = plan.index;
        cards.start_hand();
        let mut out = Seats::none();
        out.n = n;
        for seat in &mut out.seats[..n] {
            let first = index.child(index.empty(), cards.draw(rng));
            seat.start = index.child(first, cards.draw(rng));
        }
        for seat in &mut out.seats[..n] {
            let mut hand = seat.start;
            if !table.hand(hand).class.is_deal_special() {
                while decide(plan.player_hit[hand as usize * plan.player_slots], rng) {
                    hand = index.child(hand, cards.draw(rng));
                }
            }
            seat.hand = hand;
            seat.cards = index.size(hand);
            seat.open = is_open(table, seat.start, hand);
            for (h, &c) in out.held.iter_mut().zip(index.counts(hand)) {
                *h += c;
            }
        }
        out
    }

    /// The dealer's key of these seats and one more.
    pub fn key_with(&self, seat: Option<&Seat>) -> SeatKey {
        SeatKey::of(
            self.seats[..self.n]
                .iter()
                .chain(seat)
                .map(|s| (s.open, s.cards)),
        )
    }
}

/// The seat's hands, compiled once per rule set.
#[derive(Debug, Clone)]
pub struct OwnHands {
    /// Every hand the seat can hold (two to five cards, reachable from a
    /// start that plays on or a special start), smallest first.
    pub hands: Vec<CompId>,
    /// Per composition: whether the seat may stop there.
    pub stops: Vec<bool>,
    /// Per composition: the seat's draw probabilities (deck less the hand),
    /// per rank, with the child.
    pub draws: Vec<Vec<(CompId, f64)>>,
    /// Per composition: the start a seat holding it is settled by when the
    /// dealer's start is special (itself for two cards, else any plain start).
    pub start: Vec<CompId>,
    /// Per composition: whether the seat chooses between hit and stand.
    pub free: Vec<bool>,
    /// The probability of each two-card start.
    pub start_probability: Vec<(CompId, f64)>,
    /// Per composition: the probability that the seat's cards reach it if
    /// it draws wherever it may (the chance part of its reach).
    pub chance: Vec<f64>,
}

impl OwnHands {
    /// The hands of `table`.
    pub fn new(table: &CompiledRules) -> OwnHands {
        let index = table.compositions();
        let deck = table.deck();
        let comps = index.len();
        let none = [0u8; RANK_COUNT];
        let mut reachable = vec![false; comps];
        let mut stops = vec![false; comps];
        let mut free = vec![false; comps];
        let mut draws = vec![Vec::new(); comps];
        let mut start = vec![0; comps];
        let plain = index
            .of_size(2)
            .find(|&id| !table.hand(id).class.is_deal_special())
            .expect("a plain start");
        let start_probability: Vec<(CompId, f64)> = index
            .of_size(2)
            .map(|id| (id, deck.composition_probability(&none, index.counts(id))))
            .filter(|&(_, p)| p > 0.0)
            .collect();
        let mut chance = vec![0.0; comps];
        for &(id, p) in &start_probability {
            reachable[id as usize] = true;
            chance[id as usize] = p;
        }
        let mut hands = Vec::new();
        for size in 2..=index.max_cards() {
            for id in index.of_size(size) {
                let i = id as usize;
                if !reachable[i] {
                    continue;
                }
                hands.push(id);
                start[i] = if size == 2 { id } else { plain };
                let node = table.player(id);
                let special = size == 2 && table.hand(id).class.is_deal_special();
                let may_hit = node.may_hit && !special;
                stops[i] = !(may_hit && node.must_hit);
                free[i] = may_hit && !node.must_hit;
                if may_hit {
                    for rank in Rank::all() {
                        let child = index.child(id, rank);
                        let p = deck.draw_probability(index.counts(id), rank);
                        if child != crate::cards::NO_CHILD && p > 0.0 {
                            reachable[child as usize] = true;
                            chance[child as usize] += chance[i] * p;
                            draws[i].push((child, p));
                        }
                    }
                }
            }
        }
        OwnHands {
            hands,
            stops,
            draws,
            start,
            free,
            start_probability,
            chance,
        }
    }
}

/// Computes a seat's stop payoffs in a round.
pub struct Payoffs<'a> {
    /// The compiled rules.
    pub table: &'a CompiledRules,
    /// The dealer's compositions.
    pub nodes: &'a DealerNodes,
    /// The seat's hands.
    pub own: &'a OwnHands,
    /// The dealer.
    pub dealer: &'a MixedDealer,
    /// The deck's cards per rank.
    pub deck: [u32; RANK_COUNT],
    /// Whether draws are with replacement.
    pub infinite: bool,
}

impl<'a> Payoffs<'a> {
    /// The payoffs of a seat of `table` against `dealer`.
    pub fn new(
        table: &'a CompiledRules,
        nodes: &'a DealerNodes,
        own: &'a OwnHands,
        dealer: &'a MixedDealer,
    ) -> Payoffs<'a> {
        let deck = table.deck();
        Payoffs {
            table,
            nodes,
            own,
            dealer,
            deck: std::array::from_fn(|r| deck.count(Rank::new(r))),
            infinite: deck.is_infinite(),
        }
    }

    /// Fills `out[h]` with the seat's payoff stopping at `h` against
    /// `others` and the dealer, times the likelihood ratio of the others'
    /// cards given `h` (0 where `h` and the others do not fit in the deck).
    pub fn fill(&self, others: &Seats, out: &mut [f64], work: &mut Work) {
        let index = self.table.compositions();
        let held_total: u32 = others.held.iter().map(|&c| u32::from(c)).sum();
        let total: u32 = self.deck.iter().sum();
        for &h in &self.own.hands {
            let i = h as usize;
            if !self.own.stops[i] {
                continue;
            }
            let counts = index.counts(h);
            let ratio = if self.infinite {
                1.0
            } else {
                let mut ratio = 1.0;
                let mut fits = true;
                for ((&n, &take), &held) in self.deck.iter().zip(counts).zip(&others.held) {
                    let (take, held) = (u32::from(take), u32::from(held));
                    if take + held > n {
                        fits = false;
                        break;
                    }
                    for j in 0..held {
                        ratio *= f64::from(n - take - j) / f64::from(n - j);
                    }
                }
                if !fits {
                    out[i] = 0.0;
                    continue;
                }
                let size = u32::from(index.size(h));
                for j in 0..held_total {
                    ratio *= f64::from(total - j) / f64::from(total - size - j);
                }
                ratio
            };
            let seat = Seat {
                start: self.own.start[i],
                hand: h,
                cards: index.size(h),
                open: is_open(self.table, self.own.start[i], h),
            };
            out[i] = ratio * self.payoff(&seat, others, work);
        }
    }

    /// The seat's payoff against the dealer, who sees every seat.
    pub fn payoff(&self, seat: &Seat, others: &Seats, work: &mut Work) -> f64 {
        let index = self.table.compositions();
        let mut removed = others.held;
        for (r, &c) in removed.iter_mut().zip(index.counts(seat.hand)) {
            *r += c;
        }
        self.nodes.order_weights(&removed, &mut work.weights);
        let mut seats = [Seat::default(); MAX_PLAYERS];
        seats[0] = *seat;
        let round = SeatRound { weight: 1.0, seats };
        let mut view = RoundView::new(self.table, self.nodes, &round, 1, &work.weights);
        view.key = others.key_with(Some(seat));
        -self.dealer.gain(self.nodes, &view, work)
    }
}
