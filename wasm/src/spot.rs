//! A spot as the page sends it (JSON), built into a river, turn or flop
//! game exactly as `poker solve` builds it from its flags, and refused
//! with its memory estimate when it would not fit in the page.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::cfr::vector::VectorGame;
use crate::games::poker::chips::Chip;
use crate::games::poker::game::PokerGame;
use crate::games::poker::game::solve::{peak_bytes, solver_bytes};
use crate::games::poker::position::Position;
use crate::games::poker::range::Range;
use crate::games::poker::sizes::{PlayerSizes, SizeKind, Sizes, StreetSizes, resolve_sizes};
use crate::games::poker::spot::{GameOptions, Spot, SpotError, build_game};

/// The most bytes a solve may take in the page ([`peak_bytes`]): the
/// solver and the game's tables (what `poker solve --dry-run` counts), the
/// strategies read out at the end and the values computed from them. A wasm32 instance
/// addresses 4 GiB at most, its memory only grows (the allocator never
/// gives pages back, and a growing vector briefly holds its old and its
/// new buffer), and a browser tab often gets less than 4 GiB: 1.5 GiB
/// leaves room for all that.
pub const MAX_PAGE_BYTES: u64 = 1536 << 20;

/// The most nodes a flop tree may have in the page: the tree is built
/// before its memory is estimated, and at about 100 bytes a node in
/// wasm32 a million nodes already take 100 MB (and a solve of a million
/// nodes fits in [`MAX_PAGE_BYTES`] only with 25 hands or fewer a side).
pub const MAX_PAGE_FLOP_NODES: usize = 1_000_000;

/// The streets of the per-street size settings.
const STREETS: [&str; 3] = ["flop", "turn", "river"];

/// What the page asks to solve.
#[derive(Debug, Deserialize)]
pub struct Request {
    /// The position, e.g. `OOP:??:S150/IP:??:S150|P60|Ks8h5d3c2h||>OOP`.
    pub position: String,
    /// Ranges by player name, for players written `??`.
    #[serde(default)]
    pub ranges: Vec<(String, String)>,
    /// Bet sizes of both players on every street (`33%, 75%`).
    pub bet: String,
    /// Raise sizes of both players on every street (`60%`).
    pub raise: String,
    /// Other sizes, named as `poker solve`'s flags without the dashes:
    /// a player's (`oop-bet`, `ip-raise`), a street's (`river-bet`) or a
    /// player's on a street (`flop-ip-bet`); the most specific one given
    /// applies, as on the command line. A blank one is not given; `none`
    /// is no sizes (the command line's empty string).
    #[serde(default)]
    pub sizes: BTreeMap<String, String>,
    /// `dcfr` (the default) or `cfr+`.
    #[serde(default)]
    pub algorithm: Option<String>,
}

impl Request {
    /// The sizes named `name` (`None` when not given or blank).
    fn named(&self, name: &str) -> Result<Option<Sizes>, String> {
        match self.sizes.get(name).map(|t| t.trim()) {
            None | Some("") => Ok(None),
            Some("none") => Ok(Some(Sizes::default())),
            Some(text) => Sizes::parse(text)
                .map(Some)
                .map_err(|e| format!("{name} sizes: {e}")),
        }
    }

    /// Each player's sizes on the three streets by the sizing rule
    /// ([`resolve_sizes`]): `river-oop-bet`, else `river-bet`, else
    /// `oop-bet`, else `bet`.
    fn street_sizes(&self) -> Result<StreetSizes, String> {
        let shared =
            |what: &str, text: &str| Sizes::parse(text).map_err(|e| format!("{what} sizes: {e}"));
        let (bet, raise) = (shared("bet", &self.bet)?, shared("raise", &self.raise)?);
        let mut failed = None;
        let sizes = resolve_sizes(
            |at| {
                let street = at
                    .street
                    .map_or(String::new(), |s| format!("{}-", STREETS[s]));
                let player = at.player.map_or("", |p| ["oop-", "ip-"][p]);
                let name = format!("{street}{player}{}", at.kind.word());
                if at.street.is_none() && at.player.is_none() {
                    return None;
                }
                self.named(&name).unwrap_or_else(|e| {
                    failed.get_or_insert(e);
                    None
                })
            },
            |kind| match kind {
                SizeKind::Bet => bet.clone(),
                SizeKind::Raise => raise.clone(),
            },
        );
        if let Some(error) = failed {
            return Err(error);
        }
        let [flop, turn, river] =
            sizes.map(|street| street.map(|[bet, raise]| PlayerSizes { bet, raise }));
        Ok(StreetSizes { flop, turn, river })
    }

