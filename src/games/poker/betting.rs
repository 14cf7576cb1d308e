//! The betting rules of one street, heads-up: who may do what, for how
//! much, and when the street ends. Player 0 is OOP (acts first), 1 is IP.
//!
//! OOP checks or bets. After a check, IP checks (showdown) or bets. Facing
//! a bet: fold, call, or raise. A bet is at least one chip; a raise adds at
//! least the last increment, unless it puts the raiser all-in. Nobody
//! commits more than the smaller stack (the effective stack).

use super::action::Action;
use super::chips::Chip;

/// How a street ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// This player (0 OOP, 1 IP) folded.
    Fold(usize),
    /// Both checked, or a bet was called.
    Showdown,
}

/// Why an action is not allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Illegal {
    /// The street has ended.
    Over,
    /// A bet outside 1 chip ..= the effective stack.
    BetSize {
        /// The effective stack.
        effective: u64,
    },
    /// A raise when the bet faced is all-in.
    FacingAllIn,
    /// A raise-to total outside the minimum raise ..= the effective stack.
    RaiseSize {
        /// The smallest raise-to total.
        minimum: u64,
        /// The effective stack.
        effective: u64,
    },
    /// A check or bet while facing a bet.
    FacingBet,
    /// A call, fold or raise with no bet to face.
    NoBet,
}

impl Illegal {
    /// The reason in words, amounts written in `chip`s.
    pub fn describe(self, chip: Chip) -> String {
        match self {
            Illegal::Over => "the betting on this street is over".to_string(),
            Illegal::BetSize { effective } => format!(
                "a bet must be from {} to the effective stack ({})",
                chip.format(1),
                chip.format(effective)
            ),
            Illegal::FacingAllIn => "the bet faced is all-in: only call or fold".to_string(),
            Illegal::RaiseSize { minimum, effective } => format!(
                "a raise must go to {} up to the effective stack {} (to, not by)",
                chip.format(minimum),
                chip.format(effective)
            ),
            Illegal::FacingBet => {
                "facing a bet: only fold (f), call (c) or raise (rNN)".to_string()
            }
            Illegal::NoBet => "no bet to face: only check (x) or bet (bNN)".to_string(),
        }
    }
}

/// The state of a street: the pot before it, stacks, what each player has
/// put in on it, and whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Street {
    /// The pot before this street.
    pub pot: u64,
    /// The chips each player had behind at the start of the street.
    pub stacks: [u64; 2],
    /// The chips each player has put in on this street.
    pub committed: [u64; 2],
    /// The player to act (0 OOP, 1 IP).
    pub to_act: usize,
    /// The size of the last bet or raise increment (0 before any bet).
    pub last_increment: u64,
    /// Set once the street is over.
    pub ending: Option<Ending>,
}

impl Street {
    /// A street that starts with `pot` and `stacks`; OOP acts first.
    pub fn new(pot: u64, stacks: [u64; 2]) -> Street {
        Street {
            pot,
            stacks,
            committed: [0, 0],
            to_act: 0,
            last_increment: 0,
            ending: None,
        }
    }

    /// The most either player can put in on this street.
    pub fn effective(&self) -> u64 {
        self.stacks[0].min(self.stacks[1])
    }

    /// The pot now, with what both have put in on this street.
    pub fn pot_now(&self) -> u64 {
        self.pot + self.committed[0] + self.committed[1]
    }

    /// The total the player to act faces (the opponent's commitment), if
    /// it is more than their own.
    pub fn facing(&self) -> Option<u64> {
        let other = self.committed[1 - self.to_act];
        (other > self.committed[self.to_act]).then_some(other)
    }

    /// Whether the player to act may raise: facing a bet that leaves them
    /// chips to raise with.
    pub fn can_raise(&self) -> bool {
        self.facing()
            .is_some_and(|facing| facing < self.effective())
    }

