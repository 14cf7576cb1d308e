//! One line typed at the table: a command (`q`, `help`, `stats`) or the
//! round's bets, e.g. `player 100 dragon7 10`, checked against the table
//! rules and the balance. Every refusal is one line saying why.

use crate::games::baccarat::bets::Bet;
use crate::games::baccarat::rules::TableRules;

use super::round::TABLE_ORDER;

/// What a line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// End the session (`q`, `quit`, `exit`).
    Quit,
    /// List the bets and their payouts.
    Help,
    /// Show the player's profile.
    Stats,
    /// Play a round with these bets (bet, stake), in table order.
    Bets(Vec<(Bet, i64)>),
}

/// The names a bet may be typed as.
pub fn bet_names(bet: Bet) -> &'static [&'static str] {
    match bet {
        Bet::Player => &["player", "p"],
        Bet::Banker => &["banker", "b"],
        Bet::Tie => &["tie", "t"],
        Bet::Dragon7 => &["dragon7", "d7", "dragon"],
        Bet::Panda8 => &["panda8", "p8", "panda"],
    }
}

fn bet_named(word: &str) -> Option<Bet> {
    TABLE_ORDER
        .into_iter()
        .find(|&bet| bet_names(bet).contains(&word))
}

/// Parses a line (case does not matter; bets and amounts may be separated
/// by spaces, commas, `:` or `=`). The bets are not yet checked against
/// the table: see [`check_bets`].
///
/// ```
/// use banluck_lab::games::baccarat::bets::Bet;
/// use banluck_lab::games::baccarat::play::betline::{parse_line, Line};
/// assert_eq!(parse_line("P 100, d7: 10"), Ok(Line::Bets(vec![(Bet::Player, 100), (Bet::Dragon7, 10)])));
/// assert!(parse_line("player 1.5").unwrap_err().contains("whole number"));
/// ```
pub fn parse_line(line: &str) -> Result<Line, String> {
    let lower = line.trim().to_lowercase();
    match lower.as_str() {
        "q" | "quit" | "exit" => return Ok(Line::Quit),
        "help" | "h" | "?" => return Ok(Line::Help),
        "stats" => return Ok(Line::Stats),
        "" => return Err("no bets: type e.g. `player 100`, or `help`, or `q` to leave".into()),
        _ => {}
    }
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ':' | '='))
        .filter(|w| !w.is_empty())
        .collect();
    let mut bets: Vec<(Bet, i64)> = Vec::new();
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        let Some(bet) = bet_named(word) else {
            return Err(format!(
                "unknown bet `{}`: bets are player/p, banker/b, tie/t, dragon7/d7, panda8/p8 (`help` lists them)",
                word.escape_debug()
            ));
        };
        let Some(amount) = words.next() else {
            return Err(format!("`{word}` needs an amount, e.g. `{word} 100`"));
        };
        let stake = parse_amount(amount)
            .map_err(|why| format!("{} {}: {why}", bet.name(), amount.escape_debug()))?;
        if bets.iter().any(|&(b, _)| b == bet) {
            return Err(format!("{} is bet twice: one amount per bet", bet.name()));
        }
        bets.push((bet, stake));
    }
    bets.sort_by_key(|&(bet, _)| TABLE_ORDER.iter().position(|&b| b == bet));
    Ok(Line::Bets(bets))
}

fn parse_amount(amount: &str) -> Result<i64, &'static str> {
    let digits = amount.replace('_', "");
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        match digits.parse::<i64>() {
            Ok(0) => Err("amounts are positive whole numbers of chips (not 0)"),
            Ok(stake) => Ok(stake),
            Err(_) => Err("too large an amount"),
        }
    } else if amount.starts_with('-') {
        Err("amounts are positive whole numbers of chips (no negative bets)")
    } else {
        Err("amounts are positive whole numbers of chips")
    }
}

