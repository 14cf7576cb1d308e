//! EZ Baccarat at the table (`banluck-lab baccarat play`): a person plays
//! rounds in the terminal against the family's shoe rules, tableau and
//! payouts, with a profile and a round-by-round history in SQLite.
//!
//! - [`cards`]: ranked and suited cards, the shuffled and burnt shoe.
//! - [`betline`]: one typed line: a command or the round's bets, checked.
//! - [`round`]: the coup dealt by the tableau; bets settled.
//! - [`schema`]: the tables, the schema version and its migrations.
//! - [`store`]: the SQLite file (opened and migrated; one transaction per
//!   round with the balance); [`store_check`]: what a player's rows must
//!   be, checked on a command's first read; [`store_error`]: a damaged
//!   file (bad input) or a failed database.
//! - [`summary`]: what is printed.
//! - [`session`]: the loop over any `BufRead` / `Write`.

pub mod betline;
pub mod cards;
pub mod round;
pub mod schema;
pub mod session;
pub mod store;
pub mod store_check;
pub mod store_error;
pub mod summary;

/// The player used when none is named; created on first use.
pub const DEFAULT_PLAYER: &str = "default_player";

/// The longest player name.
pub const MAX_NAME: usize = 40;

/// Checks a player name: 1 to [`MAX_NAME`] characters, no control
/// characters, not only spaces.
///
/// ```
/// use banluck_lab::games::baccarat::play::check_name;
/// assert!(check_name("ann").is_ok());
/// assert!(check_name(" ").is_err());
/// ```
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty()
        || name.chars().count() > MAX_NAME
        || name.chars().any(char::is_control)
    {
        Err(format!(
            "player name `{}`: must be 1 to {MAX_NAME} characters, not only spaces, no control characters",
            name.escape_debug()
        ))
    } else {
        Ok(())
    }
}
