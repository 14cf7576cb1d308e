//! The solver's per-decision numbers, regrets or the average's weighted
//! sums, `[action × hand]` blocks in the layout's slot order: 32-bit
//! floats, or (`--compress`) 16-bit integers with one scale per block.
//!
//! The arithmetic is done in `f64` on a decoded block ([`Blocks::read`])
//! and the result stored back ([`Blocks::write`]): a compressed block
//! takes the largest magnitude as its scale and rounds every entry to the
//! nearest of 65 535 steps between `−scale` and `scale`.

use rayon::prelude::*;

use super::layout::Layout;
use super::matching::{average_of_sums, match_regrets, normalize_average};
use crate::wide::twin;

/// The largest 16-bit code: a compressed entry `c` stands for
/// `c / CODE × scale`.
const CODE: f64 = i16::MAX as f64;

/// The per-decision numbers of one kind, owned.
#[derive(Clone, Debug)]
pub(super) enum Store {
    /// One `f32` per action and hand.
    Full(Vec<f32>),
    /// One `i16` per action and hand, and one scale per position.
    Compressed {
        /// The codes.
        cells: Vec<i16>,
        /// Per position: the largest magnitude of its block.
        scales: Vec<f32>,
    },
}

impl Store {
    /// Zeros for `layout`'s blocks, compressed or not.
    pub fn zeros(layout: &Layout, compressed: bool) -> Store {
        let slots = layout.slot(layout.len());
        if compressed {
            Store::Compressed {
                cells: written_zeros(slots),
                scales: written_zeros(layout.len()),
            }
        } else {
            Store::Full(written_zeros(slots))
        }
    }

    /// Sets every entry to zero.
    pub fn clear(&mut self) {
        match self {
            Store::Full(cells) => cells.fill(0.0),
            Store::Compressed { cells, scales } => {
                cells.fill(0);
                scales.fill(0.0);
            }
        }
    }

    /// The bytes of a store of `slots` entries over `positions` positions.
    pub fn bytes(slots: u64, positions: u64, compressed: bool) -> u64 {
        if compressed {
            2 * slots + 4 * positions
        } else {
            4 * slots
        }
    }

    /// Decodes position `q`'s block into `out`.
    pub fn read(&self, layout: &Layout, q: usize, out: &mut [f64]) {
        let slots = layout.slot(q)..layout.slot(q + 1);
        match self {
            Store::Full(cells) => decode_full(&cells[slots], out),
            Store::Compressed { cells, scales } => decode(&cells[slots], scales[q], out),
        }
    }

    /// Position `q`'s average strategy in `out`, from its block of
    /// weighted sums ([`average_of_sums`], straight from the cells when
    /// uncompressed); `totals` is scratch, one entry per hand.
    pub fn read_average(&self, layout: &Layout, q: usize, out: &mut [f64], totals: &mut [f64]) {
        match self {
            Store::Full(cells) => {
                average_of_sums(&cells[layout.slot(q)..layout.slot(q + 1)], out, totals);
            }
            Store::Compressed { .. } => {
                self.read(layout, q, out);
                normalize_average(out, totals);
            }
        }
    }

    /// The whole store as blocks from position 0 on, to update.
    pub fn blocks(&mut self) -> Blocks<'_> {
        let cells = match self {
            Store::Full(cells) => Cells::Full(cells),
            Store::Compressed { cells, scales } => Cells::Compressed { cells, scales },
        };
        Blocks { start: 0, cells }
    }

    /// The `f32` entries of an uncompressed store (Monte Carlo CFR updates
    /// single entries); `None` if compressed.
    pub fn full_mut(&mut self) -> Option<&mut [f32]> {
        match self {
            Store::Full(cells) => Some(cells),
            Store::Compressed { .. } => None,
        }
    }
}

/// A number a store's block holds as the walk updates it: an `f32` cell
/// of an uncompressed store, or a decoded `f64`.
pub(super) trait Entry: Copy {
    /// The entry as `f64` (exact).
    fn get(self) -> f64;
    /// `value` as an entry (rounded to nearest for `f32`, as
    /// [`Blocks::write`] rounds).
    fn set(value: f64) -> Self;
}

impl Entry for f32 {
    #[inline(always)]
    fn get(self) -> f64 {
        f64::from(self)
    }
    #[inline(always)]
    fn set(value: f64) -> Self {
        value as f32
    }
}

