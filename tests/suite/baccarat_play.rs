//! `banluck-lab baccarat play|stats|history` driven with piped stdin:
//! the default player, the create and refuse rules of `--player`,
//! `--create-player` and `--initial-balance`, every bet refusal, the
//! commands, and `history --csv` read back.

use crate::play_helpers;

use play_helpers::{Ran, baccarat, command, parse_csv, play, player};

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn assert_input_error(ran: &Ran, words: &str) {
    assert_eq!(ran.code, Some(2), "{}\n{}", ran.out, ran.err);
    assert!(ran.err.contains(words), "{words}: {}", ran.err);
    assert!(!ran.err.contains("panicked"), "{}", ran.err);
}

#[test]
fn the_default_player_is_created_on_first_use_and_keeps_its_balance() {
    let dir = temp();
    let db = dir.path().join("nested/folder/game.sqlite3");
    let first = play(&db, &["--seed", "1"], "player 100\nq\n");
    assert_eq!(first.code, Some(0), "{}", first.err);
    assert!(first.out.contains("player default_player"), "{}", first.out);
    assert!(first.out.contains("Balance 10000 "), "{}", first.out);
    assert!(first.out.contains("Goodbye."));
    let (balance, initial, rounds) = player(&db, "default_player").unwrap();
    assert_eq!((initial, rounds), (10_000, 1));
    assert!([9_900, 10_000, 10_100].contains(&balance), "{balance}");
    // The next session starts from the stored balance; end of input ends it.
    let second = play(&db, &[], "");
    assert_eq!(second.code, Some(0), "{}", second.err);
    assert!(
        second.out.contains(&format!("Balance {balance} ")),
        "{}",
        second.out
    );
    assert!(second.out.contains("End of input"), "{}", second.out);
    assert_eq!(player(&db, "default_player").unwrap(), (balance, 10_000, 1));
}

#[test]
fn the_database_defaults_to_the_per_user_data_folder() {
    let dir = temp();
    let data = dir.path().join("data");
    let ran = command()
        .args(["baccarat", "play"])
        .env("HOME", dir.path())
        .env("XDG_DATA_HOME", &data)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(0));
    let db = data.join("banluck-lab/baccarat.sqlite3");
    assert_eq!(player(&db, "default_player"), Some((10_000, 10_000, 0)));
}

#[test]
fn players_are_created_only_on_request_and_balances_never_reset() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    let unknown = play(&db, &["--player", "ann"], "q\n");
    assert_input_error(&unknown, "--player ann --create-player");
    assert_eq!(player(&db, "ann"), None);
    let created = play(
        &db,
        &[
            "--player",
            "ann",
            "--create-player",
            "--initial-balance",
            "500",
        ],
        "q\n",
    );
    assert_eq!(created.code, Some(0), "{}", created.err);
    assert!(created.out.contains("Balance 500 "), "{}", created.out);
    assert_eq!(player(&db, "ann"), Some((500, 500, 0)));
    for args in [
        &[
            "--player",
            "ann",
            "--create-player",
            "--initial-balance",
            "99999",
        ][..],
        &["--player", "ann", "--create-player"],
    ] {
        assert_input_error(&play(&db, args, "q\n"), "already exists");
    }
    for args in [
        &["--player", "ann", "--initial-balance", "99999"][..],
        &["--initial-balance", "99999"],
    ] {
        assert_input_error(&play(&db, args, "q\n"), "only goes with --create-player");
    }
    assert_eq!(player(&db, "ann"), Some((500, 500, 0)));
    assert_eq!(player(&db, "default_player"), None);
    // The rules' default balance, flags clap refuses, and bad names.
    let bob = ["--player", "bob", "--create-player"];
    let ran = play(
        &db,
        &[&bob[..], &["--set", "table.default_balance=777"]].concat(),
        "q\n",
    );
    assert_eq!(ran.code, Some(0), "{}", ran.err);
    assert_eq!(player(&db, "bob"), Some((777, 777, 0)));
    assert_input_error(&play(&db, &["--create-player"], ""), "--player");
    for bad in ["0", "-5", "ten", "1000000000001"] {
        let args = [
            "--player",
            "cy",
            "--create-player",
            "--initial-balance",
            bad,
        ];
        assert_eq!(play(&db, &args, "").code, Some(2), "{bad}");
    }
    assert_input_error(&play(&db, &["--player", " "], ""), "player name");
    assert_eq!(player(&db, "cy"), None);
}

