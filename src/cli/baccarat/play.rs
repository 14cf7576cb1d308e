//! `banluck-lab baccarat play|stats|history`: the table game and its
//! SQLite profile and history.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use clap::Args;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::cli::CliError;
use crate::cli::baccarat::rules_args::BaccaratRulesArgs;
use crate::cli::common_args::reword;
use crate::cli::output::print_json;
use crate::games::baccarat::play::round::MAX_BALANCE;
use crate::games::baccarat::play::session::{Session, SessionError};
use crate::games::baccarat::play::store::{Profile, Store};
use crate::games::baccarat::play::store_error::StoreError;
use crate::games::baccarat::play::summary::{Style, profile_text};
use crate::games::baccarat::play::{DEFAULT_PLAYER, check_name};
use crate::games::baccarat::rules::MAX_CHIPS;

/// The database file's name in the per-user data folder.
const DB_FILE: &str = "baccarat.sqlite3";

/// Arguments of `baccarat play`.
#[derive(Debug, Args)]
#[command(mut_args(reword(
    "overrides",
    "Override a rule key, e.g. --set table.tie_alone=false (repeatable)"
)))]
pub struct PlayArgs {
    /// `--rules` and `--set`.
    #[command(flatten)]
    pub rules: BaccaratRulesArgs,
    /// The database (default: baccarat.sqlite3 in the per-user data folder).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// Who plays (default: default_player, created on first use).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Create the player named by --player (refused if it exists).
    #[arg(long, requires = "player")]
    pub create_player: bool,
    /// The new player's balance, with --create-player only (default: the rules' table.default_balance).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i64).range(1..=MAX_CHIPS))]
    pub initial_balance: Option<i64>,
    /// Shuffle from this seed (reproducible shoes, for tests) instead of the system's CSPRNG.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Print JSON: the table talk goes to stderr and the player's profile after the session to stdout.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors: play the bets read from stdin silently (with --json, only the profile).
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Arguments of `baccarat stats`.
#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The database (default: baccarat.sqlite3 in the per-user data folder).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// The player (default: default_player).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Print JSON: the player's profile.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// Arguments of `baccarat history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// The database (default: baccarat.sqlite3 in the per-user data folder).
    #[arg(long, value_name = "PATH")]
    pub db: Option<PathBuf>,
    /// The player (default: default_player).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// Only the last N rounds.
    #[arg(long, value_name = "N")]
    pub last: Option<u64>,
    /// Every column as CSV, for spreadsheets.
    #[arg(long)]
    pub csv: bool,
    /// Print JSON: the player and every round with every column.
    #[arg(long)]
    pub json: bool,
    /// Print nothing but errors.
    #[arg(long, short = 'q')]
    pub quiet: bool,
}

/// The database path: `--db`, else the per-user data folder.
fn db_path(db: Option<&Path>) -> Result<PathBuf, CliError> {
    if let Some(db) = db {
        return Ok(db.to_path_buf());
    }
    directories::ProjectDirs::from("", "", "banluck-lab")
        .map(|dirs| dirs.data_dir().join(DB_FILE))
        .ok_or_else(|| CliError::input("no home folder to keep the database in: pass --db PATH"))
}

/// Opens the database at `path` (exit 2 when it cannot be opened or is
/// no database of this program).
fn open(path: &Path) -> Result<Store, CliError> {
    Store::open(path).map_err(|e| CliError::input(e.to_string()))
}

/// Opens an existing database for reading (`stats`, `history`).
fn open_existing(db: Option<&Path>) -> Result<(Store, PathBuf), CliError> {
    let path = db_path(db)?;
    if !path.is_file() {
        return Err(CliError::input(format!(
            "{}: no database yet (play a round with `banluck-lab baccarat play` first, or pass --db)",
            path.display()
        )));
    }
    Ok((open(&path)?, path))
}

/// A store failure of the database at `path`: a damaged file or
/// impossible rows are bad input (exit 2, the file named), anything else
/// an internal failure.
fn store_error(path: &Path) -> impl Fn(StoreError) -> CliError {
    move |error| {
        if error.is_damaged() {
            CliError::input(format!("{}: {error}", path.display()))
        } else {
            CliError::internal(error.to_string())
        }
    }
}

/// Colour only when stdout is a terminal and `NO_COLOR` is not set.
fn colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// The named (or default) player, checked.
fn player_name(player: Option<&str>) -> Result<String, CliError> {
    let name = player.unwrap_or(DEFAULT_PLAYER);
    check_name(name).map_err(CliError::input)?;
    Ok(name.to_string())
}

fn unknown_player(name: &str) -> CliError {
    CliError::input(format!(
        "no player `{name}` in this database; create it with `baccarat play --player {name} --create-player [--initial-balance N]`"
    ))
}

