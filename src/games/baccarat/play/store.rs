//! The SQLite file behind the table game: `players` (the profile) and
//! `rounds` (the history). The schema carries its version in
//! `PRAGMA user_version` and is created or migrated on open. Each round is
//! written in one transaction together with the player's balance and
//! totals, so a crash or a kill at any moment leaves either the whole
//! round or none of it.

use std::path::Path;
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, Row, TransactionBehavior, params};

use super::cards::cards_text;
use super::round::{Coup, MAX_BALANCE, Settled, TABLE_ORDER, outcome_key};
use super::schema::{MIGRATIONS, SCHEMA_VERSION};
use super::store_check::{check_file, check_player};
use super::store_error::{StoreError, StoreResult, sql};

/// The current UTC time, as SQLite writes it.
const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

/// A player's profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// The player's name.
    pub name: String,
    /// Chips now.
    pub balance: i64,
    /// Chips at creation.
    pub initial_balance: i64,
    /// Rounds played.
    pub rounds_played: i64,
    /// Chips staked, all rounds.
    pub total_wagered: i64,
    /// Chips won on winning bets.
    pub total_won: i64,
    /// Chips lost on losing bets.
    pub total_lost: i64,
    /// The best round's net.
    pub biggest_win: i64,
    /// When the player was created (UTC).
    pub created_at: String,
    /// When the profile last changed (UTC).
    pub updated_at: String,
    /// The highest shoe number in the player's history (0 before any round).
    pub last_shoe: i64,
}

/// A round to record.
#[derive(Debug, Clone)]
pub struct RoundRecord<'a> {
    /// The shoe number (per player, counting across sessions).
    pub shoe: i64,
    /// The round's number within its shoe, from 1.
    pub round_in_shoe: i64,
    /// The coup.
    pub coup: &'a Coup,
    /// The settled bets.
    pub settled: &'a [Settled],
}

/// What [`Store::record_round`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recorded {
    /// The player's round number, from 1.
    pub player_round: i64,
    /// The balance before the round.
    pub balance_before: i64,
    /// The round's net.
    pub net: i64,
    /// The balance after the round.
    pub balance_after: i64,
}

/// An open store.
#[derive(Debug)]
pub struct Store {
    connection: Connection,
}

