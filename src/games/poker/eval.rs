//! Seven-card hand strength.
//!
//! [`Strength`] orders hands: a higher value is a better hand, equal
//! values split the pot. Its top bits hold the [`Category`].

use rs_poker::core::{CoreRank, Rank, SevenCardAccum, Suit, Value};

use super::card::Card;

/// The nine hand categories, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    /// No pair.
    HighCard,
    /// One pair.
    Pair,
    /// Two pairs.
    TwoPair,
    /// Three of a kind.
    Trips,
    /// Five ranks in a row.
    Straight,
    /// Five cards of one suit.
    Flush,
    /// Three of a kind and a pair.
    FullHouse,
    /// Four of a kind.
    Quads,
    /// A straight in one suit.
    StraightFlush,
}

impl Category {
    /// All categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::Trips,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::Quads,
        Category::StraightFlush,
    ];
}

/// A comparable hand strength: higher is better, equal ties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Strength(Rank);

impl Strength {
    /// The hand's category.
    pub fn category(self) -> Category {
        match self.0.category() {
            CoreRank::HighCard => Category::HighCard,
            CoreRank::OnePair => Category::Pair,
            CoreRank::TwoPair => Category::TwoPair,
            CoreRank::ThreeOfAKind => Category::Trips,
            CoreRank::Straight => Category::Straight,
            CoreRank::Flush => Category::Flush,
            CoreRank::FullHouse => Category::FullHouse,
            CoreRank::FourOfAKind => Category::Quads,
            CoreRank::StraightFlush => Category::StraightFlush,
        }
    }

    /// A number that orders hands like the strength: the category (1 to 9)
    /// in bits 12 to 15, the order within it below.
    pub fn value(self) -> u16 {
        ((self.category() as u16 + 1) << 12) | self.0.value_bits()
    }
}

/// The evaluator's card for each of our 52 card numbers.
static EVAL_CARDS: [rs_poker::core::Card; 52] = {
    const VALUES: [Value; 13] = [
        Value::Two,
        Value::Three,
        Value::Four,
        Value::Five,
        Value::Six,
        Value::Seven,
        Value::Eight,
        Value::Nine,
        Value::Ten,
        Value::Jack,
        Value::Queen,
        Value::King,
        Value::Ace,
    ];
    const SUITS: [Suit; 4] = [Suit::Club, Suit::Diamond, Suit::Heart, Suit::Spade];
    let mut table = [rs_poker::core::Card {
        value: Value::Two,
        suit: Suit::Club,
    }; 52];
    let mut index = 0;
    while index < 52 {
        table[index] = rs_poker::core::Card {
            value: VALUES[index / 4],
            suit: SUITS[index % 4],
        };
        index += 1;
    }
    table
};

/// Cards added one at a time, so hands that share cards share the work.
#[derive(Clone, Copy, Default)]
pub struct Hand(SevenCardAccum);

impl Hand {
    /// The hand with `card` added.
    #[inline]
    pub fn with(mut self, card: Card) -> Hand {
        self.0.add(EVAL_CARDS[card.index() as usize]);
        self
    }

    /// The strength of the best five of the (five to seven) cards added.
    #[inline]
    pub fn strength(&self) -> Strength {
        Strength(self.0.rank())
    }
}

/// The strength of the best five of `cards` (five to seven cards).
pub fn strength(cards: &[Card]) -> Strength {
    cards
        .iter()
        .fold(Hand::default(), |hand, &card| hand.with(card))
        .strength()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(text: &str) -> Strength {
        let cards: Vec<Card> = (0..text.len() / 2)
            .map(|i| text[2 * i..2 * i + 2].parse().unwrap())
            .collect();
        strength(&cards)
    }

    #[test]
    fn categories_and_order() {
        for (hand, category) in [
            ("AsKsQsJsTs2c3d", Category::StraightFlush),
            ("5c4c3c2cAc9d9h", Category::StraightFlush),
            ("9c9d9h9s2c3d4h", Category::Quads),
            ("9c9d9h2s2c3d4h", Category::FullHouse),
            ("Ac9c7c4c2c3d3h", Category::Flush),
            ("As2d3c4h5s9d9h", Category::Straight),
            ("9c9d9hAs2c7d4h", Category::Trips),
            ("9c9dAhAs2c7d4h", Category::TwoPair),
            ("9c9dAhKs2c7d4h", Category::Pair),
            ("9c8dAhKs2c7d4h", Category::HighCard),
        ] {
            assert_eq!(of(hand).category(), category, "{hand}");
        }
        assert!(of("AsKsQsJsTs") > of("KsQsJsTs9s"));
        assert!(of("5c4d3h2sAc") < of("6c5d4h3s2c"));
        assert!(of("AcAdKhQs9c") > of("AcAdKhQs8c"));
        assert_eq!(of("AcAdKhQs9c2d3h"), of("AhAsKdQc9d2c4h"));
        assert!(of("2c2d2h3s3c") > of("AcKcQcJc9c"));
    }
}
