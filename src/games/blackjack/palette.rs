//! The colours of the blackjack chart's moves: one table that the
//! blackjack report's charts and the explore page both read, so a move has
//! the same colour wherever a chart shows it.

use serde::Serialize;

/// One move of the chart as a legend shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MoveColour {
    /// The chart code: H, S, Dh, Ds, P, Rh, Rs.
    pub code: &'static str,
    /// The CSS class the report's charts give its cells.
    pub class: &'static str,
    /// What the code means.
    pub meaning: &'static str,
    /// The cell's background colour (CSS hex).
    pub colour: &'static str,
}

/// The moves in legend order.
pub const MOVE_COLOURS: [MoveColour; 7] = [
    MoveColour {
        code: "H",
        class: "mv-h",
        meaning: "hit",
        colour: "#f4a6a6",
    },
    MoveColour {
        code: "S",
        class: "mv-s",
        meaning: "stand",
        colour: "#fbe38e",
    },
    MoveColour {
        code: "Dh",
        class: "mv-dh",
        meaning: "double (else hit)",
        colour: "#7cc77f",
    },
    MoveColour {
        code: "Ds",
        class: "mv-ds",
        meaning: "double (else stand)",
        colour: "#b9e3a1",
    },
    MoveColour {
        code: "P",
        class: "mv-p",
        meaning: "split",
        colour: "#8ec5f2",
    },
    MoveColour {
        code: "Rh",
        class: "mv-rh",
        meaning: "surrender (else hit)",
        colour: "#c9a6e4",
    },
    MoveColour {
        code: "Rs",
        class: "mv-rs",
        meaning: "surrender (else stand)",
        colour: "#e6d3f3",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blackjack::Move;

    #[test]
    fn every_move_has_one_distinct_colour() {
        let moves = [
            Move::Hit,
            Move::Stand,
            Move::DoubleHit,
            Move::DoubleStand,
            Move::Split,
            Move::SurrenderHit,
            Move::SurrenderStand,
        ];
        for m in moves {
            assert_eq!(
                MOVE_COLOURS.iter().filter(|c| c.code == m.code()).count(),
                1
            );
        }
        let mut colours: Vec<_> = MOVE_COLOURS.iter().map(|c| c.colour).collect();
        colours.sort_unstable();
        colours.dedup();
        assert_eq!(colours.len(), MOVE_COLOURS.len());
    }
}
