//! Exact counts of every outcome for any shoe composition.
//!
//! The convention is the seed's: a coup is six ordered cards (player,
//! banker, player, banker, then two draw positions), and a coup that uses
//! only four or five of them counts every way of filling the unused draw
//! positions from the rest of the shoe. A coup whose cards are `c1 … ck`
//! therefore counts `n(c1) · n'(c2) ⋯ · (N−k)(N−k−1)⋯(N−5)` deals, with each
//! card's count taken after the cards before it are out. The counts of all
//! outcomes add up to `N (N−1) ⋯ (N−5)` for a shoe of `N` cards. Every count
//! is an exact `u128`; floats appear only in the probabilities made from
//! them.

use serde::Serialize;

use super::tableau::{BANKER_DRAWS, CLASSES, OUTCOMES, Outcome, PLAYER_STOOD, SUM};

/// The fewest cards a shoe may hold for the exact analysis: one coup may
/// use six.
pub const MIN_SHOE_CARDS: u32 = 6;

/// A shoe composition: how many cards of each point value 0 to 9 it holds
/// (value 0 is the tens and faces, value 1 the aces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Shoe(pub [u32; 10]);

impl Shoe {
    /// A full shoe of `decks` decks: 16 zero-value cards and 4 of each
    /// other value per deck.
    ///
    /// ```
    /// use banluck_lab::games::baccarat::exact::Shoe;
    /// assert_eq!(Shoe::decks(8).cards(), 416);
    /// assert_eq!(Shoe::decks(1).0[0], 16);
    /// ```
    pub fn decks(decks: u32) -> Shoe {
        let mut counts = [4 * decks; 10];
        counts[0] = 16 * decks;
        Shoe(counts)
    }

    /// The number of cards in the shoe.
    pub fn cards(&self) -> u32 {
        self.0.iter().sum()
    }

    /// The shoe with one card of `value` taken out, or `None` when it holds
    /// none.
    pub fn without(&self, value: usize) -> Option<Shoe> {
        let mut counts = self.0;
        counts[value] = counts[value].checked_sub(1)?;
        Some(Shoe(counts))
    }
}

impl std::str::FromStr for Shoe {
    type Err = String;

    /// Parses ten comma-separated counts `c0,c1,…,c9` (cards worth 0 to 9);
    /// an error names the position of the first bad item.
    ///
    /// ```
    /// use banluck_lab::games::baccarat::exact::Shoe;
    /// let shoe: Shoe = "128,32,32,32,32,32,32,32,32,32".parse().unwrap();
    /// assert_eq!(shoe, Shoe::decks(8));
    /// let error = "1,2,x,4,5,6,7,8,9,10".parse::<Shoe>().unwrap_err();
    /// assert!(error.contains("item 3"));
    /// ```
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let items: Vec<&str> = text.split(',').map(str::trim).collect();
        let mut counts = [0u32; 10];
        for (i, item) in items.iter().enumerate() {
            let count = item
                .parse::<u32>()
                .ok()
                .filter(|&c| c <= MAX_COUNT)
                .ok_or_else(|| {
                    format!(
                        "item {} (\"{item}\", at character {}) is not a whole number of cards from 0 to {MAX_COUNT}",
                        i + 1,
                        position_of(text, i)
                    )
                })?;
            if let Some(slot) = counts.get_mut(i) {
                *slot = count;
            }
        }
        if items.len() != 10 {
            return Err(format!(
                "{} numbers given; expected 10, the counts of cards worth 0 (tens and faces) to 9, e.g. 128,32,32,32,32,32,32,32,32,32",
                items.len()
            ));
        }
        let shoe = Shoe(counts);
        if shoe.cards() < MIN_SHOE_CARDS {
            return Err(format!(
                "{} cards; a shoe needs at least {MIN_SHOE_CARDS} cards",
                shoe.cards()
            ));
        }
        Ok(shoe)
    }
}

/// The counts as [`Shoe`]'s parser reads them: `c0,c1,…,c9`.
impl std::fmt::Display for Shoe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let counts: Vec<String> = self.0.iter().map(u32::to_string).collect();
        write!(f, "{}", counts.join(","))
    }
}

