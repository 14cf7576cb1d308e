//! What `poker tree` and `poker solve` share: a flop, turn or river
//! position, each player's bet and raise sizes on each street, `--range`
//! and `--chip`, read into the library's [`Spot`] (or the position, the
//! sizes and the betting tree), and a [`SpotError`] named by its flag.

use clap::Args;

use crate::cli::CliError;
use crate::games::poker::chips::Chip;
use crate::games::poker::error::ParseError;
use crate::games::poker::game::Tree;
use crate::games::poker::position::{Position, parse_range_flag};
use crate::games::poker::range::Range;
use crate::games::poker::sizes::{
    PlayerSizes, SizeKind, SizeSetting, Sizes, StreetSizes, resolve_sizes,
};
use crate::games::poker::spot::{GameOptions, Spot, SpotError, SpotPart};

/// The street numbers of the per-street flags.
const FLOP: usize = 0;
/// See [`FLOP`].
const TURN: usize = 1;
/// See [`FLOP`].
const RIVER: usize = 2;

/// A river, turn or flop spot on the command line.
#[derive(Debug, Args)]
pub struct SpotArgs {
    /// The position, e.g. "OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP" (a turn spot: "…|Ks8h5d/3c||>OOP", a flop spot: "…|Ks8h5d||>OOP").
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
    /// Bet sizes of both players on the flop of a flop spot (default: --bet).
    #[arg(long, value_name = "SIZES")]
    pub flop_bet: Option<String>,
    /// Raise sizes of both players on the flop of a flop spot (default: --raise).
    #[arg(long, value_name = "SIZES")]
    pub flop_raise: Option<String>,
    /// OOP's flop bet sizes (instead of --flop-bet).
    #[arg(long, value_name = "SIZES")]
    pub flop_oop_bet: Option<String>,
    /// OOP's flop raise sizes (instead of --flop-raise).
    #[arg(long, value_name = "SIZES")]
    pub flop_oop_raise: Option<String>,
    /// IP's flop bet sizes (instead of --flop-bet).
    #[arg(long, value_name = "SIZES")]
    pub flop_ip_bet: Option<String>,
    /// IP's flop raise sizes (instead of --flop-raise).
    #[arg(long, value_name = "SIZES")]
    pub flop_ip_raise: Option<String>,
    /// Bet sizes of both players on the turn of a turn or flop spot (default: --bet).
    #[arg(long, value_name = "SIZES")]
    pub turn_bet: Option<String>,
    /// Raise sizes of both players on the turn of a turn or flop spot (default: --raise).
    #[arg(long, value_name = "SIZES")]
    pub turn_raise: Option<String>,
    /// OOP's turn bet sizes (instead of --turn-bet).
    #[arg(long, value_name = "SIZES")]
    pub turn_oop_bet: Option<String>,
    /// OOP's turn raise sizes (instead of --turn-raise).
    #[arg(long, value_name = "SIZES")]
    pub turn_oop_raise: Option<String>,
    /// IP's turn bet sizes (instead of --turn-bet).
    #[arg(long, value_name = "SIZES")]
    pub turn_ip_bet: Option<String>,
    /// IP's turn raise sizes (instead of --turn-raise).
    #[arg(long, value_name = "SIZES")]
    pub turn_ip_raise: Option<String>,
    /// Bet sizes of both players on the river of a turn or flop spot (default: --bet).
    #[arg(long, value_name = "SIZES")]
    pub river_bet: Option<String>,
    /// Raise sizes of both players on the river of a turn or flop spot (default: --raise).
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
    /// board, or also a flop or turn board when `earlier` allows it; a
    /// board of another length is an error that points at it, and so is a
    /// size flag for a street the spot does not have.
    pub fn position(&self, what: &str, earlier: bool) -> Result<Position, CliError> {
        let chip = Chip::parse(&self.chip).map_err(CliError::input)?;
        let text = &self.position;
        let position =
            Position::parse(text, chip).map_err(|e| CliError::input(format!("position: {e}")))?;
        let cards = position.board.cards().len();
        if !(cards == 5 || earlier && (cards == 3 || cards == 4)) {
            let streets = if earlier {
                "the flop (3 cards), the turn (4 cards) or the river (5 cards)"
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
        // Flop flags need a flop spot; turn and river flags an earlier one.
        let needs = [
            (FLOP, 3, "flop spots (a three-card board)"),
            (
                TURN,
                4,
                "turn spots (a four-card board) and flop spots (three cards)",
            ),
            (
                RIVER,
                4,
                "turn spots (a four-card board) and flop spots (three cards)",
            ),
        ];
        for (street, most, spots) in needs {
            if cards > most
                && let Some(flag) = self.street_flag(street)
            {
                return Err(CliError::input(format!(
                    "{flag} applies to {spots}; on this spot use --bet and --raise"
                )));
            }
        }
        Ok(position)
    }

    /// The per-street flags of `street` (0 flop, 1 turn, 2 river): each
    /// one's name and value, `[bet, raise, oop bet, oop raise, ip bet, ip
    /// raise]`.
    fn street_flags(&self, street: usize) -> [(String, &Option<String>); 6] {
        let name = ["flop", "turn", "river"][street];
        let values = match street {
            FLOP => [
                &self.flop_bet,
                &self.flop_raise,
                &self.flop_oop_bet,
                &self.flop_oop_raise,
                &self.flop_ip_bet,
                &self.flop_ip_raise,
            ],
            TURN => [
                &self.turn_bet,
                &self.turn_raise,
                &self.turn_oop_bet,
                &self.turn_oop_raise,
                &self.turn_ip_bet,
                &self.turn_ip_raise,
            ],
            _ => [
                &self.river_bet,
                &self.river_raise,
                &self.river_oop_bet,
                &self.river_oop_raise,
                &self.river_ip_bet,
                &self.river_ip_raise,
            ],
        };
        let suffixes = ["bet", "raise", "oop-bet", "oop-raise", "ip-bet", "ip-raise"];
        let mut at = 0;
        values.map(|value| {
            at += 1;
            (format!("--{name}-{}", suffixes[at - 1]), value)
        })
    }

    /// The first flag given for `street`, by name.
    fn street_flag(&self, street: usize) -> Option<String> {
        self.street_flags(street)
            .into_iter()
            .find_map(|(name, value)| value.is_some().then_some(name))
    }

    /// The flag of a size setting and its value, if given.
    fn setting(&self, at: SizeSetting) -> Option<(String, &String)> {
        let kind = usize::from(at.kind == SizeKind::Raise);
        let (name, value) = match (at.street, at.player) {
            (Some(street), Some(player)) => {
                self.street_flags(street)[2 + 2 * player + kind].clone()
            }
            (Some(street), None) => self.street_flags(street)[kind].clone(),
            (None, Some(player)) => {
                let own = [
                    [&self.oop_bet, &self.oop_raise],
                    [&self.ip_bet, &self.ip_raise],
                ];
                let name = format!("--{}-{}", ["oop", "ip"][player], at.kind.word());
                (name, own[player][kind])
            }
            (None, None) => return None,
        };
        value.as_ref().map(|text| (name, text))
    }

    /// Each player's sizes on the three streets by the sizing rule
    /// ([`resolve_sizes`]: `--river-oop-bet`, else `--river-bet`, else
    /// `--oop-bet`, else `--bet`); a spot uses those of its root's street
    /// and after ([`SpotArgs::position`] has refused the flags of a street
    /// before the root).
    pub fn street_sizes(&self) -> Result<StreetSizes, CliError> {
        let texts = resolve_sizes(
            |at| self.setting(at),
            |kind| match kind {
                SizeKind::Bet => ("--bet".to_string(), &self.bet),
                SizeKind::Raise => ("--raise".to_string(), &self.raise),
            },
        );
        let mut streets = Vec::with_capacity(3);
        for street in texts {
            let mut players = Vec::with_capacity(2);
            for [(bet_flag, bet), (raise_flag, raise)] in street {
                let parse = |name: &str, text: &str| {
                    Sizes::parse(text).map_err(|e| CliError::input(format!("{name}: {e}")))
                };
                players.push(PlayerSizes {
                    bet: parse(&bet_flag, bet)?,
                    raise: parse(&raise_flag, raise)?,
                });
            }
            let [oop, ip]: [PlayerSizes; 2] = players.try_into().expect("two players");
            streets.push([oop, ip]);
        }
        let [flop, turn, river]: [[PlayerSizes; 2]; 3] = streets.try_into().expect("three streets");
        Ok(StreetSizes { flop, turn, river })
    }
}

impl SpotArgs {
    /// The spot of these flags with `options`: the position as
    /// [`SpotArgs::position`] reads it, the sizes by the sizing rule and
    /// the ranges (`--range` for players written `??`).
    pub fn spot(&self, what: &str, earlier: bool, options: GameOptions) -> Result<Spot, CliError> {
        let position = self.position(what, earlier)?;
        let sizes = self.street_sizes()?;
        let ranges = position.ranges(&self.ranges).map_err(CliError::input)?;
        Ok(Spot {
            position,
            ranges,
            sizes,
            options,
        })
    }
}

/// `error` as an input error, naming the flag to change where one flag
/// is at fault (`--buckets`).
pub fn spot_error(error: SpotError) -> CliError {
    match error.part() {
        SpotPart::Buckets => CliError::input(format!("--buckets: {error}")),
        _ => CliError::input(error.to_string()),
    }
}

/// The betting tree of the river `position` with `sizes`.
pub fn betting_tree(position: &Position, sizes: &StreetSizes) -> Result<Tree, CliError> {
    Tree::build(position.street(), &position.board, sizes, None)
        .map_err(|e| CliError::input(e.to_string()))
}
