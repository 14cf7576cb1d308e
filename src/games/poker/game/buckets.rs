//! The seed's card abstraction (issue 24, item 5): on every turn and
//! river board of a flop tree, each player's hands are grouped into at
//! most `N` buckets by equity and potential, and the hands of one bucket
//! share one strategy at that board's decisions (a tied information set,
//! [`VectorGame::buckets`](crate::cfr::vector::VectorGame::buckets)). The
//! flop's decisions are not bucketed.
//!
//! The features, per player and board, against the opponent's whole range
//! (its initial weights; hands that share a card with the hand or the
//! board do not count):
//! - on a river board (flop, turn, river), the hand's equity: the share of
//!   the opponent's weight it beats, ties counting half;
//! - on a turn board, the mean of the hand's river equities over the river
//!   cards it does not hold (equity) and their standard deviation (its
//!   potential: how much the river can still move it).
//!
//! The grouping is by quantiles, so it is deterministic and every bucket
//! holds about as many hands: on the river, the live hands sorted by
//! equity (hand order breaking ties) are cut into `N` runs of equal size;
//! on the turn, into `N / 2` equity bands, each cut in two by its median
//! potential (one band of all hands if `N` is 1). With `N` at least the
//! number of live hands every hand is its own bucket and the solve is the
//! exact one. A hand holding a board card is out of play there and left
//! untied.

use std::collections::HashMap;

use rayon::prelude::*;

use super::terminal::{Hands, Order, compatible_reach, showdown};
use super::tree::{NodeKind, Tree};
use crate::cfr::vector::UNTIED;
use crate::games::poker::card::Card;
use crate::games::poker::ranking::RiverRanking;

/// The buckets of every turn and river board of a flop tree.
#[derive(Debug, Clone)]
pub struct Buckets {
    /// The most buckets per board and player.
    count: u32,
    /// Per node: its board's entry in `boards`, or `u32::MAX` (the flop).
    node_board: Vec<u32>,
    /// Per board, per player: each hand's bucket.
    boards: Vec<[Vec<u32>; 2]>,
}

/// Each hand's equity on the five-card board `cards` for both players
/// (`NaN` for a hand out of play).
fn equities(hands: &[Hands; 2], cards: &[Card; 5]) -> [Vec<f64>; 2] {
    let ranking = RiverRanking::of_cards(cards);
    let dense = ranking.dense_ranks();
    let orders = [0, 1].map(|p| Order::new(&hands[p], &ranking, &dense));
    let dead = cards[3].bit() | cards[4].bit();
    [0, 1].map(|p| {
        let (mine, theirs) = (&hands[p], &hands[1 - p]);
        let mut margin = vec![0.0; mine.len()];
        let mut total = vec![0.0; mine.len()];
        showdown(
            (&orders[p], &orders[1 - p]),
            &theirs.weights,
            1.0,
            &mut margin,
        );
        compatible_reach(mine, theirs, dead, &theirs.weights, &mut total);
        margin
            .iter()
            .zip(&total)
            .enumerate()
            .map(|(h, (&m, &t))| {
                if t > 0.0 && !mine.holds(h, dead) {
                    0.5 + 0.5 * m / t
                } else {
                    f64::NAN
                }
            })
            .collect()
    })
}

/// The hands with a feature (not `NaN`), sorted by `key` then hand.
fn sorted_by(live: &[usize], key: &[f64]) -> Vec<usize> {
    let mut sorted = live.to_vec();
    sorted.sort_by(|&a, &b| key[a].total_cmp(&key[b]).then(a.cmp(&b)));
    sorted
}

/// River buckets: equal runs of the live hands sorted by equity.
pub fn river_buckets(equity: &[f64], count: u32) -> Vec<u32> {
    let mut out = vec![UNTIED; equity.len()];
    let live: Vec<usize> = (0..equity.len()).filter(|&h| !equity[h].is_nan()).collect();
    let runs = (count as usize).min(live.len()).max(1);
    for (rank, &hand) in sorted_by(&live, equity).iter().enumerate() {
        out[hand] = (rank * runs / live.len()) as u32;
    }
    out
}

/// Turn buckets: `count / 2` equal bands of the live hands sorted by
/// equity, each cut in two halves by potential (every live hand its own
/// bucket when `count` is at least their number).
pub fn turn_buckets(equity: &[f64], potential: &[f64], count: u32) -> Vec<u32> {
    let live: Vec<usize> = (0..equity.len()).filter(|&h| !equity[h].is_nan()).collect();
    if count as usize >= live.len() {
        return river_buckets(equity, count);
    }
    let mut out = vec![UNTIED; equity.len()];
    let halves = if count >= 2 { 2 } else { 1 };
    let bands = (count as usize / halves).max(1);
    let by_equity = sorted_by(&live, equity);
    for band in 0..bands {
        let members = &by_equity[band * live.len() / bands..(band + 1) * live.len() / bands];
        let by_potential = sorted_by(members, potential);
        for (rank, &hand) in by_potential.iter().enumerate() {
            out[hand] = (band * halves + rank * halves / members.len()) as u32;
        }
    }
    out
}

/// One board's buckets: its `(turn, river)` cards (no river on the turn)
/// and each player's hand buckets.
type Assigned = ((Card, Option<Card>), [Vec<u32>; 2]);

/// Per river card (by card number): both players' equities on the board
/// `flop` + `turn` + that card, and the turn features from them.
struct TurnFeatures {
    river: HashMap<u8, [Vec<f64>; 2]>,
    equity: [Vec<f64>; 2],
    potential: [Vec<f64>; 2],
}

