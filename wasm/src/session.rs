//! One solve in the page: the game, the vector-form solver stepped a few
//! iterations at a time (the page's worker measures between steps, as the
//! shared convergence loop does), and once it is done the average
//! strategies with every hand's reach and EV, read node by node.

use serde_json::{Value, json};

use crate::cfr::vector::VectorSolver;
use crate::cfr::{Algorithm, Iterate, LogRow};
use crate::games::poker::combo::{combo_mask, combo_name};
use crate::games::poker::game::ProfileValues;
use crate::games::poker::game::solve::peak_bytes;
use crate::games::poker::position::Position;
use crate::spot::pair_weight;
use crate::view::{Kind, SpotGame};

/// What the page can do with a solve, whatever the game.
pub trait Running {
    /// The spot: players, pot, hands, nodes, the memory estimate.
    fn summary(&self) -> Value;
    /// Runs `iterations` more iterations; returns the count done so far.
    fn iterate(&mut self, iterations: u32) -> Result<Value, String>;
    /// Measures the average strategies: value, exploitability, bracket.
    fn measure(&mut self) -> Result<Value, String>;
    /// Node `index` with, at a decision, every live hand's strategy, reach
    /// and EV; the first call ends the solve.
    fn node(&mut self, index: usize) -> Result<Value, String>;
}

/// The average strategies and what they make of every hand.
struct Solved {
    strategies: Vec<Option<Vec<f64>>>,
    profile: ProfileValues,
    pairs: f64,
}

/// A solve of one game. The game is leaked: a page's worker solves one
/// spot, and a new spot gets a new worker (and so a new instance).
pub struct Session<G: SpotGame> {
    position: Position,
    game: &'static G,
    solver: Option<VectorSolver<'static, G>>,
    solved: Option<Solved>,
}

impl<G: SpotGame> Session<G> {
    /// A solver on `game` at iteration 0.
    pub fn new(position: Position, game: G, algorithm: Algorithm) -> Session<G> {
        let game: &'static G = Box::leak(Box::new(game));
        Session {
            position,
            game,
            solver: Some(VectorSolver::new(game, algorithm)),
            solved: None,
        }
    }

    /// The players' names, OOP first.
    fn names(&self) -> [&str; 2] {
        [
            self.position.oop().name.as_str(),
            self.position.ip().name.as_str(),
        ]
    }

    /// Ends the solve: reads the average strategies and sweeps them.
    fn finish(&mut self) -> &Solved {
        if let Some(solver) = self.solver.take() {
            let nodes = self.game.tree().num_nodes();
            let strategies: Vec<_> = (0..nodes).map(|n| solver.average_strategy(n)).collect();
            drop(solver);
            let profile = ProfileValues::new(self.game, &strategies);
            let combos = [0, 1].map(|p| self.game.combos(p));
            self.solved = Some(Solved {
                pairs: pair_weight(self.game, combos),
                strategies,
                profile,
            });
        }
        self.solved.as_ref().expect("finished above")
    }
}

impl<G: SpotGame> Running for Session<G> {
    fn summary(&self) -> Value {
        let names = self.names();
        let hands = [0, 1].map(|p| self.game.combos(p).len());
        let street = ["flop", "turn", "river"][self.position.board.cards().len().clamp(3, 5) - 3];
        json!({
            "position": self.position.to_string(),
            "oop": names[0],
            "ip": names[1],
            "pot": self.game.pot(),
            "street": street,
            "hands": hands,
            "nodes": self.game.tree().num_nodes(),
            "memory_bytes": peak_bytes(self.game, self.game.table_bytes()),
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
        let view = self.game.node(&self.position, index);
        let board = self.position.board.cards().len();
        let dead = view.dead();
        let path = self.game.path(&self.position, index);
        let names = self.names().map(str::to_string);
        let half = self.game.pot() / 2.0;
        let combos = [0, 1].map(|p| self.game.combos(p));
        let solved = self.finish();
        let (kind, player) = match view.kind {
            Kind::Decision(p) => ("decision", Some(p)),
            Kind::Chance => ("chance", None),
            Kind::Fold(p) => ("fold", Some(p)),
            Kind::Showdown => ("showdown", None),
        };
        let mut json = json!({
            "index": index,
            "path": path,
            "kind": kind,
            "player": player.map(|p| names[p].clone()),
            "pot": view.pot,
            "dealt": view.dealt.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "deals": (view.kind == Kind::Chance).then(|| if board + view.dealt.len() == 3 { "turn" } else { "river" }),
            "mirrors": view.mirrors.iter().map(|(card, listed)| json!({"card": card.to_string(), "as": listed.to_string()})).collect::<Vec<_>>(),
            "children": view.children.iter().map(|(label, child)| json!({"label": label, "index": child})).collect::<Vec<_>>(),
        });
        let (Kind::Decision(p), Some(strategy)) = (view.kind, &solved.strategies[index]) else {
            return Ok(json);
        };
        let mine = combos[p];
        let theirs = combos[1 - p];
        let reach = solved.profile.reach(index, p);
        let values = solved.profile.values(index, p);
        let opponent = solved.profile.reach(index, 1 - p);
        let actions = view.children.len();
        let width = mine.len();
        let mut hands = Vec::new();
        for (h, &combo) in mine.iter().enumerate() {
            let mask = combo_mask(usize::from(combo));
            if mask & dead != 0 {
                continue;
            }
            let blocked = mask | dead;
            let meet: f64 = theirs
                .iter()
                .zip(opponent)
                .filter(|(c, _)| combo_mask(usize::from(**c)) & blocked == 0)
                .map(|(_, r)| r)
                .sum();
            let ev = (meet > 1e-300).then(|| values[h] * solved.pairs / meet + half);
            hands.push(json!({
                "hand": combo_name(usize::from(combo)),
                "reach": reach[h],
                "strategy": (0..actions).map(|k| strategy[k * width + h]).collect::<Vec<_>>(),
                "ev": ev,
                "ev_weight": reach[h] * meet / solved.pairs,
            }));
        }
        json["hands"] = Value::Array(hands);
        Ok(json)
    }
}
