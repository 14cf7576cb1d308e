//! Cards and boards: `As`, `Td`, `Ks8h5d3c2h` (spaces and slashes between
//! cards allowed, as in `Th9h2c/Js/3d`).
//!
//! A card is a number 0..52: `4 × rank + suit`, rank 0 = deuce … 12 = ace,
//! suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.

use std::fmt;

use super::error::ParseError;

/// Rank characters, deuce first.
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit characters in card order.
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// One card of the 52.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The card with `rank` (0 = deuce … 12 = ace) and `suit` (0..4, `cdhs`).
    pub fn new(rank: u8, suit: u8) -> Card {
        debug_assert!(rank < 13 && suit < 4);
        Card(rank * 4 + suit)
    }

    /// The card numbered `index` (0..52).
    pub fn from_index(index: u8) -> Card {
        debug_assert!(index < 52);
        Card(index)
    }

    /// This card's number, 0..52.
    pub fn index(self) -> u8 {
        self.0
    }

    /// 0 = deuce … 12 = ace.
    pub fn rank(self) -> u8 {
        self.0 / 4
    }

    /// 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
    pub fn suit(self) -> u8 {
        self.0 % 4
    }

    /// This card as a bit of a 52-bit card set.
    pub fn bit(self) -> u64 {
        1 << self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize]
        )
    }
}

/// The rank (0 = deuce … 12 = ace) written as `c` (`A`, `K`, … `2`; lower case allowed).
pub fn rank_of_char(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    RANK_CHARS
        .iter()
        .position(|&r| r == upper)
        .map(|rank| rank as u8)
}

/// The suit written as `c` (`c`, `d`, `h`, `s`; upper case allowed).
pub fn suit_of_char(c: char) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    SUIT_CHARS
        .iter()
        .position(|&s| s == lower)
        .map(|suit| suit as u8)
}

/// Reads the card written at byte `at` of `input` (two characters).
pub fn card_at(input: &str, at: usize) -> Result<Card, ParseError> {
    let mut chars = input[at..].chars();
    let rank_char = chars.next();
    let rank = rank_char.and_then(rank_of_char).ok_or_else(|| {
        ParseError::new(
            input,
            at,
            rank_char.map_or(1, char::len_utf8),
            format!(
                "expected a card rank (A K Q J T 9 … 2), found {}",
                describe(rank_char)
            ),
        )
    })?;
    let suit_at = at + 1;
    let suit_char = chars.next();
    let suit = suit_char.and_then(suit_of_char).ok_or_else(|| {
        ParseError::new(
            input,
            suit_at,
            suit_char.map_or(1, char::len_utf8),
            format!(
                "expected a suit (c d h s) after `{}`, found {}",
                RANK_CHARS[rank as usize],
                describe(suit_char)
            ),
        )
    })?;
    Ok(Card::new(rank, suit))
}

/// `` `x` `` for a character, "the end" for none.
pub fn describe(c: Option<char>) -> String {
    c.map_or("the end".to_string(), |c| format!("`{c}`"))
}

impl std::str::FromStr for Card {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Card, ParseError> {
        let card = card_at(text, 0)?;
        if text.len() > 2 {
            return Err(ParseError::new(
                text,
                2,
                text.len() - 2,
                "a card is two characters, e.g. `As` or `Td`",
            ));
        }
        Ok(card)
    }
}

/// A board of 0 to 5 distinct cards.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Board(Vec<Card>);

impl Board {
    /// The cards in the order written.
    pub fn cards(&self) -> &[Card] {
        &self.0
    }

    /// The board's cards as a 52-bit set.
    pub fn mask(&self) -> u64 {
        self.0.iter().fold(0, |mask, card| mask | card.bit())
    }

    /// Whether this is a river board (five cards).
    pub fn is_river(&self) -> bool {
        self.0.len() == 5
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for card in &self.0 {
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Board {
    type Err = ParseError;

    /// Reads 0 (empty or `-`), 3, 4 or 5 distinct cards; spaces and `/`
    /// may separate them.
    fn from_str(text: &str) -> Result<Board, ParseError> {
        let mut cards: Vec<Card> = Vec::new();
        if text.trim() == "-" {
            return Ok(Board(cards));
        }
        let mut at = 0;
        while at < text.len() {
            let c = text[at..].chars().next().unwrap_or(' ');
            if c == ' ' || c == '/' {
                at += 1;
                continue;
            }
            let card = card_at(text, at)?;
            if cards.contains(&card) {
                return Err(ParseError::new(
                    text,
                    at,
                    2,
                    format!("{card} appears twice on the board"),
                ));
            }
            if cards.len() == 5 {
                return Err(ParseError::new(text, at, 2, "a board has at most 5 cards"));
            }
            cards.push(card);
            at += 2;
        }
        if matches!(cards.len(), 1 | 2) {
            return Err(ParseError::new(
                text,
                text.len(),
                1,
                format!(
                    "a board has 3 (flop), 4 (turn) or 5 (river) cards, found {}",
                    cards.len()
                ),
            ));
        }
        Ok(Board(cards))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_parse_and_print() {
        let ace: Card = "As".parse().unwrap();
        assert_eq!((ace.rank(), ace.suit(), ace.index()), (12, 3, 51));
        let ten: Card = "td".parse().unwrap();
        assert_eq!(ten.to_string(), "Td");
        assert_eq!("2c".parse::<Card>().unwrap().index(), 0);
        let error = "Ax".parse::<Card>().unwrap_err();
        assert_eq!(error.at, 1);
        assert!(error.message.contains("suit"), "{error}");
        assert!("1s".parse::<Card>().unwrap_err().message.contains("rank"));
        assert!("A".parse::<Card>().unwrap_err().message.contains("the end"));
        assert!("AsK".parse::<Card>().is_err());
    }

    #[test]
    fn boards_allow_spaces_and_slashes() {
        let plain: Board = "Ks8h5d3c2h".parse().unwrap();
        let spaced: Board = "Ks 8h 5d/3c/2h".parse().unwrap();
        assert_eq!(plain, spaced);
        assert!(plain.is_river());
        assert_eq!(plain.to_string(), "Ks8h5d3c2h");
        assert_eq!(plain.mask().count_ones(), 5);
        assert!("-".parse::<Board>().unwrap().cards().is_empty());
        assert!("".parse::<Board>().unwrap().cards().is_empty());
        let twice = "KsKs5d".parse::<Board>().unwrap_err();
        assert_eq!((twice.at, twice.message.contains("twice")), (2, true));
        assert!("KsQs".parse::<Board>().is_err());
        assert!("2c3c4c5c6c7c".parse::<Board>().is_err());
    }
}
