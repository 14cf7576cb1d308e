//! Saved files made wrong on purpose and sealed again, so that a reader's
//! checksum passes and its content check is what must refuse them: a
//! saved poker solve taken apart into its header and numbers, edited and
//! put back with its checksum recomputed; the table game's SQLite store
//! edited by SQL.

use serde_json::Value;

/// A saved poker solve taken apart: its first line, its JSON header and
/// its numbers (the `strategies` block).
pub struct PokerSolveParts {
    /// The first line, with its newline.
    pub line: Vec<u8>,
    /// The header.
    pub header: Value,
    /// Every number after the header, in file order.
    pub numbers: Vec<f64>,
}

impl PokerSolveParts {
    /// The parts of the file `bytes` (written by `poker solve --out`).
    pub fn of(bytes: &[u8]) -> PokerSolveParts {
        let end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
        let length = u64::from_le_bytes(bytes[end..end + 8].try_into().unwrap()) as usize;
        let header_end = end + 8 + length;
        let header = serde_json::from_slice(&bytes[end + 8..header_end]).unwrap();
        let numbers = bytes[header_end..bytes.len() - 32]
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes(b.try_into().unwrap()))
            .collect();
        PokerSolveParts {
            line: bytes[..end].to_vec(),
            header,
            numbers,
        }
    }

    /// The file again, its header's length and its checksum recomputed.
    pub fn sealed(&self) -> Vec<u8> {
        let header = serde_json::to_vec(&self.header).unwrap();
        let mut bytes = self.line.clone();
        bytes.extend_from_slice(&(header.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&header);
        for number in &self.numbers {
            bytes.extend_from_slice(&number.to_le_bytes());
        }
        let checksum = blake3::hash(&bytes);
        bytes.extend_from_slice(checksum.as_bytes());
        bytes
    }
}

/// The saved poker solve `bytes` with `edit` applied to its parts and
/// sealed again.
pub fn resealed(bytes: &[u8], edit: impl FnOnce(&mut PokerSolveParts)) -> Vec<u8> {
    let mut parts = PokerSolveParts::of(bytes);
    edit(&mut parts);
    parts.sealed()
}

/// A copy at `to` of the table game's store `from` with `statement` (SQL)
/// run on it: rows made impossible behind the program's back.
pub fn tampered_store(from: &std::path::Path, to: &std::path::Path, statement: &str) {
    std::fs::copy(from, to).unwrap();
    let connection = rusqlite::Connection::open(to).unwrap();
    connection.execute_batch(statement).unwrap();
}