impl Store {
    /// Opens (creating if needed) the store at `path`, checks that SQLite
    /// reads it whole ([`check_file`]) and brings its schema to
    /// [`SCHEMA_VERSION`]. A damaged file, another program's file and a
    /// file from a newer program are refused as [`StoreError::Damaged`].
    pub fn open(path: &Path) -> StoreResult<Store> {
        if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|e| {
                StoreError::Failed(format!(
                    "{}: cannot create the folder: {e}",
                    folder.display()
                ))
            })?;
        }
        let connection = Connection::open(path).map_err(|e| {
            StoreError::Failed(format!("{}: cannot open the database: {e}", path.display()))
        })?;
        let mut store = Store { connection };
        store
            .prepare()
            .map_err(|e| e.within(&path.display().to_string()))?;
        Ok(store)
    }

    fn prepare(&mut self) -> StoreResult<()> {
        let c = &mut self.connection;
        c.busy_timeout(Duration::from_secs(10)).map_err(sql)?;
        check_file(c)?;
        // WAL: readers (`stats`, `history`) never block a session; NORMAL
        // sync keeps every committed round through a crash of the program.
        c.pragma_update(None, "journal_mode", "WAL").map_err(sql)?;
        c.pragma_update(None, "synchronous", "NORMAL")
            .map_err(sql)?;
        c.pragma_update(None, "foreign_keys", "ON").map_err(sql)?;
        let tx = c
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sql)?;
        let version: i64 = tx
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sql)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::Damaged(format!(
                "the database has schema version {version}, newer than this program's {SCHEMA_VERSION}: use a newer banluck-lab"
            )));
        }
        for migration in &MIGRATIONS[usize::try_from(version).unwrap_or(0)..] {
            tx.execute_batch(migration).map_err(sql)?;
        }
        tx.pragma_update(None, "user_version", SCHEMA_VERSION)
            .map_err(sql)?;
        tx.commit().map_err(sql)
    }

    /// The schema version of the open file.
    pub fn schema_version(&self) -> StoreResult<i64> {
        self.connection
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(sql)
    }

    /// The profile of `name`, if that player exists, after checking the
    /// player's rows ([`super::store_check`]; the file was checked when
    /// opened): what a command reads first.
    ///
    /// # Errors
    /// [`StoreError::Damaged`] naming the player, round and column of an
    /// impossible value; [`StoreError::Failed`] if the database fails.
    pub fn checked_profile(&self, name: &str) -> StoreResult<Option<Profile>> {
        check_player(&self.connection, name)?;
        self.profile(name)
    }

    /// The profile of `name`, if that player exists (unchecked: for the
    /// reads of a session after [`Store::checked_profile`]).
    pub fn profile(&self, name: &str) -> StoreResult<Option<Profile>> {
        self.connection
            .query_row(
                "SELECT name, balance, initial_balance, rounds_played, total_wagered, total_won,
                        total_lost, biggest_win, created_at, updated_at,
                        (SELECT COALESCE(MAX(shoe), 0) FROM rounds WHERE player = ?1)
                 FROM players WHERE name = ?1",
                [name],
                profile_from_row,
            )
            .optional()
            .map_err(sql)
    }

    /// Creates `name` with `balance` chips; `Ok(false)` when the player
    /// already exists (nothing is changed).
    pub fn create_player(&self, name: &str, balance: i64) -> StoreResult<bool> {
        let added = self
            .connection
            .execute(
                &format!(
                    "INSERT OR IGNORE INTO players (name, balance, initial_balance, created_at, updated_at)
                     VALUES (?1, ?2, ?2, {NOW}, {NOW})"
                ),
                params![name, balance],
            )
            .map_err(sql)?;
        Ok(added == 1)
    }

    /// Records a round and applies its net to the player's balance and
    /// totals, in one transaction. The balance is read inside the
    /// transaction, so two sessions of one player never lose a round;
    /// `Ok(None)` (nothing written) when another session has meanwhile
    /// brought the balance below the round's stake.
    pub fn record_round(
        &mut self,
        name: &str,
        round: &RoundRecord,
    ) -> StoreResult<Option<Recorded>> {
        let tx = self
            .connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(sql)?;
        let (balance_before, played): (i64, i64) = tx
            .query_row(
                "SELECT balance, rounds_played FROM players WHERE name = ?1",
                [name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(sql)?;
        let stake = |bet| {
            round
                .settled
                .iter()
                .find(|s| s.bet == bet)
                .map_or(0, |s| s.stake)
        };
        let result = |bet| round.settled.iter().find(|s| s.bet == bet).map(|s| s.net);
        let [s_player, s_banker, s_tie, s_dragon7, s_panda8] = TABLE_ORDER.map(stake);
        let [r_player, r_banker, r_tie, r_dragon7, r_panda8] = TABLE_ORDER.map(result);
        let net: i64 = round.settled.iter().map(|s| s.net).sum();
        let wagered: i64 = round.settled.iter().map(|s| s.stake).sum();
        let won: i64 = round.settled.iter().map(|s| s.net.max(0)).sum();
        let lost: i64 = round.settled.iter().map(|s| (-s.net).max(0)).sum();
        if wagered > balance_before {
            return Ok(None);
        }
        let balance_after = balance_before
            .checked_add(net)
            .filter(|after| (0..=MAX_BALANCE).contains(after))
            .ok_or_else(|| {
                StoreError::Damaged(format!(
                    "the balance {balance_before} and this round's net {net} leave 0 to {MAX_BALANCE} chips: the round is not recorded"
                ))
            })?;
        let coup = round.coup;
        tx.execute(
            &format!(
                "INSERT INTO rounds (player, player_round, played_at, shoe, round_in_shoe, balance_before,
                    bet_player, bet_banker, bet_tie, bet_dragon7, bet_panda8,
                    player_cards, banker_cards, player_total, banker_total, natural, outcome,
                    net_player, net_banker, net_tie, net_dragon7, net_panda8, net, balance_after)
                 VALUES (?1, ?2, {NOW}, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                    ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)"
            ),
            params![
                name,
                played + 1,
                round.shoe,
                round.round_in_shoe,
                balance_before,
                s_player,
                s_banker,
                s_tie,
                s_dragon7,
                s_panda8,
                cards_text(&coup.player.cards),
                cards_text(&coup.banker.cards),
                coup.player.total,
                coup.banker.total,
                coup.natural,
                outcome_key(coup.outcome),
                r_player,
                r_banker,
                r_tie,
                r_dragon7,
                r_panda8,
                net,
                balance_after,
            ],
        )
        .map_err(sql)?;
        tx.execute(
            &format!(
                "UPDATE players SET balance = ?2, rounds_played = rounds_played + 1,
                    total_wagered = total_wagered + ?3, total_won = total_won + ?4,
                    total_lost = total_lost + ?5, biggest_win = MAX(biggest_win, ?6),
                    updated_at = {NOW}
                 WHERE name = ?1"
            ),
            params![name, balance_after, wagered, won, lost, net],
        )
        .map_err(sql)?;
        tx.commit().map_err(sql)?;
        Ok(Some(Recorded {
            player_round: played + 1,
            balance_before,
            net,
            balance_after,
        }))
    }

    /// The last `last` rounds of `name` (all with `None`), oldest first, as
    /// column names and text cells (empty for a bet not made).
    pub fn history(
        &self,
        name: &str,
        last: Option<u64>,
    ) -> StoreResult<(Vec<String>, Vec<Vec<String>>)> {
        let limit = last.map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX));
        let mut statement = self
            .connection
            .prepare(
                "SELECT * FROM (SELECT player_round AS round, played_at, shoe, round_in_shoe,
                        balance_before, bet_player, bet_banker, bet_tie, bet_dragon7, bet_panda8,
                        player_cards, banker_cards, player_total, banker_total, natural, outcome,
                        net_player, net_banker, net_tie, net_dragon7, net_panda8, net, balance_after
                    FROM rounds WHERE player = ?1 ORDER BY player_round DESC LIMIT ?2)
                 ORDER BY round",
            )
            .map_err(sql)?;
        let columns: Vec<String> = statement.column_names().map(str::to_string).collect();
        let width = columns.len();
        let rows = statement
            .query_map(params![name, limit], |row| {
                (0..width)
                    .map(|i| cell(row, i))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(sql)?
            .collect::<Result<Vec<_>, _>>()
            .map_err(sql)?;
        Ok((columns, rows))
    }
}

