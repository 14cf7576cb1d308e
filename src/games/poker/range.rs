//! A range: a weight from 0 to 1 for each of the 1326 combos (in the order
//! of [`super::combo`]), and the hand classes (`AA`, `AKs`, `AKo`) of the
//! 13×13 grid.

use super::card::Card;
use super::card::{Board, RANK_CHARS};
use super::combo::{COMBOS, combo_cards, combo_index, combo_mask};

/// Weights of the 1326 combos; 0 means "not in the range".
#[derive(Debug, Clone, PartialEq)]
pub struct Range {
    weights: Vec<f32>,
}

impl Default for Range {
    fn default() -> Self {
        Range {
            weights: vec![0.0; COMBOS],
        }
    }
}

impl Range {
    /// Builds a range from 1326 weights; `None` unless there are exactly
    /// 1326, each in 0..=1.
    pub fn from_weights(weights: Vec<f32>) -> Option<Range> {
        (weights.len() == COMBOS && weights.iter().all(|w| (0.0..=1.0).contains(w)))
            .then_some(Range { weights })
    }

    /// The weights, indexed by combo.
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The weight of combo `index`.
    pub fn weight(&self, index: usize) -> f32 {
        self.weights[index]
    }

    /// Sets the weight of combo `index` (clamped to 0..=1).
    pub fn set(&mut self, index: usize, weight: f32) {
        self.weights[index] = weight.clamp(0.0, 1.0);
    }

    /// Sets every combo that shares a card with `mask` (a 52-bit card set) to 0.
    pub fn remove_cards(&mut self, mask: u64) {
        for (index, weight) in self.weights.iter_mut().enumerate() {
            if combo_mask(index) & mask != 0 {
                *weight = 0.0;
            }
        }
    }

    /// This range without the combos that touch the board.
    pub fn without_board(mut self, board: &Board) -> Range {
        self.remove_cards(board.mask());
        self
    }

    /// The number of combos with a positive weight.
    pub fn combo_count(&self) -> usize {
        self.weights.iter().filter(|&&w| w > 0.0).count()
    }

    /// The sum of the weights: combos counted by their weight.
    pub fn weighted_count(&self) -> f64 {
        self.weights.iter().map(|&w| f64::from(w)).sum()
    }

    /// Whether no combo has a positive weight.
    pub fn is_empty(&self) -> bool {
        self.combo_count() == 0
    }

    /// The only combo of the range, if it has exactly one.
    pub fn single_combo(&self) -> Option<usize> {
        let mut live = (0..COMBOS).filter(|&i| self.weights[i] > 0.0);
        let first = live.next()?;
        live.next().is_none().then_some(first)
    }
}

/// A hand class: a pair, or two ranks suited or offsuit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandClass {
    /// The higher rank (0 = deuce … 12 = ace).
    pub high: u8,
    /// The lower rank (equal to `high` for a pair).
    pub low: u8,
    /// For two different ranks: suited (true) or offsuit (false).
    pub suited: bool,
}

impl HandClass {
    /// The class of a combo.
    pub fn of_combo(index: usize) -> HandClass {
        let (a, b) = combo_cards(index);
        HandClass {
            high: a.rank().max(b.rank()),
            low: a.rank().min(b.rank()),
            suited: a.rank() != b.rank() && a.suit() == b.suit(),
        }
    }

    /// Whether the class is a pair.
    pub fn is_pair(self) -> bool {
        self.high == self.low
    }

    /// The combos of the class: 6 for a pair, 4 suited, 12 offsuit.
    pub fn combos(self) -> Vec<usize> {
        let mut combos = Vec::new();
        for s1 in 0..4 {
            for s2 in 0..4 {
                let keep = if self.is_pair() {
                    s1 < s2
                } else if self.suited {
                    s1 == s2
                } else {
                    s1 != s2
                };
                if keep {
                    combos.push(combo_index(
                        Card::new(self.high, s1),
                        Card::new(self.low, s2),
                    ));
                }
            }
        }
        combos
    }

    /// The grid cell `(row, column)`, ace first: pairs on the diagonal,
    /// suited hands above it, offsuit hands below.
    pub fn cell(self) -> (usize, usize) {
        let (high, low) = (12 - self.high as usize, 12 - self.low as usize);
        if self.suited {
            (high, low)
        } else {
            (low, high)
        }
    }

    /// The class shown in grid cell `(row, column)`.
    pub fn at_cell(row: usize, column: usize) -> HandClass {
        let (a, b) = (12 - row as u8, 12 - column as u8);
        HandClass {
            high: a.max(b),
            low: a.min(b),
            suited: row < column,
        }
    }
}

impl std::fmt::Display for HandClass {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (high, low) = (
            RANK_CHARS[self.high as usize],
            RANK_CHARS[self.low as usize],
        );
        if self.is_pair() {
            write!(f, "{high}{low}")
        } else {
            write!(f, "{high}{low}{}", if self.suited { 's' } else { 'o' })
        }
    }
}

/// One cell of the 13×13 grid.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridCell {
    /// The hand class of the cell.
    pub class: HandClass,
    /// Combos of the class with a positive weight.
    pub combos: usize,
    /// Their weights summed.
    pub weighted: f64,
}

impl Range {
    /// The 13×13 grid (rows and columns ace first; pairs on the diagonal,
    /// suited above, offsuit below) with each cell's combo counts.
    pub fn grid(&self) -> Vec<Vec<GridCell>> {
        let mut grid: Vec<Vec<GridCell>> = (0..13)
            .map(|row| {
                (0..13)
                    .map(|column| GridCell {
                        class: HandClass::at_cell(row, column),
                        combos: 0,
                        weighted: 0.0,
                    })
                    .collect()
            })
            .collect();
        for (index, &weight) in self.weights.iter().enumerate() {
            if weight > 0.0 {
                let (row, column) = HandClass::of_combo(index).cell();
                grid[row][column].combos += 1;
                grid[row][column].weighted += f64::from(weight);
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_have_the_usual_combo_counts_and_cells() {
        let aks = HandClass {
            high: 12,
            low: 11,
            suited: true,
        };
        let ako = HandClass {
            suited: false,
            ..aks
        };
        let aa = HandClass {
            high: 12,
            low: 12,
            suited: false,
        };
        assert_eq!(
            (aks.combos().len(), ako.combos().len(), aa.combos().len()),
            (4, 12, 6)
        );
        assert_eq!(
            (aks.cell(), ako.cell(), aa.cell()),
            ((0, 1), (1, 0), (0, 0))
        );
        assert_eq!(aks.to_string(), "AKs");
        assert_eq!(HandClass::at_cell(1, 0), ako);
        for class in [aks, ako, aa] {
            for combo in class.combos() {
                assert_eq!(HandClass::of_combo(combo), class);
            }
        }
        let mut all = 0;
        for row in 0..13 {
            for column in 0..13 {
                let class = HandClass::at_cell(row, column);
                assert_eq!(class.cell(), (row, column));
                all += class.combos().len();
            }
        }
        assert_eq!(all, COMBOS);
    }

    #[test]
    fn board_cards_remove_combos() {
        let range = Range::parse("AA,AKs").unwrap();
        let board: Board = "As7d2c".parse().unwrap();
        let left = range.without_board(&board);
        assert_eq!((left.combo_count(), left.single_combo()), (6, None));
        assert!(Range::from_weights(vec![0.5; COMBOS]).is_some());
        assert!(Range::from_weights(vec![1.5; COMBOS]).is_none());
    }
}