/// Checks parsed bets against the table and the balance: Dragon 7 and
/// Panda 8 only beside a Player or Banker bet, Tie alone only where the
/// table allows it, every stake within the table limits, the total within
/// the balance.
///
/// ```
/// use banluck_lab::games::baccarat::bets::Bet;
/// use banluck_lab::games::baccarat::play::betline::check_bets;
/// use banluck_lab::games::baccarat::rules::BaccaratRules;
/// let table = BaccaratRules::default().table;
/// assert!(check_bets(&[(Bet::Dragon7, 10)], &table, 100).unwrap_err().contains("Dragon 7"));
/// assert!(check_bets(&[(Bet::Banker, 60), (Bet::Dragon7, 50)], &table, 100).is_err());
/// assert_eq!(check_bets(&[(Bet::Tie, 10)], &table, 100), Ok(10));
/// ```
pub fn check_bets(bets: &[(Bet, i64)], table: &TableRules, balance: i64) -> Result<i64, String> {
    let has = |bet| bets.iter().any(|&(b, _)| b == bet);
    let main = has(Bet::Player) || has(Bet::Banker);
    for side in [Bet::Dragon7, Bet::Panda8] {
        if has(side) && !main {
            return Err(format!(
                "{} needs a Player or Banker bet in the same round",
                side.name()
            ));
        }
    }
    if has(Bet::Tie) && !main && !table.tie_alone {
        return Err(
            "Tie alone is not allowed at this table (table.tie_alone = false): add a Player or Banker bet"
                .into(),
        );
    }
    for &(bet, stake) in bets {
        if stake < table.min_bet {
            return Err(format!(
                "{} {stake}: below the table minimum of {} per bet",
                bet.name(),
                table.min_bet
            ));
        }
        if stake > table.max_bet {
            return Err(format!(
                "{} {stake}: above the table maximum of {} per bet",
                bet.name(),
                table.max_bet
            ));
        }
    }
    let total = bets
        .iter()
        .try_fold(0i64, |sum, &(_, stake)| sum.checked_add(stake))
        .unwrap_or(i64::MAX);
    if total > balance {
        return Err(format!(
            "total stake {total} is more than your balance of {balance}"
        ));
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::baccarat::rules::BaccaratRules;

    #[test]
    fn commands_and_refusals() {
        assert_eq!(parse_line(" Q "), Ok(Line::Quit));
        assert_eq!(parse_line("quit"), Ok(Line::Quit));
        assert_eq!(parse_line("HELP"), Ok(Line::Help));
        assert_eq!(parse_line("stats"), Ok(Line::Stats));
        for (line, words) in [
            ("", "no bets"),
            ("lion 5", "unknown bet `lion`"),
            ("player", "needs an amount"),
            ("player 0", "not 0"),
            ("player -5", "no negative"),
            ("player ten", "positive whole"),
            ("player 99999999999999999999", "too large"),
            ("p 5 player 6", "bet twice"),
        ] {
            let error = parse_line(line).unwrap_err();
            assert!(error.contains(words), "{line}: {error}");
        }
        assert_eq!(
            parse_line("p8 5 b 1_000 t=2"),
            Ok(Line::Bets(vec![
                (Bet::Banker, 1000),
                (Bet::Tie, 2),
                (Bet::Panda8, 5)
            ]))
        );
    }

    #[test]
    fn table_checks() {
        let mut table = BaccaratRules::default().table;
        table.min_bet = 5;
        table.max_bet = 500;
        table.tie_alone = false;
        let check = |bets: &[(Bet, i64)]| check_bets(bets, &table, 1000);
        assert!(check(&[(Bet::Tie, 10)]).unwrap_err().contains("tie_alone"));
        assert!(
            check(&[(Bet::Player, 4)])
                .unwrap_err()
                .contains("minimum of 5")
        );
        assert!(
            check(&[(Bet::Player, 501)])
                .unwrap_err()
                .contains("maximum of 500")
        );
        assert!(
            check(&[(Bet::Player, 500), (Bet::Banker, 500), (Bet::Tie, 5)])
                .unwrap_err()
                .contains("total stake 1005")
        );
        assert_eq!(check(&[(Bet::Banker, 10), (Bet::Panda8, 5)]), Ok(15));
    }
}