fn profile_from_row(r: &Row) -> rusqlite::Result<Profile> {
    Ok(Profile {
        name: r.get(0)?,
        balance: r.get(1)?,
        initial_balance: r.get(2)?,
        rounds_played: r.get(3)?,
        total_wagered: r.get(4)?,
        total_won: r.get(5)?,
        total_lost: r.get(6)?,
        biggest_win: r.get(7)?,
        created_at: r.get(8)?,
        updated_at: r.get(9)?,
        last_shoe: r.get(10)?,
    })
}

fn cell(row: &Row, i: usize) -> rusqlite::Result<String> {
    use rusqlite::types::ValueRef;
    Ok(match row.get_ref(i)? {
        ValueRef::Null => String::new(),
        ValueRef::Integer(n) => n.to_string(),
        ValueRef::Real(x) => x.to_string(),
        ValueRef::Text(t) | ValueRef::Blob(t) => String::from_utf8_lossy(t).into_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::baccarat::bets::Bet;
    use crate::games::baccarat::play::cards::TableShoe;
    use crate::games::baccarat::play::round::{deal_coup, settle};
    use crate::games::baccarat::rules::BaccaratRules;
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    #[test]
    fn a_second_session_cannot_stake_money_the_first_has_spent() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("two.sqlite3");
        let (mut first, mut second) = (Store::open(&path).unwrap(), Store::open(&path).unwrap());
        assert!(first.create_player("ann", 100).unwrap());
        assert!(!second.create_player("ann", 5).unwrap());
        assert_eq!(second.schema_version().unwrap(), SCHEMA_VERSION);
        let rules = BaccaratRules::default();
        let mut shoe = TableShoe::shuffled(&rules.shoe, &mut StdRng::seed_from_u64(1));
        let coup = deal_coup(&mut shoe);
        // A Tie bet loses unless the coup is a tie: pick the losing one.
        let bet = if coup.outcome == crate::games::baccarat::tableau::Outcome::Tie {
            Bet::Banker
        } else {
            Bet::Tie
        };
        let settled = settle(&[(bet, 80)], coup.outcome, &rules.payouts);
        let round = RoundRecord {
            shoe: 1,
            round_in_shoe: 1,
            coup: &coup,
            settled: &settled,
        };
        let recorded = first.record_round("ann", &round).unwrap().unwrap();
        assert_eq!((recorded.balance_before, recorded.balance_after), (100, 20));
        assert_eq!(second.record_round("ann", &round).unwrap(), None);
        let profile = second.profile("ann").unwrap().unwrap();
        assert_eq!((profile.balance, profile.rounds_played), (20, 1));
    }

    #[test]
    fn a_file_from_a_newer_program_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("new.sqlite3");
        let connection = Connection::open(&path).unwrap();
        connection
            .pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
        drop(connection);
        let error = Store::open(&path).unwrap_err().to_string();
        assert!(error.contains("newer than this program's 1"), "{error}");
    }
}