    /// The smallest raise-to total allowed now (capped at all-in).
    pub fn min_raise_to(&self) -> u64 {
        let facing = self.committed[1 - self.to_act];
        (facing + self.last_increment.max(1)).min(self.effective())
    }

    /// Applies `action` if the rules allow it; otherwise says why not.
    pub fn apply(&mut self, action: Action) -> Result<(), Illegal> {
        if self.ending.is_some() {
            return Err(Illegal::Over);
        }
        let me = self.to_act;
        let facing = self.facing();
        let effective = self.effective();
        match (action, facing) {
            (Action::Check, None) => {
                if me == 1 {
                    self.ending = Some(Ending::Showdown);
                }
            }
            (Action::Bet(amount), None) => {
                if amount == 0 || amount > effective {
                    return Err(Illegal::BetSize { effective });
                }
                self.committed[me] = amount;
                self.last_increment = amount;
            }
            (Action::Call, Some(total)) => {
                self.committed[me] = total;
                self.ending = Some(Ending::Showdown);
            }
            (Action::Fold, Some(_)) => self.ending = Some(Ending::Fold(me)),
            (Action::Raise(total), Some(facing)) => {
                if !self.can_raise() {
                    return Err(Illegal::FacingAllIn);
                }
                let minimum = self.min_raise_to();
                if total < minimum || total > effective {
                    return Err(Illegal::RaiseSize { minimum, effective });
                }
                self.last_increment = total - facing;
                self.committed[me] = total;
            }
            (Action::Check | Action::Bet(_), Some(_)) => {
                return Err(Illegal::FacingBet);
            }
            (Action::Call | Action::Fold | Action::Raise(_), None) => {
                return Err(Illegal::NoBet);
            }
        }
        if self.ending.is_none() {
            self.to_act = 1 - me;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_street_plays_by_the_rules() {
        let mut street = Street::new(20, [100, 80]);
        assert_eq!(street.effective(), 80);
        street.apply(Action::Check).unwrap();
        assert_eq!(street.to_act, 1);
        street.apply(Action::Bet(13)).unwrap();
        assert_eq!((street.facing(), street.min_raise_to()), (Some(13), 26));
        let too_small = street.apply(Action::Raise(25)).unwrap_err();
        assert_eq!(
            too_small,
            Illegal::RaiseSize {
                minimum: 26,
                effective: 80
            }
        );
        assert_eq!(
            too_small.describe(Chip::parse("0.5").unwrap()),
            "a raise must go to 13 up to the effective stack 40 (to, not by)"
        );
        street.apply(Action::Raise(40)).unwrap();
        assert_eq!((street.last_increment, street.min_raise_to()), (27, 67));
        assert!(street.apply(Action::Check).is_err());
        street.apply(Action::Raise(80)).unwrap();
        assert!(!street.can_raise());
        assert!(street.apply(Action::Raise(80)).is_err());
        street.apply(Action::Call).unwrap();
        assert_eq!(
            (street.ending, street.pot_now()),
            (Some(Ending::Showdown), 180)
        );
        assert!(street.apply(Action::Check).is_err());
    }

    #[test]
    fn checks_folds_and_limits() {
        let mut street = Street::new(20, [100, 100]);
        assert!(street.apply(Action::Call).is_err());
        assert!(street.apply(Action::Bet(0)).is_err());
        assert!(street.apply(Action::Bet(101)).is_err());
        street.apply(Action::Bet(100)).unwrap();
        street.apply(Action::Fold).unwrap();
        assert_eq!(street.ending, Some(Ending::Fold(1)));
        let mut checks = Street::new(20, [100, 100]);
        checks.apply(Action::Check).unwrap();
        checks.apply(Action::Check).unwrap();
        assert_eq!(checks.ending, Some(Ending::Showdown));
        let mut short = Street::new(20, [100, 30]);
        short.apply(Action::Bet(20)).unwrap();
        assert_eq!(short.min_raise_to(), 30);
        short.apply(Action::Raise(30)).unwrap();
    }
}
