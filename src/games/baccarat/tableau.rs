//! The tableau: who draws a third card. It is the game's definition and
//! stays in code, as lookups with no branches beyond the table reads.
//!
//! Cards are worth their point value 0 to 9 (tens and faces 0, ace 1); a
//! hand's total is the sum of its cards modulo 10.
//!
//! 1. A natural (a two-card 8 or 9 on either side) stops all drawing.
//! 2. The player draws on 0–5 and stands on 6–7.
//! 3. When the player stood, the banker draws on 0–5 and stands on 6–7.
//! 4. When the player drew, the banker's decision depends on the player's
//!    third card: 0–2 draw; 3 draws unless it is 8; 4 draws on 2–7; 5 on
//!    4–7; 6 on 6–7; 7 stands.

/// The index of "the player stood" in a row of [`BANKER_DRAWS`], after
/// the ten third-card values.
pub const PLAYER_STOOD: usize = 10;

/// `BANKER_DRAWS[banker_total]` has bit `v` set when the banker draws
/// against a player third card worth `v`, and bit [`PLAYER_STOOD`] set when
/// the banker draws after the player stood. Rows 8 and 9 (naturals) are
/// never read after the natural check and are zero.
pub const BANKER_DRAWS: [u16; 10] = [
    0b111_1111_1111, // 0: always draws
    0b111_1111_1111, // 1: always draws
    0b111_1111_1111, // 2: always draws
    0b110_1111_1111, // 3: draws unless the third card is 8
    0b100_1111_1100, // 4: draws on 2-7
    0b100_1111_0000, // 5: draws on 4-7
    0b000_1100_0000, // 6: draws on 6-7 only, stands when the player stood
    0,               // 7: stands
    0,
    0,
];

/// Whether a two-card total is a natural (8 or 9).
#[inline]
pub fn is_natural(total: u8) -> bool {
    total >= 8
}

/// Whether the player draws on a two-card total (no natural on the table).
#[inline]
pub fn player_draws(total: u8) -> bool {
    total <= 5
}

/// Whether the banker draws on `banker_total` (no natural on the table),
/// given the player's third card value, or `None` when the player stood.
///
/// ```
/// use banluck_lab::games::baccarat::tableau::banker_draws;
/// assert!(banker_draws(3, Some(9)));
/// assert!(!banker_draws(3, Some(8)));
/// assert!(banker_draws(5, None));
/// assert!(!banker_draws(6, None));
/// ```
#[inline]
pub fn banker_draws(banker_total: u8, player_third: Option<u8>) -> bool {
    let column = player_third.map_or(PLAYER_STOOD, usize::from);
    BANKER_DRAWS[usize::from(banker_total)] >> column & 1 == 1
}

/// A finished coup: both hands' final totals and card counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coup {
    /// The player's final total.
    pub player_total: u8,
    /// The banker's final total.
    pub banker_total: u8,
    /// Whether the player drew a third card.
    pub player_three: bool,
    /// Whether the banker drew a third card.
    pub banker_three: bool,
}

/// The outcome classes of a coup, as the exact counts and the simulator
/// tally them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The banker wins, not with a three-card 7.
    BankerWin = 0,
    /// The banker wins with three cards totalling 7.
    Dragon7 = 1,
    /// The player wins, not with a three-card 8.
    PlayerWin = 2,
    /// The player wins with three cards totalling 8.
    Panda8 = 3,
    /// Equal totals.
    Tie = 4,
}

/// The number of outcome classes.
pub const OUTCOMES: usize = 5;

impl Outcome {
    /// Every outcome class, in the order of their numbers.
    pub const ALL: [Outcome; OUTCOMES] = [
        Outcome::BankerWin,
        Outcome::Dragon7,
        Outcome::PlayerWin,
        Outcome::Panda8,
        Outcome::Tie,
    ];
}

/// The outcome class of final totals, given which sides drew.
#[inline]
pub const fn classify(player: u8, banker: u8, player_three: bool, banker_three: bool) -> Outcome {
    if banker > player {
        if banker_three && banker == 7 {
            Outcome::Dragon7
        } else {
            Outcome::BankerWin
        }
    } else if player > banker {
        if player_three && player == 8 {
            Outcome::Panda8
        } else {
            Outcome::PlayerWin
        }
    } else {
        Outcome::Tie
    }
}

/// The outcome class of final totals `[drew][player][banker]`, where
/// `drew` is 1 when the player drew plus 2 when the banker drew.
pub const CLASSES: [[[u8; 10]; 10]; 4] = build_classes();

const fn build_classes() -> [[[u8; 10]; 10]; 4] {
    let mut table = [[[0u8; 10]; 10]; 4];
    let mut drew = 0;
    while drew < 4 {
        let mut player = 0;
        while player < 10 {
            let mut banker = 0;
            while banker < 10 {
                table[drew][player][banker] =
                    classify(player as u8, banker as u8, drew & 1 == 1, drew & 2 == 2) as u8;
                banker += 1;
            }
            player += 1;
        }
        drew += 1;
    }
    table
}

