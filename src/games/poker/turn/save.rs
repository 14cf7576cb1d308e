//! A solved turn or flop spot on disk: a versioned binary file that
//! reloads bit for bit. The format is one for both streets ([`Saved`],
//! generic over the settings, [`SavedSpot`]); the magic line names the
//! street.
//!
//! Layout: the magic line (`banluck-lab turn\n`, `banluck-lab flop\n`),
//! the format version (u32), the length (u64) of a JSON header with the
//! settings ([`TurnSpot`], `FlopSpot`),
//! their hash, the solve's settings (algorithm, seed, target) and results, then every decision
//! node's average strategy as little-endian f64 in node order, and a
//! BLAKE3 checksum of all that. Numbers are stored raw, so nothing is
//! rounded; the header's floats are written shortest-round-trip.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::games::poker::position::Position;

use crate::games::poker::game::{Node, NodeKind, PokerGame, Solution};

use super::spot::TurnSpot;

/// The first bytes of a saved turn solution.
pub const MAGIC: &[u8] = b"banluck-lab turn\n";

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// The settings of a saved spot: they name the file's street and rebuild
/// the game whose strategies follow the header.
pub trait SavedSpot: Clone + Serialize + DeserializeOwned {
    /// The file's first bytes.
    const MAGIC: &'static [u8];
    /// The street, for messages (`turn`).
    const STREET: &'static str;

    /// A hash of the settings: two spots with the same hash make the same game.
    fn hash(&self) -> String {
        let json = serde_json::to_vec(self).expect("settings serialise");
        blake3::hash(&json).to_hex().to_string()
    }

    /// The position and the game; the error says what is wrong.
    fn build(&self) -> Result<(Position, PokerGame), String>;
}

impl SavedSpot for TurnSpot {
    const MAGIC: &'static [u8] = MAGIC;
    const STREET: &'static str = "turn";

    fn hash(&self) -> String {
        TurnSpot::hash(self)
    }

    fn build(&self) -> Result<(Position, PokerGame), String> {
        TurnSpot::build(self)
    }
}

/// Per node of `game`'s tree, the length of its strategy (actions times
/// the actor's hands) at a decision, `None` elsewhere.
fn decision_blocks(game: &PokerGame) -> Vec<Option<usize>> {
    let nodes: &[Node] = &game.spot_tree().nodes;
    nodes
        .iter()
        .map(|node| match &node.kind {
            NodeKind::Decision {
                player, actions, ..
            } => Some(actions.len() * game.combos(*player).len()),
            _ => None,
        })
        .collect()
}

/// A solved turn spot as saved.
pub type SavedTurn = Saved<TurnSpot>;

/// A solved spot as saved.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved<S> {
    /// The spot.
    pub spot: S,
    /// The algorithm's name (`dcfr`, `cfr+`, `mccfr-es`, `mccfr-os`).
    pub algorithm: String,
    /// The seed of Monte Carlo CFR's random numbers (`None` for DCFR and
    /// CFR+, which draw none).
    pub seed: Option<u64>,
    /// The target exploitability in chips.
    pub target: f64,
    /// The solution.
    pub solution: Solution,
}

/// The JSON header.
#[derive(Serialize, Deserialize)]
#[serde(bound = "S: SavedSpot")]
struct Header<S> {
    spot: S,
    hash: String,
    algorithm: String,
    /// Absent in files saved before MCCFR ran on turn spots.
    #[serde(default)]
    seed: Option<u64>,
    target: f64,
    value: [f64; 2],
    exploitability: f64,
    bracket: [f64; 2],
    iterations: u64,
    seconds: f64,
    memory_bytes: u64,
    /// How many strategy numbers follow.
    numbers: u64,
}

