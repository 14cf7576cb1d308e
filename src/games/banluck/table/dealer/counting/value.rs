//! The counting dealer valued on rounds of seats, paired with item 1a's
//! dealers on the same rounds.
//!
//! Per round, 1a's four policies are valued exactly over the dealer's
//! draws (1a's evaluator, unchanged). The counting dealer plays 1a's
//! strategic policy up to a reveal and differs only after it, so its gain
//! over 1a's strategic dealer is the difference of the two after-reveal
//! plays at the reveal node, weighted by the probability of reaching it.
//! That weight is sampled: one path of the dealer's cards per round, drawn
//! from the deck the seats leave, played by 1a's policy before the
//! reveal; at the reveal node (if the path reaches one with seats still
//! open) both after-reveal plays are valued exactly over the dealer's
//! remaining draws. The estimate is unbiased, and it is exactly zero on
//! rounds with no open seat left after a reveal.

use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt as _};

use super::super::evaluate::{POLICIES, PolicyEvaluator, Tally};
use super::super::nodes::DealerNodes;
use super::super::policy::{HIT, REVEAL, TablePolicy};
use super::super::seats::{SeatRound, SeatSampler};
use super::posterior::{Posterior, Subtree};
use crate::cards::{CompId, Counts, RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, HandClass};
use crate::games::banluck::sim::deal::{InfiniteShoe, Shoe};
use crate::sim::Chunked;

/// XORed into a chunk's first draw to seed its dealer paths.
const PATH_STREAM: u64 = 0x5851_f42d_4c95_7f2d;

/// How a round's reveal went for the counting dealer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Reveal {
    /// No reveal on the path, or none with a seat left open.
    None,
    /// Decided on the exact posterior.
    Exact,
    /// Decided on sampled posterior draws.
    Sampled,
}

/// The counting dealer: 1a's strategic policy before a reveal, the
/// posterior's argmax after it.
pub(crate) struct Counter<'a> {
    pub table: &'a CompiledRules,
    pub nodes: &'a DealerNodes,
    pub posterior: Posterior,
    pub policy: &'a TablePolicy,
    pub players: usize,
}

/// Draws one card from `left` (with replacement from `full` when given).
pub(crate) fn draw(
    left: &mut [f64; RANK_COUNT],
    full: Option<&[f64; RANK_COUNT]>,
    rng: &mut Xoshiro256PlusPlus,
) -> Rank {
    let from = full.unwrap_or(left);
    let total: f64 = from.iter().sum();
    let mut target = rng.random::<f64>() * total;
    let mut rank = RANK_COUNT - 1;
    for (r, &c) in from.iter().enumerate() {
        if target < c {
            rank = r;
            break;
        }
        target -= c;
    }
    if full.is_none() {
        left[rank] -= 1.0;
    }
    Rank::new(rank)
}

impl Counter<'_> {
    /// What the dealer has seen at its composition `c` after a reveal:
    /// its own cards and every seat's but the open two-card ones; and the
    /// number of those.
    pub fn seen(&self, round: &SeatRound, c: CompId) -> (Counts, usize) {
        let index = self.table.compositions();
        let mut seen: Counts = *index.counts(c);
        let mut open = 0;
        for seat in &round.seats[..self.players] {
            if seat.open && seat.cards == 2 {
                open += 1;
            } else {
                for (s, &k) in seen.iter_mut().zip(index.counts(seat.hand)) {
                    *s += k;
                }
            }
        }
        (seen, open)
    }

    /// The dealer's gain against the open two-card seats, per class key.
    pub fn open_gain(&self, round: &SeatRound) -> [f64; HandClass::KEYS] {
        let mut gain = [0.0; HandClass::KEYS];
        for seat in round.seats[..self.players]
            .iter()
            .filter(|s| s.open && s.cards == 2)
        {
            let row = self.table.payoff_row(self.table.hand(seat.hand).class);
            for (g, p) in gain.iter_mut().zip(row) {
                *g -= p;
            }
        }
        gain
    }

    /// The deck the dealer draws from in `round` once it holds `c`.
    fn left(&self, round: &SeatRound, c: CompId) -> [f64; RANK_COUNT] {
        let mut removed = round.removed(self.table, self.players);
        for (r, &k) in removed.iter_mut().zip(self.table.compositions().counts(c)) {
            *r += k;
        }
        self.posterior.unseen(&removed)
    }

    /// The counting dealer's gain over 1a's strategic dealer in `round`,
    /// on one sampled path of the dealer's cards.
    pub fn gain(&self, round: &SeatRound, rng: &mut Xoshiro256PlusPlus) -> (f64, Reveal) {
        let index = self.table.compositions();
        let full = self.posterior.full();
        let mut left = self
            .posterior
            .unseen(&round.removed(self.table, self.players));
        let first = index.child(index.empty(), draw(&mut left, full, rng));
        let mut hand = index.child(first, draw(&mut left, full, rng));
        if self.table.hand(hand).class.is_deal_special() || self.policy.surrender[hand as usize] {
            return (0.0, Reveal::None);
        }
        let actions = self.policy.for_key(round.key(self.players));
        loop {
            match actions.before[hand as usize] {
                HIT => hand = index.child(hand, draw(&mut left, full, rng)),
                REVEAL => break,
                _ => return (0.0, Reveal::None),
            }
        }
        let (seen, open) = self.seen(round, hand);
        if open == 0 {
            return (0.0, Reveal::None);
        }
        let sub = Subtree::new(self.table, self.nodes, hand);
        let (counting, exact) = self.posterior.decide(self.nodes, &sub, &seen, open, rng);
        let left = self.left(round, hand);
        let gain = self.open_gain(round);
        let value = |act: &dyn Fn(usize) -> u8| sub.value(self.nodes, &left, full, &gain, act);
        let diff = value(&|i| counting[i]) - value(&|i| actions.after[sub.ids[i] as usize]);
        (
            diff,
            if exact {
                Reveal::Exact
            } else {
                Reveal::Sampled
            },
        )
    }
}

