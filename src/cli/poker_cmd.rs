//! `banluck-lab poker range|tree`: the poker family's ranges and river
//! betting trees (the solver is still to come).

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::CliError;
use super::poker_tree_out::{tree_json, tree_text};
use crate::games::poker::card::Board;
use crate::games::poker::chips::Chip;
use crate::games::poker::position::{Holding, Position, parse_range_flag};
use crate::games::poker::range::Range;
use crate::games::poker::sizes::Sizes;
use crate::games::poker::tree::{PlayerSizes, Tree};

/// `poker` subcommands.
#[derive(Debug, Subcommand)]
pub enum PokerCommand {
    /// Combo counts (weighted and unweighted) and the 13×13 grid of a range, e.g. "22+,A2s+,KQo:0.5".
    Range(RangeArgs),
    /// The betting tree of a river position: every node with its path, who acts, the pot and the amounts.
    Tree(TreeArgs),
}

/// Arguments of `poker range`.
#[derive(Debug, Args)]
pub struct RangeArgs {
    /// The range: AA, KK-JJ, 22+, AKs, AQs-ATs, A2s+, AKo, K9o+, AK, AsKd, AA:0.5, comma separated.
    pub range: String,
    /// Board cards to remove from the range, e.g. Ks8h5d.
    #[arg(long, value_name = "CARDS")]
    pub board: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `poker tree`.
#[derive(Debug, Args)]
pub struct TreeArgs {
    /// The position, e.g. "OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP".
    pub position: String,
    /// Bet sizes of both players, e.g. "33%, 75%, a" (an empty string: no bets).
    #[arg(long, default_value = "33%, 75%", value_name = "SIZES")]
    pub bet: String,
    /// Raise sizes of both players, e.g. "60%" (an empty string: no raises).
    #[arg(long, default_value = "60%", value_name = "SIZES")]
    pub raise: String,
    /// OOP's bet sizes (instead of --bet).
    #[arg(long, value_name = "SIZES")]
    pub oop_bet: Option<String>,
    /// OOP's raise sizes (instead of --raise).
    #[arg(long, value_name = "SIZES")]
    pub oop_raise: Option<String>,
    /// IP's bet sizes (instead of --bet).
    #[arg(long, value_name = "SIZES")]
    pub ip_bet: Option<String>,
    /// IP's raise sizes (instead of --raise).
    #[arg(long, value_name = "SIZES")]
    pub ip_raise: Option<String>,
    /// The range of a player written `??` in the position, e.g. --range IP=22+,A2s+ (repeatable).
    #[arg(long = "range", value_name = "POS=RANGE", value_parser = parse_range_flag)]
    pub ranges: Vec<(String, Range)>,
    /// The smallest chip: 1 (whole numbers) or e.g. 0.5 (halves allowed).
    #[arg(long, default_value = "1")]
    pub chip: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Runs a `poker` subcommand.
pub fn run(command: PokerCommand) -> Result<(), CliError> {
    match command {
        PokerCommand::Range(args) => range(&args),
        PokerCommand::Tree(args) => tree(&args),
    }
}

/// `poker range`.
fn range(args: &RangeArgs) -> Result<(), CliError> {
    let parsed = Range::parse(&args.range).map_err(|e| CliError::input(format!("range: {e}")))?;
    let board = match &args.board {
        Some(text) => Some(
            text.parse::<Board>()
                .map_err(|e| CliError::input(format!("--board: {e}")))?,
        ),
        None => None,
    };
    let range = match &board {
        Some(board) => parsed.without_board(board),
        None => parsed,
    };
    let grid = range.grid();
    if args.json {
        let cells = |value: &dyn Fn(usize, usize) -> Value| -> Vec<Vec<Value>> {
            (0..13)
                .map(|row| (0..13).map(|column| value(row, column)).collect())
                .collect()
        };
        let output = json!({
            "range": args.range,
            "board": board.as_ref().map(ToString::to_string),
            "combos": range.combo_count(),
            "weighted": range.weighted_count(),
            "labels": cells(&|r, c| json!(grid[r][c].class.to_string())),
            "grid": cells(&|r, c| json!(grid[r][c].weighted)),
            "grid_combos": cells(&|r, c| json!(grid[r][c].combos)),
        });
        println!("{output:#}");
        return Ok(());
    }
    println!("range    {}", args.range);
    if let Some(board) = &board {
        println!("board    {board} (combos that touch it removed)");
    }
    println!(
        "combos   {} ({} weighted) of 1326",
        range.combo_count(),
        number(range.weighted_count())
    );
    println!(
        "grid     weighted combos per class: pairs on the diagonal, suited above, offsuit below"
    );
    for row in &grid {
        let line: Vec<String> = row
            .iter()
            .map(|cell| {
                let count = if cell.combos == 0 {
                    ".".to_string()
                } else {
                    number(cell.weighted)
                };
                format!("{:<4}{:>4}", cell.class.to_string(), count)
            })
            .collect();
        println!("{}", line.join(" ").trim_end());
    }
    Ok(())
}

/// A count with at most two decimals and no trailing zeros.
fn number(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `poker tree`.
fn tree(args: &TreeArgs) -> Result<(), CliError> {
    let chip = Chip::parse(&args.chip).map_err(CliError::input)?;
    let position = Position::parse(&args.position, chip)
        .map_err(|e| CliError::input(format!("position: {e}")))?;
    if !position.board.is_river() {
        return Err(CliError::input(format!(
            "position: the board has {} cards; trees are built for the river (5 cards) so far",
            position.board.cards().len()
        )));
    }
    let sizes = |flag: &str, own: &Option<String>, shared: &str| -> Result<Sizes, CliError> {
        let (name, text) = match own {
            Some(text) => (flag, text.as_str()),
            None => (
                if flag.ends_with("bet") {
                    "--bet"
                } else {
                    "--raise"
                },
                shared,
            ),
        };
        Sizes::parse(text).map_err(|e| CliError::input(format!("{name}: {e}")))
    };
    let player_sizes = [
        PlayerSizes {
            bet: sizes("--oop-bet", &args.oop_bet, &args.bet)?,
            raise: sizes("--oop-raise", &args.oop_raise, &args.raise)?,
        },
        PlayerSizes {
            bet: sizes("--ip-bet", &args.ip_bet, &args.bet)?,
            raise: sizes("--ip-raise", &args.ip_raise, &args.raise)?,
        },
    ];
    // The tree needs no ranges; they are checked and counted when known.
    let known = position
        .players
        .iter()
        .all(|p| p.holding != Holding::Unknown);
    let ranges = if known || !args.ranges.is_empty() {
        Some(position.ranges(&args.ranges).map_err(CliError::input)?)
    } else {
        None
    };
    let tree = Tree::build(position.street(), &player_sizes)
        .map_err(|e| CliError::input(e.to_string()))?;
    let ranges = ranges.as_ref();
    if args.json {
        println!("{:#}", tree_json(&position, ranges, &player_sizes, &tree));
    } else {
        print!("{}", tree_text(&position, ranges, &player_sizes, &tree));
    }
    Ok(())
}
