//! A solved river spot (a file saved by `poker solve --out FILE`, or a
//! spot file solved on the fly) for the page: per decision node its action path, actor, pot, stacks behind, actions, the
//! actor's hands with their reach, and the average strategy.
//!
//! Stored compactly: each frequency as a whole number of ten-thousandths
//! (16-bit, so a shown frequency is within 0.005 percentage points of the
//! solver's), each reach rounded to 4 significant digits (relative error
//! at most 5e-4, which moves a hand class's reach-weighted frequency by
//! at most about 0.055 percentage points), hands as one string of 4-character
//! combos (`AsKd`).

use serde::Serialize;

use crate::games::poker::combo::combo_name;
use crate::games::poker::solved::{NodeView, SolvedSpot};

/// Frequencies are stored as whole numbers of `1 / FREQ_SCALE`.
pub const FREQ_SCALE: f64 = 10_000.0;

/// What the page shows of any solved poker spot (river or turn) above
/// its nodes; a spot's data carries it first.
#[derive(Debug, Clone, Serialize)]
pub struct SpotHeader {
    /// Where it came from (the file name).
    pub name: String,
    /// The position in the solver's notation.
    pub position: String,
    /// The players' names, `[OOP, IP]`.
    pub players: [String; 2],
    /// The game value per player, `[OOP, IP]` (chips).
    pub value: [f64; 2],
    /// The exploitability in percent of the pot.
    pub exploitability_pct_pot: f64,
    /// The algorithm that solved it.
    pub algorithm: String,
}

/// A solved river spot, as the page embeds it.
#[derive(Debug, Clone, Serialize)]
pub struct PokerData {
    /// Where it came from and what the solve found.
    #[serde(flatten)]
    pub header: SpotHeader,
    /// Every decision node, in the file's order (the root first).
    pub nodes: Vec<PokerNode>,
}

/// One decision node.
#[derive(Debug, Clone, Serialize)]
pub struct PokerNode {
    /// The action path in history notation (`""` at the root, `xb20`).
    pub path: String,
    /// The acting player: 0 OOP, 1 IP.
    pub player: usize,
    /// The pot at the node (chips).
    pub pot: f64,
    /// The chips each player has behind at the node, `[OOP, IP]`.
    pub stacks: [f64; 2],
    /// The actions in history notation.
    pub actions: Vec<String>,
    /// The actor's combos, 4 characters each (`AsKdQhQc…`).
    pub hands: String,
    /// Each combo's reach (initial weight times the actor's own
    /// strategy on the way), 4 significant digits.
    pub reach: Vec<f64>,
    /// Per action, then per combo: the frequency in ten-thousandths.
    pub freq: Vec<u16>,
}

/// The page's data for the solved river spot `solved`, named `name`.
pub fn poker_data(name: &str, solved: &SolvedSpot) -> PokerData {
    let position = solved.position().to_string();
    let players = solved.names().map(str::to_string);
    let start = start_stacks(&position, &players).expect("a position has both stacks");
    let mut nodes: Vec<PokerNode> = solved
        .listed_nodes()
        .iter()
        .map(|view| node_data(view, solved, start))
        .collect();
    // Depth first: each node right after its parent, the root first.
    nodes.sort_by(|a, b| tokens(&a.path).cmp(&tokens(&b.path)));
    let solution = &solved.solution;
    PokerData {
        header: SpotHeader {
            name: name.to_string(),
            position,
            value: solution.value,
            players,
            exploitability_pct_pot: solution.exploitability_pct(solved.game.pot()),
            algorithm: solved.run.algorithm.clone(),
        },
        nodes,
    }
}

/// One node; `start` the stacks at the start of the street, `[OOP, IP]`.
fn node_data(view: &NodeView, solved: &SolvedSpot, start: [f64; 2]) -> PokerNode {
    let chip = solved.position().chip;
    let count = view.hands.len();
    let mut freq = vec![0u16; view.actions.len() * count];
    for (h, hand) in view.hands.iter().enumerate() {
        for (k, &p) in hand.strategy.iter().enumerate() {
            // In [0, FREQ_SCALE] after the clamp, so it fits a u16.
            freq[k * count + h] = (p.clamp(0.0, 1.0) * FREQ_SCALE).round() as u16;
        }
    }
    PokerNode {
        stacks: behind(&view.path, start).expect("a river path is actions"),
        pot: view.pot,
        path: view.path.clone(),
        player: view.player,
        actions: view.actions.iter().map(|a| a.notation(chip)).collect(),
        hands: view.hands.iter().map(|h| combo_name(h.combo)).collect(),
        reach: view.hands.iter().map(|h| significant(h.reach)).collect(),
        freq,
    }
}

/// A path's actions (`xb20` → `["x", "b20"]`).
fn tokens(path: &str) -> Vec<&str> {
    let starts: Vec<usize> = path
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .collect();
    starts
        .iter()
        .zip(starts.iter().skip(1).chain(std::iter::once(&path.len())))
        .map(|(&a, &b)| &path[a..b])
        .collect()
}

/// `x` rounded to 4 significant digits.
fn significant(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return if x.is_finite() { x } else { 0.0 };
    }
    let scale = 10f64.powi(3 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// The stacks at the start of the street, `[OOP, IP]`, from a position
/// written `NAME:CARDS:S150/NAME:CARDS:S150|P60|board|history|>OOP`.
fn start_stacks(position: &str, players: &[String; 2]) -> Option<[f64; 2]> {
    let seats = position.split('|').next()?;
    let mut stacks = [None, None];
    for seat in seats.split('/') {
        let name = seat.split(':').next()?;
        let (_, stack) = seat.rsplit_once(":S")?;
        let index = players.iter().position(|p| p == name)?;
        stacks[index] = Some(stack.parse::<f64>().ok()?);
    }
    Some([stacks[0]?, stacks[1]?])
}

/// The chips behind each player after the street's actions `path` (OOP
/// acts first): a bet or raise puts the actor's street total at its
/// amount, a call matches the opponent's.
fn behind(path: &str, start: [f64; 2]) -> Option<[f64; 2]> {
    let mut committed = [0.0f64; 2];
    let mut actor = 0;
    let mut rest = path;
    while let Some(kind) = rest.chars().next() {
        rest = &rest[1..];
        match kind {
            'x' | 'f' => {}
            'c' => committed[actor] = committed[1 - actor],
            'b' | 'r' => {
                let digits = rest
                    .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(rest.len());
                committed[actor] = rest[..digits].parse().ok()?;
                rest = &rest[digits..];
            }
            _ => return None,
        }
        actor = 1 - actor;
    }
    Some([start[0] - committed[0], start[1] - committed[1]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_follow_the_path() {
        let players = ["OOP".to_string(), "IP".to_string()];
        let start = start_stacks("OOP:??:S150/IP:AA:0.5:S140|P60|Ks8h5d3c2h||>OOP", &players);
        assert_eq!(start, Some([150.0, 140.0]));
        assert_eq!(behind("xb20r60c", [150.0, 150.0]), Some([90.0, 90.0]));
        assert_eq!(behind("b20.5", [150.0, 150.0]), Some([129.5, 150.0]));
        assert_eq!(behind("q", [150.0, 150.0]), None);
        assert_eq!(tokens("xb20r80c"), ["x", "b20", "r80", "c"]);
    }

    #[test]
    fn reach_keeps_four_digits() {
        assert_eq!(significant(0.123_456), 0.1235);
        assert_eq!(significant(1.234_56e-7), 1.235e-7);
        assert_eq!(significant(0.0), 0.0);
    }
}
