//! The count study's sums, folded chunk by chunk in chunk order, and the
//! figures made from them.

use serde::Serialize;

use crate::sim::{Estimate, z_score};

/// The lowest true-count bucket: true counts below it are counted in it.
pub const LOWEST_BUCKET: i32 = -15;
/// The highest true-count bucket: true counts above it are counted in it.
pub const HIGHEST_BUCKET: i32 = 20;
/// The number of true-count buckets.
pub const BUCKETS: usize = (HIGHEST_BUCKET - LOWEST_BUCKET + 1) as usize;

/// The bucket of a true count: its floor, clamped to the range.
pub fn bucket_of(true_count: f64) -> usize {
    let floor = true_count
        .floor()
        .clamp(f64::from(LOWEST_BUCKET), f64::from(HIGHEST_BUCKET));
    (floor as i32 - LOWEST_BUCKET) as usize
}

/// One bettor's sums: the hands bet, their results and exact EVs, and the
/// units won per shoe.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BettorSums {
    /// Hands bet.
    pub bets: u64,
    /// Sum of the results (units per unit bet).
    pub result: f64,
    /// Sum of the squared results.
    pub result_sq: f64,
    /// Sum of the exact EVs of the hands bet.
    pub ev: f64,
    /// Sum of the squared differences result − exact EV.
    pub deviation_sq: f64,
    /// Sum over shoes of the units won in the shoe.
    pub shoe: f64,
    /// Sum over shoes of the squared units won in the shoe.
    pub shoe_sq: f64,
    /// Sum over shoes of the exact EV bet in the shoe (the units the shoe
    /// was worth in expectation).
    pub shoe_ev: f64,
    /// Sum over shoes of its square.
    pub shoe_ev_sq: f64,
    /// The shoe being dealt: units won and exact EV bet so far.
    in_shoe: [f64; 2],
}

impl BettorSums {
    /// Counts one hand bet.
    pub fn bet(&mut self, result: f64, ev: f64) {
        self.bets += 1;
        self.result += result;
        self.result_sq += result * result;
        self.ev += ev;
        self.deviation_sq += (result - ev) * (result - ev);
        self.in_shoe[0] += result;
        self.in_shoe[1] += ev;
    }

    /// Closes the shoe being dealt.
    fn close_shoe(&mut self) {
        let [units, ev] = std::mem::take(&mut self.in_shoe);
        self.shoe += units;
        self.shoe_sq += units * units;
        self.shoe_ev += ev;
        self.shoe_ev_sq += ev * ev;
    }

    fn add(&mut self, other: &BettorSums) {
        self.bets += other.bets;
        self.result += other.result;
        self.result_sq += other.result_sq;
        self.ev += other.ev;
        self.deviation_sq += other.deviation_sq;
        self.shoe += other.shoe;
        self.shoe_sq += other.shoe_sq;
        self.shoe_ev += other.shoe_ev;
        self.shoe_ev_sq += other.shoe_ev_sq;
    }
}

/// One true-count bucket's sums.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct BucketSums {
    /// Hands dealt at a true count in the bucket.
    pub hands: u64,
    /// Sum of their exact EVs.
    pub ev: f64,
    /// Sum of their results (had the bet been made).
    pub result: f64,
}

/// One side bet's sums.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BetSums {
    /// Sum of the results of betting every hand.
    pub flat: f64,
    /// The counter.
    pub counter: BettorSums,
    /// The perfect-information bettor.
    pub perfect: BettorSums,
    /// Sum over shoes of (perfect − counter) units.
    pub gap: f64,
    /// Sum over shoes of the squared gap.
    pub gap_sq: f64,
    /// Sum over shoes of (perfect − counter) exact EV bet: never negative
    /// shoe by shoe, since the perfect bettor takes every positive EV.
    pub gap_ev: f64,
    /// Sum over shoes of the squared EV gap.
    pub gap_ev_sq: f64,
    /// By true-count bucket.
    pub buckets: [BucketSums; BUCKETS],
}

impl Default for BetSums {
    fn default() -> Self {
        BetSums {
            flat: 0.0,
            counter: BettorSums::default(),
            perfect: BettorSums::default(),
            gap: 0.0,
            gap_sq: 0.0,
            gap_ev: 0.0,
            gap_ev_sq: 0.0,
            buckets: [BucketSums::default(); BUCKETS],
        }
    }
}

