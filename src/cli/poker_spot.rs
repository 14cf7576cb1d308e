//! What `poker tree` and `poker solve` share: a river or turn position,
//! each player's bet and raise sizes (and on a turn spot the river's),
//! `--range` and `--chip`, read into the position, the sizes and the
//! betting tree.

use clap::Args;

use super::CliError;
use crate::games::poker::chips::Chip;
use crate::games::poker::error::ParseError;
use crate::games::poker::position::{Position, parse_range_flag};
use crate::games::poker::range::Range;
use crate::games::poker::sizes::Sizes;
use crate::games::poker::tree::{PlayerSizes, Tree};
use crate::games::poker::turn::StreetSizes;

/// A river or turn spot on the command line.
#[derive(Debug, Args)]
pub struct SpotArgs {
    /// The position, e.g. "OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP" (a turn spot: "…|Ks8h5d/3c||>OOP").
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
    /// Bet sizes of both players on the river of a turn spot (default: the turn's).
    #[arg(long, value_name = "SIZES")]
    pub river_bet: Option<String>,
    /// Raise sizes of both players on the river of a turn spot (default: the turn's).
    #[arg(long, value_name = "SIZES")]
    pub river_raise: Option<String>,
    /// OOP's river bet sizes (instead of --river-bet).
    #[arg(long, value_name = "SIZES")]
    pub river_oop_bet: Option<String>,
    /// OOP's river raise sizes (instead of --river-raise).
    #[arg(long, value_name = "SIZES")]
    pub river_oop_raise: Option<String>,
    /// IP's river bet sizes (instead of --river-bet).
    #[arg(long, value_name = "SIZES")]
    pub river_ip_bet: Option<String>,
    /// IP's river raise sizes (instead of --river-raise).
    #[arg(long, value_name = "SIZES")]
    pub river_ip_raise: Option<String>,
    /// The range of a player written `??` in the position, e.g. --range IP=22+,A2s+ (repeatable).
    #[arg(long = "range", value_name = "POS=RANGE", value_parser = parse_range_flag)]
    pub ranges: Vec<(String, Range)>,
    /// The smallest chip: 1 (whole numbers) or e.g. 0.5 (halves allowed).
    #[arg(long, default_value = "1")]
    pub chip: String,
}

impl SpotArgs {
    /// The parsed position (`what` names the command in errors): a river
    /// board, or also a turn board when `turn` allows it; a board of
    /// another length is an error that points at it.
    pub fn position(&self, what: &str, turn: bool) -> Result<Position, CliError> {
        let chip = Chip::parse(&self.chip).map_err(CliError::input)?;
        let text = &self.position;
        let position =
            Position::parse(text, chip).map_err(|e| CliError::input(format!("position: {e}")))?;
        let cards = position.board.cards().len();
        if !(cards == 5 || turn && cards == 4) {
            let streets = if turn {
                "the turn (4 cards) or the river (5 cards)"
            } else {
                "the river (5 cards) so far"
            };
            // The board is the third `|` part; the parser has checked the layout.
            let at = text.match_indices('|').nth(1).map_or(0, |(at, _)| at + 1);
            let len = text[at..].find('|').unwrap_or(text.len() - at);
            let error = ParseError::new(
                text,
                at,
                len,
                format!("the board has {cards} cards; {what} works on {streets}"),
            );
            return Err(CliError::input(format!("position: {error}")));
        }
        if cards == 5
            && let Some(flag) = self.river_flag()
        {
            return Err(CliError::input(format!(
                "{flag} applies to turn spots (a four-card board); on the river use --bet and --raise"
            )));
        }
        Ok(position)
    }

    /// The first river-size flag given, by name.
    fn river_flag(&self) -> Option<&'static str> {
        [
            ("--river-bet", &self.river_bet),
            ("--river-raise", &self.river_raise),
            ("--river-oop-bet", &self.river_oop_bet),
            ("--river-oop-raise", &self.river_oop_raise),
            ("--river-ip-bet", &self.river_ip_bet),
            ("--river-ip-raise", &self.river_ip_raise),
        ]
        .into_iter()
        .find_map(|(name, value)| value.is_some().then_some(name))
    }

    /// Each player's sizes on the turn and on the river of a turn spot:
    /// on the river a player's own flag (`--river-oop-bet`), else the
    /// shared one (`--river-bet`), else the turn's sizes.
    pub fn street_sizes(&self) -> Result<StreetSizes, CliError> {
        let turn = self.sizes()?;
        let river =
            |flag: &str, own: &Option<String>, shared: &Option<String>, fallback: &Sizes| {
                let (name, text) = match (own, shared) {
                    (Some(text), _) => (flag, text),
                    (None, Some(text)) => (
                        if flag.ends_with("bet") {
                            "--river-bet"
                        } else {
                            "--river-raise"
                        },
                        text,
                    ),
                    (None, None) => return Ok(fallback.clone()),
                };
                Sizes::parse(text).map_err(|e| CliError::input(format!("{name}: {e}")))
            };
        let river = [
            PlayerSizes {
                bet: river(
                    "--river-oop-bet",
                    &self.river_oop_bet,
                    &self.river_bet,
                    &turn[0].bet,
                )?,
                raise: river(
                    "--river-oop-raise",
                    &self.river_oop_raise,
                    &self.river_raise,
                    &turn[0].raise,
                )?,
            },
            PlayerSizes {
                bet: river(
                    "--river-ip-bet",
                    &self.river_ip_bet,
                    &self.river_bet,
                    &turn[1].bet,
                )?,
                raise: river(
                    "--river-ip-raise",
                    &self.river_ip_raise,
                    &self.river_raise,
                    &turn[1].raise,
                )?,
            },
        ];
        Ok(StreetSizes { turn, river })
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