/// The most cards of one value a parsed shoe may hold (ten times a
/// full 8-deck shoe's zero-value cards), so that counts stay far from
/// overflow.
pub const MAX_COUNT: u32 = 1280;

/// The 1-based character position where item `index` of `text` starts.
fn position_of(text: &str, index: usize) -> usize {
    text.split(',')
        .take(index)
        .map(|s| s.chars().count() + 1)
        .sum::<usize>()
        + 1
}

/// The exact number of ordered six-card deals of each outcome (in JSON, a
/// number up to 2^53 and a string of digits above: [`crate::json_int`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Outcomes {
    /// Banker wins that are not a Dragon 7.
    #[serde(serialize_with = "crate::json_int::count")]
    pub banker_win: u128,
    /// Banker wins with three cards totalling 7.
    #[serde(serialize_with = "crate::json_int::count")]
    pub dragon7: u128,
    /// Player wins, Panda 8 included.
    #[serde(serialize_with = "crate::json_int::count")]
    pub player_win: u128,
    /// Player wins with three cards totalling 8 (a subset of `player_win`).
    #[serde(serialize_with = "crate::json_int::count")]
    pub panda8: u128,
    /// Ties.
    #[serde(serialize_with = "crate::json_int::count")]
    pub tie: u128,
    /// Every deal: `banker_win + dragon7 + player_win + tie`.
    #[serde(serialize_with = "crate::json_int::count")]
    pub total: u128,
}

/// Why a shoe cannot be analysed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShoeError {
    /// Fewer than [`MIN_SHOE_CARDS`] cards.
    #[error("the shoe holds {0} cards; a coup may need 6")]
    TooFewCards(u32),
    /// More than [`MAX_COUNT`] cards of one value.
    #[error("the shoe holds {0} cards of one value; at most {MAX_COUNT} are allowed")]
    TooManyOfOneValue(u32),
}

/// The exact outcome counts of one coup dealt from `shoe`.
///
/// ```
/// use banluck_lab::games::baccarat::exact::{count_outcomes, Shoe};
/// let one = count_outcomes(&Shoe::decks(1)).unwrap();
/// assert_eq!(one.total, 52 * 51 * 50 * 49 * 48 * 47);
/// assert!(one.panda8 <= one.player_win);
/// ```
pub fn count_outcomes(shoe: &Shoe) -> Result<Outcomes, ShoeError> {
    let cards = shoe.cards();
    if cards < MIN_SHOE_CARDS {
        return Err(ShoeError::TooFewCards(cards));
    }
    if let Some(&count) = shoe.0.iter().find(|&&c| c > MAX_COUNT) {
        return Err(ShoeError::TooManyOfOneValue(count));
    }
    let by_cards = count_by_cards(shoe);
    let n = u128::from(cards);
    // Ways to fill the unused draw positions after 4 and 5 cards.
    let fill4 = (n - 4) * (n - 5);
    let fill5 = n - 5;
    let class = |i: usize| by_cards[0][i] * fill4 + by_cards[1][i] * fill5 + by_cards[2][i];
    let banker_win = class(Outcome::BankerWin as usize);
    let dragon7 = class(Outcome::Dragon7 as usize);
    let panda8 = class(Outcome::Panda8 as usize);
    let player_win = class(Outcome::PlayerWin as usize) + panda8;
    let tie = class(Outcome::Tie as usize);
    Ok(Outcomes {
        banker_win,
        dragon7,
        player_win,
        panda8,
        tie,
        total: banker_win + dragon7 + player_win + tie,
    })
}

