//! A seeded `baccarat play` session, checked field by field: every round
//! is recomputed from its dealt cards with a tableau and payouts written
//! here independently of the library, and the printed summary, the
//! `rounds` rows and the profile must all agree with it.

use crate::play_helpers;

use std::collections::HashMap;

use play_helpers::{baccarat, open, parse_csv, play, player};

/// A card's baccarat value from its label (`A♠`, `10♥`, `K♣`).
fn value(card: &str) -> i64 {
    let rank: String = card.chars().take(card.chars().count() - 1).collect();
    match rank.as_str() {
        "A" => 1,
        "10" | "J" | "Q" | "K" => 0,
        pips => pips.parse().unwrap(),
    }
}

fn total(cards: &[&str]) -> i64 {
    cards.iter().map(|c| value(c)).sum::<i64>() % 10
}

/// What a round must be, from the cards alone: (player total, banker
/// total, natural, outcome), after checking that each side drew exactly
/// when the tableau says so.
fn expected(player: &[&str], banker: &[&str]) -> (i64, i64, bool, &'static str) {
    let (p2, b2) = (total(&player[..2]), total(&banker[..2]));
    let natural = p2 >= 8 || b2 >= 8;
    let player_draws = !natural && p2 <= 5;
    assert_eq!(
        player.len(),
        if player_draws { 3 } else { 2 },
        "{player:?} {banker:?}"
    );
    let banker_draws = !natural
        && if player_draws {
            let third = value(player[2]);
            match b2 {
                0..=2 => true,
                3 => third != 8,
                4 => (2..=7).contains(&third),
                5 => (4..=7).contains(&third),
                6 => (6..=7).contains(&third),
                _ => false,
            }
        } else {
            b2 <= 5
        };
    assert_eq!(
        banker.len(),
        if banker_draws { 3 } else { 2 },
        "{player:?} {banker:?}"
    );
    let (p, b) = (total(player), total(banker));
    let outcome = if b > p {
        if banker.len() == 3 && b == 7 {
            "banker_dragon7"
        } else {
            "banker"
        }
    } else if p > b {
        if player.len() == 3 && p == 8 {
            "player_panda8"
        } else {
            "player"
        }
    } else {
        "tie"
    };
    (p, b, natural, outcome)
}

/// EZ Baccarat's result for a stake on `bet` given the outcome.
fn net(bet: &str, stake: i64, outcome: &str) -> i64 {
    match (bet, outcome) {
        ("player" | "banker", "tie") | ("banker", "banker_dragon7") => 0,
        ("player", "player" | "player_panda8") | ("banker", "banker") => stake,
        ("tie", "tie") => 8 * stake,
        ("dragon7", "banker_dragon7") => 40 * stake,
        ("panda8", "player_panda8") => 25 * stake,
        _ => -stake,
    }
}

const BETS: [&str; 5] = ["player", "banker", "tie", "dragon7", "panda8"];
const NAMES: [&str; 5] = ["Player", "Banker", "Tie", "Dragon 7", "Panda 8"];
const LINES: [&str; 6] = [
    "player 100 dragon7 10",
    "banker 50 panda8 5 tie 5",
    "tie 20",
    "b 30 p 30 d7 2 p8 2",
    "p 7",
    "banker 15",
];
const ROUNDS: usize = 230;

fn session_input(rounds: usize) -> String {
    let mut input: String = (0..rounds)
        .map(|i| format!("{}\n", LINES[i % LINES.len()]))
        .collect();
    input.push_str("q\n");
    input
}

type Row = HashMap<String, String>;

fn rows(db: &std::path::Path) -> Vec<Row> {
    let path = db.to_str().unwrap();
    let ran = baccarat(&["history", "--db", path, "--csv"], b"");
    let table = parse_csv(&ran.out);
    table[1..]
        .iter()
        .map(|row| table[0].iter().cloned().zip(row.iter().cloned()).collect())
        .collect()
}

