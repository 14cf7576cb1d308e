//! Hands as rank counts and the suited cards of one real deck.

use banluck_lab::cards::{CompId, Counts, RANK_COUNT, Rank, parse_hand};
use banluck_lab::games::banluck::rules::CompiledRules;

/// The rank counts of `hand` (rank labels separated by spaces).
pub fn counts(hand: &str) -> Counts {
    let mut counts = [0u8; RANK_COUNT];
    for rank in parse_hand(hand).unwrap() {
        counts[rank.index()] += 1;
    }
    counts
}

/// The 52 cards of one deck as (rank label, suit), suits included.
pub fn real_deck() -> Vec<(&'static str, char)> {
    const RANKS: [&str; 13] = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    RANKS
        .iter()
        .flat_map(|&rank| {
            ['s', 'h', 'd', 'c']
                .into_iter()
                .map(move |suit| (rank, suit))
        })
        .collect()
}

/// The rank of a suited card of [`real_deck`].
pub fn rank_of(card: (&str, char)) -> Rank {
    Rank::from_label(card.0).unwrap()
}

/// The two-card compositions of `table`.
pub fn two_card_comps(table: &CompiledRules) -> impl Iterator<Item = CompId> {
    table.compositions().of_size(2)
}
