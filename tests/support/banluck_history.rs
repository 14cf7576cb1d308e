//! Heads-up Banluck history by history, for the per-history CFR engine
//! ([`crate::support::history_cfr`]).
//!
//! This is the game as dealt: chance deals ranks one at a time from the
//! remaining deck, and every information set remembers the order of the
//! cards its owner saw (perfect recall). The vector-form solver
//! ([`banluck_lab::games::banluck::equilibrium`]) merges the orders of the
//! same cards into one composition; solving this form with the per-history
//! engine on a reduced deck and comparing the values checks that merging,
//! the kernel and the deal's bookkeeping. Rules come only from the
//! [`CompiledRules`].

use std::fmt;

use banluck_lab::cards::{CompId, RANK_COUNT, Rank};
use banluck_lab::cfr::Player;
use banluck_lab::games::banluck::rules::CompiledRules;

use super::history_cfr::{Game, Turn};

/// A move in Banluck: a card dealt by chance or a player's action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BanluckAction {
    /// Chance deals a card of this rank.
    Card(Rank),
    /// Draw a card.
    Hit,
    /// Stop drawing (for the dealer at a reveal total facing 3+ cards, the
    /// same as revealing).
    Stand,
    /// The dealer surrenders a hard 15.
    Surrender,
    /// The dealer plays on with its hard 15.
    Play,
}

impl fmt::Display for BanluckAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BanluckAction::Card(rank) => write!(f, "{rank}"),
            BanluckAction::Hit => write!(f, "hit"),
            BanluckAction::Stand => write!(f, "stand"),
            BanluckAction::Surrender => write!(f, "surrender"),
            BanluckAction::Play => write!(f, "play"),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Deal,
    Surrender,
    PlayerChooses,
    PlayerDraws,
    DealerChooses,
    DealerDraws,
    Over(f64),
}

/// A history of heads-up Banluck.
#[derive(Debug, Clone)]
pub struct BanluckState {
    player: Vec<Rank>,
    dealer: Vec<Rank>,
    player_hand: CompId,
    dealer_hand: CompId,
    left: [u32; RANK_COUNT],
    phase: Phase,
}

/// Heads-up Banluck under a rule table, as an extensive-form game: player 0
/// is the player, player 1 the dealer.
pub struct BanluckGame<'a> {
    table: &'a CompiledRules,
}

impl<'a> BanluckGame<'a> {
    /// The game under `table` (its deck must be finite).
    pub fn new(table: &'a CompiledRules) -> BanluckGame<'a> {
        BanluckGame { table }
    }

    fn after_deal(&self, mut state: BanluckState) -> BanluckState {
        state.phase = if self.table.dealer(state.dealer_hand).may_surrender {
            Phase::Surrender
        } else {
            return self.after_surrender(state);
        };
        state
    }

    fn after_surrender(&self, mut state: BanluckState) -> BanluckState {
        if let Some(payoff) = self
            .table
            .deal_special(state.player_hand, state.dealer_hand)
        {
            state.phase = Phase::Over(payoff);
            return state;
        }
        self.player_turn(state)
    }

    fn player_turn(&self, mut state: BanluckState) -> BanluckState {
        let node = self.table.player(state.player_hand);
        state.phase = if node.must_hit {
            Phase::PlayerDraws
        } else if node.may_hit {
            Phase::PlayerChooses
        } else {
            return self.player_done(state);
        };
        state
    }

    fn player_done(&self, mut state: BanluckState) -> BanluckState {
        if self.table.player(state.player_hand).settles_at_deal {
            state.phase = Phase::Over(self.table.payoff(state.player_hand, state.dealer_hand));
            return state;
        }
        self.dealer_turn(state)
    }

    fn dealer_turn(&self, mut state: BanluckState) -> BanluckState {
        let node = self.table.dealer(state.dealer_hand);
        let cards = state.player.len() as u8;
        state.phase = if node.must_stand {
            Phase::Over(self.table.payoff(state.player_hand, state.dealer_hand))
        } else if node.chooses[usize::from(cards)] {
            Phase::DealerChooses
        } else if node.must_hit || node.forced_hit(cards) {
            Phase::DealerDraws
        } else {
            Phase::Over(self.table.payoff(state.player_hand, state.dealer_hand))
        };
        state
    }
}

fn labels(cards: &[Rank]) -> String {
    cards.iter().map(|r| r.label()).collect()
}

impl Game for BanluckGame<'_> {
    type State = BanluckState;
    type Action = BanluckAction;

