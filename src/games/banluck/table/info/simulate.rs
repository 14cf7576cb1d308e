//! The simulated gain, at the real table: every round is dealt from one
//! shuffled deck and played twice on the same cards (each hand drawing from
//! its own run of the deck, see `Replay`), once with every seat
//! on the heads-up optimum and once with every seat on the optimum for
//! what the other seats turned over at the deal. The seats' hidden hands
//! are dealt as they fall, so the simulation holds what the exact route
//! leaves out (the seats that turned nothing over hold no special).
//!
//! Playing every seat informed is the same, seat by seat, as one informed
//! seat among ignorant ones: a seat's cards and the dealer's come after
//! the other seats' draws, and whatever rule stops those draws, the cards
//! after them are distributed as if the draws had not happened.

use rand::Rng;
use rand::rngs::Xoshiro256PlusPlus;
use serde::Serialize;

use crate::cards::{CompId, Rank};
use crate::games::banluck::rules::HandClass;
use crate::games::banluck::sim::deal::{CardSource, cards_of};
use crate::games::banluck::sim::plan::Plan;
use crate::games::banluck::sim::{CHUNK_HANDS, GENERATOR};
use crate::games::banluck::strategy::DealerStrategy;
use crate::games::banluck::table::play::{MAX_PLAYERS, RoundPlan, play_round, play_round_seen};
use crate::sim::below;
use crate::sim::{Chunked, Estimate, RunParams, z_score};

use super::exact::SeatInfo;

/// How to simulate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InfoSimParams {
    /// Rounds to deal (each played twice).
    pub rounds: u64,
    /// The seed; the same seed gives the same result on any number of threads.
    pub seed: u64,
    /// Worker threads; 0 uses rayon's global pool.
    pub threads: usize,
    /// Show a progress bar on stderr.
    pub progress: bool,
}

/// The simulated worth of the shown specials at one table size.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct InfoSim {
    /// Seats at the table.
    pub seats: usize,
    /// Rounds dealt.
    pub rounds: u64,
    /// Gain per seat per round (informed − heads-up, paired on the cards).
    pub gain: Estimate,
    /// The heads-up optimum's EV per seat per round.
    pub ev_ignorant: Estimate,
    /// The share of rounds in which some seat's result changed.
    pub changed: f64,
    /// `(gain − exact gain) / SE`, the exact route's gain as the reference.
    pub z_vs_exact: f64,
    /// The random number generator and its seeding.
    pub generator: String,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The cards of one shuffled deck, replayed for each pass: the deal from
/// the top, then each hand's draws from its own run of positions (seat `i`
/// from `dealt + i · run`, the dealer after the last seat). Which unseen
/// position a draw takes does not change the law of a shuffled deck, and
/// this way a seat that draws one card more or less leaves every other
/// hand's cards as they were, which pairs the two passes closely.
struct Replay<'c> {
    cards: &'c [Rank],
    /// Cards of the deal (two per seat and two for the dealer).
    dealt: usize,
    /// Positions reserved for one hand's draws.
    run: usize,
    next: usize,
}

impl CardSource for Replay<'_> {
    fn start_hand(&mut self) {
        self.next = 0;
    }

    fn draw<R: Rng>(&mut self, _rng: &mut R) -> Rank {
        let card = self.cards[self.next];
        self.next += 1;
        card
    }

    fn turn(&mut self, hand: usize) {
        self.next = self.dealt + hand * self.run;
    }
}

/// One chunk's sums.
struct Sums {
    rounds: u64,
    changed: u64,
    gain: (f64, f64),
    ignorant: (f64, f64),
}

struct InfoGame<'t> {
    round: RoundPlan<'t>,
    /// Hit thresholds of the informed optimum, by (Ban Ban, Ban Luck) shown.
    informed: Vec<Vec<u64>>,
    /// Index into `informed` by [Ban Ban][Ban Luck] shown.
    slot: [[usize; MAX_PLAYERS]; MAX_PLAYERS],
    /// Per composition: 1 for Ban Ban, 2 for Ban Luck, else 0.
    special: Vec<u8>,
    deck: Vec<Rank>,
    /// Positions reserved for one hand's draws.
    run: usize,
    /// Cards a round can use at most: the deal and a run per hand.
    prefix: usize,
}

impl InfoGame<'_> {
    fn hits(&self, seat: usize, dealt: &[CompId]) -> &[u64] {
        let (mut bb, mut bl) = (0, 0);
        for (other, &hand) in dealt.iter().enumerate() {
            if other != seat {
                match self.special[hand as usize] {
                    1 => bb += 1,
                    2 => bl += 1,
                    _ => {}
                }
            }
        }
        &self.informed[self.slot[bb][bl]]
    }
}

