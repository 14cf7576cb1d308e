//! The strategic table dealer's parameters shared by its test files.

use banluck_lab::games::banluck::table::dealer::TableDealerParams;

/// `players` seats solved and valued on `rounds` rounds each, seed 11, on
/// `threads` threads, without progress.
pub fn params(players: usize, rounds: u64, threads: usize) -> TableDealerParams {
    TableDealerParams {
        players,
        rounds,
        fresh_rounds: rounds,
        seed: 11,
        threads,
        progress: false,
    }
}
