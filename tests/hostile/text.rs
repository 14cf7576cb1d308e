//! Hostile strings: valid strings mutated character by character, and
//! soups of valid tokens in any order.

use proptest::prelude::*;
use proptest::sample::Index;

use super::hostile::BAD_NUMBERS;

/// A string mutated at the character level: characters inserted, removed,
/// doubled, swapped or replaced with a bad number, or cut short.
pub fn mutated_text(
    seeds: &'static [&'static str],
    alphabet: &'static str,
) -> impl Strategy<Value = String> {
    let edit = (0u8..6, any::<Index>(), any::<Index>(), any::<char>());
    (
        prop::sample::select(seeds),
        prop::collection::vec(edit, 0..4),
    )
        .prop_map(move |(seed, edits)| {
            let alphabet: Vec<char> = alphabet.chars().collect();
            let mut chars: Vec<char> = seed.chars().collect();
            for (kind, at, choice, c) in edits {
                let at = at.index(chars.len() + 1);
                match kind {
                    0 => chars.insert(at, alphabet[choice.index(alphabet.len())]),
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    2 => chars.truncate(at),
                    3 if at < chars.len() => {
                        let end = (at + choice.index(4) + 1).min(chars.len());
                        let copy: Vec<char> = chars[at..end].to_vec();
                        chars.splice(at..at, copy);
                    }
                    4 => {
                        let bad = BAD_NUMBERS[choice.index(BAD_NUMBERS.len())];
                        chars.splice(at..at, bad.chars());
                    }
                    5 => chars.insert(at, c),
                    _ => {}
                }
            }
            chars.into_iter().collect()
        })
}

/// Text of `count` tokens drawn from `vocabulary`, joined by `separator`
/// (valid tokens in any order: grammar-aware near misses).
pub fn token_soup(
    vocabulary: &'static [&'static str],
    separator: &'static str,
    count: std::ops::Range<usize>,
) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::collection::vec(prop::sample::select(vocabulary), 1..4),
        count,
    )
    .prop_map(move |tokens| {
        tokens
            .iter()
            .map(|pieces| pieces.concat())
            .collect::<Vec<_>>()
            .join(separator)
    })
}

/// Any string: seeds mutated (half the cases), soups of `vocabulary`
/// joined by `separator`, or arbitrary text.
pub fn inputs(
    seeds: &'static [&'static str],
    alphabet: &'static str,
    vocabulary: &'static [&'static str],
    separator: &'static str,
) -> impl Strategy<Value = String> {
    prop_oneof![
        4 => mutated_text(seeds, alphabet),
        3 => token_soup(vocabulary, separator, 1..8),
        1 => any::<String>(),
    ]
}
