//! Equity at any node: each hand's share of the pot at a showdown against
//! the opponent's range as it reaches the node, over every runout of the
//! cards still to come, with exact card removal (no hand shares a card
//! with another, the board or the cards dealt on the way).
//!
//! On one five-card board, with `T(h)` the opponent reach that hand `h`
//! can meet and `D(h)` the reach of the weaker hands it meets minus that
//! of the stronger (the showdown kernel of `terminal.rs`), its wins plus
//! half its ties are `(T + D) / 2`. Every pair of hands that can be dealt
//! together meets on the same number of runouts, so the equity is `Σ (T +
//! D) / (2 Σ T)`, the sums over the runouts.

use crate::games::poker::card::Card;
use crate::games::poker::ranking::RiverRanking;

use super::poker_game::PokerGame;
use super::terminal::{Order, compatible_reach, showdown};

impl PokerGame {
    /// The equity of each of `player`'s hands at node `index` against the
    /// opponent's reach there under `strategies` (its weights times its
    /// own actions' frequencies on the way, [`PokerGame::own_reach`]);
    /// `None` for a hand that meets no opponent reach there (it holds a
    /// card dealt on the way, or every opponent hand it could meet is
    /// out of the range or never gets there).
    pub fn equity(
        &self,
        strategies: &[Option<Vec<f64>>],
        index: usize,
        player: usize,
    ) -> Vec<Option<f64>> {
        let opponent = self.own_reach(strategies, index, 1 - player);
        self.equity_against(index, player, &opponent)
    }

    /// The equity of each of `player`'s hands at node `index` against the
    /// opponent hands' reach `opponent_reach` (per opponent hand); `None`
    /// where a hand meets no reach.
    pub fn equity_against(
        &self,
        index: usize,
        player: usize,
        opponent_reach: &[f64],
    ) -> Vec<Option<f64>> {
        let node = &self.tree.nodes[index];
        let mut cards: Vec<Card> = self.tree.board.cards().to_vec();
        cards.extend(node.dealt.iter().flatten());
        let dead = cards.iter().fold(0, |mask, card| mask | card.bit());
        let (mine, theirs) = (&self.hands[player], &self.hands[1 - player]);
        let width = mine.len();
        let (mut met, mut won) = (vec![0.0; width], vec![0.0; width]);
        let (mut meeting, mut margin) = (vec![0.0; width], vec![0.0; width]);
        for_each_runout(&cards, dead, &mut |board: &[Card; 5]| {
            let mask = board.iter().fold(0, |mask, card| mask | card.bit());
            let ranking = RiverRanking::of_cards(board);
            let dense = ranking.dense_ranks();
            let orders = (
                Order::new(mine, &ranking, &dense),
                Order::new(theirs, &ranking, &dense),
            );
            compatible_reach(mine, theirs, mask, opponent_reach, &mut meeting);
            margin.fill(0.0);
            showdown((&orders.0, &orders.1), opponent_reach, 1.0, &mut margin);
            for h in 0..width {
                met[h] += meeting[h];
                won[h] += (meeting[h] + margin[h]) / 2.0;
            }
        });
        met.iter()
            .zip(&won)
            .map(|(&met, &won)| (met > 1e-300).then(|| won / met))
            .collect()
    }
}

/// Calls `visit` with every five-card board that `cards` (three, four or
/// five cards, `dead` their mask) can run out to, each set of cards to
/// come once.
fn for_each_runout(cards: &[Card], dead: u64, visit: &mut dyn FnMut(&[Card; 5])) {
    let left: Vec<Card> = (0..52)
        .map(Card::from_index)
        .filter(|card| dead & card.bit() == 0)
        .collect();
    let mut board = [Card::from_index(0); 5];
    board[..cards.len()].copy_from_slice(cards);
    match cards.len() {
        5 => visit(&board),
        4 => {
            for &river in &left {
                board[4] = river;
                visit(&board);
            }
        }
        _ => {
            for (at, &turn) in left.iter().enumerate() {
                for &river in &left[at + 1..] {
                    board[3] = turn;
                    board[4] = river;
                    visit(&board);
                }
            }
        }
    }
}