impl BetSums {
    /// Closes the shoe being dealt.
    pub fn close_shoe(&mut self) {
        let gap = self.perfect.in_shoe[0] - self.counter.in_shoe[0];
        let gap_ev = self.perfect.in_shoe[1] - self.counter.in_shoe[1];
        self.gap += gap;
        self.gap_sq += gap * gap;
        self.gap_ev += gap_ev;
        self.gap_ev_sq += gap_ev * gap_ev;
        self.counter.close_shoe();
        self.perfect.close_shoe();
    }
}

/// Everything a chunk of shoes adds up to.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CountTally {
    /// Shoes dealt to the cut card.
    pub shoes: u64,
    /// Hands dealt.
    pub hands: u64,
    /// Dragon 7 and Panda 8.
    pub bets: [BetSums; 2],
}

impl CountTally {
    /// Adds a later chunk's sums.
    pub fn add(&mut self, other: &CountTally) {
        self.shoes += other.shoes;
        self.hands += other.hands;
        for (a, b) in self.bets.iter_mut().zip(&other.bets) {
            a.flat += b.flat;
            a.counter.add(&b.counter);
            a.perfect.add(&b.perfect);
            a.gap += b.gap;
            a.gap_sq += b.gap_sq;
            a.gap_ev += b.gap_ev;
            a.gap_ev_sq += b.gap_ev_sq;
            for (x, y) in a.buckets.iter_mut().zip(&b.buckets) {
                x.hands += y.hands;
                x.ev += y.ev;
                x.result += y.result;
            }
        }
    }
}

/// One bettor's figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BettorFigures {
    /// Hands bet.
    pub bets: u64,
    /// The share of hands bet.
    pub share_bet: f64,
    /// The edge when betting: the mean result per unit bet.
    pub edge: f64,
    /// Its standard error.
    pub edge_std_error: f64,
    /// The mean exact EV of the hands bet.
    pub mean_exact_ev: f64,
    /// z of the edge against that mean exact EV (the standard error of
    /// result − EV, hand by hand).
    pub z_edge_vs_exact: f64,
    /// Units won per shoe.
    pub units_per_shoe: f64,
    /// Its standard error (shoes are independent).
    pub units_per_shoe_std_error: f64,
    /// The exact EV bet per shoe: what the bettor wins per shoe in
    /// expectation, free of the side bets' own variance.
    pub ev_per_shoe: f64,
    /// Its standard error.
    pub ev_per_shoe_std_error: f64,
}

impl BettorFigures {
    /// The figures from the sums over `hands` hands in `shoes` shoes.
    pub fn new(sums: &BettorSums, hands: u64, shoes: u64) -> BettorFigures {
        let n = sums.bets as f64;
        let edge = Estimate::from_sums(n, sums.result, sums.result_sq);
        let per_shoe = Estimate::from_sums(shoes as f64, sums.shoe, sums.shoe_sq);
        let ev_per_shoe = Estimate::from_sums(shoes as f64, sums.shoe_ev, sums.shoe_ev_sq);
        let mean_exact_ev = sums.ev / n;
        BettorFigures {
            bets: sums.bets,
            share_bet: n / hands as f64,
            edge: edge.mean,
            edge_std_error: edge.std_error,
            mean_exact_ev,
            z_edge_vs_exact: z_score(edge.mean, mean_exact_ev, sums.deviation_sq.sqrt() / n),
            units_per_shoe: per_shoe.mean,
            units_per_shoe_std_error: per_shoe.std_error,
            ev_per_shoe: ev_per_shoe.mean,
            ev_per_shoe_std_error: ev_per_shoe.std_error,
        }
    }
}

/// One true-count bucket's figures.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BucketFigures {
    /// The bucket holds true counts from this (inclusive; the lowest bucket
    /// also everything below) ...
    pub true_count: i32,
    /// Hands dealt in it.
    pub hands: u64,
    /// Their mean exact EV (NaN when empty).
    pub mean_exact_ev: f64,
    /// Their mean result (NaN when empty).
    pub mean_result: f64,
}

/// The bucket figures of one bet.
pub fn bucket_figures(sums: &BetSums) -> Vec<BucketFigures> {
    sums.buckets
        .iter()
        .enumerate()
        .map(|(i, b)| BucketFigures {
            true_count: LOWEST_BUCKET + i as i32,
            hands: b.hands,
            mean_exact_ev: b.ev / b.hands as f64,
            mean_result: b.result / b.hands as f64,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_floor_and_clamp() {
        assert_eq!(bucket_of(-0.5), (-1 - LOWEST_BUCKET) as usize);
        assert_eq!(bucket_of(0.0), (-LOWEST_BUCKET) as usize);
        assert_eq!(bucket_of(-99.0), 0);
        assert_eq!(bucket_of(99.0), BUCKETS - 1);
    }
}
