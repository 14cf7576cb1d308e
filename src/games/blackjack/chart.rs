//! Moves, the best move of one hand, and the best-moves chart by total
//! (hard totals, soft totals, pairs) with the usual codes.

use serde::Serialize;

use super::HandRow;

/// A first move, with the fallback when the preferred move is not allowed
/// (serialized as its chart code).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Move {
    /// Stand.
    #[serde(rename = "S")]
    Stand,
    /// Hit.
    #[serde(rename = "H")]
    Hit,
    /// Double if allowed, else hit.
    #[serde(rename = "Dh")]
    DoubleHit,
    /// Double if allowed, else stand.
    #[serde(rename = "Ds")]
    DoubleStand,
    /// Split.
    #[serde(rename = "P")]
    Split,
    /// Surrender if allowed, else hit.
    #[serde(rename = "Rh")]
    SurrenderHit,
    /// Surrender if allowed, else stand.
    #[serde(rename = "Rs")]
    SurrenderStand,
}

impl Move {
    /// The chart code: S, H, Dh, Ds, P, Rh, Rs.
    pub fn code(self) -> &'static str {
        match self {
            Move::Stand => "S",
            Move::Hit => "H",
            Move::DoubleHit => "Dh",
            Move::DoubleStand => "Ds",
            Move::Split => "P",
            Move::SurrenderHit => "Rh",
            Move::SurrenderStand => "Rs",
        }
    }

    /// Whether the move is a surrender (Rh or Rs).
    pub fn is_surrender(self) -> bool {
        matches!(self, Move::SurrenderHit | Move::SurrenderStand)
    }
}

/// The best EV of a hand row and its move (ties go to the simpler move:
/// stand, hit, double, split, surrender in that order).
pub fn choose(row: &HandRow) -> (f64, Move) {
    let hit_beats_stand = row.max_stand_hit > row.stand;
    let fallback = if hit_beats_stand {
        Move::Hit
    } else {
        Move::Stand
    };
    let mut best = (row.max_stand_hit, fallback);
    let with_fallback = |hit: Move, stand: Move| if hit_beats_stand { hit } else { stand };
    for (value, candidate) in [
        (
            row.double,
            with_fallback(Move::DoubleHit, Move::DoubleStand),
        ),
        (row.split, Move::Split),
        (
            row.surrender,
            with_fallback(Move::SurrenderHit, Move::SurrenderStand),
        ),
    ] {
        if let Some(value) = value.filter(|&v| v > best.0) {
            best = (value, candidate);
        }
    }
    best
}

/// One cell of the best-moves chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartCell {
    /// The upcard label.
    pub upcard: char,
    /// The row: `hard 12`, `soft 17` or `pair 8` (`pair T`, `pair A`).
    pub row: String,
    /// The cell's move: the one with the best EV over the cell's hands
    /// weighted by their probabilities.
    pub best_move: Move,
    /// Whether some hand of the cell has another best move
    /// (composition-dependent play differs from the chart).
    pub mixed: bool,
}

/// The chart row of a two-card hand row; `None` for naturals.
pub fn row_name(row: &HandRow) -> Option<String> {
    let mut chars = row.hand.chars();
    let (a, b) = (chars.next()?, chars.next()?);
    if a == b {
        Some(format!("pair {a}"))
    } else if row.total == 21 {
        None
    } else if row.soft {
        Some(format!("soft {}", row.total))
    } else {
        Some(format!("hard {}", row.total))
    }
}

/// The chart over `rows` (two-card hand rows of every upcard): per cell,
/// each move's EV summed over the cell's hands by probability, and the
/// best.
pub fn best_moves(rows: &[HandRow]) -> Vec<ChartCell> {
    let mut cells: Vec<(char, String, Vec<&HandRow>)> = Vec::new();
    for row in rows {
        let Some(name) = row_name(row) else { continue };
        match cells
            .iter_mut()
            .find(|(up, n, _)| *up == row.upcard && *n == name)
        {
            Some(cell) => cell.2.push(row),
            None => cells.push((row.upcard, name, vec![row])),
        }
    }
    cells
        .into_iter()
        .map(|(upcard, name, members)| {
            let weight: f64 = members.iter().map(|r| r.probability).sum();
            let mean = |f: &dyn Fn(&HandRow) -> Option<f64>| -> Option<f64> {
                let mut sum = 0.0;
                for r in &members {
                    sum += r.probability * f(r)?;
                }
                Some(if weight > 0.0 { sum / weight } else { 0.0 })
            };
            let stand = mean(&|r| Some(r.stand)).unwrap_or(0.0);
            let hit = mean(&|r| Some(r.hit)).unwrap_or(0.0);
            let aggregate = HandRow {
                upcard,
                hand: members[0].hand.clone(),
                total: members[0].total,
                soft: members[0].soft,
                probability: weight,
                stand,
                hit_once: mean(&|r| Some(r.hit_once)).unwrap_or(0.0),
                hit,
                max_stand_hit: stand.max(hit),
                double: mean(&|r| r.double),
                split: mean(&|r| r.split),
                surrender: mean(&|r| r.surrender),
                insurance: None,
                best: 0.0,
                best_move: Move::Stand,
            };
            let (_, best_move) = choose(&aggregate);
            let mixed = members.iter().any(|r| r.best_move != best_move);
            ChartCell {
                upcard,
                row: name,
                best_move,
                mixed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(stand: f64, hit: f64) -> HandRow {
        HandRow {
            upcard: 'T',
            hand: "T6".into(),
            total: 16,
            soft: false,
            probability: 1.0,
            stand,
            hit_once: hit,
            hit,
            max_stand_hit: stand.max(hit),
            double: None,
            split: None,
            surrender: None,
            insurance: None,
            best: 0.0,
            best_move: Move::Stand,
        }
    }

    #[test]
    fn fallbacks_follow_stand_against_hit() {
        let surrender = HandRow {
            surrender: Some(-0.5),
            ..row(-0.54, -0.53)
        };
        assert_eq!(choose(&surrender), (-0.5, Move::SurrenderHit));
        let surrender_stand = HandRow {
            surrender: Some(-0.5),
            ..row(-0.52, -0.53)
        };
        assert_eq!(choose(&surrender_stand).1.code(), "Rs");
        let double = HandRow {
            double: Some(0.3),
            ..row(0.2, 0.1)
        };
        assert_eq!(choose(&double), (0.3, Move::DoubleStand));
        assert_eq!(choose(&row(0.2, 0.1)), (0.2, Move::Stand));
    }

    #[test]
    fn cells_weigh_their_hands() {
        // Two hands of hard 16: one should hit, the heavier one stand.
        let hit = HandRow {
            hand: "97".into(),
            probability: 1.0,
            best_move: Move::Hit,
            ..row(-0.54, -0.50)
        };
        let stand = HandRow {
            probability: 3.0,
            ..row(-0.54, -0.56)
        };
        let cells = best_moves(&[hit, stand]);
        assert_eq!(cells.len(), 1);
        assert_eq!(cells[0].row, "hard 16");
        assert_eq!(cells[0].best_move, Move::Stand);
        assert!(cells[0].mixed);
    }
}