#[test]
fn stats_and_history_need_a_database_and_a_known_player() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    let path = db.to_str().unwrap();
    assert_input_error(&baccarat(&["stats", "--db", path], b""), "no database yet");
    assert!(!db.exists());
    assert_eq!(play(&db, &[], "").code, Some(0));
    let stats = baccarat(&["stats", "--db", path], b"");
    assert_eq!(stats.code, Some(0), "{}", stats.err);
    assert!(
        stats.out.contains("balance             10000"),
        "{}",
        stats.out
    );
    assert_input_error(
        &baccarat(&["history", "--db", path, "--player", "zed"], b""),
        "no player `zed`",
    );
    let empty = baccarat(&["history", "--db", path], b"");
    assert!(empty.out.contains("(no rounds yet)"), "{}", empty.out);
}

#[test]
fn every_bad_bet_line_gets_its_reason_and_a_new_prompt() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    let lines = [
        ("dragon7 10", "Dragon 7 needs a Player or Banker bet"),
        ("p8 10 tie 5", "Panda 8 needs a Player or Banker bet"),
        (
            "player 10001",
            "total stake 10001 is more than your balance of 10000",
        ),
        ("banker 9000 tie 1001", "total stake 10001"),
        ("player 0", "not 0"),
        ("player -5", "no negative bets"),
        ("player 2.5", "positive whole numbers"),
        ("player ten", "positive whole numbers"),
        ("player", "`player` needs an amount"),
        ("lion 5", "unknown bet `lion`"),
        ("player 5 p 6", "Player is bet twice"),
        ("", "no bets"),
        ("\u{0}\u{7f}", "unknown bet"),
    ];
    let mut input: String = lines.iter().map(|(line, _)| format!("{line}\n")).collect();
    input.push_str("quit\n");
    let ran = play(&db, &[], &input);
    assert_eq!(ran.code, Some(0), "{}", ran.err);
    let reasons: Vec<&str> = ran.out.lines().filter(|l| l.starts_with("  ! ")).collect();
    assert_eq!(reasons.len(), lines.len(), "{}", ran.out);
    for ((line, words), reason) in lines.iter().zip(&reasons) {
        assert!(reason.contains(words), "{line:?}: {reason}");
    }
    assert_eq!(ran.out.matches("Your bets>").count(), lines.len() + 1);
    assert_eq!(player(&db, "default_player"), Some((10_000, 10_000, 0)));
    // Invalid UTF-8 is a bad line too, not a crash.
    let bytes = baccarat(&["play", "--db", db.to_str().unwrap()], b"\xff\xfe 5\nq\n");
    assert_eq!(bytes.code, Some(0), "{}", bytes.err);
    assert!(bytes.out.contains("  ! unknown bet"), "{}", bytes.out);
}

#[test]
fn tie_alone_is_allowed_unless_the_rules_forbid_it_and_limits_apply() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    let allowed = play(&db, &["--seed", "3"], "tie 10\nq\n");
    assert!(allowed.out.contains("Round 1 "), "{}", allowed.out);
    let strict = [
        "--set",
        "table.tie_alone=false",
        "--set",
        "table.min_bet=5",
        "--set",
        "table.max_bet=50",
    ];
    let ran = play(&db, &strict, "tie 10\nplayer 4\nbanker 51\nq\n");
    let reasons: Vec<&str> = ran.out.lines().filter(|l| l.starts_with("  ! ")).collect();
    assert_eq!(reasons.len(), 3, "{}", ran.out);
    assert!(reasons[0].contains("Tie alone is not allowed"));
    assert!(reasons[1].contains("below the table minimum of 5"));
    assert!(reasons[2].contains("above the table maximum of 50"));
    assert_eq!(player(&db, "default_player").unwrap().2, 1);
}