    fn initial_state(&self) -> BanluckState {
        let deck = self.table.deck();
        let empty = self.table.compositions().empty();
        BanluckState {
            player: Vec::new(),
            dealer: Vec::new(),
            player_hand: empty,
            dealer_hand: empty,
            left: std::array::from_fn(|r| deck.count(Rank::new(r))),
            phase: Phase::Deal,
        }
    }

    fn turn(&self, state: &BanluckState) -> Turn {
        match state.phase {
            Phase::Deal | Phase::PlayerDraws | Phase::DealerDraws => Turn::Chance,
            Phase::Surrender | Phase::DealerChooses => Turn::Decision(Player::P1),
            Phase::PlayerChooses => Turn::Decision(Player::P0),
            Phase::Over(_) => Turn::Terminal,
        }
    }

    fn chance_outcomes(&self, state: &BanluckState) -> Vec<(BanluckAction, f64)> {
        let total: u32 = state.left.iter().sum();
        Rank::all()
            .filter(|r| state.left[r.index()] > 0)
            .map(|r| {
                let p = f64::from(state.left[r.index()]) / f64::from(total);
                (BanluckAction::Card(r), p)
            })
            .collect()
    }

    fn legal_actions(&self, state: &BanluckState) -> Vec<BanluckAction> {
        match state.phase {
            Phase::Surrender => vec![BanluckAction::Surrender, BanluckAction::Play],
            _ => vec![BanluckAction::Hit, BanluckAction::Stand],
        }
    }

    fn next_state(&self, state: &BanluckState, action: &BanluckAction) -> BanluckState {
        let comps = self.table.compositions();
        let mut next = state.clone();
        match (*action, state.phase) {
            (BanluckAction::Card(rank), phase) => {
                next.left[rank.index()] -= 1;
                let to_player =
                    phase == Phase::PlayerDraws || (phase == Phase::Deal && next.player.len() < 2);
                if to_player {
                    next.player.push(rank);
                    next.player_hand = comps.child(next.player_hand, rank);
                } else {
                    next.dealer.push(rank);
                    next.dealer_hand = comps.child(next.dealer_hand, rank);
                }
                match phase {
                    Phase::Deal if next.dealer.len() == 2 => self.after_deal(next),
                    Phase::Deal => next,
                    Phase::PlayerDraws => self.player_turn(next),
                    _ => self.dealer_turn(next),
                }
            }
            (BanluckAction::Surrender, _) => {
                next.phase = Phase::Over(0.0);
                next
            }
            (BanluckAction::Play, _) => self.after_surrender(next),
            (BanluckAction::Hit, Phase::PlayerChooses) => {
                next.phase = Phase::PlayerDraws;
                next
            }
            (BanluckAction::Stand, Phase::PlayerChooses) => self.player_done(next),
            (BanluckAction::Hit, _) => {
                next.phase = Phase::DealerDraws;
                next
            }
            (BanluckAction::Stand, _) => {
                next.phase = Phase::Over(self.table.payoff(next.player_hand, next.dealer_hand));
                next
            }
        }
    }

    fn infoset_key(&self, state: &BanluckState) -> String {
        match state.phase {
            Phase::Surrender => format!("S:{}", labels(&state.dealer)),
            Phase::DealerChooses => {
                format!("D:{}/{}", labels(&state.dealer), state.player.len())
            }
            _ => format!("P:{}", labels(&state.player)),
        }
    }

    fn payoff(&self, state: &BanluckState) -> f64 {
        match state.phase {
            Phase::Over(value) => value,
            _ => 0.0,
        }
    }
}
