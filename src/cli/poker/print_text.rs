//! `poker solve` and `poker show` as text: the solved spot's value,
//! exploitability and bracket (with its memory on a turn or flop spot and
//! its buckets where it has some), then one decision node: the actor's
//! aggregate frequencies, a line per hand class (with its EV where the
//! node has EVs) and a line per combo of `--hand`.

use std::fmt::Write;

use crate::games::poker::range::{HandClass, Range};
use crate::games::poker::solved::{Aggregate, NodeView, SolvedSpot};

/// A share as a percentage with one decimal.
fn percent(share: f64) -> String {
    format!("{:.1} %", 100.0 * share)
}

/// The solved spot's summary and node `view`, with a line per combo of
/// `filter` that the actor holds.
pub fn solution_text(solved: &SolvedSpot, view: &NodeView, filter: Option<&Range>) -> String {
    let solution = &solved.solution;
    let [oop, ip] = solved.names();
    let pot = solved.game.pot();
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "position  {}", solved.position());
    let _ = writeln!(
        w,
        "value     {oop} {:.4}  {ip} {:.4}  (chips; they sum to the pot {pot})",
        solution.value[0], solution.value[1]
    );
    // Monte Carlo CFR's seed after its name; none for DCFR and CFR+.
    let seed = solved
        .run
        .seed
        .map_or(String::new(), |seed| format!(" seed {seed}"));
    let _ = writeln!(
        w,
        "exploit.  {:.5} chips = {:.4} % of the pot ({}{seed}, {} iterations, {:.3} s)",
        solution.exploitability,
        solution.exploitability_pct(pot),
        solved.run.algorithm,
        solution.iterations,
        solution.seconds
    );
    let _ = writeln!(
        w,
        "bracket   {oop}'s game value is in [{:.4}, {:.4}]",
        solution.bracket[0], solution.bracket[1]
    );
    // A river spot's output has never carried its memory.
    if solved.street() < 2 {
        let _ = writeln!(
            w,
            "memory    {:.1} MB (solver arrays and game tables)",
            solution.memory_bytes as f64 / 1e6
        );
    }
    if let Some(buckets) = solved.game.buckets() {
        let [full, solved] = solved.game.infosets();
        let _ = writeln!(
            w,
            "buckets   at most {} per board on the turn and river: {solved} information sets solved of the full game's {full} (exploitability measured in the full game)",
            buckets.count()
        );
    }
    node_text(w, solved, view, filter);
    out
}

/// One decision node: who acts, the aggregate frequencies, the
/// frequencies per hand class (weighted by each hand's reach) with the
/// EV where the node has EVs (weighted by their weights), then each combo
/// of `filter` that the actor holds.
fn node_text(w: &mut String, solved: &SolvedSpot, view: &NodeView, filter: Option<&Range>) {
    let player = solved.names()[view.player];
    let chip = solved.position().chip;
    let actions: Vec<String> = view.actions.iter().map(|a| a.notation(chip)).collect();
    let path = if view.path.is_empty() {
        "(root)"
    } else {
        view.path.as_str()
    };
    let _ = writeln!(w, "node      {path} {player} to act, pot {}", view.pot);
    let line = |cell: &Aggregate| -> String {
        let mut text = actions
            .iter()
            .enumerate()
            .map(|(k, action)| format!("{action} {}", percent(cell.frequency(k))))
            .collect::<Vec<_>>()
            .join(", ");
        if let Some(ev) = cell.ev() {
            let _ = write!(text, " · EV {ev:.3}");
        }
        text
    };
    let sums = view.summary();
    if sums.total.weight <= 0.0 {
        let _ = writeln!(w, "strategy  (no hand of {player} reaches this node)");
        return;
    }
    let _ = writeln!(w, "strategy  {player}: {}", line(&sums.total));
    if filter.is_none() {
        for (row, cells) in sums.classes.iter().enumerate() {
            for (column, cell) in cells.iter().enumerate() {
                if cell.weight > 0.0 {
                    let class = HandClass::at_cell(row, column);
                    let _ = writeln!(w, "  {player} {class}: {}", line(cell));
                }
            }
        }
    }
    let Some(range) = filter else {
        return;
    };
    let held: Vec<_> = view
        .hands
        .iter()
        .filter(|hand| range.weight(hand.combo) > 0.0)
        .collect();
    if held.is_empty() {
        let _ = writeln!(w, "hands     {player} holds none of the --hand combos here");
    }
    for hand in held {
        let shares: Vec<String> = actions
            .iter()
            .zip(&hand.strategy)
            .map(|(action, &p)| format!("{action} {}", percent(p)))
            .collect();
        let ev = hand
            .ev
            .and_then(|ev| ev.ev)
            .map_or(String::new(), |ev| format!(" · EV {ev:.3}"));
        let mut single = Aggregate::new(actions.len());
        single.add(hand);
        let _ = writeln!(
            w,
            "  {player} {}: {}{ev} (reach {})",
            crate::games::poker::combo::combo_name(hand.combo),
            shares.join(", "),
            if single.weight >= 1e-3 {
                format!("{:.4}", single.weight)
            } else {
                format!("{:.3e}", single.weight)
            }
        );
    }
}