/// Checks one printed summary block against its row.
fn check_summary(block: &[&str], row: &Row) {
    let header = format!(
        "Round {} (shoe {}, hand {}) · starting balance {}",
        row["round"], row["shoe"], row["round_in_shoe"], row["balance_before"]
    );
    assert_eq!(block[0], header);
    for (line, side) in [(block[1], "player"), (block[2], "banker")] {
        let cards = &row[&format!("{side}_cards")];
        let drew = if cards.split(' ').count() == 3 {
            "drew a third card"
        } else {
            "stood"
        };
        let (left, right) = line.split_once(" total ").unwrap();
        assert_eq!(
            left.split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" "),
            *cards
        );
        assert_eq!(right, format!("{}  {drew}", row[&format!("{side}_total")]));
    }
    let natural = if row["natural"] == "1" { "yes" } else { "no" };
    let sentence = match row["outcome"].as_str() {
        "banker" => "Banker wins.",
        "banker_dragon7" => "Banker wins with a three-card 7 (Dragon 7).",
        "player" => "Player wins.",
        "player_panda8" => "Player wins with a three-card 8 (Panda 8).",
        _ => "Tie.",
    };
    assert_eq!(block[3], format!("  Natural {natural}. {sentence}"));
    let made: Vec<usize> = (0..5)
        .filter(|&i| row[&format!("bet_{}", BETS[i])] != "0")
        .collect();
    assert_eq!(block.len(), 5 + made.len(), "{block:?}");
    for (line, &i) in block[4..].iter().zip(&made) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let (name, rest) = words.split_at(words.len() - 3);
        assert_eq!(name.join(" "), NAMES[i]);
        assert_eq!(rest[0], row[&format!("bet_{}", BETS[i])]);
        let result: i64 = row[&format!("net_{}", BETS[i])].parse().unwrap();
        let word = match result.signum() {
            1 => "win",
            -1 => "lose",
            _ => "push",
        };
        assert_eq!((rest[1], rest[2]), (word, format!("{result:+}").as_str()));
    }
    let net: i64 = row["net"].parse().unwrap();
    assert_eq!(
        block[block.len() - 1],
        format!("  Net {net:+} · balance {}", row["balance_after"])
    );
}

#[test]
fn a_seeded_session_matches_the_tableau_in_print_and_in_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("game.sqlite3");
    let ran = play(&db, &["--seed", "2026"], &session_input(ROUNDS));
    assert_eq!(ran.code, Some(0), "{}", ran.err);
    let rows = rows(&db);
    assert_eq!(rows.len(), ROUNDS);
    let mut balance = 10_000;
    let mut seen = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["round"], (i + 1).to_string());
        let player_cards: Vec<&str> = row["player_cards"].split(' ').collect();
        let banker_cards: Vec<&str> = row["banker_cards"].split(' ').collect();
        let (p, b, natural, outcome) = expected(&player_cards, &banker_cards);
        assert_eq!(row["player_total"], p.to_string());
        assert_eq!(row["banker_total"], b.to_string());
        assert_eq!(row["natural"], if natural { "1" } else { "0" });
        assert_eq!(row["outcome"], outcome);
        *seen.entry(outcome).or_insert(0) += 1;
        *seen
            .entry(if natural { "natural" } else { "drawn" })
            .or_insert(0) += 1;
        let mut round_net = 0;
        let bets = crate::baccarat_play_session::parse_line(LINES[i % LINES.len()]);
        for (k, bet) in BETS.iter().enumerate() {
            let stake = bets[k];
            assert_eq!(row[&format!("bet_{bet}")], stake.to_string());
            let result = &row[&format!("net_{bet}")];
            if stake == 0 {
                assert_eq!(result, "");
            } else {
                assert_eq!(
                    *result,
                    net(bet, stake, outcome).to_string(),
                    "{bet} {row:?}"
                );
                round_net += net(bet, stake, outcome);
            }
        }
        assert_eq!(row["balance_before"], balance.to_string());
        assert_eq!(row["net"], round_net.to_string());
        balance += round_net;
        assert_eq!(row["balance_after"], balance.to_string());
    }
    for class in ["natural", "drawn", "banker", "player", "tie"] {
        assert!(
            seen.get(class).copied().unwrap_or(0) > 0,
            "{class}: {seen:?}"
        );
    }
    let profile = player(&db, "default_player").unwrap();
    assert_eq!(profile, (balance, 10_000, ROUNDS as i64));
    let totals: (i64, i64, i64, i64) = open(&db)
        .query_row(
            "SELECT total_wagered, total_won, total_lost, biggest_win FROM players",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    assert_eq!(totals.1 - totals.2, balance - 10_000);
    let wagered: i64 = (0..ROUNDS)
        .map(|i| {
            crate::baccarat_play_session::parse_line(LINES[i % LINES.len()])
                .iter()
                .sum::<i64>()
        })
        .sum();
    assert_eq!(totals.0, wagered);
    let best = rows
        .iter()
        .map(|r| r["net"].parse::<i64>().unwrap())
        .max()
        .unwrap();
    assert_eq!(totals.3, best.max(0));

    // The printed summaries, one block per round, agree with the rows.
    let lines: Vec<&str> = ran.out.lines().collect();
    let starts: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("Round "))
        .collect();
    assert_eq!(starts.len(), ROUNDS);
    for (start, row) in starts.iter().zip(&rows) {
        let end = (start + 1..lines.len())
            .find(|&i| lines[i].starts_with("  Net "))
            .unwrap();
        check_summary(&lines[*start..=end], row);
    }
    check_shoes(&ran.out, &rows);

    // The same seed deals the same cards; the next session starts a new
    // shoe after the last one and keeps the balance.
    let again = dir.path().join("again.sqlite3");
    assert_eq!(
        play(&again, &["--seed", "2026"], &session_input(ROUNDS)).code,
        Some(0)
    );
    let cards = |rows: &[Row]| -> Vec<(String, String)> {
        rows.iter()
            .map(|r| (r["player_cards"].clone(), r["banker_cards"].clone()))
            .collect()
    };
    assert_eq!(
        cards(&rows),
        cards(&crate::baccarat_play_session::rows(&again))
    );
    let next = play(&db, &[], &session_input(2));
    assert_eq!(next.code, Some(0), "{}", next.err);
    let all = crate::baccarat_play_session::rows(&db);
    let last_shoe: i64 = rows[ROUNDS - 1]["shoe"].parse().unwrap();
    assert_eq!(all[ROUNDS]["shoe"], (last_shoe + 1).to_string());
    assert_eq!(all[ROUNDS]["round_in_shoe"], "1");
    assert_eq!(all[ROUNDS]["balance_before"], balance.to_string());
    assert!(
        next.out
            .contains(&format!("New shoe {}: 8 decks", last_shoe + 1))
    );
}

