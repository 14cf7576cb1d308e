//! The table game's cards and shoe. The family's simulator shoe
//! ([`crate::games::baccarat::sim::PhysicalShoe`]) keeps card values only;
//! a player at the table sees ranks and suits, so this shoe keeps whole
//! cards and takes its burn and cut card from the same [`ShoeRules`].

use std::fmt;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::games::baccarat::rules::ShoeRules;

/// Rank labels, ace to king.
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];
/// Suit symbols: spades, hearts, diamonds, clubs.
const SUITS: [char; 4] = ['♠', '♥', '♦', '♣'];

/// One card: rank 0 (ace) to 12 (king) times four plus the suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card(u8);

impl Card {
    /// Every card of one deck, in rank then suit order.
    pub fn deck() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// The card's baccarat value: ace 1, two to nine their pips, tens and
    /// faces 0.
    pub fn value(self) -> u8 {
        let rank = self.0 / 4;
        if rank < 9 { rank + 1 } else { 0 }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rank = RANKS[usize::from(self.0 / 4)];
        let suit = SUITS[usize::from(self.0 % 4)];
        write!(f, "{rank}{suit}")
    }
}

/// Cards shown with single spaces, e.g. `K♠ 5♥ 3♦`.
pub fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A shuffled shoe with its burn done, dealt card by card to the cut card.
#[derive(Debug, Clone)]
pub struct TableShoe {
    cards: Vec<Card>,
    next: usize,
    stop_at: usize,
    /// The cards burnt at the start, the first (turned) card first.
    pub burnt: Vec<Card>,
}

impl TableShoe {
    /// A new shoe of `rules.decks` decks, shuffled by `rng` (Fisher–Yates)
    /// and burnt as the rules say.
    pub fn shuffled<R: Rng + ?Sized>(rules: &ShoeRules, rng: &mut R) -> TableShoe {
        let mut cards: Vec<Card> = (0..rules.decks).flat_map(|_| Card::deck()).collect();
        cards.shuffle(rng);
        let burn = rules.burn_count(cards[0].value());
        TableShoe {
            burnt: cards[..burn].to_vec(),
            next: burn,
            stop_at: rules.stop_at(),
            cards,
        }
    }

    /// Cards not yet dealt or burnt.
    pub fn left(&self) -> usize {
        self.cards.len() - self.next
    }

    /// Whether the cut card has come out: no new coup from this shoe.
    pub fn finished(&self) -> bool {
        self.left() <= self.stop_at
    }

    /// The next card. Call only while a coup is under way on a shoe that
    /// was not [`finished`](TableShoe::finished) when it started (a coup
    /// takes at most six cards and the stop leaves at least six).
    pub fn deal(&mut self) -> Card {
        let card = self.cards[self.next];
        self.next += 1;
        card
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::baccarat::rules::{BaccaratRules, BurnRule};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn values_and_labels() {
        let deck: Vec<Card> = Card::deck().collect();
        let values: Vec<u8> = deck.iter().step_by(4).map(|c| c.value()).collect();
        assert_eq!(values, [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
        assert_eq!(cards_text(&deck[..2]), "A♠ A♥");
        assert_eq!(deck[51].to_string(), "K♣");
        assert_eq!(deck[36].to_string(), "10♠");
    }

    #[test]
    fn a_shoe_burns_by_the_first_card_and_stops_at_the_cut_card() {
        let rules = BaccaratRules::default().shoe;
        let mut shoe = TableShoe::shuffled(&rules, &mut StdRng::seed_from_u64(3));
        assert_eq!(shoe.burnt.len(), rules.burn_count(shoe.burnt[0].value()));
        assert_eq!(shoe.left() + shoe.burnt.len(), 416);
        while !shoe.finished() {
            shoe.deal();
        }
        assert_eq!(shoe.left(), 14);
        let mut fixed = rules.clone();
        fixed.burn = BurnRule::None;
        let shoe = TableShoe::shuffled(&fixed, &mut StdRng::seed_from_u64(3));
        assert!(shoe.burnt.is_empty());
    }
}
