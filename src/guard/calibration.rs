//! The measured rates behind the estimates: seconds of one core per unit
//! of each engine's work, and bytes per record kept. Each was measured
//! on the reference machine (2 cores, Linux, release build) by the
//! command beside it, `user` seconds of `/usr/bin/time -v` divided by the
//! units; re-measure them after a change that makes an engine faster or
//! slower by more than a factor of two. An estimate is a guide, not a
//! promise: it is meant to be within a factor of three.

/// A Banluck heads-up hand of `simulate` (30 ns): `banluck-lab banluck
/// simulate --strategy chart --hands 40000000 --threads 1 -q` (1.19 s).
pub const BANLUCK_SECONDS_PER_HAND: f64 = 30e-9;

/// A round of Banluck's counting study, `count`, at its default shares of
/// exact solves (7.5 µs): `banluck-lab banluck count --rounds 20000
/// --threads 1 -q` (0.15 s).
pub const BANLUCK_SECONDS_PER_COUNT_ROUND: f64 = 7.5e-6;

/// A round of the fixed-dealer table simulation, `banluck table`, apart
/// from its seats (30 ns), and each seat's share (20 ns): `banluck-lab
/// banluck table --players P --rounds 2000000 --threads 1 -q` takes 0.10,
/// 0.21 and 0.35 s of CPU for P = 1, 4 and 7.
pub const BANLUCK_TABLE_SECONDS_PER_ROUND: f64 = 30e-9;

/// Each seat's share of a fixed-dealer table round (see
/// [`BANLUCK_TABLE_SECONDS_PER_ROUND`]).
pub const BANLUCK_TABLE_SECONDS_PER_SEAT_ROUND: f64 = 20e-9;

/// A round the strategic table dealer is solved or valued on, apart from
/// its seats (10 µs), and each seat's share (0.6 µs): `banluck-lab
/// banluck table --dealer strategic --players P --rounds 200000 --threads
/// 1 -q` (200,000 rounds solved on and 200,000 valued on) takes 4.25,
/// 4.50 and 5.46 s of CPU for P = 2, 4 and 7. One seat is exact and
/// counts nothing.
pub const BANLUCK_STRATEGIC_SECONDS_PER_ROUND: f64 = 10e-6;

/// Each seat's share of a strategic-dealer round (see
/// [`BANLUCK_STRATEGIC_SECONDS_PER_ROUND`]).
pub const BANLUCK_STRATEGIC_SECONDS_PER_SEAT_ROUND: f64 = 0.6e-6;

/// An iteration of Banluck's equilibrium CFR (2 ms): `banluck-lab solve
/// --engine cfr --iterations 1000 --target 0.000000000001 -q` (1.97 s).
pub const BANLUCK_SECONDS_PER_CFR_ITERATION: f64 = 2e-3;

/// An EZ Baccarat coup of `baccarat simulate` (19 ns): `banluck-lab
/// baccarat simulate --hands 100000000 --threads 1 -q` (1.93 s).
pub const BACCARAT_SECONDS_PER_HAND: f64 = 19e-9;

/// A shoe of `baccarat count`, every hand valued exactly (7.5 ms):
/// `banluck-lab baccarat count --shoes 40 --threads 1 -q` (0.30 s).
pub const BACCARAT_SECONDS_PER_COUNT_SHOE: f64 = 7.5e-3;

/// A blackjack round of `blackjack simulate` (100 ns): `banluck-lab
/// blackjack simulate --rules rules/blackjack-6d-s17.toml --rounds
/// 4000000 --threads 1 -q` (0.40 s).
pub const BLACKJACK_SECONDS_PER_ROUND: f64 = 100e-9;

/// One unit of the experiment runner's task cost
/// ([`crate::lab::engine_cost`]): an exact DP solve of a Banluck variant
/// (12 ms on a loaded machine; `banluck-lab solve -q` takes 10 ms idle).
pub const SECONDS_PER_TASK_COST: f64 = 0.012;

/// Loading one variant of an experiment's grid (its rules resolved and
/// checked before anything runs): 90 µs and 1.6 kB, from `banluck-lab run
/// GRID --dry-run` on a grid of 100,000 Banluck variants (9 s, 165 MB).
pub const SECONDS_PER_VARIANT_LOAD: f64 = 90e-6;

/// The bytes one loaded variant holds (see [`SECONDS_PER_VARIANT_LOAD`]).
pub const BYTES_PER_VARIANT_LOAD: u64 = 1_600;
