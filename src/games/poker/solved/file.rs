//! The one file of a solved spot, for every street: written by
//! [`to_bytes`], read by [`load`] (and [`from_bytes`]) for `poker show`,
//! `explore` and anything else.
//!
//! Layout:
//! 1. a text line naming the kind, the format version and the root's
//!    street: `banluck-lab poker-solve 1 turn\n`;
//! 2. the length (u64, little-endian) of a JSON header: the spot's
//!    [`SpotSettings`] and their hash, how it was solved (algorithm,
//!    seed, target), the results (values, exploitability, bracket,
//!    iterations, seconds, memory) and the `blocks` of numbers that
//!    follow, each with its name and count;
//! 3. the blocks, each number a little-endian f64: `strategies`, every
//!    decision node's average strategy in node order, `[action × hand]`;
//! 4. a BLAKE3 checksum of everything before it.
//!
//! Numbers are stored raw, so a file reloads bit for bit; the header's
//! floats are written shortest-round-trip. A later version may add
//! blocks (regrets and the iteration count to resume a solve) under a
//! new version number; this one refuses a block it does not know.
//!
//! Reading is capped: the first line and the header are read up to fixed
//! lengths, and the file's size must be exactly what its header and the
//! spot's tree say before the numbers are read. After the checksum, the
//! numbers themselves are checked ([`super::file_check`]): a file resealed
//! over a NaN, a negative probability or a strategy that does not sum to
//! one is refused with the node, hand and number.

use std::io::{Cursor, Read};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::games::poker::game::{NodeKind, PokerGame, STREETS, Solution};
use crate::games::poker::spot::{MAX_MEMORY_BYTES, Readout, build_game, check_memory};
use crate::input::clip_lines;

use super::file_check::check_solution;
use super::settings::SpotSettings;
use super::solved_spot::{SolveRun, SolvedSpot};

/// The first word of the first line of every file the lab writes this way.
const LAB: &str = "banluck-lab";

/// The kind of file, after [`LAB`] on the first line.
pub const KIND: &str = "poker-solve";

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// The longest first line read.
const MAX_LINE_BYTES: usize = 64;

/// The longest header read: the position text (at most 1 MiB), both
/// ranges' weights and the results take far less.
const MAX_HEADER_BYTES: u64 = 4 << 20;

/// The block of average strategies.
const STRATEGIES: &str = "strategies";

/// What the file says after the text line.
#[derive(Serialize, Deserialize)]
struct Header {
    spot: SpotSettings,
    hash: String,
    algorithm: String,
    seed: Option<u64>,
    target: f64,
    value: [f64; 2],
    exploitability: f64,
    bracket: [f64; 2],
    iterations: u64,
    seconds: f64,
    memory_bytes: u64,
    blocks: Vec<Block>,
}

/// A block of numbers after the header.
#[derive(Serialize, Deserialize, PartialEq, Eq)]
struct Block {
    name: String,
    numbers: u64,
}

/// Why a file cannot be read, with what it is and what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String);

/// What to do with a file that cannot be read.
const SOLVE_AGAIN: &str = "solve the spot again with `poker solve --out FILE`";

