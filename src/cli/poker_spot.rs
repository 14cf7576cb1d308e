//! What `poker tree` and `poker solve` share: a river position, each
//! player's bet and raise sizes, `--range` and `--chip`, read into the
//! position, the sizes and the betting tree.

use clap::Args;

use super::CliError;
use crate::games::poker::chips::Chip;
use crate::games::poker::position::{Position, parse_range_flag};
use crate::games::poker::range::Range;
use crate::games::poker::sizes::Sizes;
use crate::games::poker::tree::{PlayerSizes, Tree};

/// A river spot on the command line.
#[derive(Debug, Args)]
pub struct SpotArgs {
    /// The position, e.g. "OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP".
    pub position: String,
    /// Bet sizes of both players, e.g. "33%, 75%, a" (an empty string: no bets).
    #[arg(long, default_value = "33%, 75%", value_name = "SIZES")]
    pub bet: String,
    /// Raise sizes of both players, e.g. "60%" (an empty string: no raises).
    #[arg(long, default_value = "60%", value_name = "SIZES")]
    pub raise: String,
    /// OOP's bet sizes (instead of --bet).
    #[arg(long, value_name = "SIZES")]
    pub oop_bet: Option<String>,
    /// OOP's raise sizes (instead of --raise).
    #[arg(long, value_name = "SIZES")]
    pub oop_raise: Option<String>,
    /// IP's bet sizes (instead of --bet).
    #[arg(long, value_name = "SIZES")]
    pub ip_bet: Option<String>,
    /// IP's raise sizes (instead of --raise).
    #[arg(long, value_name = "SIZES")]
    pub ip_raise: Option<String>,
    /// The range of a player written `??` in the position, e.g. --range IP=22+,A2s+ (repeatable).
    #[arg(long = "range", value_name = "POS=RANGE", value_parser = parse_range_flag)]
    pub ranges: Vec<(String, Range)>,
    /// The smallest chip: 1 (whole numbers) or e.g. 0.5 (halves allowed).
    #[arg(long, default_value = "1")]
    pub chip: String,
}

impl SpotArgs {
    /// The parsed river position (`what` names the command in errors).
    pub fn position(&self, what: &str) -> Result<Position, CliError> {
        let chip = Chip::parse(&self.chip).map_err(CliError::input)?;
        let position = Position::parse(&self.position, chip)
            .map_err(|e| CliError::input(format!("position: {e}")))?;
        if !position.board.is_river() {
            return Err(CliError::input(format!(
                "position: the board has {} cards; {what} works on the river (5 cards) so far",
                position.board.cards().len()
            )));
        }
        Ok(position)
    }

    /// Each player's sizes, `[OOP, IP]`.
    pub fn sizes(&self) -> Result<[PlayerSizes; 2], CliError> {
        let sizes = |flag: &str, own: &Option<String>, shared: &str| -> Result<Sizes, CliError> {
            let (name, text) = match own {
                Some(text) => (flag, text.as_str()),
                None => (
                    if flag.ends_with("bet") {
                        "--bet"
                    } else {
                        "--raise"
                    },
                    shared,
                ),
            };
            Sizes::parse(text).map_err(|e| CliError::input(format!("{name}: {e}")))
        };
        Ok([
            PlayerSizes {
                bet: sizes("--oop-bet", &self.oop_bet, &self.bet)?,
                raise: sizes("--oop-raise", &self.oop_raise, &self.raise)?,
            },
            PlayerSizes {
                bet: sizes("--ip-bet", &self.ip_bet, &self.bet)?,
                raise: sizes("--ip-raise", &self.ip_raise, &self.raise)?,
            },
        ])
    }
}

/// The betting tree of `position` with `sizes`.
pub fn betting_tree(position: &Position, sizes: &[PlayerSizes; 2]) -> Result<Tree, CliError> {
    Tree::build(position.street(), sizes).map_err(|e| CliError::input(e.to_string()))
}