/// Sums over valued rounds: 1a's tally and the counting dealer's.
#[derive(Debug, Clone)]
pub(crate) struct CountTally {
    /// 1a's four policies on the same rounds.
    pub base: Tally,
    /// Sum of weight × counting dealer's gain, and of its square.
    pub counting: (f64, f64),
    /// Counting minus 1a's strategic dealer: sum and sum of squares.
    pub over_strategic: (f64, f64),
    /// Counting minus 1a's strategic dealer without the reveal.
    pub over_no_reveal: (f64, f64),
    /// Weight of rounds whose path reached a reveal with seats open.
    pub reveals: f64,
    /// Reveals decided on the exact posterior, and on sampled draws.
    pub decisions: (u64, u64),
}

impl CountTally {
    /// No rounds.
    pub fn empty() -> CountTally {
        CountTally {
            base: Tally::empty(),
            counting: (0.0, 0.0),
            over_strategic: (0.0, 0.0),
            over_no_reveal: (0.0, 0.0),
            reveals: 0.0,
            decisions: (0, 0),
        }
    }

    fn absorb(&mut self, other: &CountTally) {
        self.base.absorb(&other.base);
        for (a, b) in [
            (&mut self.counting, other.counting),
            (&mut self.over_strategic, other.over_strategic),
            (&mut self.over_no_reveal, other.over_no_reveal),
        ] {
            a.0 += b.0;
            a.1 += b.1;
        }
        self.reveals += other.reveals;
        self.decisions.0 += other.decisions.0;
        self.decisions.1 += other.decisions.1;
    }
}

/// Values rounds under 1a's policies and the counting dealer.
pub(crate) struct Valuer<'a> {
    pub evaluator: PolicyEvaluator<'a>,
    pub counter: Counter<'a>,
}

impl Valuer<'_> {
    /// Adds `round` to `tally`.
    fn add(
        &self,
        round: &SeatRound,
        scratch: &mut super::super::evaluate::Scratch,
        rng: &mut Xoshiro256PlusPlus,
        tally: &mut CountTally,
    ) {
        let values: [f64; POLICIES] = self.evaluator.add(round, scratch, &mut tally.base);
        let (diff, reveal) = self.counter.gain(round, rng);
        let (strategic, no_reveal) = (values[POLICIES - 1], values[POLICIES - 2]);
        let w = round.weight;
        let put = |sum: &mut (f64, f64), x: f64| {
            sum.0 += w * x;
            sum.1 += w * x * x;
        };
        put(&mut tally.counting, strategic + diff);
        put(&mut tally.over_strategic, diff);
        put(&mut tally.over_no_reveal, strategic - no_reveal + diff);
        match reveal {
            Reveal::None => {}
            Reveal::Exact => tally.decisions.0 += 1,
            Reveal::Sampled => tally.decisions.1 += 1,
        }
        if reveal != Reveal::None {
            tally.reveals += w;
        }
    }

    /// Values enumerated rounds (one seat: exact weights).
    pub fn value_all(&self, rounds: &[SeatRound], seed: u64) -> CountTally {
        let mut scratch = self.evaluator.scratch();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ PATH_STREAM);
        let mut tally = CountTally::empty();
        for round in rounds {
            self.add(round, &mut scratch, &mut rng, &mut tally);
        }
        tally
    }
}

/// 1a's fresh rounds (same sampler, seed and chunks) valued chunk by chunk.
pub(crate) struct FreshCounting<'a> {
    pub sampler: SeatSampler<'a>,
    pub valuer: Valuer<'a>,
}

impl Chunked for FreshCounting<'_> {
    type Tally = CountTally;

    fn empty(&self) -> CountTally {
        CountTally::empty()
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> CountTally {
        let mut paths = Xoshiro256PlusPlus::seed_from_u64(rng.clone().next_u64() ^ PATH_STREAM);
        let mut scratch = self.valuer.evaluator.scratch();
        let mut tally = CountTally::empty();
        let deck = self.valuer.counter.table.deck();
        if deck.is_infinite() {
            let mut cards = InfiniteShoe::new(deck);
            for _ in 0..rounds {
                let round = self.sampler.round(&mut cards, &mut rng);
                self.valuer
                    .add(&round, &mut scratch, &mut paths, &mut tally);
            }
        } else {
            let mut cards = Shoe::new(deck);
            for _ in 0..rounds {
                let round = self.sampler.round(&mut cards, &mut rng);
                self.valuer
                    .add(&round, &mut scratch, &mut paths, &mut tally);
            }
        }
        tally
    }

    fn merge(&self, total: &mut CountTally, chunk: CountTally) {
        total.absorb(&chunk);
    }
}
