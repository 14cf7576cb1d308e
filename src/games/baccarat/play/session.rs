//! The session loop: balance and shoe before each round, one line of bets
//! read, the coup dealt, settled, stored and summarised. It reads any
//! [`BufRead`] and writes any [`Write`], so it runs the same at a terminal
//! and with piped input.

use std::io::{BufRead, Write};

use rand::rngs::StdRng;

use super::betline::{Line, check_bets, parse_line};
use super::cards::TableShoe;
use super::round::{check_win_room, deal_coup, settle};
use super::store::{RoundRecord, Store};
use super::store_error::StoreError;
use super::summary::{Style, help_text, new_shoe_text, profile_text, status_text, summary_text};
use crate::games::baccarat::rules::BaccaratRules;

/// A player at the table. A session always starts a freshly shuffled
/// shoe (numbered after the player's last one); the undealt cards are
/// never written to the database, where the player could read them.
#[derive(Debug)]
pub struct Session<'s> {
    store: &'s mut Store,
    player: String,
    rules: &'s BaccaratRules,
    style: Style,
    rng: StdRng,
}

/// Why a session stopped early.
#[derive(Debug)]
pub enum SessionError {
    /// The output could not be written or the input read.
    Io(std::io::Error),
    /// The database refused a read or a write.
    Store(StoreError),
}

impl From<std::io::Error> for SessionError {
    fn from(error: std::io::Error) -> Self {
        SessionError::Io(error)
    }
}

impl From<StoreError> for SessionError {
    fn from(error: StoreError) -> Self {
        SessionError::Store(error)
    }
}

impl<'s> Session<'s> {
    /// A session of `player` (who must exist in `store`), dealing from
    /// shoes shuffled by `rng`.
    pub fn new(
        store: &'s mut Store,
        player: &str,
        rules: &'s BaccaratRules,
        style: Style,
        rng: StdRng,
    ) -> Session<'s> {
        Session {
            store,
            player: player.to_string(),
            rules,
            style,
            rng,
        }
    }

    fn balance(&self) -> Result<i64, SessionError> {
        let profile = self.store.profile(&self.player)?;
        Ok(profile.map_or(0, |p| p.balance))
    }

    /// Plays rounds until `q`, `quit`, the end of `input`, or a balance
    /// below the table minimum.
    pub fn run(
        &mut self,
        mut input: impl BufRead,
        mut out: impl Write,
    ) -> Result<(), SessionError> {
        let profile = self.store.profile(&self.player)?;
        let mut shoe_number = profile.map_or(0, |p| p.last_shoe);
        let mut shoe: Option<TableShoe> = None;
        let mut hand = 0;
        writeln!(
            out,
            "EZ Baccarat · player {} · `help` lists the bets, `q` leaves.",
            self.player
        )?;
        loop {
            let current = match shoe.take() {
                Some(current) if !current.finished() => current,
                _ => {
                    let fresh = TableShoe::shuffled(&self.rules.shoe, &mut self.rng);
                    shoe_number += 1;
                    hand = 0;
                    write!(out, "{}", new_shoe_text(shoe_number, &fresh, self.rules))?;
                    fresh
                }
            };
            let shoe = shoe.insert(current);
            let balance = self.balance()?;
            if balance < self.rules.table.min_bet {
                writeln!(
                    out,
                    "Your balance of {balance} is below the table minimum of {}: the session ends. Start another player with --player NAME --create-player.",
                    self.rules.table.min_bet
                )?;
                return Ok(());
            }
            write!(
                out,
                "{}",
                status_text(balance, shoe_number, shoe, hand + 1, self.style)
            )?;
            write!(out, "Your bets> ")?;
            out.flush()?;
            let mut raw = Vec::new();
            if input.read_until(b'\n', &mut raw)? == 0 {
                writeln!(out, "\nEnd of input: goodbye.")?;
                return Ok(());
            }
            let line = String::from_utf8_lossy(&raw);
            if self.style.echo {
                writeln!(out, "{}", line.trim_end())?;
            }
            let bets = match parse_line(&line) {
                Ok(Line::Quit) => {
                    writeln!(out, "Goodbye.")?;
                    return Ok(());
                }
                Ok(Line::Help) => {
                    write!(out, "{}", help_text(self.rules))?;
                    continue;
                }
                Ok(Line::Stats) => {
                    if let Some(profile) = self.store.profile(&self.player)? {
                        write!(out, "{}", profile_text(&profile, self.style))?;
                    }
                    continue;
                }
                Ok(Line::Bets(bets)) => bets,
                Err(reason) => {
                    writeln!(out, "  ! {reason}")?;
                    continue;
                }
            };
            if let Err(reason) = check_bets(&bets, &self.rules.table, balance)
                .and_then(|_| check_win_room(&bets, balance, &self.rules.payouts))
            {
                writeln!(out, "  ! {reason}")?;
                continue;
            }
            hand += 1;
            let coup = deal_coup(shoe);
            let settled = settle(&bets, coup.outcome, &self.rules.payouts);
            let record = RoundRecord {
                shoe: shoe_number,
                round_in_shoe: hand,
                coup: &coup,
                settled: &settled,
            };
            let Some(recorded) = self.store.record_round(&self.player, &record)? else {
                writeln!(
                    out,
                    "  ! your balance changed in another session and no longer covers these bets: the round is void"
                )?;
                continue;
            };
            write!(
                out,
                "{}",
                summary_text(&recorded, shoe_number, hand, &coup, &settled, self.style)
            )?;
        }
    }
}
