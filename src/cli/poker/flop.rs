//! `banluck-lab poker solve` on a flop spot (three-card board): the flop,
//! every turn card and every river card in one tree, with suit
//! isomorphism; `--dry-run` prints the tree's size and the bytes the solve
//! would take, and `--memory-limit` refuses a bigger solve with exit 2,
//! both before the solver allocates anything. `--out` saves every
//! decision's strategy in the turn's binary format (its own magic line),
//! and `poker show` browses it with `--turn` and `--river`.

use serde_json::{Value, json};

use super::flop_out::{flop_json, flop_summary, infosets_json, node_json};
use super::memory::{format_bytes, memory_limit};
use super::solve_args::{ShowArgs, SolveArgs, Solved};
use super::solve_out::solution_text;
use crate::cli::CliError;
use crate::games::poker::card::Card;
use crate::games::poker::flop::{FlopSpot, SavedFlop};
use crate::games::poker::game::path::{parse_path, path_notation};
use crate::games::poker::game::{Keep, NodeKind, PokerGame, Step, solve as solve_game};
use crate::games::poker::position::Position;
use crate::games::poker::sizes::StreetSizes;
use crate::games::poker::spot::{Readout, Spot, memory_need};

/// `poker solve` on the flop spot `spot`, whose game is `game`.
pub fn solve(args: &SolveArgs, spot: &Spot, game: &PokerGame) -> Result<(), CliError> {
    if !matches!(
        args.algorithm,
        super::solve_args::AlgorithmArg::Dcfr | super::solve_args::AlgorithmArg::CfrPlus
    ) {
        return Err(CliError::input(
            "--algorithm: a flop spot is solved by dcfr or cfr+ (MCCFR runs on river and turn spots)",
        ));
    }
    let position = &spot.position;
    let limit = memory_limit(args.memory_limit.as_deref())?;
    // What --out saves, every decision's strategy, is kept beside the solver.
    let readout = if args.out.is_some() {
        Readout::Strategies
    } else {
        Readout::RootStreet
    };
    let bytes = memory_need(game, readout);
    if args.dry_run {
        let (decisions, deals, nodes) = game.spot_tree().counts();
        let [turn, river] = game.isomorphism();
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
        if args.json {
            println!("{json:#}");
        } else {
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
        return Ok(());
    }
    if bytes > limit.bytes {
        return Err(CliError::input(format!(
            "the solve would need {} ({bytes} bytes), more than --memory-limit {} ({}): use fewer sizes, smaller ranges or a higher --memory-limit",
            format_bytes(bytes),
            format_bytes(limit.bytes),
            limit.source
        )));
    }
    let full = args.out.is_some();
    let Solved {
        solution,
        name,
        seed,
        target,
    } = args.solve_with(
        game.pot(),
        |options| {
            let keep = if full { Keep::All } else { Keep::RootStreet };
            solve_game(game, options, keep)
        },
        |_, _, _| unreachable!("checked: a flop spot is solved full width"),
    )?;
    let saved = SavedFlop {
        spot: FlopSpot::new(spot),
        algorithm: name.to_string(),
        seed,
        target,
        solution,
    };
    args.save(&saved.to_bytes())?;
    let json = saved_json(position, game, &spot.sizes, &saved);
    args.print(&json)
}

/// A solution's summary as `poker solve` prints it, with the flop's nodes.
fn saved_json(
    position: &Position,
    game: &PokerGame,
    sizes: &StreetSizes,
    saved: &SavedFlop,
) -> Value {
    let mut json = flop_summary(position, game, sizes, &saved.solution);
    json["algorithm"] = json!(saved.algorithm);
    json["seed"] = json!(saved.seed);
    json["target"] = json!(saved.target);
    json["nodes"] = flop_json(position, game, &saved.solution);
    json
}

/// `poker show` on a saved flop solution (`bytes`, the file's content):
/// the node at `--node`, with `--turn` and `--river` for the cards the path
/// does not name.
pub fn show(args: &ShowArgs, bytes: &[u8]) -> Result<(), CliError> {
    let path = args.file.display();
    let hands = args.hands()?;
    let (saved, position, game) =
        SavedFlop::from_bytes(bytes).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let card = |flag: &str, text: &Option<String>| {
        text.as_deref()
            .map(|text| {
                text.trim()
                    .parse::<Card>()
                    .map_err(|e| CliError::input(format!("{flag}: {e}")))
            })
            .transpose()
    };
    let cards = [card("--turn", &args.turn)?, card("--river", &args.river)?];
    let steps = parse_path(args.node.as_deref().unwrap_or(""), position.chip)
        .map_err(|e| CliError::input(format!("--node: {e}")))?;
    let node = find_node(&position, &game, &steps, cards)
        .map_err(|e| CliError::input(format!("--node: {e}")))?;
    let sizes = saved
        .spot
        .sizes()
        .map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let mut json = saved_json(&position, &game, &sizes, &saved);
    json["nodes"] = json!([node_json(&position, &game, &saved.solution, node)]);
    let text = solution_text(&json, None, hands.as_ref())
        .map_err(|e| CliError::internal(format!("{path}: {e}")))?;
    if args.json {
        println!("{json:#}");
    } else if !args.quiet {
        print!("{text}");
    }
    Ok(())
}

/// The decision node that `steps` lead to from the root, after the
/// position's history (which `steps` may repeat); at a deal the path's
/// card, else `cards` (`[turn, river]`) in turn. A card solved as another
/// one (suit isomorphism) is named with the one it is solved as.
fn find_node(
    position: &Position,
    game: &PokerGame,
    steps: &[Step],
    cards: [Option<Card>; 2],
) -> Result<usize, String> {
    let history: Vec<Step> = position.history.iter().map(|&a| Step::Action(a)).collect();
    let steps = steps.strip_prefix(&history[..]).unwrap_or(steps);
    let tree = game.spot_tree();
    let chip = position.chip;
    let here = |at: usize| {
        let mut all = history.clone();
        all.extend(tree.path(at));
        match path_notation(&all, chip) {
            path if path.is_empty() => "the root".to_string(),
            path => format!("`{path}`"),
        }
    };
    let mut at = 0;
    let mut used = [false; 2];
    let mut steps = steps.iter().copied().peekable();
    loop {
        let node = &tree.nodes[at];
        let dealing = matches!(node.kind, NodeKind::Chance { .. });
        let next = match steps.peek() {
            Some(&Step::Deal(card)) if dealing => {
                steps.next();
                Step::Deal(card)
            }
            _ if dealing => match cards[node.deals()] {
                Some(card) => {
                    used[node.deals()] = true;
                    Step::Deal(card)
                }
                None => {
                    let flag = ["--turn", "--river"][node.deals()];
                    return Err(format!(
                        "{} reaches a deal: add the card to the path or give {flag}",
                        here(at)
                    ));
                }
            },
            Some(&step) => {
                steps.next();
                step
            }
            None => break,
        };
        let child = match (&node.kind, next) {
            (
                NodeKind::Decision {
                    actions, children, ..
                },
                Step::Action(action),
            ) => actions
                .iter()
                .position(|&a| a == action)
                .map(|k| children[k]),
            (NodeKind::Chance { cards, children }, Step::Deal(card)) => {
                cards.iter().position(|&c| c == card).map(|k| children[k])
            }
            _ => None,
        };
        at = match (child, next) {
            (Some(child), _) => child,
            (None, Step::Deal(card)) => {
                let mirror = tree
                    .mirrors
                    .iter()
                    .find(|m| m.chance == at && m.card == card);
                let listed = mirror.and_then(|m| tree.path(m.child).last().copied());
                return Err(match listed {
                    Some(listed) => format!(
                        "at {} {card} is solved as {} (two suits exchanged): show that card",
                        here(at),
                        listed.notation(chip)
                    ),
                    None => format!("`{card}` is no card dealt at {}", here(at)),
                });
            }
            (None, _) => {
                return Err(format!(
                    "`{}` does not follow {}",
                    next.notation(chip),
                    here(at)
                ));
            }
        };
    }
    for (street, flag) in ["--turn", "--river"].into_iter().enumerate() {
        if cards[street].is_some() && !used[street] {
            return Err(format!("{flag}: the path does not reach that deal"));
        }
    }
    match tree.nodes[at].kind {
        NodeKind::Decision { .. } => Ok(at),
        _ => Err(format!("the hand is over at {}", here(at))),
    }
}