/// The ordered ways to deal each outcome class with exactly 4, 5 and 6
/// cards (rows), without filling the unused positions.
///
/// The ways to deal an ordered sequence of cards depend only on how many of
/// each value it holds, so each side's two cards are taken as an unordered
/// pair, counted twice when the two values differ.
fn count_by_cards(shoe: &Shoe) -> [[u128; OUTCOMES]; 3] {
    let mut acc = [[0u128; OUTCOMES]; 3];
    let mut left: [u64; 10] = shoe.0.map(u64::from);
    for p1 in 0..10 {
        let w1 = take(&mut left, p1);
        for p2 in p1..10 {
            let w2 = take(&mut left, p2);
            let player_ways = w1 * w2 * if p1 == p2 { 1 } else { 2 };
            if player_ways != 0 {
                let player = ((p1 + p2) % 10) as u8;
                for b1 in 0..10 {
                    let w3 = take(&mut left, b1);
                    for b2 in b1..10 {
                        let w4 = take(&mut left, b2);
                        let banker_ways = w3 * w4 * if b1 == b2 { 1 } else { 2 };
                        if banker_ways != 0 {
                            let banker = ((b1 + b2) % 10) as u8;
                            draws(&mut acc, &left, player, banker, player_ways * banker_ways);
                        }
                        put_back(&mut left, b2, w4);
                    }
                    put_back(&mut left, b1, w3);
                }
            }
            put_back(&mut left, p2, w2);
        }
        put_back(&mut left, p1, w1);
    }
    acc
}

/// Takes one card of `value` out of `left` and returns how many there were
/// (the ways to draw it); nothing is taken when there were none.
#[inline]
fn take(left: &mut [u64; 10], value: usize) -> u64 {
    let ways = left[value];
    left[value] = ways.saturating_sub(1);
    ways
}

/// Undoes [`take`].
#[inline]
fn put_back(left: &mut [u64; 10], value: usize, ways: u64) {
    if ways != 0 {
        left[value] += 1;
    }
}

/// Adds `weight` times each class's ways to `acc`.
#[inline]
fn add(acc: &mut [u128; OUTCOMES], weight: u64, ways: &[u64; OUTCOMES]) {
    for (sum, &w) in acc.iter_mut().zip(ways) {
        *sum += u128::from(weight) * u128::from(w);
    }
}

/// Adds the third-card play of one four-card start of `weight` ways, the
/// start's cards already out of `left`.
#[inline]
fn draws(acc: &mut [[u128; OUTCOMES]; 3], left: &[u64; 10], player: u8, banker: u8, weight: u64) {
    let (p, b) = (usize::from(player), usize::from(banker));
    if player >= 8 || banker >= 8 {
        acc[0][usize::from(CLASSES[0][p][b])] += u128::from(weight);
        return;
    }
    let row = BANKER_DRAWS[b];
    if player >= 6 {
        if row >> PLAYER_STOOD & 1 == 0 {
            acc[0][usize::from(CLASSES[0][p][b])] += u128::from(weight);
            return;
        }
        let classes = &CLASSES[2][p];
        let mut five = [0u64; OUTCOMES];
        for (b3, &ways) in left.iter().enumerate() {
            five[usize::from(classes[usize::from(SUM[b][b3])])] += ways;
        }
        add(&mut acc[1], weight, &five);
        return;
    }
    let mut five = [0u64; OUTCOMES];
    let mut six = [0u64; OUTCOMES];
    for (p3, &w5) in left.iter().enumerate() {
        let total = usize::from(SUM[p][p3]);
        if row >> p3 & 1 == 0 {
            five[usize::from(CLASSES[1][total][b])] += w5;
        } else if w5 != 0 {
            let classes = &CLASSES[3][total];
            for (b3, &ways) in left.iter().enumerate() {
                let ways = ways - u64::from(b3 == p3);
                six[usize::from(classes[usize::from(SUM[b][b3])])] += w5 * ways;
            }
        }
    }
    add(&mut acc[1], weight, &five);
    add(&mut acc[2], weight, &six);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_few_cards_is_an_error() {
        let mut shoe = Shoe([0; 10]);
        shoe.0[3] = 5;
        assert_eq!(count_outcomes(&shoe), Err(ShoeError::TooFewCards(5)));
    }

    #[test]
    fn a_shoe_of_one_value_always_ties_or_draws_the_same() {
        // Six zero-value cards: both sides draw to 0 and tie every time.
        let mut shoe = Shoe([0; 10]);
        shoe.0[0] = 6;
        let counts = count_outcomes(&shoe).unwrap();
        assert_eq!(counts.tie, 720);
        assert_eq!(counts.total, 720);
    }

    #[test]
    fn removing_a_card_needs_one_there() {
        let shoe = Shoe::decks(3);
        assert_eq!(shoe.without(4).unwrap().0[4], 11);
        let mut empty = shoe;
        empty.0[4] = 0;
        assert_eq!(empty.without(4), None);
    }
}
