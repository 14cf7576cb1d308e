//! The heads-up simulator on the generic driver ([`crate::sim::run`]):
//! fixed chunks of hands, one random stream per chunk, counts added up,
//! statistics made once.

use rand::rngs::Xoshiro256PlusPlus;

use super::deal::{CardSource, InfiniteShoe, Shoe};
use super::params::{SimError, SimParams};
use super::plan::Plan;
use super::play::play_hand;
use super::refresh::RefreshShoe;
use super::result::SimResult;
use super::stats::{SimStats, Tally};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use crate::sim::{Chunked, GENERATOR, RunParams, ThreadsError};

/// Hands per chunk. Every chunk has its own random stream, derived from the
/// seed and the chunk's index, so results depend on the seed and the number
/// of hands only, never on the number of threads.
pub const CHUNK_HANDS: u64 = 1 << 16;

impl From<ThreadsError> for SimError {
    fn from(error: ThreadsError) -> SimError {
        SimError::Params(error.to_string())
    }
}

/// Plays `hands` hands from `cards` into `tally`.
fn play_chunk<C: CardSource>(
    plan: &Plan<'_>,
    cards: &mut C,
    rng: &mut Xoshiro256PlusPlus,
    hands: u64,
    tally: &mut Tally,
) {
    for _ in 0..hands {
        tally.add(play_hand(plan, cards, rng));
    }
}

/// Heads-up hands for the driver: a fresh deck per chunk; with a
/// `deck.refresh` other than `"every_round"`, whole decks dealt through
/// until the chunk's hands are played (the last deck is finished, so a
/// chunk may play a few hands more than its share).
struct HeadsUp<'p, 'a> {
    plan: &'p Plan<'a>,
}

impl Chunked for HeadsUp<'_, '_> {
    type Tally = Tally;

    fn empty(&self) -> Tally {
        Tally::new(self.plan.codes())
    }

    fn play(&self, mut rng: Xoshiro256PlusPlus, hands: u64) -> Tally {
        let (plan, deck) = (self.plan, self.plan.deck);
        let mut tally = Tally::new(plan.codes());
        let refresh = plan.refresh;
        if !refresh.is_every_round() && !deck.is_infinite() {
            let mut shoe = RefreshShoe::new(deck, refresh);
            shoe.play_decks(hands, |shoe, _| tally.add(play_hand(plan, shoe, &mut rng)));
        } else if deck.is_infinite() {
            play_chunk(
                plan,
                &mut InfiniteShoe::new(deck),
                &mut rng,
                hands,
                &mut tally,
            );
        } else {
            play_chunk(plan, &mut Shoe::new(deck), &mut rng, hands, &mut tally);
        }
        tally
    }

    fn merge(&self, total: &mut Tally, chunk: Tally) {
        total.absorb(&chunk);
    }
}

/// Plays `params.hands` hands of `player` against `dealer` under `table`.
///
/// The result depends only on the rules, the strategies, the seed and the
/// number of hands: the same seed gives bit-identical statistics on any
/// number of threads. With `deck.refresh` other than `"every_round"` every
/// chunk deals whole decks, so the hands played can exceed `params.hands`
/// by less than one deck's rounds per chunk (`stats.hands` says how many).
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::sim::{simulate, SimParams};
/// use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
/// let table = CompiledRules::compile(RuleSet::default());
/// let player = PlayerStrategy::stand_everywhere(&table);
/// let dealer = DealerStrategy::fixed(&table);
/// let params = SimParams { hands: 10_000, seed: 1, threads: 1, progress: false };
/// let result = simulate(&table, &player, &dealer, &params).unwrap();
/// assert_eq!(result.stats.hands, 10_000);
/// assert!(result.stats.mean < 0.0); // standing on everything loses
/// ```
pub fn simulate(
    table: &CompiledRules,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
    params: &SimParams,
) -> Result<SimResult, SimError> {
    if params.hands == 0 {
        return Err(SimError::Params(
            "the number of hands must be at least 1".into(),
        ));
    }
    let plan = Plan::new(table, player, dealer)?;
    let run = RunParams {
        rounds: params.hands,
        chunk: CHUNK_HANDS,
        seed: params.seed,
        threads: params.threads,
        progress: params.progress,
    };
    let outcome = crate::sim::run(&HeadsUp { plan: &plan }, &run)?;
    Ok(SimResult {
        rules_hash: table.hash().to_string(),
        generator: GENERATOR.to_string(),
        seed: params.seed,
        chunk_hands: CHUNK_HANDS,
        threads: outcome.threads,
        seconds: outcome.seconds,
        hands_per_second: outcome.tally.hands() as f64 / outcome.seconds,
        stats: SimStats::from_tally(&outcome.tally, &plan.payoffs),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    #[test]
    fn a_partial_last_chunk_plays_exactly_the_hands_asked() {
        let table = CompiledRules::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&table);
        let dealer = DealerStrategy::fixed(&table);
        let params = SimParams {
            hands: CHUNK_HANDS + 17,
            seed: 3,
            threads: 2,
            progress: false,
        };
        let result = simulate(&table, &player, &dealer, &params).unwrap();
        assert_eq!(result.stats.hands, CHUNK_HANDS + 17);
        assert_eq!(result.threads, 2);
    }

    #[test]
    fn zero_hands_is_an_error() {
        let table = CompiledRules::compile(RuleSet::default());
        let player = PlayerStrategy::stand_everywhere(&table);
        let dealer = DealerStrategy::fixed(&table);
        let params = SimParams {
            hands: 0,
            seed: 3,
            threads: 1,
            progress: false,
        };
        assert!(simulate(&table, &player, &dealer, &params).is_err());
    }
}