/// `baccarat play`.
pub fn play(args: &PlayArgs) -> Result<(), CliError> {
    let rules = args.rules.load()?;
    let name = player_name(args.player.as_deref())?;
    if args.initial_balance.is_some() && !args.create_player {
        return Err(CliError::input(
            "--initial-balance only goes with --create-player: an existing player's balance is never reset",
        ));
    }
    let path = db_path(args.db.as_deref())?;
    let failed = store_error(&path);
    let mut store = open(&path)?;
    let profile = store.checked_profile(&name).map_err(&failed)?;
    if let Some(balance) = profile
        .as_ref()
        .map(|p| p.balance)
        .filter(|b| !(0..=MAX_BALANCE).contains(b))
    {
        return Err(CliError::input(format!(
            "{}: player `{name}` has a balance of {balance} chips, outside 0 to {MAX_BALANCE}: the database was edited or is damaged; play another player (--player NAME --create-player) or another database (--db FILE)",
            path.display()
        )));
    }
    let exists = profile.is_some();
    let balance = args.initial_balance.unwrap_or(rules.table.default_balance);
    if args.create_player {
        if exists || !store.create_player(&name, balance).map_err(&failed)? {
            return Err(CliError::input(format!(
                "player `{name}` already exists: --create-player only makes new players (balances are never reset); play without it"
            )));
        }
    } else if !exists {
        if args.player.is_some() {
            return Err(unknown_player(&name));
        }
        store.create_player(&name, balance).map_err(&failed)?;
    }
    let rng = match args.seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => rand::make_rng(),
    };
    let style = Style {
        colour: colour(),
        echo: !std::io::stdin().is_terminal(),
    };
    let stdin = std::io::stdin();
    let talk: Box<dyn std::io::Write> = match (args.json, args.quiet) {
        (_, true) => Box::new(std::io::sink()),
        (true, false) => Box::new(std::io::stderr().lock()),
        (false, false) => Box::new(std::io::stdout().lock()),
    };
    Session::new(&mut store, &name, &rules, style, rng)
        .run(stdin.lock(), talk)
        .map_err(|error| match error {
            SessionError::Io(e) => {
                CliError::internal(format!("cannot read or write the terminal: {e}"))
            }
            SessionError::Store(e) => failed(e),
        })?;
    if args.json {
        let profile = store
            .profile(&name)
            .map_err(&failed)?
            .ok_or_else(|| unknown_player(&name))?;
        return print_json(&profile_json(&profile));
    }
    Ok(())
}

/// A profile as JSON, every field by its name.
fn profile_json(profile: &Profile) -> serde_json::Value {
    serde_json::json!({
        "name": profile.name,
        "balance": profile.balance,
        "initial_balance": profile.initial_balance,
        "rounds_played": profile.rounds_played,
        "total_wagered": profile.total_wagered,
        "total_won": profile.total_won,
        "total_lost": profile.total_lost,
        "biggest_win": profile.biggest_win,
        "created_at": profile.created_at,
        "updated_at": profile.updated_at,
        "last_shoe": profile.last_shoe,
    })
}

/// `baccarat stats`.
pub fn stats(args: &StatsArgs) -> Result<(), CliError> {
    let name = player_name(args.player.as_deref())?;
    let (store, path) = open_existing(args.db.as_deref())?;
    let profile = store
        .checked_profile(&name)
        .map_err(store_error(&path))?
        .ok_or_else(|| unknown_player(&name))?;
    if args.json {
        return print_json(&profile_json(&profile));
    }
    if args.quiet {
        return Ok(());
    }
    let style = Style {
        colour: colour(),
        echo: false,
    };
    print!("{}", profile_text(&profile, style));
    Ok(())
}

/// A CSV field, quoted when it needs to be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// `baccarat history`.
pub fn history(args: &HistoryArgs) -> Result<(), CliError> {
    let name = player_name(args.player.as_deref())?;
    let (store, path) = open_existing(args.db.as_deref())?;
    let failed = store_error(&path);
    if store.checked_profile(&name).map_err(&failed)?.is_none() {
        return Err(unknown_player(&name));
    }
    let (columns, rows) = store.history(&name, args.last).map_err(&failed)?;
    if args.json {
        let rounds: Vec<serde_json::Map<String, serde_json::Value>> = rows
            .iter()
            .map(|row| {
                columns
                    .iter()
                    .zip(row)
                    .map(|(c, v)| {
                        let value = v.parse::<i64>().map_or_else(
                            |_| serde_json::Value::from(v.as_str()),
                            serde_json::Value::from,
                        );
                        (c.clone(), value)
                    })
                    .collect()
            })
            .collect();
        return print_json(&serde_json::json!({ "player": name, "rounds": rounds }));
    }
    if args.quiet {
        return Ok(());
    }
    if args.csv {
        let line = |cells: &[String]| {
            cells
                .iter()
                .map(|c| csv_field(c))
                .collect::<Vec<_>>()
                .join(",")
        };
        println!("{}", line(&columns));
        for row in &rows {
            println!("{}", line(row));
        }
        return Ok(());
    }
    let at = |column: &str| columns.iter().position(|c| c == column);
    let shown = [
        "round",
        "shoe",
        "round_in_shoe",
        "bet_player",
        "bet_banker",
        "bet_tie",
        "bet_dragon7",
        "bet_panda8",
        "player_cards",
        "banker_cards",
        "outcome",
        "net",
        "balance_after",
    ];
    let index: Vec<usize> = shown.iter().filter_map(|c| at(c)).collect();
    let mut table = vec![shown.iter().map(|c| c.to_string()).collect::<Vec<_>>()];
    table.extend(
        rows.iter()
            .map(|row| index.iter().map(|&i| row[i].clone()).collect()),
    );
    let widths: Vec<usize> = (0..shown.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for row in &table {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(cell, &w)| format!("{cell:<w$}"))
            .collect();
        println!("{}", cells.join("  ").trim_end());
    }
    if rows.is_empty() {
        println!("(no rounds yet)");
    }
    Ok(())
}