impl<S: SavedSpot> Saved<S> {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let solution = &self.solution;
        let numbers: usize = solution.strategies.iter().flatten().map(Vec::len).sum();
        let header = Header {
            spot: self.spot.clone(),
            hash: self.spot.hash(),
            algorithm: self.algorithm.clone(),
            seed: self.seed,
            target: self.target,
            value: solution.value,
            exploitability: solution.exploitability,
            bracket: solution.bracket,
            iterations: solution.iterations,
            seconds: solution.seconds,
            memory_bytes: solution.memory_bytes,
            numbers: numbers as u64,
        };
        let header = serde_json::to_vec(&header).expect("the header serialises");
        let mut bytes = Vec::with_capacity(S::MAGIC.len() + 44 + header.len() + 8 * numbers);
        bytes.extend_from_slice(S::MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        bytes.extend_from_slice(&(header.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&header);
        for number in solution.strategies.iter().flatten().flatten() {
            bytes.extend_from_slice(&number.to_le_bytes());
        }
        let checksum = blake3::hash(&bytes);
        bytes.extend_from_slice(checksum.as_bytes());
        bytes
    }

    /// Reads a file's bytes back, rebuilding the game from its settings;
    /// the error says what is wrong with the file.
    pub fn from_bytes(bytes: &[u8]) -> Result<(Saved<S>, Position, PokerGame), String> {
        let body = bytes.strip_prefix(S::MAGIC).ok_or_else(|| {
            format!(
                "not a saved {0} solution (no `banluck-lab {0}` header)",
                S::STREET
            )
        })?;
        let (version, body) = take::<4>(body)?;
        let version = u32::from_le_bytes(version);
        if version != VERSION {
            return Err(format!(
                "saved with format version {version}; this build reads version {VERSION}"
            ));
        }
        let Some(content) = bytes.len().checked_sub(32) else {
            return Err(truncated());
        };
        if content < S::MAGIC.len() + 12
            || blake3::hash(&bytes[..content]).as_bytes() != &bytes[content..]
        {
            return Err("the file is damaged (its checksum does not match)".to_string());
        }
        let body = &body[..content - S::MAGIC.len() - 4];
        let (length, body) = take::<8>(body)?;
        let length = usize::try_from(u64::from_le_bytes(length)).map_err(|_| truncated())?;
        let (header, numbers) = body.split_at_checked(length).ok_or_else(truncated)?;
        let header: Header<S> =
            serde_json::from_slice(header).map_err(|e| format!("a bad header: {e}"))?;
        if header.spot.hash() != header.hash {
            return Err("the settings do not match their hash".to_string());
        }
        let (position, game) = header.spot.build()?;
        if numbers.len() as u64 != 8 * header.numbers {
            return Err(truncated());
        }
        let mut numbers = numbers
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")));
        let blocks = decision_blocks(&game);
        let mut strategies = Vec::with_capacity(blocks.len());
        for block in blocks {
            strategies.push(match block {
                Some(size) => {
                    let block: Vec<f64> = numbers.by_ref().take(size).collect();
                    if block.len() != size {
                        return Err("the strategies do not fit the spot's tree".to_string());
                    }
                    Some(block)
                }
                None => None,
            });
        }
        if numbers.next().is_some() {
            return Err("the strategies do not fit the spot's tree".to_string());
        }
        let saved = Saved {
            spot: header.spot,
            algorithm: header.algorithm,
            seed: header.seed,
            target: header.target,
            solution: Solution {
                value: header.value,
                exploitability: header.exploitability,
                bracket: header.bracket,
                iterations: header.iterations,
                seconds: header.seconds,
                memory_bytes: header.memory_bytes,
                strategies,
            },
        };
        Ok((saved, position, game))
    }
}

/// The error for a file that ends too soon.
fn truncated() -> String {
    "the file is cut short".to_string()
}

/// The first `N` bytes of `bytes` and the rest.
fn take<const N: usize>(bytes: &[u8]) -> Result<([u8; N], &[u8]), String> {
    let (head, rest) = bytes.split_at_checked(N).ok_or_else(truncated)?;
    Ok((head.try_into().expect("N bytes"), rest))
}
