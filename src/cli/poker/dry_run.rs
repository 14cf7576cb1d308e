//! `poker solve --dry-run` on a flop spot: the tree's size, the suit
//! isomorphism's reduction and the bytes the solve would take against
//! `--memory-limit`, before the solver allocates anything.

use serde_json::json;

use super::memory::{MemoryLimit, format_bytes};
use super::print_json::infosets_json;
use super::solve_args::SolveArgs;
use crate::games::poker::game::PokerGame;
use crate::games::poker::position::Position;

/// Prints the dry run of `game` (at `position`, solved by `args`), which
/// needs `bytes` under `limit`: JSON with `--json`, else text.
pub fn print_dry_run(
    args: &SolveArgs,
    position: &Position,
    game: &PokerGame,
    bytes: u64,
    limit: &MemoryLimit,
) {
    let (decisions, deals, nodes) = game.spot_tree().counts();
    let [turn, river] = game.isomorphism();
    if args.json {
        let json = json!({
            "position": position.to_string(),
            "tree": {"nodes": nodes, "decisions": {"flop": decisions[0], "turn": decisions[1], "river": decisions[2]}, "deals": deals},
            "hands": {"oop": game.combos(0).len(), "ip": game.combos(1).len()},
            "isomorphism": {"turn": {"dealt": turn[0], "solved": turn[1]}, "river": {"dealt": river[0], "solved": river[1]}},
            "buckets": args.buckets,
            "infosets": infosets_json(game),
            "memory_bytes": bytes,
            "compressed": args.compress,
            "memory_limit": limit.bytes,
        });
        println!("{json:#}");
        return;
    }
    println!("position  {}", position);
    println!(
        "tree      {nodes} nodes: {} flop, {} turn, {} river decisions, {deals} deals",
        decisions[0], decisions[1], decisions[2]
    );
    println!(
        "cards     turn {} dealt, {} solved; river {} dealt, {} solved (suit isomorphism)",
        turn[0], turn[1], river[0], river[1]
    );
    println!(
        "memory    {} needed ({} bytes); limit {} ({})",
        format_bytes(bytes),
        bytes,
        format_bytes(limit.bytes),
        limit.source
    );
}
