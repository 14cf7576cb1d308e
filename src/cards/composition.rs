//! Every hand composition up to a size, with child links.

use std::collections::HashMap;
use std::ops::Range;

use super::deck::Deck;
use super::rank::{Counts, RANK_COUNT, Rank};

/// Dense index of a composition in a [`CompositionIndex`].
pub type CompId = u32;

/// Child link of a composition that cannot take another card of that rank
/// (the hand would exceed the size limit, or the deck holds no more).
pub const NO_CHILD: CompId = CompId::MAX;

/// All rank compositions of 0..=`max_cards` cards that a deck can deal, in
/// order of size, each with a link per rank to the composition one card
/// larger. Built once; solvers walk it with plain array reads.
///
/// ```
/// use banluck_lab::cards::{CompositionIndex, Deck, Rank, NO_CHILD};
/// let index = CompositionIndex::new(&Deck::new(1, false), 5);
/// assert_eq!(index.of_size(2).len(), 55);
/// let ace = index.child(index.empty(), Rank::ACE);
/// let two_aces = index.child(ace, Rank::ACE);
/// assert_eq!(index.counts(two_aces)[Rank::ACE.index()], 2);
/// let four_aces = index.child(index.child(two_aces, Rank::ACE), Rank::ACE);
/// assert_eq!(index.child(four_aces, Rank::ACE), NO_CHILD); // one deck has 4 aces
/// ```
#[derive(Debug, Clone)]
pub struct CompositionIndex {
    counts: Vec<Counts>,
    sizes: Vec<u8>,
    children: Vec<[CompId; RANK_COUNT]>,
    by_size: Vec<Range<usize>>,
    lookup: HashMap<Counts, CompId>,
}

impl CompositionIndex {
    /// Enumerates the compositions of up to `max_cards` cards for `deck`.
    pub fn new(deck: &Deck, max_cards: u8) -> CompositionIndex {
        let limits: Vec<u8> = Rank::all().map(|r| deck.limit(r)).collect();
        let mut counts: Vec<Counts> = vec![[0; RANK_COUNT]];
        let mut by_size = vec![Range { start: 0, end: 1 }];
        for size in 1..=max_cards {
            let previous = by_size[usize::from(size) - 1].clone();
            let start = counts.len();
            // Extend each smaller composition by a rank no lower than its
            // highest rank, so every multiset appears exactly once.
            for id in previous {
                let base = counts[id];
                let highest = (0..RANK_COUNT).rev().find(|&r| base[r] > 0).unwrap_or(0);
                for rank in highest..RANK_COUNT {
                    if base[rank] < limits[rank] {
                        let mut next = base;
                        next[rank] += 1;
                        counts.push(next);
                    }
                }
            }
            by_size.push(start..counts.len());
        }
        let lookup: HashMap<Counts, CompId> = counts
            .iter()
            .enumerate()
            .map(|(id, c)| (*c, id as CompId))
            .collect();
        let sizes: Vec<u8> = counts.iter().map(|c| c.iter().sum()).collect();
        let children = counts
            .iter()
            .map(|c| {
                let mut links = [NO_CHILD; RANK_COUNT];
                for (rank, link) in links.iter_mut().enumerate() {
                    let mut next = *c;
                    next[rank] += 1;
                    if let Some(&id) = lookup.get(&next) {
                        *link = id;
                    }
                }
                links
            })
            .collect();
        CompositionIndex {
            counts,
            sizes,
            children,
            by_size,
            lookup,
        }
    }

    /// Number of compositions of every size together.
    pub fn len(&self) -> usize {
        self.counts.len()
    }

    /// Whether the index holds nothing (never true: the empty hand is in it).
    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The largest hand size indexed.
    pub fn max_cards(&self) -> u8 {
        (self.by_size.len() - 1) as u8
    }

    /// The empty composition (no cards).
    pub fn empty(&self) -> CompId {
        0
    }

    /// The ids of all compositions with exactly `size` cards (empty when
    /// `size` exceeds the index).
    pub fn of_size(&self, size: u8) -> Range<CompId> {
        self.by_size
            .get(usize::from(size))
            .map_or(0..0, |r| r.start as CompId..r.end as CompId)
    }

    /// Cards per rank of composition `id`.
    pub fn counts(&self, id: CompId) -> &Counts {
        &self.counts[id as usize]
    }

    /// Number of cards in composition `id`.
    pub fn size(&self, id: CompId) -> u8 {
        self.sizes[id as usize]
    }

    /// The composition `id` plus one card of `rank`, or [`NO_CHILD`].
    pub fn child(&self, id: CompId, rank: Rank) -> CompId {
        self.children[id as usize][rank.index()]
    }

    /// All ten child links of `id`, indexed by rank.
    pub fn children(&self, id: CompId) -> &[CompId; RANK_COUNT] {
        &self.children[id as usize]
    }

    /// The sum of `value(child)` over the compositions one card larger than
    /// `id` (every rank the deck can still give).
    pub fn sum_over_children(&self, id: CompId, value: impl Fn(CompId) -> f64) -> f64 {
        self.children[id as usize]
            .iter()
            .filter(|&&child| child != NO_CHILD)
            .map(|&child| value(child))
            .sum()
    }

    /// The id of a composition given by its counts, if indexed.
    pub fn find(&self, counts: &Counts) -> Option<CompId> {
        self.lookup.get(counts).copied()
    }

    /// The id of the composition holding `ranks`, if indexed.
    pub fn find_ranks(&self, ranks: &[Rank]) -> Option<CompId> {
        let mut counts = [0u8; RANK_COUNT];
        for rank in ranks {
            counts[rank.index()] = counts[rank.index()].checked_add(1)?;
        }
        self.find(&counts)
    }

    /// A short label of composition `id`, ranks from high to low, e.g. `A75`.
    pub fn label(&self, id: CompId) -> String {
        let counts = self.counts(id);
        Rank::all()
            .rev()
            .flat_map(|r| std::iter::repeat_n(r.label(), usize::from(counts[r.index()])))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn infinite_deck_holds_every_multiset() {
        let index = CompositionIndex::new(&Deck::new(1, true), 5);
        for size in 0..=5u8 {
            let expected = binomial(u64::from(size) + 9, 9);
            assert_eq!(index.of_size(size).len() as u64, expected, "size {size}");
        }
    }

    #[test]
    fn single_deck_drops_five_of_a_kind() {
        let index = CompositionIndex::new(&Deck::new(1, false), 5);
        // 2002 multisets of 5 minus the 9 five-of-a-kind of 4-card ranks.
        assert_eq!(index.of_size(5).len(), 2002 - 9);
        assert_eq!(index.len(), 1 + 10 + 55 + 220 + 715 + 1993);
    }

    #[test]
    fn child_links_add_exactly_one_card() {
        let index = CompositionIndex::new(&Deck::new(2, false), 5);
        for id in 0..index.len() as CompId {
            for rank in Rank::all() {
                let child = index.child(id, rank);
                if child == NO_CHILD {
                    continue;
                }
                assert_eq!(index.size(child), index.size(id) + 1);
                let mut expected = *index.counts(id);
                expected[rank.index()] += 1;
                assert_eq!(index.counts(child), &expected);
            }
        }
    }
}
