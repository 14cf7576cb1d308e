//! A fast, non-cryptographic hasher for the engine's caches keyed by card
//! counts (the multiply-rotate scheme of rustc's FxHash). The keys are the
//! engine's own compositions, not adversarial input, so the standard
//! library's DoS-resistant SipHash buys nothing here and cost about a
//! sixth of a six-deck game. Iteration order does not feed any value: the
//! maps are only looked up, so the numbers are the same bit for bit.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// The multiplier (from FxHash): odd, with well spread bits.
const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// The hasher's state: one word, mixed by rotate, xor and multiply.
#[derive(Debug, Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        // The table takes its bucket from the low bits, which the multiply
        // leaves weakest: rotate the well mixed high bits down.
        self.hash.rotate_left(26)
    }
}

/// A `HashMap` with [`FxHasher`].
pub type FxHashMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A `HashSet` with [`FxHasher`].
pub type FxHashSet<K> = HashSet<K, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn distinct_compositions_hash_apart() {
        let build = BuildHasherDefault::<FxHasher>::default();
        let a: [u8; 10] = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        let b: [u8; 10] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
        assert_ne!(build.hash_one(a), build.hash_one(b));
        assert_eq!(build.hash_one(a), build.hash_one(a));
    }
}
