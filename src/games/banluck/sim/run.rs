//! The parallel driver: fixed chunks of hands, one random stream per chunk,
//! counts added up, statistics made once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand::rngs::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::deal::{CardSource, InfiniteShoe, Shoe};
use super::plan::Plan;
use super::play::play_hand;
use super::stats::{SimStats, Tally};
use super::{SimError, SimParams, SimResult};
use crate::games::banluck::rules::RuleTable;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

/// Hands per chunk. Every chunk has its own random stream, derived from the
/// seed and the chunk's index, so results depend on the seed and the number
/// of hands only, never on the number of threads.
pub const CHUNK_HANDS: u64 = 1 << 16;

/// The random number generator, as recorded with results.
pub const GENERATOR: &str = "xoshiro256++ (rand 0.10), seeded per chunk by blake3(seed, chunk)";

/// How long a run goes before its progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// The random stream of chunk `chunk` of a run seeded with `seed`.
pub(crate) fn chunk_rng(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let mut hasher = blake3::Hasher::new_derive_key("banluck-lab sim chunk seed v1");
    hasher.update(&seed.to_le_bytes());
    hasher.update(&chunk.to_le_bytes());
    Xoshiro256PlusPlus::from_seed(*hasher.finalize().as_bytes())
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

/// A progress bar on stderr that appears only once a run has lasted a
/// second (and never when stderr is not a terminal).
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    shown: AtomicBool,
    start: Instant,
}

impl Progress {
    /// A bar counting `hands` (hidden unless `enabled`).
    pub(crate) fn new(enabled: bool, hands: u64) -> Progress {
        let bar = enabled.then(|| {
            let style = ProgressStyle::with_template(
                "{elapsed_precise} [{bar:40}] {percent:>3}% {human_pos}/{human_len} hands, eta {eta}",
            )
            .expect("a valid progress template")
            .progress_chars("=> ");
            ProgressBar::with_draw_target(Some(hands), ProgressDrawTarget::hidden()).with_style(style)
        });
        Progress {
            bar,
            shown: AtomicBool::new(false),
            start: Instant::now(),
        }
    }

    /// Counts `hands` more as done.
    pub(crate) fn advance(&self, hands: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(hands);
            if self.start.elapsed() >= PROGRESS_DELAY && !self.shown.swap(true, Ordering::Relaxed) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Plays every chunk on the current rayon pool and adds up the counts.
fn play_all(plan: &Plan<'_>, params: &SimParams, infinite: bool, progress: &Progress) -> Tally {
    let chunks = params.hands.div_ceil(CHUNK_HANDS);
    (0..chunks)
        .into_par_iter()
        .fold(
            || Tally::new(plan.codes()),
            |mut tally, chunk| {
                let hands = CHUNK_HANDS.min(params.hands - chunk * CHUNK_HANDS);
                let mut rng = chunk_rng(params.seed, chunk);
                let deck = plan.deck;
                if infinite {
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
                progress.advance(hands);
                tally
            },
        )
        .reduce(|| Tally::new(plan.codes()), Tally::merge)
}

/// Runs `work` on rayon's global pool (`threads = 0`) or on a pool of
/// `threads` threads, and returns its value with the number of threads used.
pub(crate) fn on_pool<T: Send>(
    threads: usize,
    work: impl FnOnce() -> T + Send,
) -> Result<(T, usize), SimError> {
    if threads == 0 {
        return Ok((work(), rayon::current_num_threads()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::Params(format!("cannot start {threads} threads: {e}")))?;
    Ok(pool.install(|| (work(), rayon::current_num_threads())))
}

/// Plays `params.hands` hands of `player` against `dealer` under `table`.
///
/// The result depends only on the rules, the strategies, the seed and the
/// number of hands: the same seed gives bit-identical statistics on any
/// number of threads.
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, RuleTable};
/// use banluck_lab::games::banluck::sim::{simulate, SimParams};
/// use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
/// let table = RuleTable::compile(RuleSet::default());
/// let player = PlayerStrategy::stand_everywhere(&table);
/// let dealer = DealerStrategy::fixed(&table);
/// let params = SimParams { hands: 10_000, seed: 1, threads: 1, progress: false };
/// let result = simulate(&table, &player, &dealer, &params).unwrap();
/// assert_eq!(result.stats.hands, 10_000);
/// assert!(result.stats.mean < 0.0); // standing on everything loses
/// ```
pub fn simulate(
    table: &RuleTable,
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
    let infinite = table.deck().is_infinite();
    let progress = Progress::new(params.progress, params.hands);
    let start = Instant::now();
    let (tally, threads) = on_pool(params.threads, || {
        play_all(&plan, params, infinite, &progress)
    })?;
    let seconds = start.elapsed().as_secs_f64();
    progress.finish();
    Ok(SimResult {
        rules_hash: table.hash().to_string(),
        generator: GENERATOR.to_string(),
        seed: params.seed,
        chunk_hands: CHUNK_HANDS,
        threads,
        seconds,
        hands_per_second: params.hands as f64 / seconds,
        stats: SimStats::from_tally(&tally, &plan.payoffs),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::banluck::rules::RuleSet;

    #[test]
    fn chunk_streams_differ_by_seed_and_chunk() {
        use rand::Rng;
        let first = |seed, chunk| chunk_rng(seed, chunk).next_u64();
        assert_eq!(first(1, 0), first(1, 0));
        assert_ne!(first(1, 0), first(1, 1));
        assert_ne!(first(1, 0), first(2, 0));
    }

    #[test]
    fn a_partial_last_chunk_plays_exactly_the_hands_asked() {
        let table = RuleTable::compile(RuleSet::default());
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
        let table = RuleTable::compile(RuleSet::default());
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
