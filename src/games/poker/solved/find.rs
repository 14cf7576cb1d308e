//! From an action path with the cards dealt (`x b20 c 2s b33`), or cards
//! given apart (the command line's `--turn` and `--river`), to a decision
//! node of a solved spot of any street.

use crate::games::poker::card::Card;
use crate::games::poker::game::{NodeKind, STREETS, Step};

use super::solved_spot::SolvedSpot;

/// Why a path leads to no decision node, and which input to change: the
/// path, or the card given apart for the turn or the river.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", self.input())]
pub struct FindError {
    /// `None` for the path, else the street (1 turn, 2 river) of the card
    /// given apart.
    pub card: Option<usize>,
    /// What is wrong and what to do.
    pub message: String,
}

impl FindError {
    /// The input to change as the command line names it: `--node`,
    /// `--turn` or `--river`.
    pub fn input(&self) -> &'static str {
        match self.card {
            None => "--node",
            Some(street) => CARD_FLAGS[street - 1],
        }
    }

    /// An error about the path.
    fn path(message: String) -> FindError {
        FindError {
            card: None,
            message,
        }
    }
}

/// The command line's flags of the cards given apart, `[turn, river]`.
const CARD_FLAGS: [&str; 2] = ["--turn", "--river"];

impl SolvedSpot {
    /// The decision node that `steps` lead to from the root, after the
    /// position's history (which `steps` may repeat). At a deal the next
    /// step is the path's card, else `cards[street − 1]` (`[turn, river]`,
    /// the cards given apart); a path card and a card given apart for the
    /// same deal must agree. A card solved as another one (suit
    /// isomorphism) is named with the one it is solved as.
    ///
    /// # Errors
    /// A [`FindError`] saying which input is wrong: a card given apart
    /// for a street the spot does not deal or that the path does not
    /// reach, an action or card that does not follow, a path that stops
    /// at a deal or at the end of the hand.
    pub fn find(&self, steps: &[Step], cards: [Option<Card>; 2]) -> Result<usize, FindError> {
        let root = self.street();
        for (at, card) in cards.iter().enumerate() {
            let street = at + 1;
            if card.is_some() && street <= root {
                let dealt = STREETS[street];
                let spots = if street == 1 { "flop" } else { "turn or flop" };
                return Err(FindError {
                    card: Some(street),
                    message: format!(
                        "a {} solution deals no {dealt}; {} picks the {dealt} card of a {spots} solution",
                        STREETS[root], CARD_FLAGS[at]
                    ),
                });
            }
        }
        let history: Vec<Step> = self
            .position()
            .history
            .iter()
            .map(|&a| Step::Action(a))
            .collect();
        let steps = steps.strip_prefix(&history[..]).unwrap_or(steps);
        let tree = self.game.spot_tree();
        let mut at = 0;
        let mut used = [false; 2];
        let mut steps = steps.iter().copied().peekable();
        loop {
            let next = if let NodeKind::Chance { .. } = tree.nodes[at].kind {
                let street = tree.street(at) + 1;
                let given = cards[street - 1];
                let flag = CARD_FLAGS[street - 1];
                match steps.peek() {
                    Some(&Step::Deal(card)) => {
                        steps.next();
                        if given.is_some_and(|given| given != card) {
                            return Err(FindError::path(format!(
                                "the path deals {card} but {flag} says otherwise"
                            )));
                        }
                        used[street - 1] |= given.is_some();
                        Step::Deal(card)
                    }
                    _ => match given {
                        Some(card) => {
                            used[street - 1] = true;
                            Step::Deal(card)
                        }
                        None => {
                            let path = self.path(at);
                            let with = if path.is_empty() {
                                String::new()
                            } else {
                                format!("{path} ")
                            };
                            return Err(FindError::path(format!(
                                "{} reaches the deal: add the {} card to the path (`{with}2s`) or give {flag}",
                                self.place(at),
                                STREETS[street]
                            )));
                        }
                    },
                }
            } else {
                match steps.next() {
                    Some(step) => step,
                    None => break,
                }
            };
            at = match tree.find_from(at, next) {
                Some(child) => child,
                None => return Err(FindError::path(self.no_step(at, next))),
            };
        }
        for (slot, card) in cards.iter().enumerate() {
            if card.is_some() && !used[slot] {
                return Err(FindError {
                    card: Some(slot + 1),
                    message: format!("the path does not reach the {}", STREETS[slot + 1]),
                });
            }
        }
        match tree.nodes[at].kind {
            NodeKind::Decision { .. } => Ok(at),
            _ => Err(FindError::path(format!(
                "{} ends the hand: no decision to show",
                self.place(at)
            ))),
        }
    }

    /// Why `step` does not follow node `at`.
    fn no_step(&self, at: usize, step: Step) -> String {
        let tree = self.game.spot_tree();
        let chip = self.position().chip;
        let here = self.place(at);
        match (&tree.nodes[at].kind, step) {
            (NodeKind::Decision { actions, .. }, _) => format!(
                "`{}` is no action at {here}; the actions there: {}",
                step.notation(chip),
                actions
                    .iter()
                    .map(|a| a.notation(chip))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            (NodeKind::Chance { .. }, Step::Deal(card)) => {
                let mirror = tree
                    .mirrors
                    .iter()
                    .find(|m| m.chance == at && m.card == card);
                match mirror.and_then(|m| tree.path(m.child).last().copied()) {
                    Some(listed) => format!(
                        "at {here} {card} is solved as {} (two suits exchanged): show that card",
                        listed.notation(chip)
                    ),
                    None => format!(
                        "at {here} the {} is dealt: `{card}` is no card left in the deck",
                        STREETS[tree.street(at) + 1]
                    ),
                }
            }
            _ => format!("the hand is over at {here}"),
        }
    }
}
