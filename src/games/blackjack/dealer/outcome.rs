//! The dealer's final hand as probabilities of 17 to 21, bust and
//! natural, and what standing on a total is worth against it.

use serde::Serialize;

/// Index of the bust probability in [`DealerOutcome::p`].
pub const BUSTS: usize = 5;
/// Index of the natural's probability in [`DealerOutcome::p`].
pub const NATURAL: usize = 6;

/// The dealer's final hand: probabilities of 17, 18, 19, 20, 21 (not a
/// natural), bust and natural, in that order.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct DealerOutcome {
    /// The seven probabilities (summing to one).
    pub p: [f64; 7],
}

impl DealerOutcome {
    /// The same outcome given that the dealer has no natural (the peek).
    pub fn without_natural(&self) -> DealerOutcome {
        let rest = 1.0 - self.p[NATURAL];
        let mut p = [0.0; 7];
        if rest > 0.0 {
            for (i, value) in p.iter_mut().enumerate().take(NATURAL) {
                *value = self.p[i] / rest;
            }
        }
        DealerOutcome { p }
    }

    /// The expected result of standing on a live `total` (a non-natural
    /// hand): +1 per dealer bust or lower total, -1 per higher total or
    /// natural.
    pub fn stand_value(&self, total: u8) -> f64 {
        let mut value = self.p[BUSTS] - self.p[NATURAL];
        for (i, &p) in self.p.iter().enumerate().take(BUSTS) {
            let dealer = 17 + i as u8;
            if total > dealer {
                value += p;
            } else if total < dealer {
                value -= p;
            }
        }
        value
    }

    /// Probabilities of a player's standing `total` winning, pushing and
    /// losing (in that order).
    pub fn stand_split(&self, total: u8) -> [f64; 3] {
        let mut out = [self.p[BUSTS], 0.0, self.p[NATURAL]];
        for (i, &p) in self.p.iter().enumerate().take(BUSTS) {
            let dealer = 17 + i as u8;
            let slot = match total.cmp(&dealer) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            };
            out[slot] += p;
        }
        out
    }
}
