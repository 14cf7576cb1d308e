//! Mutations of valid files' bytes: flipped bytes, truncations,
//! duplicated, removed or swapped lines, bad numbers, invalid UTF-8, deep
//! nesting and near-miss lines.

use proptest::prelude::*;
use proptest::sample::Index;

use super::hostile::BAD_NUMBERS;

/// One mutation of a file's bytes.
#[derive(Debug, Clone)]
pub enum Mutation {
    /// XOR one byte with a mask.
    FlipByte(Index, u8),
    /// Cut the file at a byte.
    Truncate(Index),
    /// Write one line twice (a duplicated key or section).
    DuplicateLine(Index),
    /// Remove one line (a missing key).
    RemoveLine(Index),
    /// Swap two lines (keys in the wrong section or order).
    SwapLines(Index, Index),
    /// Replace the first number of a line with a bad one.
    BadNumber(Index, Index),
    /// Insert bytes that are not UTF-8.
    InvalidUtf8(Index),
    /// Insert a deeply nested array, inline table or section header.
    DeepNesting(Index, usize, u8),
    /// Insert a line made of valid tokens of the format.
    Insert(Index, Index),
}

/// A random mutation.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    let i = any::<Index>;
    prop_oneof![
        (i(), 1u8..=255).prop_map(|(a, m)| Mutation::FlipByte(a, m)),
        i().prop_map(Mutation::Truncate),
        i().prop_map(Mutation::DuplicateLine),
        i().prop_map(Mutation::RemoveLine),
        (i(), i()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        (i(), i()).prop_map(|(a, b)| Mutation::BadNumber(a, b)),
        i().prop_map(Mutation::InvalidUtf8),
        (i(), 1usize..3000, 0u8..3).prop_map(|(a, d, k)| Mutation::DeepNesting(a, d, k)),
        (i(), i()).prop_map(|(a, b)| Mutation::Insert(a, b)),
    ]
}

/// Applies `mutation` to `bytes`.
pub fn apply(bytes: &[u8], mutation: &Mutation, inserts: &[&str]) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let join = |lines: &[Vec<u8>]| lines.join(&b'\n');
    match mutation {
        Mutation::FlipByte(at, mask) if !bytes.is_empty() => {
            let mut out = bytes.to_vec();
            out[at.index(bytes.len())] ^= mask;
            out
        }
        Mutation::Truncate(at) => bytes[..at.index(bytes.len() + 1)].to_vec(),
        Mutation::DuplicateLine(at) => {
            let line = lines[at.index(lines.len())].clone();
            lines.insert(at.index(lines.len()), line);
            join(&lines)
        }
        Mutation::RemoveLine(at) => {
            lines.remove(at.index(lines.len()));
            join(&lines)
        }
        Mutation::SwapLines(a, b) => {
            let (a, b) = (a.index(lines.len()), b.index(lines.len()));
            lines.swap(a, b);
            join(&lines)
        }
        Mutation::BadNumber(at, which) => {
            let candidates: Vec<usize> = (0..lines.len())
                .filter(|&l| lines[l].iter().any(u8::is_ascii_digit))
                .collect();
            if candidates.is_empty() {
                return bytes.to_vec();
            }
            let line = &mut lines[candidates[at.index(candidates.len())]];
            let start = line.iter().position(u8::is_ascii_digit).unwrap_or(0);
            let end = start
                + line[start..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit() || **b == b'.')
                    .count();
            let bad = BAD_NUMBERS[which.index(BAD_NUMBERS.len())].as_bytes();
            line.splice(start..end, bad.iter().copied());
            join(&lines)
        }
        Mutation::InvalidUtf8(at) => {
            let mut out = bytes.to_vec();
            let at = at.index(out.len() + 1);
            out.splice(at..at, [0xff, 0xfe, 0xc3]);
            out
        }
        Mutation::DeepNesting(at, depth, kind) => {
            let nested = match kind {
                0 => format!("deep = {}{}", "[".repeat(*depth), "]".repeat(*depth)),
                1 => format!("deep = {}1{}", "{ a = ".repeat(*depth), " }".repeat(*depth)),
                _ => format!("[{}]", vec!["deep"; *depth].join(".")),
            };
            lines.insert(at.index(lines.len() + 1), nested.into_bytes());
            join(&lines)
        }
        Mutation::Insert(at, which) if !inserts.is_empty() => {
            let line = inserts[which.index(inserts.len())].as_bytes().to_vec();
            lines.insert(at.index(lines.len() + 1), line);
            join(&lines)
        }
        _ => bytes.to_vec(),
    }
}

/// A seed picked from `seeds` with one to three mutations applied.
pub fn mutated_file(
    seeds: Vec<Vec<u8>>,
    inserts: &'static [&'static str],
) -> impl Strategy<Value = (usize, Vec<u8>)> {
    let count = seeds.len();
    (0..count, prop::collection::vec(mutation(), 1..4)).prop_map(move |(seed, mutations)| {
        let bytes = mutations
            .iter()
            .fold(seeds[seed].clone(), |bytes, m| apply(&bytes, m, inserts));
        (seed, bytes)
    })
}