/// The file of `solved`, whose solution keeps every decision's strategy.
pub fn to_bytes(solved: &SolvedSpot) -> Vec<u8> {
    let solution = &solved.solution;
    let numbers: usize = solution.strategies.iter().flatten().map(Vec::len).sum();
    let spot = SpotSettings::of(&solved.spot);
    let header = Header {
        hash: spot.hash(),
        spot,
        algorithm: solved.run.algorithm.clone(),
        seed: solved.run.seed,
        target: solved.run.target,
        value: solution.value,
        exploitability: solution.exploitability,
        bracket: solution.bracket,
        iterations: solution.iterations,
        seconds: solution.seconds,
        memory_bytes: solution.memory_bytes,
        blocks: vec![Block {
            name: STRATEGIES.to_string(),
            numbers: numbers as u64,
        }],
    };
    let header = serde_json::to_vec(&header).expect("the header serialises");
    let line = format!("{LAB} {KIND} {VERSION} {}\n", STREETS[solved.street()]);
    let mut bytes = Vec::with_capacity(line.len() + 8 + header.len() + 8 * numbers + 32);
    bytes.extend_from_slice(line.as_bytes());
    bytes.extend_from_slice(&(header.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&header);
    for number in solution.strategies.iter().flatten().flatten() {
        bytes.extend_from_slice(&number.to_le_bytes());
    }
    let checksum = blake3::hash(&bytes);
    bytes.extend_from_slice(checksum.as_bytes());
    bytes
}

/// Whether `start`, a file's first bytes, looks like a saved solve of
/// this or an earlier format (a JSON object, or a `banluck-lab` line)
/// rather than a rules file.
pub fn looks_saved(start: &[u8]) -> bool {
    start.starts_with(LAB.as_bytes())
        || start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

/// Reads the file at `path`.
///
/// # Errors
/// A [`LoadError`] saying what the file is and what to do: it cannot be
/// read, is no saved solve, an old format, another version, cut short,
/// longer than its header says, damaged, or holds numbers no solve
/// writes ([`super::file_check`]: where and which).
pub fn load(path: &Path) -> Result<SolvedSpot, LoadError> {
    let file = std::fs::File::open(path).map_err(|e| LoadError(e.to_string()))?;
    let length = file.metadata().map_err(|e| LoadError(e.to_string()))?.len();
    read(std::io::BufReader::new(file), length).map_err(clipped)
}

/// Reads a file's bytes; see [`load`].
///
/// # Errors
/// As [`load`].
pub fn from_bytes(bytes: &[u8]) -> Result<SolvedSpot, LoadError> {
    read(bytes, bytes.len() as u64).map_err(clipped)
}

/// `error` with every line clipped ([`clip_lines`]): what it quotes of
/// the file (a block's name, a JSON error's value) stays short whatever
/// the file holds.
fn clipped(error: LoadError) -> LoadError {
    LoadError(clip_lines(&error.0).into_owned())
}

/// Reads a file of `length` bytes from `input`.
fn read(mut input: impl Read, length: u64) -> Result<SolvedSpot, LoadError> {
    let mut start = Vec::new();
    (&mut input)
        .take(MAX_LINE_BYTES as u64)
        .read_to_end(&mut start)
        .map_err(io)?;
    let (street, line) = first_line(&start)?;
    let mut hasher = blake3::Hasher::new();
    hasher.update(&start[..line]);
    let mut input = Cursor::new(start[line..].to_vec()).chain(input);
    let fixed = line as u64 + 8 + 32;
    if length < fixed {
        return Err(cut_short(length, fixed));
    }
    let header_length = u64::from_le_bytes(exact::<8>(&mut input, &mut hasher)?);
    if header_length > MAX_HEADER_BYTES {
        return Err(damaged("its header is longer than any this format writes"));
    }
    if length < fixed + header_length {
        return Err(cut_short(length, fixed + header_length));
    }
    let mut header = vec![0; header_length as usize];
    input.read_exact(&mut header).map_err(io)?;
    hasher.update(&header);
    let header: Header = serde_json::from_slice(&header)
        .map_err(|e| damaged(&format!("its header does not read: {e}")))?;
    if header.spot.hash() != header.hash {
        return Err(damaged("its settings do not match their hash"));
    }
    let spot = header
        .spot
        .spot()
        .map_err(|e| damaged(&format!("its settings do not make a spot: {e}")))?;
    if spot.street() != Some(street) {
        return Err(damaged("its first line names another street than its spot"));
    }
    let game = build_game(&spot).map_err(|e| LoadError(e.to_string()))?;
    if street == 1 {
        // A turn spot's views keep every node's reach and values.
        check_memory(&game, Readout::Values, MAX_MEMORY_BYTES)
            .map_err(|e| LoadError(e.to_string()))?;
    }
    let blocks = decision_blocks(&game);
    let numbers: usize = blocks.iter().flatten().sum();
    if let Some(block) = header.blocks.iter().find(|b| b.name != STRATEGIES) {
        return Err(LoadError(format!(
            "a block `{}` that this build does not read; {SOLVE_AGAIN}",
            block.name
        )));
    }
    let expected = [Block {
        name: STRATEGIES.to_string(),
        numbers: numbers as u64,
    }];
    if header.blocks[..] != expected[..] {
        return Err(damaged("its strategies do not fit the spot's tree"));
    }
    let whole = fixed + header_length + 8 * numbers as u64;
    if length < whole {
        return Err(cut_short(length, whole));
    }
    if length > whole {
        return Err(damaged(&format!(
            "it has {length} bytes where its header says {whole}"
        )));
    }
    let mut raw = vec![0; 8 * numbers];
    input.read_exact(&mut raw).map_err(io)?;
    hasher.update(&raw);
    let mut checksum = [0; 32];
    input.read_exact(&mut checksum).map_err(io)?;
    if hasher.finalize().as_bytes() != &checksum {
        return Err(damaged("its checksum does not match"));
    }
    let mut numbers = raw
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")));
    let strategies = blocks
        .iter()
        .map(|block| block.map(|size| numbers.by_ref().take(size).collect()))
        .collect();
    let solution = Solution {
        value: header.value,
        exploitability: header.exploitability,
        bracket: header.bracket,
        iterations: header.iterations,
        seconds: header.seconds,
        memory_bytes: header.memory_bytes,
        strategies,
    };
    let run = SolveRun {
        algorithm: header.algorithm,
        seed: header.seed,
        target: header.target,
    };
    check_solution(&spot.position, &game, &solution, &run).map_err(|e| damaged(&e))?;
    Ok(SolvedSpot::new(spot, game, solution, run))
}

/// The street a file's first line names and the line's length, or what
/// the file is instead.
fn first_line(start: &[u8]) -> Result<(usize, usize), LoadError> {
    if start.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        return Err(LoadError(format!(
            "a river solution in the JSON format of an earlier banluck-lab, which this build does not read; {SOLVE_AGAIN}"
        )));
    }
    let not_ours = || {
        LoadError(format!(
            "not a saved poker solve (no `{LAB} {KIND}` line at its start); save one with `poker solve --out FILE`"
        ))
    };
    let Some(end) = start.iter().position(|&b| b == b'\n') else {
        return Err(not_ours());
    };
    let line = std::str::from_utf8(&start[..end]).map_err(|_| not_ours())?;
    let words: Vec<&str> = line.split(' ').collect();
    match words[..] {
        [LAB, old @ ("turn" | "flop")] => Err(LoadError(format!(
            "a {old} solution in the format of an earlier banluck-lab, which this build does not read; {SOLVE_AGAIN}"
        ))),
        [LAB, KIND, version, street] => {
            if version != VERSION.to_string() {
                return Err(LoadError(format!(
                    "a poker solve saved in format version {version}; this build reads version {VERSION}: {SOLVE_AGAIN}"
                )));
            }
            let street = STREETS
                .iter()
                .position(|&s| s == street)
                .ok_or_else(|| damaged(&format!("its first line names no street (`{street}`)")))?;
            Ok((street, end + 1))
        }
        [LAB, ..] => Err(LoadError(format!(
            "a banluck-lab file of another kind (`{line}`), not a saved poker solve"
        ))),
        _ => Err(not_ours()),
    }
}

/// Per node of `game`'s tree, the length of its strategy (actions times
/// the actor's hands) at a decision, `None` elsewhere.
fn decision_blocks(game: &PokerGame) -> Vec<Option<usize>> {
    game.spot_tree()
        .nodes
        .iter()
        .map(|node| match &node.kind {
            NodeKind::Decision {
                player, actions, ..
            } => Some(actions.len() * game.combos(*player).len()),
            _ => None,
        })
        .collect()
}

/// The next `N` bytes of `input`, hashed.
fn exact<const N: usize>(
    input: &mut impl Read,
    hasher: &mut blake3::Hasher,
) -> Result<[u8; N], LoadError> {
    let mut bytes = [0; N];
    input.read_exact(&mut bytes).map_err(io)?;
    hasher.update(&bytes);
    Ok(bytes)
}

/// A read that failed (the file changed while read, or a disk error).
fn io(error: std::io::Error) -> LoadError {
    LoadError(format!("the file cannot be read: {error}"))
}

/// The error for a file that ends too soon.
fn cut_short(length: u64, needed: u64) -> LoadError {
    LoadError(format!(
        "a saved poker solve cut short ({length} bytes of at least {needed}); {SOLVE_AGAIN}"
    ))
}

/// The error for a file whose content is wrong.
fn damaged(what: &str) -> LoadError {
    LoadError(format!(
        "a saved poker solve that is damaged: {what}; {SOLVE_AGAIN}"
    ))
}
