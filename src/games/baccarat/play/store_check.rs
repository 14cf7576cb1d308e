//! What a player's rows in the store must be, checked when a command
//! first reads the player ([`super::store::Store::checked_profile`]): the
//! file passes SQLite's `quick_check`, and every value is of its column's
//! type and the balance follows from the rounds:
//!
//! - the profile: an initial balance from 1 to [`MAX_CHIPS`], a balance,
//!   round count and totals not below zero;
//! - each round, in order: numbered 1, 2, 3, … without gaps; its balance
//!   before equal to the previous round's balance after (the initial
//!   balance for the first); stakes not below zero that the balance
//!   before covers; a bet's net given exactly when it was staked and
//!   never losing more than its stake; the round's net the sum of its
//!   bets'; balance after = balance before + net; totals 0 to 9 and an
//!   outcome the game has;
//! - the profile's balance, round count, amounts wagered, won and lost
//!   and biggest win equal to what the rounds add up to.
//!
//! Sums are checked for overflow; an error names the player, the round
//! and the column with the value found.

use rusqlite::types::ValueRef;
use rusqlite::{Connection, Row};

use super::round::outcome_key;
use super::store_error::{StoreError, StoreResult, sql};
use crate::games::baccarat::rules::MAX_CHIPS;
use crate::games::baccarat::tableau::Outcome;

/// The bets in the order of the `rounds` table's columns.
const BETS: [&str; 5] = ["player", "banker", "tie", "dragon7", "panda8"];

/// The columns read from `rounds`, in order.
const ROUND_COLUMNS: &str = "player_round, shoe, round_in_shoe, balance_before,
    bet_player, bet_banker, bet_tie, bet_dragon7, bet_panda8,
    player_total, banker_total, natural, outcome,
    net_player, net_banker, net_tie, net_dragon7, net_panda8, net, balance_after";

/// Checks the whole file with SQLite's `quick_check`.
///
/// # Errors
/// [`StoreError::Damaged`] with SQLite's first finding.
pub fn check_file(connection: &Connection) -> StoreResult<()> {
    // A file that is no database fails the check itself: its error is
    // the finding.
    let found = connection
        .query_row("PRAGMA quick_check", [], |r| r.get::<_, String>(0))
        .unwrap_or_else(|e| e.to_string());
    if found == "ok" {
        Ok(())
    } else {
        Err(StoreError::Damaged(format!(
            "the database is damaged (SQLite's check: {}), or another program's file: move it away, or pass --db with another file to start a new one (`sqlite3 FILE .recover` may save its rounds)",
            found.replace('\n', " ")
        )))
    }
}

/// Checks the profile and every round of `name`; a player who does not
/// exist passes.
///
/// # Errors
/// [`StoreError::Damaged`] saying what is wrong, with the player, round
/// and column.
pub fn check_player(connection: &Connection, name: &str) -> StoreResult<()> {
    let place = format!("player `{name}`");
    let damaged = |what: String| StoreError::Damaged(format!("{place}: {what}"));
    let mut statement = connection
        .prepare(
            "SELECT balance, initial_balance, rounds_played, total_wagered, total_won,
                    total_lost, biggest_win FROM players WHERE name = ?1",
        )
        .map_err(sql)?;
    let mut rows = statement.query([name]).map_err(sql)?;
    let Some(row) = rows.next().map_err(sql)? else {
        return Ok(());
    };
    let mut profile = [0; PROFILE_COLUMNS.len()];
    for (i, column) in PROFILE_COLUMNS.iter().enumerate() {
        profile[i] = whole(row, i, column).map_err(damaged)?;
    }
    let [balance, initial, played, wagered, won, lost, biggest] = profile;
    if !(1..=MAX_CHIPS).contains(&initial) {
        return Err(damaged(format!(
            "`initial_balance` is {initial}, not from 1 to {MAX_CHIPS}"
        )));
    }
    for (column, value) in PROFILE_COLUMNS.iter().zip(profile) {
        if value < 0 {
            return Err(damaged(format!("`{column}` is {value}, below zero")));
        }
    }
    let mut sums = Sums {
        balance: initial,
        ..Sums::default()
    };
    drop(rows);
    let mut statement = connection
        .prepare(&format!(
            "SELECT {ROUND_COLUMNS} FROM rounds WHERE player = ?1 ORDER BY player_round"
        ))
        .map_err(sql)?;
    let mut rows = statement.query([name]).map_err(sql)?;
    while let Some(row) = rows.next().map_err(sql)? {
        let round = sums.rounds + 1;
        sums.add(row)
            .map_err(|what| damaged(format!("round {round}: {what}")))?;
    }
    let expected = [
        ("balance", balance, sums.balance),
        ("rounds_played", played, sums.rounds),
        ("total_wagered", wagered, sums.wagered),
        ("total_won", won, sums.won),
        ("total_lost", lost, sums.lost),
        ("biggest_win", biggest, sums.biggest),
    ];
    for (column, found, rounds) in expected {
        if found != rounds {
            return Err(damaged(format!(
                "`{column}` is {found} where its {} rounds make {rounds}",
                sums.rounds
            )));
        }
    }
    Ok(())
}

/// The profile's whole-number columns, in the order read.
const PROFILE_COLUMNS: [&str; 7] = [
    "balance",
    "initial_balance",
    "rounds_played",
    "total_wagered",
    "total_won",
    "total_lost",
    "biggest_win",
];

