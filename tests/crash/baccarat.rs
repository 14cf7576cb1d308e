//! The SQLite store of `baccarat play` after a kill: its integrity, the
//! balance invariant, and the stored rounds against an uninterrupted
//! session.

use std::path::Path;

use rusqlite::Connection;

/// What decides a round's outcome and money: the five bets, the cards and
/// the net.
pub type Round = (i64, i64, i64, i64, i64, String, String, i64);

/// The player of the tests and their initial balance.
pub const PLAYER: &str = "kim";
/// The initial balance of [`PLAYER`].
pub const INITIAL: i64 = 1_000_000;

fn open(db: &Path) -> Connection {
    Connection::open(db).unwrap()
}

/// The rounds of [`PLAYER`] in order.
pub fn rounds(db: &Path) -> Vec<Round> {
    let connection = open(db);
    let mut statement = connection
        .prepare(
            "SELECT bet_player, bet_banker, bet_tie, bet_dragon7, bet_panda8, player_cards, \
             banker_cards, net FROM rounds WHERE player = ?1 ORDER BY player_round",
        )
        .unwrap();
    statement
        .query_map([PLAYER], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Checks the store after a kill: `PRAGMA integrity_check` says ok, the
/// balance is the initial balance plus the recorded nets, the rounds are
/// numbered without gaps and each starts from the last one's balance.
/// Returns the number of rounds.
pub fn check(db: &Path) -> usize {
    let connection = open(db);
    let integrity: String = connection
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    let (sum, count, first, last): (i64, i64, i64, i64) = connection
        .query_row(
            "SELECT COALESCE(SUM(net), 0), COUNT(*), COALESCE(MIN(player_round), 1), \
             COALESCE(MAX(player_round), 0) FROM rounds WHERE player = ?1",
            [PLAYER],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    let (balance, initial, played): (i64, i64, i64) = connection
        .query_row(
            "SELECT balance, initial_balance, rounds_played FROM players WHERE name = ?1",
            [PLAYER],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!(initial, INITIAL);
    assert_eq!(balance, INITIAL + sum, "balance against the recorded nets");
    assert_eq!(
        (played, first, last),
        (count, 1, count),
        "rounds without gaps"
    );
    let breaks: i64 = connection
        .query_row(
            "SELECT COUNT(*) FROM rounds a JOIN rounds b ON b.player_round = a.player_round + 1 \
             AND b.player = a.player WHERE a.balance_after != b.balance_before \
             OR a.balance_before + a.net != a.balance_after",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(breaks, 0, "each round starts from the last one's balance");
    usize::try_from(count).unwrap()
}
