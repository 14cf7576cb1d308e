//! Durability: a piped `baccarat play` session killed with SIGKILL in the
//! middle of play, three times over. Each round is written in one
//! transaction with the balance, so after every kill the balance equals
//! the initial balance plus the sum of the recorded nets, the rounds are
//! numbered without gaps, and the next session carries on.

use crate::play_helpers;

use std::io::Write;
use std::path::Path;
use std::process::Stdio;
use std::thread;
use std::time::{Duration, Instant};

use play_helpers::{baccarat, command, open, parse_csv, play, player};

const INITIAL: i64 = 1_000_000;

fn rounds(db: &Path) -> i64 {
    open(db)
        .query_row("SELECT COUNT(*) FROM rounds", [], |r| r.get(0))
        .unwrap_or(0)
}

/// Starts a session fed bets without end, waits until at least `target`
/// rounds are stored, then kills it with SIGKILL.
fn play_and_kill(db: &Path, target: i64) {
    let mut child = command()
        .args(["baccarat", "play", "--player", "kim", "--db"])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        let lines = [
            "player 10 dragon7 1\n",
            "banker 10 tie 1 panda8 1\n",
            "tie 2\n",
        ];
        // Ends with a broken pipe once the session is killed.
        for line in lines.iter().cycle() {
            if input.write_all(line.as_bytes()).is_err() {
                break;
            }
        }
    });
    let start = Instant::now();
    while rounds(db) < target {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "the session stalled"
        );
        thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    feeder.join().unwrap();
}

/// The money and numbering invariants, checked from the database alone.
fn check(db: &Path) -> i64 {
    let connection = open(db);
    let (sum, count, first, last): (i64, i64, i64, i64) = connection
        .query_row(
            "SELECT SUM(net), COUNT(*), MIN(player_round), MAX(player_round) FROM rounds WHERE player = 'kim'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    let (balance, initial, played) = player(db, "kim").unwrap();
    assert_eq!(initial, INITIAL);
    assert_eq!(balance, INITIAL + sum, "balance against the recorded nets");
    assert_eq!(
        (played, first, last),
        (count, 1, count),
        "rounds without gaps"
    );
    let breaks: i64 = connection
        .query_row(
            "SELECT COUNT(*) FROM rounds a JOIN rounds b ON b.player_round = a.player_round + 1
             WHERE a.balance_after != b.balance_before OR a.balance_before + a.net != a.balance_after",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(breaks, 0, "each round starts from the last one's balance");
    count
}

#[test]
fn a_killed_session_never_loses_or_double_counts_money() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.sqlite3");
    let created = play(
        &db,
        &[
            "--player",
            "kim",
            "--create-player",
            "--initial-balance",
            &INITIAL.to_string(),
        ],
        "q\n",
    );
    assert_eq!(created.code, Some(0), "{}", created.err);
    let mut stored = 0;
    for more in [300, 700, 1500] {
        play_and_kill(&db, stored + more);
        let count = check(&db);
        assert!(count >= stored + more, "{count}");
        stored = count;
    }
    // The next session resumes from the stored balance and the history
    // lists every round.
    let (balance, _, _) = player(&db, "kim").unwrap();
    let resumed = play(&db, &["--player", "kim"], "tie 1\nq\n");
    assert!(
        resumed.out.contains(&format!("Balance {balance} ")),
        "{}",
        resumed.out
    );
    assert_eq!(check(&db), stored + 1);
    let csv = baccarat(
        &[
            "history",
            "--db",
            db.to_str().unwrap(),
            "--player",
            "kim",
            "--csv",
        ],
        b"",
    );
    assert_eq!(parse_csv(&csv.out).len() as i64, stored + 2);
}