#[test]
fn help_stats_and_plain_output_when_piped() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    let ran = play(&db, &["--seed", "5"], "help\nbanker 20\nstats\nq\n");
    assert_eq!(ran.code, Some(0), "{}", ran.err);
    for words in [
        "player/p",
        "banker/b",
        "tie/t",
        "dragon7/d7",
        "panda8/p8",
        "pays 8:1",
        "pays 40:1",
        "pays 25:1",
        "pushes on a tie and on a Dragon 7",
        "Tie alone: allowed",
    ] {
        assert!(ran.out.contains(words), "{words}: {}", ran.out);
    }
    assert!(
        ran.out.contains("Player default_player\n  balance"),
        "{}",
        ran.out
    );
    assert!(
        ran.out.contains("  rounds                  1\n"),
        "{}",
        ran.out
    );
    assert!(!ran.out.contains('\x1b'), "colour in piped output");
}

#[test]
fn bad_rules_and_flags_exit_2() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    assert_input_error(
        &play(&db, &["--set", "table.max_bet=0"], ""),
        "table.max_bet",
    );
    assert_input_error(
        &play(&db, &["--rules", "rules/banluck.toml"], ""),
        "not a baccarat rules file",
    );
    let folder = dir.path().to_str().unwrap();
    assert_input_error(
        &baccarat(&["play", "--db", folder], b""),
        "cannot open the database",
    );
}

#[test]
fn history_csv_reads_back_every_round() {
    let dir = temp();
    let db = dir.path().join("game.sqlite3");
    let args = ["--player", "a,\"b\"", "--create-player", "--seed", "9"];
    let ran = play(&db, &args, &"player 10 dragon7 1\n".repeat(12));
    assert_eq!(ran.code, Some(0), "{}", ran.err);
    let path = db.to_str().unwrap();
    let csv = baccarat(
        &["history", "--db", path, "--player", "a,\"b\"", "--csv"],
        b"",
    );
    assert_eq!(csv.code, Some(0), "{}", csv.err);
    let rows = parse_csv(&csv.out);
    let header = &rows[0];
    assert_eq!(header[0], "round");
    assert_eq!(rows.len(), 13);
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let mut balance = 10_000;
    for (i, row) in rows[1..].iter().enumerate() {
        assert_eq!(row.len(), header.len());
        assert_eq!(row[at("round")], (i + 1).to_string());
        assert_eq!(row[at("bet_player")], "10");
        assert_eq!(row[at("bet_dragon7")], "1");
        assert_eq!(row[at("bet_banker")], "0");
        assert_eq!(row[at("net_banker")], "");
        assert_eq!(row[at("balance_before")], balance.to_string());
        let net: i64 = row[at("net")].parse().unwrap();
        let bets: i64 = row[at("net_player")].parse::<i64>().unwrap()
            + row[at("net_dragon7")].parse::<i64>().unwrap();
        assert_eq!(net, bets);
        balance += net;
        assert_eq!(row[at("balance_after")], balance.to_string());
    }
    assert_eq!(player(&db, "a,\"b\"").unwrap().0, balance);
    let last = baccarat(
        &[
            "history", "--db", path, "--player", "a,\"b\"", "--csv", "--last", "3",
        ],
        b"",
    );
    let tail = parse_csv(&last.out);
    assert_eq!(tail[1..], rows[10..]);
    let table = baccarat(
        &[
            "history", "--db", path, "--player", "a,\"b\"", "--last", "2",
        ],
        b"",
    );
    assert_eq!(table.out.lines().count(), 3, "{}", table.out);
}
