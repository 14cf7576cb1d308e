//! Leduc hold'em: six cards (J, Q, K, two of each), one private card per
//! player, ante 1, two betting rounds of at most two raises each (bet and
//! raise size 2 in the first round, 4 in the second), one public card dealt
//! between the rounds. A pair with the public card beats any unpaired hand;
//! otherwise the higher private card wins; equal ranks split the pot.
//!
//! Player 0 opens both rounds. Folding is allowed only when facing a bet.
//! The two cards of a rank are interchangeable, so chance deals ranks with
//! their probabilities; this suit isomorphism changes no value.

use std::fmt;

use banluck_lab::cfr::Player;

use super::super::history_cfr::{Game, Turn};

/// The ante of each player.
const ANTE: i32 = 1;
/// The bet and raise size of each round.
const RAISE: [i32; 2] = [2, 4];
/// The most bets and raises in one round.
const MAX_RAISES: usize = 2;
/// The copies of each rank in the deck.
const COPIES: usize = 2;

/// A rank of the Leduc deck, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Rank {
    /// Jack, the lowest.
    J,
    /// Queen.
    Q,
    /// King, the highest.
    K,
}

/// A move of Leduc hold'em.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeducAction {
    /// Chance deals a card of this rank (player 0's, player 1's, then the
    /// public card).
    Deal(Rank),
    /// Give up the pot (only when facing a bet).
    Fold,
    /// Check, or call a bet.
    Call,
    /// Bet, or raise a bet.
    Raise,
}

impl fmt::Display for LeducAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeducAction::Deal(rank) => write!(f, "{rank:?}"),
            LeducAction::Fold => f.write_str("f"),
            LeducAction::Call => f.write_str("c"),
            LeducAction::Raise => f.write_str("r"),
        }
    }
}

/// A history of Leduc hold'em.
#[derive(Clone, Debug)]
pub struct LeducState {
    /// Player 0's rank, player 1's, then the public card's.
    cards: Vec<Rank>,
    /// The moves of each round begun, one `f`, `c` or `r` per move.
    rounds: Vec<String>,
    /// The chips each player has put in the pot.
    committed: [i32; 2],
    /// The player who folded, if any.
    folded: Option<Player>,
}

impl LeducState {
    /// The moves of the current round.
    fn moves(&self) -> &str {
        self.rounds.last().map_or("", String::as_str)
    }

    /// The player to act in the current round.
    fn actor(&self) -> Player {
        Player::BOTH[self.moves().len() % 2]
    }

    /// Whether the current round's betting is closed: a check behind or a
    /// call.
    fn round_closed(&self) -> bool {
        let moves = self.moves();
        moves.len() >= 2 && moves.ends_with('c')
    }

    /// The showdown strength of `player`'s hand: pairs above every rank.
    fn strength(&self, player: Player) -> usize {
        let rank = self.cards[player.index()];
        rank as usize + if rank == self.cards[2] { 3 } else { 0 }
    }
}

/// Leduc hold'em with the standard rules. Information-set keys are the
/// acting player's rank, the public rank once dealt, and the moves of each
/// round, e.g. `"QK:rc/r"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Leduc;

impl Game for Leduc {
    type State = LeducState;
    type Action = LeducAction;

    fn initial_state(&self) -> LeducState {
        LeducState {
            cards: Vec::new(),
            rounds: vec![String::new()],
            committed: [ANTE; 2],
            folded: None,
        }
    }

    fn turn(&self, state: &LeducState) -> Turn {
        if state.folded.is_some() {
            Turn::Terminal
        } else if state.cards.len() < 2 || (state.round_closed() && state.rounds.len() == 1) {
            Turn::Chance
        } else if state.round_closed() {
            Turn::Terminal
        } else {
            Turn::Decision(state.actor())
        }
    }

    fn chance_outcomes(&self, state: &LeducState) -> Vec<(LeducAction, f64)> {
        let left = (COPIES * 3 - state.cards.len()) as f64;
        [Rank::J, Rank::Q, Rank::K]
            .into_iter()
            .filter_map(|rank| {
                let dealt = state.cards.iter().filter(|&&card| card == rank).count();
                let copies = COPIES - dealt;
                (copies > 0).then(|| (LeducAction::Deal(rank), copies as f64 / left))
            })
            .collect()
    }

    fn legal_actions(&self, state: &LeducState) -> Vec<LeducAction> {
        let actor = state.actor().index();
        let mut actions = Vec::with_capacity(3);
        if state.committed[actor] < state.committed[1 - actor] {
            actions.push(LeducAction::Fold);
        }
        actions.push(LeducAction::Call);
        if state.moves().matches('r').count() < MAX_RAISES {
            actions.push(LeducAction::Raise);
        }
        actions
    }

    fn next_state(&self, state: &LeducState, action: &LeducAction) -> LeducState {
        let mut next = state.clone();
        let actor = state.actor();
        let (me, other) = (actor.index(), actor.opponent().index());
        let round = state.rounds.len() - 1;
        match action {
            LeducAction::Deal(rank) => {
                next.cards.push(*rank);
                if next.cards.len() == 3 {
                    next.rounds.push(String::new());
                }
                return next;
            }
            LeducAction::Fold => next.folded = Some(actor),
            LeducAction::Call => next.committed[me] = state.committed[other],
            LeducAction::Raise => next.committed[me] = state.committed[other] + RAISE[round],
        }
        next.rounds[round].push_str(&action.to_string());
        next
    }

    fn infoset_key(&self, state: &LeducState) -> String {
        let own = state.cards[state.actor().index()];
        let public = state
            .cards
            .get(2)
            .map_or(String::new(), |rank| format!("{rank:?}"));
        format!("{own:?}{public}:{}", state.rounds.join("/"))
    }

    fn payoff(&self, state: &LeducState) -> f64 {
        let [chips0, chips1] = state.committed.map(f64::from);
        match state.folded {
            Some(Player::P0) => -chips0,
            Some(Player::P1) => chips1,
            None => match state.strength(Player::P0).cmp(&state.strength(Player::P1)) {
                std::cmp::Ordering::Greater => chips1,
                std::cmp::Ordering::Less => -chips0,
                std::cmp::Ordering::Equal => 0.0,
            },
        }
    }
}
