//! `banluck-lab poker range|tree|solve|show|page`: the poker family's
//! ranges, river betting trees, the river solver and the solver page.

use clap::{Args, Subcommand};
use serde_json::{Value, json};

use super::solve_args::{ShowArgs, SolveArgs};
use super::spot::{SpotArgs, betting_tree};
use super::tree_out::{tree_json, tree_text};
use crate::cli::CliError;
use crate::games::poker::card::Board;
use crate::games::poker::position::Holding;
use crate::games::poker::range::Range;

/// `poker` subcommands.
#[derive(Debug, Subcommand)]
pub enum PokerCommand {
    /// Combo counts (weighted and unweighted) and the 13×13 grid of a range, e.g. "22+,A2s+,KQo:0.5".
    Range(RangeArgs),
    /// The betting tree of a river position (five-card board): every node with its path, who acts, the pot and the amounts.
    Tree(Box<TreeArgs>),
    /// Solve a river, turn or flop spot (vector-form DCFR, CFR+ or Monte Carlo CFR to a target exploitability): values, exploitability, strategies.
    Solve(Box<SolveArgs>),
    /// Print a solution saved by `poker solve --out`, at the root or at --node PATH.
    Show(ShowArgs),
    /// Write the self-contained solver page (river, turn and small flop spots solved in the browser, offline).
    Page(super::page::PageArgs),
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
    /// Print nothing but errors (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Arguments of `poker tree`.
#[derive(Debug, Args)]
pub struct TreeArgs {
    /// The spot: position, sizes, ranges, chip.
    #[command(flatten)]
    pub spot: SpotArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors (with --json, only the JSON).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Runs a `poker` subcommand.
pub fn run(command: PokerCommand) -> Result<(), CliError> {
    match command {
        PokerCommand::Range(args) => range(&args),
        PokerCommand::Tree(args) => tree(&args),
        PokerCommand::Solve(args) => super::solve::solve(&args),
        PokerCommand::Show(args) => super::solve::show(&args),
        PokerCommand::Page(args) => super::page::run(&args),
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
    if args.quiet {
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
    let position = args.spot.position("a tree", false)?;
    let sizes = args.spot.street_sizes()?;
    let player_sizes = &sizes.river;
    // The tree needs no ranges; they are checked and counted when known.
    let known = position
        .players
        .iter()
        .all(|p| p.holding != Holding::Unknown);
    let ranges = if known || !args.spot.ranges.is_empty() {
        Some(
            position
                .ranges(&args.spot.ranges)
                .map_err(CliError::input)?,
        )
    } else {
        None
    };
    let tree = betting_tree(&position, &sizes)?;
    let ranges = ranges.as_ref();
    if args.json {
        println!("{:#}", tree_json(&position, ranges, player_sizes, &tree));
    } else if !args.quiet {
        print!("{}", tree_text(&position, ranges, player_sizes, &tree));
    }
    Ok(())
}
