//! Kuhn poker: three cards (J, Q, K), one to each player, ante 1, one
//! betting round with a bet of 1.
//!
//! Player 0 passes or bets. After a pass, player 1 passes (showdown for 1)
//! or bets, and player 0 then folds or calls. After a bet, the other player
//! folds or calls (showdown for 2). Folding and calling reuse the moves
//! "pass" and "bet", so every decision has the two actions `p` and `b`.

use std::fmt;

use banluck_lab::cfr::Player;

use super::super::history_cfr::{Game, Turn};

/// A card of the Kuhn deck, in rank order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Card {
    /// Jack, the lowest.
    J,
    /// Queen.
    Q,
    /// King, the highest.
    K,
}

/// A move of Kuhn poker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KuhnAction {
    /// Chance deals this card to the next player.
    Deal(Card),
    /// Check, or fold when facing a bet.
    Pass,
    /// Bet, or call when facing a bet.
    Bet,
}

impl fmt::Display for KuhnAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KuhnAction::Deal(card) => write!(f, "{card:?}"),
            KuhnAction::Pass => f.write_str("p"),
            KuhnAction::Bet => f.write_str("b"),
        }
    }
}

/// A history of Kuhn poker.
#[derive(Clone, Debug, Default)]
pub struct KuhnState {
    /// Player 0's card, then player 1's.
    cards: Vec<Card>,
    /// The betting so far, one `p` or `b` per move.
    moves: String,
}

/// Kuhn poker. Information-set keys are the acting player's card and the
/// betting so far, e.g. `"K:pb"`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kuhn;

impl Game for Kuhn {
    type State = KuhnState;
    type Action = KuhnAction;

    fn initial_state(&self) -> KuhnState {
        KuhnState::default()
    }

    fn turn(&self, state: &KuhnState) -> Turn {
        if state.cards.len() < 2 {
            Turn::Chance
        } else if matches!(state.moves.as_str(), "pp" | "bp" | "bb" | "pbp" | "pbb") {
            Turn::Terminal
        } else {
            Turn::Decision(Player::BOTH[state.moves.len() % 2])
        }
    }

    fn chance_outcomes(&self, state: &KuhnState) -> Vec<(KuhnAction, f64)> {
        let left = [Card::J, Card::Q, Card::K]
            .into_iter()
            .filter(|card| !state.cards.contains(card));
        let probability = 1.0 / (3 - state.cards.len()) as f64;
        left.map(|card| (KuhnAction::Deal(card), probability))
            .collect()
    }

    fn legal_actions(&self, _state: &KuhnState) -> Vec<KuhnAction> {
        vec![KuhnAction::Pass, KuhnAction::Bet]
    }

    fn next_state(&self, state: &KuhnState, action: &KuhnAction) -> KuhnState {
        let mut next = state.clone();
        match action {
            KuhnAction::Deal(card) => next.cards.push(*card),
            KuhnAction::Pass => next.moves.push('p'),
            KuhnAction::Bet => next.moves.push('b'),
        }
        next
    }

    fn infoset_key(&self, state: &KuhnState) -> String {
        let card = state.cards[state.moves.len() % 2];
        format!("{card:?}:{}", state.moves)
    }

    fn payoff(&self, state: &KuhnState) -> f64 {
        let showdown = if state.cards[0] > state.cards[1] {
            1.0
        } else {
            -1.0
        };
        match state.moves.as_str() {
            "bp" => 1.0,
            "pbp" => -1.0,
            "pp" => showdown,
            _ => 2.0 * showdown,
        }
    }
}
