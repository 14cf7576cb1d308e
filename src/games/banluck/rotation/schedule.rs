//! Who banks: the passing of the bank between the people at a table.
//!
//! People are numbered 0..k; person 0 banks first. While person `b` banks,
//! the others sit in seat order after it: seat `j` holds person
//! `(b + 1 + j) mod k`.

use serde::{Deserialize, Serialize};

use crate::games::banluck::rules::RotationScheme;

/// A rotation rule: a scheme and, for `every_n`, its period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scheme {
    /// `never`, `every_n` or `on_ban`.
    pub scheme: RotationScheme,
    /// With `every_n`: rounds between passes (at least 1).
    pub period: u32,
}

impl Scheme {
    /// A short name such as `every_n(5)`, `on_ban` or `never`.
    pub fn label(&self) -> String {
        match self.scheme {
            RotationScheme::Never => "never".into(),
            RotationScheme::EveryN => format!("every_n({})", self.period),
            RotationScheme::OnBan => "on_ban".into(),
        }
    }
}

/// The bank's position during a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bank {
    people: usize,
    banker: usize,
    held: u32,
}

impl Bank {
    /// A session of `people` people (at least 2), person 0 banking first.
    pub fn new(people: usize) -> Bank {
        Bank {
            people,
            banker: 0,
            held: 0,
        }
    }

    /// The person banking this round.
    pub fn banker(&self) -> usize {
        self.banker
    }

    /// The person in seat `seat` (0-based) this round.
    #[inline]
    pub fn person_at(&self, seat: usize) -> usize {
        (self.banker + 1 + seat) % self.people
    }

    /// Ends a round: passes the bank as `scheme` says, given the first seat
    /// (in seat order) that won with Ban Ban or Ban Luck, if any.
    #[inline]
    pub fn end_round(&mut self, scheme: Scheme, ban_winner: Option<usize>) {
        self.held += 1;
        let next = match scheme.scheme {
            RotationScheme::Never => None,
            RotationScheme::EveryN => {
                (self.held >= scheme.period).then(|| (self.banker + 1) % self.people)
            }
            RotationScheme::OnBan => ban_winner.map(|seat| self.person_at(seat)),
        };
        if let Some(person) = next {
            self.banker = person;
            self.held = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every(period: u32) -> Scheme {
        Scheme {
            scheme: RotationScheme::EveryN,
            period,
        }
    }

    /// The banker of each round of a scripted session.
    fn bankers(people: usize, scheme: Scheme, bans: &[Option<usize>]) -> Vec<usize> {
        let mut bank = Bank::new(people);
        bans.iter()
            .map(|&ban| {
                let banker = bank.banker();
                bank.end_round(scheme, ban);
                banker
            })
            .collect()
    }

    #[test]
    fn every_n_passes_round_the_table_in_order() {
        assert_eq!(bankers(3, every(2), &[None; 7]), vec![0, 0, 1, 1, 2, 2, 0]);
        assert_eq!(bankers(2, every(1), &[None; 4]), vec![0, 1, 0, 1]);
        // Ban wins do not matter to every_n.
        assert_eq!(bankers(3, every(2), &[Some(1); 3]), vec![0, 0, 1]);
    }

    #[test]
    fn on_ban_passes_to_the_winning_seats_person_and_restarts_the_count() {
        // Round 0: seat 1 (person 2) wins with a ban and takes the bank; then
        // seats sit after person 2: seat 0 is person 0.
        let on_ban = Scheme {
            scheme: RotationScheme::OnBan,
            period: 1,
        };
        assert_eq!(
            bankers(3, on_ban, &[Some(1), None, Some(0), None]),
            vec![0, 2, 2, 0]
        );
    }

    #[test]
    fn never_keeps_the_first_banker_and_seats_follow_the_banker() {
        let never = Scheme {
            scheme: RotationScheme::Never,
            period: 1,
        };
        assert_eq!(bankers(4, never, &[Some(0); 3]), vec![0, 0, 0]);
        let mut bank = Bank::new(4);
        bank.end_round(every(1), None);
        assert_eq!(bank.banker(), 1);
        assert_eq!(
            (0..3).map(|s| bank.person_at(s)).collect::<Vec<_>>(),
            vec![2, 3, 0]
        );
        assert_eq!(every(5).label(), "every_n(5)");
    }
}