impl Chunked for InfoGame<'_> {
    type Tally = Sums;

    fn empty(&self) -> Sums {
        Sums {
            rounds: 0,
            changed: 0,
            gain: (0.0, 0.0),
            ignorant: (0.0, 0.0),
        }
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, rounds: u64) -> Sums {
        let mut sums = self.empty();
        let mut cards = self.deck.clone();
        let seats = self.round.seats;
        let value = &self.round.value;
        let (mut plain, mut seen) = ([0u16; MAX_PLAYERS], [0u16; MAX_PLAYERS]);
        for _ in 0..rounds {
            for i in 0..self.prefix {
                let pick = i + below(&mut rng, (cards.len() - i) as u32) as usize;
                cards.swap(i, pick);
            }
            let mut replay = Replay {
                cards: &cards,
                dealt: 2 * (seats + 1),
                run: self.run,
                next: 0,
            };
            play_round(&self.round, &mut replay, &mut rng, &mut plain);
            play_round_seen(
                &self.round,
                &mut replay,
                &mut rng,
                &mut seen,
                |seat, dealt| self.hits(seat, dealt),
            );
            let (mut base, mut gain) = (0.0, 0.0);
            for seat in 0..seats {
                let before = value[usize::from(plain[seat])];
                base += before;
                gain += value[usize::from(seen[seat])] - before;
            }
            let k = seats as f64;
            let (base, gain) = (base / k, gain / k);
            sums.rounds += 1;
            sums.changed += u64::from(plain[..seats] != seen[..seats]);
            sums.gain.0 += gain;
            sums.gain.1 += gain * gain;
            sums.ignorant.0 += base;
            sums.ignorant.1 += base * base;
        }
        sums
    }

    fn merge(&self, total: &mut Sums, chunk: Sums) {
        total.rounds += chunk.rounds;
        total.changed += chunk.changed;
        total.gain.0 += chunk.gain.0;
        total.gain.1 += chunk.gain.1;
        total.ignorant.0 += chunk.ignorant.0;
        total.ignorant.1 += chunk.ignorant.1;
    }
}

impl SeatInfo {
    /// Simulates the gain at a table of `seats` (see the module notes) and
    /// compares it with the exact route's.
    ///
    /// # Errors
    /// No rounds, a table size out of range, or a deck too small for a
    /// round of that table, in words.
    pub fn simulate(&self, seats: usize, params: &InfoSimParams) -> Result<InfoSim, String> {
        let exact = self.exact(seats)?;
        if params.rounds == 0 {
            return Err("the number of rounds must be at least 1".to_string());
        }
        let table = self.compiled();
        let deck = table.deck();
        let rules = table.rules();
        let run = usize::from(
            rules
                .player
                .max_cards
                .max(rules.dealer.max_cards)
                .saturating_sub(2),
        );
        let prefix = (seats + 1) * (2 + run);
        if prefix > deck.size() as usize {
            return Err(format!(
                "a round of {seats} seats can use {prefix} cards, more than the deck's {}",
                deck.size()
            ));
        }
        let round = RoundPlan::new(table, self.heads_up(), seats).map_err(|e| e.to_string())?;
        let dealer = DealerStrategy::fixed(table);
        let mut informed = Vec::new();
        let mut slot = [[0; MAX_PLAYERS]; MAX_PLAYERS];
        for row in &exact.rows {
            let strategy = self
                .informed(row.ban_ban, row.ban_luck)
                .ok_or_else(|| format!("no informed strategy for {}", row.cards))?;
            let plan = Plan::new(table, strategy, &dealer).map_err(|e| e.to_string())?;
            slot[row.ban_ban as usize][row.ban_luck as usize] = informed.len();
            informed.push(plan.player_hit);
        }
        let special = (0..table.compositions().len() as CompId)
            .map(|id| match table.hand(id).class {
                HandClass::BanBan => 1,
                HandClass::BanLuck => 2,
                _ => 0,
            })
            .collect();
        let game = InfoGame {
            round,
            informed,
            slot,
            special,
            deck: cards_of(deck),
            run,
            prefix,
        };
        let run = RunParams {
            rounds: params.rounds,
            chunk: CHUNK_HANDS,
            seed: params.seed,
            threads: params.threads,
            progress: params.progress,
        };
        let outcome = crate::sim::run(&game, &run).map_err(|e| e.to_string())?;
        let sums = outcome.tally;
        let n = sums.rounds as f64;
        let gain = Estimate::from_sums(n, sums.gain.0, sums.gain.1);
        Ok(InfoSim {
            seats,
            rounds: sums.rounds,
            gain,
            ev_ignorant: Estimate::from_sums(n, sums.ignorant.0, sums.ignorant.1),
            changed: sums.changed as f64 / n,
            z_vs_exact: if gain.std_error > 0.0 {
                z_score(gain.mean, exact.gain, gain.std_error)
            } else {
                0.0
            },
            generator: GENERATOR.to_string(),
            seconds: outcome.seconds,
        })
    }
}