impl Entry for f64 {
    #[inline(always)]
    fn get(self) -> f64 {
        self
    }
    #[inline(always)]
    fn set(value: f64) -> Self {
        value
    }
}

/// An update of a block's entries ([`Blocks::update`]), written once for
/// the store's `f32` cells and for decoded `f64` values alike.
pub(super) trait Update {
    /// Updates `entries` in place, each through `f64`.
    fn apply<E: Entry>(&self, entries: &mut [E]);
}

/// The stores an update walk writes, from some position on: regrets and
/// average sums (`None` in a measurement).
pub(super) type Learn<'a> = Option<(Blocks<'a>, Blocks<'a>)>;

/// The entries of a run of positions, mutably.
#[derive(Debug)]
enum Cells<'a> {
    Full(&'a mut [f32]),
    Compressed {
        cells: &'a mut [i16],
        scales: &'a mut [f32],
    },
}

/// The blocks of the positions from `start` on, borrowed mutably; they
/// split between subtrees like the rest of a walk's data.
#[derive(Debug)]
pub(super) struct Blocks<'a> {
    start: usize,
    cells: Cells<'a>,
}

impl Blocks<'_> {
    /// Position `q`'s block as a range of these blocks' cells.
    fn slots(&self, layout: &Layout, q: usize) -> std::ops::Range<usize> {
        let first = layout.slot(self.start);
        layout.slot(q) - first..layout.slot(q + 1) - first
    }

    /// Decodes position `q`'s block into `out`.
    #[inline]
    pub fn read(&self, layout: &Layout, q: usize, out: &mut [f64]) {
        let slots = self.slots(layout, q);
        match &self.cells {
            Cells::Full(cells) => decode_full(&cells[slots], out),
            Cells::Compressed { cells, scales } => {
                decode(&cells[slots], scales[q - self.start], out);
            }
        }
    }

    /// Position `q`'s current strategy in `out`, by regret matching on
    /// its block of regrets ([`match_regrets`], straight from the cells
    /// when uncompressed); `totals` is scratch, one entry per hand.
    pub fn read_matched(&self, layout: &Layout, q: usize, out: &mut [f64], totals: &mut [f64]) {
        let slots = self.slots(layout, q);
        match &self.cells {
            Cells::Full(cells) => match_regrets(&cells[slots], out, totals),
            Cells::Compressed { cells, scales } => {
                decode(&cells[slots], scales[q - self.start], out);
                for value in out.iter_mut() {
                    *value = value.max(0.0);
                }
                normalize_average(out, totals);
            }
        }
    }

    /// Applies `update` to position `q`'s block: on its `f32` cells in
    /// place when uncompressed, else decoded into the front of `scratch`
    /// and stored back. Either way each entry is the same `f64`
    /// arithmetic on the decoded value, rounded as [`Blocks::write`] does.
    pub fn update(&mut self, layout: &Layout, q: usize, scratch: &mut [f64], update: &impl Update) {
        let slots = self.slots(layout, q);
        if let Cells::Full(cells) = &mut self.cells {
            update.apply(&mut cells[slots]);
            return;
        }
        let block = &mut scratch[..slots.len()];
        self.read(layout, q, block);
        update.apply(block);
        self.write(layout, q, block);
    }

    /// Stores `values` as position `q`'s block.
    pub fn write(&mut self, layout: &Layout, q: usize, values: &[f64]) {
        let slots = self.slots(layout, q);
        match &mut self.cells {
            Cells::Full(cells) => encode_full(values, &mut cells[slots]),
            Cells::Compressed { cells, scales } => {
                let scale = values.iter().fold(0.0_f64, |max, v| max.max(v.abs())) as f32;
                scales[q - self.start] = scale;
                let factor = if scale > 0.0 {
                    CODE / f64::from(scale)
                } else {
                    0.0
                };
                for (cell, &value) in cells[slots].iter_mut().zip(values) {
                    *cell = (value * factor).round().clamp(-CODE, CODE) as i16;
                }
            }
        }
    }
}