    /// `Err` for a size setting that is unknown, or given for a street the
    /// spot does not have (`first`: the spot's first street, 0 the flop).
    fn check_names(&self, first: usize) -> Result<(), String> {
        for (name, text) in &self.sizes {
            let mut parts: Vec<&str> = name.split('-').collect();
            let street = STREETS.iter().position(|s| parts.first() == Some(s));
            if street.is_some() {
                parts.remove(0);
            }
            let known = matches!(parts.as_slice(), [what] | ["oop" | "ip", what] if matches!(*what, "bet" | "raise"))
                && !(street.is_none() && parts.len() == 1);
            if !known {
                return Err(format!("unknown size setting {name}"));
            }
            if let Some(street) = street
                && street < first
                && !text.trim().is_empty()
            {
                return Err(format!(
                    "{name}: {} sizes apply to spots from the {} on; this spot starts on the {}",
                    STREETS[street], STREETS[street], STREETS[first]
                ));
            }
        }
        Ok(())
    }
}

/// Reads `request` (or says which part is wrong) into the spot and the
/// game the one builder makes of it ([`build_game`]; a flop tree of
/// at most [`MAX_PAGE_FLOP_NODES`]).
pub fn build(request: &Request) -> Result<(Spot, PokerGame), String> {
    let position = Position::parse(&request.position, Chip::default())
        .map_err(|e| format!("position: {e}"))?;
    let mut extra = Vec::new();
    for (name, text) in &request.ranges {
        let range = Range::parse(text).map_err(|e| format!("{name}'s range: {e}"))?;
        extra.push((name.clone(), range));
    }
    let ranges = position.ranges(&extra)?;
    let cards = position.board.cards().len();
    if !(3..=5).contains(&cards) {
        return Err(format!(
            "the board has {cards} cards; the page solves flop (3 cards), turn (4) and river (5) spots"
        ));
    }
    // A river spot takes no street's sizes, a turn spot the turn's and the river's.
    request.check_names(if cards == 5 { 3 } else { cards - 3 })?;
    let spot = Spot {
        position,
        ranges,
        sizes: request.street_sizes()?,
        options: GameOptions {
            max_nodes: MAX_PAGE_FLOP_NODES,
            ..GameOptions::default()
        },
    };
    let game = build_game(&spot).map_err(|e| match e {
        SpotError::Tree(_) if cards == 3 => format!("{e} in the page"),
        _ => e.to_string(),
    })?;
    check_memory(&game, game.memory_bytes())?;
    Ok((spot, game))
}

/// `Err` with the estimate ([`peak_bytes`]) when `game` would take more
/// than [`MAX_PAGE_BYTES`].
fn check_memory<G: VectorGame>(game: &G, table_bytes: usize) -> Result<(), String> {
    let bytes = peak_bytes(game, table_bytes);
    if bytes > MAX_PAGE_BYTES {
        let dry_run = solver_bytes(game) + table_bytes as u64;
        return Err(format!(
            "the solve would need about {:.2} GB ({dry_run} bytes as `poker solve --dry-run` counts them, plus the strategies read out and the values the page computes from them), more than the page's {:.2} GB: use fewer sizes or smaller ranges, or solve it with `banluck-lab poker solve`",
            bytes as f64 / 1e9,
            MAX_PAGE_BYTES as f64 / 1e9
        ));
    }
    Ok(())
}
