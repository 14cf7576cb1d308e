//! One solve in the page: the game, the vector-form solver stepped a few
//! iterations at a time (the page's worker measures between steps, as the
//! shared convergence loop does), and once it is done the solved spot
//! read node by node through the interpreter: every live hand's strategy,
//! reach, EV and equity ([`Reading::Profile`], on every street).

use serde_json::{Value, json};

use crate::cfr::vector::{VectorGame, VectorSolver};
use crate::cfr::{Algorithm, Iterate, LogRow};
use crate::games::poker::combo::combo_name;
use crate::games::poker::game::solve::peak_bytes;
use crate::games::poker::game::{PokerGame, Solution};
use crate::games::poker::solved::{Reading, SolveRun, SolvedSpot};
use crate::games::poker::spot::Spot;
use crate::view::{Kind, tree_node};

/// What the page can do with a solve, whatever the game.
pub trait Running {
    /// The spot: players, pot, hands, nodes, the memory estimate.
    fn summary(&self) -> Value;
    /// Runs `iterations` more iterations; returns the count done so far.
    fn iterate(&mut self, iterations: u32) -> Result<Value, String>;
    /// Measures the average strategies: value, exploitability, bracket.
    fn measure(&mut self) -> Result<Value, String>;
    /// Node `index` with, at a decision, every live hand's strategy,
    /// reach, EV and equity; the first call ends the solve.
    fn node(&mut self, index: usize) -> Result<Value, String>;
}

/// A solve of one game. The game is leaked: a page's worker solves one
/// spot, and a new spot gets a new worker (and so a new instance).
pub struct Session {
    spot: Spot,
    game: &'static PokerGame,
    algorithm: &'static str,
    solver: Option<VectorSolver<'static, PokerGame>>,
    /// The last measurement, the solution's figures.
    measured: Option<LogRow>,
    solved: Option<SolvedSpot>,
}

impl Session {
    /// A solver by `algorithm` (named `word`: `dcfr`, `cfr+`) on `game`,
    /// the game of `spot`, at iteration 0.
    pub fn new(spot: Spot, game: PokerGame, algorithm: Algorithm, word: &'static str) -> Session {
        let game: &'static PokerGame = Box::leak(Box::new(game));
        Session {
            spot,
            game,
            algorithm: word,
            solver: Some(VectorSolver::new(game, algorithm)),
            measured: None,
            solved: None,
        }
    }

    /// The players' names, OOP first.
    fn names(&self) -> [&str; 2] {
        let position = &self.spot.position;
        [position.oop().name.as_str(), position.ip().name.as_str()]
    }

    /// The page's estimate of the solve's bytes ([`peak_bytes`]).
    fn memory_bytes(&self) -> u64 {
        peak_bytes(self.game, self.game.memory_bytes())
    }

    /// Ends the solve: reads the average strategies (measured once more
    /// if never measured) into the solved spot, with its profile's reach
    /// and values.
    fn finish(&mut self) -> &SolvedSpot {
        if let Some(mut solver) = self.solver.take() {
            let t = solver.iterations();
            let last = match self.measured {
                Some(row) => row,
                None => LogRow::new(t, 0.0, Iterate::measure(&mut solver)),
            };
            let nodes = self.game.tree().num_nodes();
            let strategies: Vec<_> = (0..nodes).map(|n| solver.average_strategy(n)).collect();
            drop(solver);
            let half = self.game.pot() / 2.0;
            let solution = Solution {
                value: [half + last.value, half - last.value],
                exploitability: last.exploitability,
                bracket: [half + last.lower, half + last.upper],
                iterations: t,
                seconds: last.seconds,
                memory_bytes: self.memory_bytes(),
                strategies,
            };
            // The page stops its solve itself: no target here.
            let run = SolveRun {
                algorithm: self.algorithm.to_string(),
                seed: None,
                target: 0.0,
            };
            let solved = SolvedSpot::new(self.spot.clone(), self.game.clone(), solution, run);
            self.solved = Some(solved.with_profile());
        }
        self.solved.as_ref().expect("finished above")
    }
}

impl Running for Session {
    fn summary(&self) -> Value {
        let names = self.names();
        let hands = [0, 1].map(|p| self.game.combos(p).len());
        let board = self.spot.position.board.cards().len();
        let street = ["flop", "turn", "river"][board.clamp(3, 5) - 3];
        json!({
            "position": self.spot.position.to_string(),
            "oop": names[0],
            "ip": names[1],
            "pot": self.game.pot(),
            "street": street,
            "hands": hands,
            "nodes": self.game.tree().num_nodes(),
            "memory_bytes": self.memory_bytes(),
        })
    }

    fn iterate(&mut self, iterations: u32) -> Result<Value, String> {
        let solver = self.solver.as_mut().ok_or("the solve has ended")?;
        for _ in 0..iterations {
            solver.iterate();
        }
        Ok(json!({"iteration": solver.iterations()}))
    }

    fn measure(&mut self) -> Result<Value, String> {
        let solver = self.solver.as_mut().ok_or("the solve has ended")?;
        let t = solver.iterations();
        let row = LogRow::new(t, 0.0, Iterate::measure(solver));
        self.measured = Some(row);
        let half = self.game.pot() / 2.0;
        Ok(json!({
            "iteration": t,
            "exploitability": row.exploitability,
            "exploitability_pct_pot": 100.0 * row.exploitability / self.game.pot(),
            "value": {"oop": half + row.value, "ip": half - row.value},
            "bracket": [half + row.lower, half + row.upper],
        }))
    }

    fn node(&mut self, index: usize) -> Result<Value, String> {
        if index >= self.game.tree().num_nodes() {
            return Err(format!("no node {index}"));
        }
        let chip = self.spot.position.chip;
        let view = tree_node(self.game, chip, index);
        let board = self.spot.position.board.cards().len();
        let names = self.names().map(str::to_string);
        let solved = self.finish();
        let (kind, player) = match view.kind {
            Kind::Decision(p) => ("decision", Some(p)),
            Kind::Chance => ("chance", None),
            Kind::Fold(p) => ("fold", Some(p)),
            Kind::Showdown => ("showdown", None),
        };
        let mut json = json!({
            "index": index,
            "path": solved.path(index),
            "kind": kind,
            "player": player.map(|p| names[p].clone()),
            "pot": view.pot,
            "dealt": view.dealt.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "deals": (view.kind == Kind::Chance).then(|| if board + view.dealt.len() == 3 { "turn" } else { "river" }),
            "mirrors": view.mirrors.iter().map(|(card, listed)| json!({"card": card.to_string(), "as": listed.to_string()})).collect::<Vec<_>>(),
            "children": view.children.iter().map(|(label, child)| json!({"label": label, "index": child})).collect::<Vec<_>>(),
        });
        let Some(node) = solved.node_as(index, Reading::Profile) else {
            return Ok(json);
        };
        let hands = node
            .hands
            .iter()
            .map(|hand| {
                json!({
                    "hand": combo_name(hand.combo),
                    "reach": hand.reach,
                    "strategy": hand.strategy,
                    "ev": hand.ev.and_then(|ev| ev.ev),
                    "ev_weight": hand.ev.map(|ev| ev.weight),
                    "equity": hand.equity,
                })
            })
            .collect();
        json["hands"] = Value::Array(hands);
        Ok(json)
    }
}