impl Blocks<'_> {
    /// The blocks of the positions before `at` and of those from `at` on,
    /// borrowed from these (for two threads).
    fn halves(&mut self, layout: &Layout, at: usize) -> (Blocks<'_>, Blocks<'_>) {
        let slots = layout.slot(at) - layout.slot(self.start);
        let (head, tail) = match &mut self.cells {
            Cells::Full(cells) => {
                let (head, tail) = cells.split_at_mut(slots);
                (Cells::Full(head), Cells::Full(tail))
            }
            Cells::Compressed { cells, scales } => {
                let (cells, cells_tail) = cells.split_at_mut(slots);
                let (scales, scales_tail) = scales.split_at_mut(at - self.start);
                (
                    Cells::Compressed { cells, scales },
                    Cells::Compressed {
                        cells: cells_tail,
                        scales: scales_tail,
                    },
                )
            }
        };
        let head = Blocks {
            start: self.start,
            cells: head,
        };
        (
            head,
            Blocks {
                start: at,
                cells: tail,
            },
        )
    }
}

/// `learn`'s stores of the positions before `at` and of those from `at`
/// on, borrowed from it: disjoint, so two threads can each write one.
pub(super) fn halves<'b>(
    learn: &'b mut Learn<'_>,
    layout: &Layout,
    at: usize,
) -> (Learn<'b>, Learn<'b>) {
    match learn {
        Some((regrets, sums)) => {
            let (regrets, regrets_tail) = regrets.halves(layout, at);
            let (sums, sums_tail) = sums.halves(layout, at);
            (Some((regrets, sums)), Some((regrets_tail, sums_tail)))
        }
        None => (None, None),
    }
}

/// `len` zeros, written rather than only allocated: a fresh page that a
/// walk reads before it writes is mapped to the shared zero page and
/// faults again when written, which on several threads also costs a
/// TLB shootdown (measured: 9 s of system time on a 2.5 GB flop spot).
/// Writing the zeros at once, on rayon's threads, takes each page's one
/// fault up front.
fn written_zeros<T: Copy + Default + Send + Sync>(len: usize) -> Vec<T> {
    let mut cells = vec![T::default(); len];
    cells
        .par_chunks_mut(1 << 16)
        .for_each(|chunk| chunk.fill(T::default()));
    cells
}

twin! {
    /// `cells` as `f64`s in `out`.
    fn decode_full(cells: &[f32], out: &mut [f64]) {
        for (out, &cell) in out.iter_mut().zip(cells) {
            *out = f64::from(cell);
        }
    }
}

twin! {
    /// `values` rounded to `f32`s in `cells`.
    fn encode_full(values: &[f64], cells: &mut [f32]) {
        for (cell, &value) in cells.iter_mut().zip(values) {
            *cell = value as f32;
        }
    }
}

twin! {
    /// Codes `cells` of scale `scale` as `f64`s in `out`.
    fn decode(cells: &[i16], scale: f32, out: &mut [f64]) {
        let factor = f64::from(scale) / CODE;
        for (out, &cell) in out.iter_mut().zip(cells) {
            *out = f64::from(cell) * factor;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::Player;
    use crate::cfr::vector::{PublicNode, PublicTree};

    #[test]
    fn blocks_round_trip_in_f32_and_within_a_step_in_16_bits() {
        let tree = PublicTree::new(vec![
            PublicNode::Decision {
                player: Player::P0,
                children: vec![1, 2],
            },
            PublicNode::Terminal,
            PublicNode::Terminal,
        ])
        .unwrap();
        let layout = Layout::new(&tree, [3, 1]);
        let values = [1.5, -0.25, 0.0, 3.0e-6, 2.0, -4.0];
        let mut out = [0.0; 6];
        let mut full = Store::zeros(&layout, false);
        full.blocks().write(&layout, 0, &values);
        full.read(&layout, 0, &mut out);
        assert_eq!(out, values.map(|v| f64::from(v as f32)));
        let mut compressed = Store::zeros(&layout, true);
        compressed.blocks().write(&layout, 0, &values);
        compressed.read(&layout, 0, &mut out);
        for (out, value) in out.iter().zip(values) {
            assert!(
                (out - value).abs() <= 4.0 / CODE / 2.0 + 1e-12,
                "{out} {value}"
            );
        }
        assert_eq!(out[5], -4.0);
        assert!(compressed.full_mut().is_none());
        // An all-zero block keeps scale 0 and decodes to zeros.
        compressed.blocks().write(&layout, 0, &[0.0; 6]);
        compressed.read(&layout, 0, &mut out);
        assert_eq!(out, [0.0; 6]);
        assert_eq!(Store::bytes(6, 3, true), 24);
        assert_eq!(Store::bytes(6, 3, false), 24);
    }
}