/// What the rounds read so far add up to.
#[derive(Default)]
struct Sums {
    rounds: i64,
    balance: i64,
    wagered: i64,
    won: i64,
    lost: i64,
    biggest: i64,
}

impl Sums {
    /// Checks the next round `row` (columns [`ROUND_COLUMNS`]) and adds it.
    fn add(&mut self, row: &Row) -> Result<(), String> {
        let number = whole(row, 0, "player_round")?;
        if number != self.rounds + 1 {
            return Err(format!(
                "`player_round` is {number} where {} follows",
                self.rounds + 1
            ));
        }
        for (i, column) in [(1, "shoe"), (2, "round_in_shoe")] {
            let value = whole(row, i, column)?;
            if value < 1 {
                return Err(format!("`{column}` is {value}, below 1"));
            }
        }
        let before = whole(row, 3, "balance_before")?;
        if before != self.balance {
            return Err(format!(
                "`balance_before` is {before} where the previous balance is {}",
                self.balance
            ));
        }
        for (i, column) in [(9, "player_total"), (10, "banker_total")] {
            let value = whole(row, i, column)?;
            if !(0..=9).contains(&value) {
                return Err(format!("`{column}` is {value}, not from 0 to 9"));
            }
        }
        let natural = whole(row, 11, "natural")?;
        if !(0..=1).contains(&natural) {
            return Err(format!("`natural` is {natural}, not 0 or 1"));
        }
        check_outcome(row)?;
        let (mut staked, mut net, mut won, mut lost) = (0i64, 0i64, 0i64, 0i64);
        for (k, bet) in BETS.iter().enumerate() {
            let stake = whole(row, 4 + k, &format!("bet_{bet}"))?;
            let result = optional_whole(row, 13 + k, &format!("net_{bet}"))?;
            match (stake, result) {
                (0, None) => {}
                (stake, Some(result)) if stake > 0 && result >= -stake => {
                    staked = add(staked, stake)?;
                    net = add(net, result)?;
                    won = add(won, result.max(0))?;
                    lost = add(lost, (-result).max(0))?;
                }
                (stake, result) => {
                    let result = result.map_or("none".to_string(), |r| r.to_string());
                    return Err(format!(
                        "`bet_{bet}` is {stake} with `net_{bet}` {result}: a bet's net is given exactly when it is staked, and loses at most the stake"
                    ));
                }
            }
        }
        if staked > before {
            return Err(format!(
                "the stakes ({staked}) are more than `balance_before` {before}"
            ));
        }
        let recorded = whole(row, 18, "net")?;
        if recorded != net {
            return Err(format!(
                "`net` is {recorded} where its bets' nets add up to {net}"
            ));
        }
        let after = whole(row, 19, "balance_after")?;
        if Some(after) != before.checked_add(net) {
            return Err(format!(
                "`balance_after` is {after}, not `balance_before` {before} plus `net` {net}"
            ));
        }
        self.rounds = number;
        self.balance = after;
        self.wagered = add(self.wagered, staked)?;
        self.won = add(self.won, won)?;
        self.lost = add(self.lost, lost)?;
        self.biggest = self.biggest.max(net);
        Ok(())
    }
}

/// The round's outcome: one of the game's.
fn check_outcome(row: &Row) -> Result<(), String> {
    let outcomes = Outcome::ALL.map(outcome_key);
    match row.get_ref(12).map_err(|e| e.to_string())? {
        ValueRef::Text(text) if outcomes.iter().any(|o| o.as_bytes() == text) => Ok(()),
        other => Err(format!(
            "`outcome` is {}, not one of {}",
            shown(other),
            outcomes.join(", ")
        )),
    }
}

/// `a + b`, or an error past the 64-bit range.
fn add(a: i64, b: i64) -> Result<i64, String> {
    a.checked_add(b)
        .ok_or_else(|| "its amounts add up past the 64-bit range".to_string())
}

/// Column `i` (named `column`) of `row`: a whole number.
fn whole(row: &Row, i: usize, column: &str) -> Result<i64, String> {
    optional_whole(row, i, column)?
        .ok_or_else(|| format!("`{column}` is empty, not a whole number"))
}

/// Column `i` (named `column`) of `row`: a whole number or empty.
fn optional_whole(row: &Row, i: usize, column: &str) -> Result<Option<i64>, String> {
    match row.get_ref(i).map_err(|e| e.to_string())? {
        ValueRef::Integer(n) => Ok(Some(n)),
        ValueRef::Null => Ok(None),
        other => Err(format!(
            "`{column}` is {}, not a whole number",
            shown(other)
        )),
    }
}

/// A stored value as an error shows it: its start and its type.
fn shown(value: ValueRef) -> String {
    const SHOWN: usize = 40;
    match value {
        ValueRef::Null => "empty".to_string(),
        ValueRef::Integer(n) => n.to_string(),
        ValueRef::Real(x) if x == 0.0 || (1e-6..1e9).contains(&x.abs()) => {
            format!("{x} (a real number)")
        }
        ValueRef::Real(x) => format!("{x:e} (a real number)"),
        ValueRef::Text(t) => {
            let text = String::from_utf8_lossy(t);
            let start: String = text.chars().take(SHOWN).collect();
            format!("{start:?} (text)")
        }
        ValueRef::Blob(b) => format!("a blob of {} bytes", b.len()),
    }
}