/// `(total + card) % 10` as `SUM[total][card]`.
pub const SUM: [[u8; 10]; 10] = {
    let mut table = [[0u8; 10]; 10];
    let mut total = 0;
    while total < 10 {
        let mut card = 0;
        while card < 10 {
            table[total][card] = ((total + card) % 10) as u8;
            card += 1;
        }
        total += 1;
    }
    table
};

/// Plays one coup from the next six cards of a shoe, branch-light: table
/// reads and selects only. Returns the outcome class (as
/// [`Outcome`]` as u8`) and the number of cards the coup used (4 to 6); the
/// cards after those stay in the shoe.
///
/// ```
/// use banluck_lab::games::baccarat::tableau::{coup_from_six, Outcome};
/// // Player 0+5 draws a 3 (total 8); banker 0+3 draws on a 3 and gets a 4 (7).
/// assert_eq!(coup_from_six([0, 0, 5, 3, 3, 4]), (Outcome::Panda8 as u8, 6));
/// ```
#[inline]
pub fn coup_from_six(cards: [u8; 6]) -> (u8, u8) {
    let [c0, c1, c2, c3, c4, c5] = cards.map(usize::from);
    let player = usize::from(SUM[c0][c2]);
    let banker = usize::from(SUM[c1][c3]);
    let natural = (player >= 8) | (banker >= 8);
    let player_draws = !natural & (player <= 5);
    let column = if player_draws { c4 } else { PLAYER_STOOD };
    let banker_draws = !natural & (BANKER_DRAWS[banker] >> column & 1 == 1);
    let player_final = if player_draws {
        usize::from(SUM[player][c4])
    } else {
        player
    };
    let banker_card = if player_draws { c5 } else { c4 };
    let banker_final = if banker_draws {
        usize::from(SUM[banker][banker_card])
    } else {
        banker
    };
    let drew = usize::from(player_draws) | usize::from(banker_draws) << 1;
    (
        CLASSES[drew][player_final][banker_final],
        4 + u8::from(player_draws) + u8::from(banker_draws),
    )
}

impl Coup {
    /// The outcome class of this coup.
    pub fn outcome(&self) -> Outcome {
        classify(
            self.player_total,
            self.banker_total,
            self.player_three,
            self.banker_three,
        )
    }
}

/// Plays one coup from card values drawn in order by `next` (player,
/// banker, player, banker, then third cards as the tableau asks).
///
/// ```
/// use banluck_lab::games::baccarat::tableau::play;
/// // Player 4+4 = natural 8 against banker 0+2: nobody draws.
/// let mut cards = [4, 0, 4, 2, 9, 9].into_iter();
/// let coup = play(|| cards.next().unwrap());
/// assert_eq!((coup.player_total, coup.banker_total), (8, 2));
/// assert!(!coup.player_three && !coup.banker_three);
/// ```
pub fn play(mut next: impl FnMut() -> u8) -> Coup {
    let p1 = next();
    let b1 = next();
    let p2 = next();
    let b2 = next();
    let mut player = (p1 + p2) % 10;
    let mut banker = (b1 + b2) % 10;
    let mut coup = Coup {
        player_total: player,
        banker_total: banker,
        player_three: false,
        banker_three: false,
    };
    if is_natural(player) || is_natural(banker) {
        return coup;
    }
    let mut third = None;
    if player_draws(player) {
        let card = next();
        player = (player + card) % 10;
        third = Some(card);
        coup.player_three = true;
    }
    if banker_draws(banker, third) {
        banker = (banker + next()) % 10;
        coup.banker_three = true;
    }
    coup.player_total = player;
    coup.banker_total = banker;
    coup
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_natural_stops_all_drawing_even_where_the_tableau_says_draw() {
        // Banker natural 9 against a player 0: the player would draw on 0.
        let mut cards = [0, 4, 0, 5, 1, 1].into_iter();
        let coup = play(|| cards.next().unwrap());
        assert_eq!(
            coup,
            Coup {
                player_total: 0,
                banker_total: 9,
                player_three: false,
                banker_three: false
            }
        );
        // Player natural 8 against a banker 0 (which always draws otherwise).
        let mut cards = [3, 0, 5, 0, 1, 1].into_iter();
        let coup = play(|| cards.next().unwrap());
        assert_eq!((coup.player_total, coup.banker_total), (8, 0));
        assert!(!coup.player_three && !coup.banker_three);
    }

    #[test]
    fn the_branch_light_coup_agrees_with_play_on_every_six_cards() {
        for code in 0..1_000_000u32 {
            let mut cards = [0u8; 6];
            let mut rest = code;
            for card in &mut cards {
                *card = (rest % 10) as u8;
                rest /= 10;
            }
            let mut used = 0;
            let coup = play(|| {
                used += 1;
                cards[used - 1]
            });
            assert_eq!(
                coup_from_six(cards),
                (coup.outcome() as u8, used as u8),
                "{cards:?}"
            );
        }
    }

    #[test]
    fn outcomes_by_totals_and_cards() {
        assert_eq!(classify(6, 7, true, true), Outcome::Dragon7);
        assert_eq!(classify(6, 7, true, false), Outcome::BankerWin);
        assert_eq!(classify(8, 7, true, true), Outcome::Panda8);
        assert_eq!(classify(8, 7, false, true), Outcome::PlayerWin);
        assert_eq!(classify(7, 7, true, true), Outcome::Tie);
    }
}
