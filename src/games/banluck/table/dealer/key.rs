//! The dealer's view of the seats once they have played: per seat whether
//! it still waits for the dealer (open) or was settled already (a Ban Ban or
//! Ban Luck at the deal, a bust, 777, an immediate five-card hand), and how
//! many cards it holds. Seats playing the same strategy are exchangeable, so
//! the dealer's information about them is the multiset of these states,
//! packed here as a count per state.

/// Seat states: open with 2..=5 cards (0..=3), settled with 2..=5 (4..=7).
pub const STATES: usize = 8;

/// Bits per state count in a packed key (counts up to 7).
const BITS: u32 = 3;

/// The state index of a seat.
#[inline]
pub fn state(open: bool, cards: u8) -> usize {
    let base = if open { 0 } else { 4 };
    base + usize::from(cards.clamp(2, 5) - 2)
}

/// A sorted multiset of seat states (see the module doc), packed 3 bits per
/// state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SeatKey(pub u32);

impl SeatKey {
    /// The key of seats given as (open, cards) pairs, in any order.
    pub fn of(seats: impl IntoIterator<Item = (bool, u8)>) -> SeatKey {
        let mut key = 0u32;
        for (open, cards) in seats {
            key += 1 << (BITS * state(open, cards) as u32);
        }
        SeatKey(key)
    }

    /// How many seats are in state `state`.
    pub fn seats_in(self, state: usize) -> u8 {
        ((self.0 >> (BITS * state as u32)) & 0b111) as u8
    }

    /// Open seats holding two cards.
    pub fn open_two(self) -> u8 {
        self.seats_in(0)
    }

    /// Open seats holding three or more cards (the ones a reveal settles).
    pub fn open_three_plus(self) -> u8 {
        (1..4).map(|s| self.seats_in(s)).sum()
    }

    /// The seats as text, e.g. `open 2,2,3 · settled 3`.
    pub fn describe(self) -> String {
        let list = |range: std::ops::Range<usize>| {
            range
                .flat_map(|s| {
                    std::iter::repeat_n((s % 4 + 2).to_string(), usize::from(self.seats_in(s)))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let (open, settled) = (list(0..4), list(4..8));
        match (open.is_empty(), settled.is_empty()) {
            (false, false) => format!("open {open} · settled {settled}"),
            (false, true) => format!("open {open}"),
            (true, false) => format!("settled {settled}"),
            (true, true) => "no seats".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_the_multiset_of_seat_states_in_any_seat_order() {
        let a = SeatKey::of([(true, 2), (false, 3), (true, 4), (true, 2)]);
        let b = SeatKey::of([(true, 4), (true, 2), (true, 2), (false, 3)]);
        assert_eq!(a, b);
        assert_eq!((a.open_two(), a.open_three_plus()), (2, 1));
        assert_eq!(a.describe(), "open 2,2,4 · settled 3");
        let seven = SeatKey::of([(false, 5); 7]);
        assert_eq!(seven.seats_in(state(false, 5)), 7);
        assert_eq!(seven.open_two() + seven.open_three_plus(), 0);
    }
}