/// The bets of a line, in [`BETS`] order (0 when not made).
fn parse_line(line: &str) -> [i64; 5] {
    let mut stakes = [0; 5];
    let words: Vec<&str> = line.split_whitespace().collect();
    for pair in words.chunks(2) {
        let k = match pair[0] {
            "player" | "p" => 0,
            "banker" | "b" => 1,
            "tie" => 2,
            "dragon7" | "d7" => 3,
            _ => 4,
        };
        stakes[k] = pair[1].parse().unwrap();
    }
    stakes
}

/// Each shoe: its burn as announced (the first card's face value, tens
/// 10, plus the first card), hands numbered from 1, no card more often
/// than its 8 copies, and a finished shoe dealt to the cut card (9 to 14
/// cards left, after a burn of 2 to 11).
fn check_shoes(out: &str, rows: &[Row]) {
    for line in out.lines().filter(|l| l.starts_with("New shoe ")) {
        let listed = line.split_once('(').unwrap().1.trim_end_matches(").");
        let burnt: Vec<&str> = listed.split(' ').collect();
        let first = value(burnt[0]);
        assert_eq!(
            burnt.len() as i64,
            1 + if first == 0 { 10 } else { first },
            "{line}"
        );
    }
    let last: i64 = rows[rows.len() - 1]["shoe"].parse().unwrap();
    assert!(last >= 3, "{last} shoes");
    for shoe in 1..=last {
        let dealt: Vec<&Row> = rows
            .iter()
            .filter(|r| r["shoe"] == shoe.to_string())
            .collect();
        for (i, row) in dealt.iter().enumerate() {
            assert_eq!(row["round_in_shoe"], (i + 1).to_string());
        }
        let mut copies: HashMap<&str, usize> = HashMap::new();
        for row in &dealt {
            for card in row["player_cards"]
                .split(' ')
                .chain(row["banker_cards"].split(' '))
            {
                *copies.entry(card).or_default() += 1;
            }
        }
        assert!(copies.values().all(|&n| n <= 8), "{copies:?}");
        if shoe < last {
            let used: usize = copies.values().sum();
            assert!((391..=405).contains(&used), "shoe {shoe}: {used} cards");
        }
    }
}