/// The equities of every river card after `turn`, and each hand's mean
/// and spread of them.
fn turn_features(hands: &[Hands; 2], flop: [Card; 3], turn: Card) -> TurnFeatures {
    let dead = flop.iter().fold(turn.bit(), |m, c| m | c.bit());
    let mut river = HashMap::new();
    let mut sums = [0, 1].map(|p| vec![[0.0_f64; 3]; hands[p].len()]);
    for card in (0..52).map(Card::from_index) {
        if dead & card.bit() != 0 {
            continue;
        }
        let [a, b, c] = flop;
        let pair = equities(hands, &[a, b, c, turn, card]);
        for p in 0..2 {
            for (sum, &e) in sums[p].iter_mut().zip(&pair[p]) {
                if !e.is_nan() {
                    *sum = [sum[0] + 1.0, sum[1] + e, sum[2] + e * e];
                }
            }
        }
        river.insert(card.index(), pair);
    }
    let mean = |s: &[f64; 3]| if s[0] > 0.0 { s[1] / s[0] } else { f64::NAN };
    let spread = |s: &[f64; 3]| {
        let m = s[1] / s[0];
        (s[2] / s[0] - m * m).max(0.0).sqrt()
    };
    TurnFeatures {
        river,
        equity: [0, 1].map(|p| sums[p].iter().map(mean).collect()),
        potential: [0, 1].map(|p| sums[p].iter().map(spread).collect()),
    }
}

impl Buckets {
    /// At most `count` buckets per player on every turn and river board
    /// where `tree` has a decision; `hands` are the game's.
    pub(crate) fn new(tree: &Tree, hands: &[Hands; 2], count: u32) -> Buckets {
        let flop: [Card; 3] = tree.board.cards().try_into().expect("a flop has 3 cards");
        let mut wanted: HashMap<Card, Vec<Card>> = HashMap::new();
        for node in &tree.nodes {
            if let (NodeKind::Decision { .. }, [Some(turn), river]) = (&node.kind, node.dealt) {
                let rivers = wanted.entry(turn).or_default();
                rivers.extend(river.filter(|r| !rivers.contains(r)));
            }
        }
        let mut turns: Vec<(Card, Vec<Card>)> = wanted.into_iter().collect();
        turns.sort_by_key(|(turn, _)| *turn);
        let built: Vec<Vec<Assigned>> = turns
            .par_iter()
            .map(|(turn, rivers)| {
                let features = turn_features(hands, flop, *turn);
                let mut out = vec![(
                    (*turn, None),
                    [0, 1]
                        .map(|p| turn_buckets(&features.equity[p], &features.potential[p], count)),
                )];
                let mut rivers = rivers.clone();
                rivers.sort();
                for river in rivers {
                    let pair = &features.river[&river.index()];
                    let sets = [0, 1].map(|p| river_buckets(&pair[p], count));
                    out.push(((*turn, Some(river)), sets));
                }
                out
            })
            .collect();
        let mut index = HashMap::new();
        let mut boards = Vec::new();
        for (key, sets) in built.into_iter().flatten() {
            index.insert(key, boards.len() as u32);
            boards.push(sets);
        }
        let node_board = tree
            .nodes
            .iter()
            .map(|node| match node.dealt {
                [Some(turn), river] => index.get(&(turn, river)).copied().unwrap_or(u32::MAX),
                _ => u32::MAX,
            })
            .collect();
        Buckets {
            count,
            node_board,
            boards,
        }
    }

    /// The most buckets per board and player.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// The buckets of `player`'s hands at `node` (`None` on the flop).
    pub fn of(&self, node: usize, player: usize) -> Option<&[u32]> {
        let board = *self.node_board.get(node)?;
        (board != u32::MAX).then(|| self.boards[board as usize][player].as_slice())
    }

    /// The number of information sets of `player` at `node` in the
    /// abstract game: its buckets plus the untied hands; `None` on the
    /// flop.
    pub fn infosets(&self, node: usize, player: usize) -> Option<usize> {
        let buckets = self.of(node, player)?;
        let mut seen: Vec<u32> = buckets.iter().copied().filter(|&b| b != UNTIED).collect();
        seen.sort_unstable();
        seen.dedup();
        Some(seen.len() + buckets.iter().filter(|&&b| b == UNTIED).count())
    }

    /// The bytes of the assignment.
    pub fn bytes(&self) -> usize {
        4 * self.node_board.len()
            + self
                .boards
                .iter()
                .map(|sets| 4 * (sets[0].len() + sets[1].len()))
                .sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn river_buckets_cut_equal_runs_by_equity() {
        let equity = [0.9, f64::NAN, 0.1, 0.5, 0.3, 0.7];
        assert_eq!(river_buckets(&equity, 2), [1, UNTIED, 0, 0, 0, 1]);
        // As many buckets as live hands: each its own, in equity order.
        assert_eq!(river_buckets(&equity, 5), [4, UNTIED, 0, 2, 1, 3]);
        assert_eq!(river_buckets(&equity, 50), [4, UNTIED, 0, 2, 1, 3]);
        assert_eq!(river_buckets(&equity, 1), [0, UNTIED, 0, 0, 0, 0]);
    }

    #[test]
    fn turn_buckets_split_equity_bands_by_potential() {
        let equity = [0.1, 0.2, 0.3, 0.7, 0.8, 0.9];
        let potential = [0.3, 0.1, 0.2, 0.0, 0.5, 0.4];
        // Two bands (0.1–0.3, 0.7–0.9), each cut in two by potential: its
        // lower two thirds (rank × 2 / 3 = 0) and the rest.
        assert_eq!(turn_buckets(&equity, &potential, 4), [1, 0, 0, 2, 3, 2]);
        assert_eq!(turn_buckets(&equity, &potential, 1), [0; 6]);
        assert_eq!(turn_buckets(&equity, &potential, 6), [0, 1, 2, 3, 4, 5]);
    }
}
