//! Seven-card evaluation, evaluations per second: the rs_poker perfect-hash
//! evaluator that the poker family uses (through `games::poker::eval`)
//! against a hand-written bitmask evaluator (below), on the same 100,000
//! random hands. The bitmask evaluator lives only here, as the yardstick
//! that decided the choice.

use std::hint::black_box;
use std::time::Duration;

use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::eval::{Category, Hand, strength};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Hands per measured run.
const HANDS: usize = 100_000;

/// `HANDS` random seven-card hands (a fixed linear congruential sequence).
fn hands() -> Vec<[Card; 7]> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u8
    };
    (0..HANDS)
        .map(|_| {
            let mut mask = 0u64;
            let mut hand = [Card::from_index(0); 7];
            let mut filled = 0;
            while filled < 7 {
                let card = next() % 64;
                if card < 52 && mask & (1 << card) == 0 {
                    mask |= 1 << card;
                    hand[filled] = Card::from_index(card);
                    filled += 1;
                }
            }
            hand
        })
        .collect()
}

/// The top `n` set bits of `bits`.
fn top(mut bits: u32, n: u32) -> u32 {
    while bits.count_ones() > n {
        bits &= bits - 1;
    }
    bits
}

/// The highest rank of a five-in-a-row in a 13-bit rank set (wheel included),
/// plus one; 0 for none.
fn straight(ranks: u32) -> u32 {
    let shifted = (ranks << 1) | (ranks >> 12 & 1);
    let runs = shifted & shifted >> 1 & shifted >> 2 & shifted >> 3 & shifted >> 4;
    if runs == 0 {
        0
    } else {
        32 - runs.leading_zeros()
    }
}

/// A bitmask evaluator: category in bits 26.., then two 13-bit fields.
fn bitmask_strength(hand: &[Card; 7]) -> u32 {
    let mut suits = [0u32; 4];
    for card in hand {
        suits[card.suit() as usize] |= 1 << card.rank();
    }
    let [s0, s1, s2, s3] = suits;
    let pack = |category: u32, a: u32, b: u32| category << 26 | a << 13 | b;
    for suit in suits {
        if suit.count_ones() >= 5 {
            let high = straight(suit);
            return if high > 0 {
                pack(8, high, 0)
            } else {
                pack(5, top(suit, 5), 0)
            };
        }
    }
    let ranks = s0 | s1 | s2 | s3;
    let two = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3);
    let three = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3);
    let four = s0 & s1 & s2 & s3;
    if four != 0 {
        return pack(7, four, top(ranks & !four, 1));
    }
    if three != 0 {
        let trips = top(three, 1);
        let pair = two & !trips;
        if pair != 0 {
            return pack(6, trips, top(pair, 1));
        }
    }
    let high = straight(ranks);
    if high > 0 {
        return pack(4, high, 0);
    }
    if three != 0 {
        return pack(3, three, top(ranks & !three, 2));
    }
    match two.count_ones() {
        0 => pack(0, top(ranks, 5), 0),
        1 => pack(1, two, top(ranks & !two, 3)),
        _ => {
            let pairs = top(two, 2);
            pack(2, pairs, top(ranks & !pairs, 1))
        }
    }
}

fn evaluators(c: &mut Criterion) {
    let hands = hands();
    // The two evaluators agree on every sample hand's category.
    for hand in &hands {
        let category = strength(hand).category() as u32;
        assert_eq!(bitmask_strength(hand) >> 26, category, "{hand:?}");
    }
    assert_eq!(Category::ALL.len(), 9);
    let mut group = c.benchmark_group("seven_card_eval");
    group
        .throughput(Throughput::Elements(HANDS as u64))
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));
    group.bench_function("rs_poker", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|hand| {
                    let folded = hand.iter().fold(Hand::default(), |h, &card| h.with(card));
                    u32::from(folded.strength().value())
                })
                .fold(0u32, |acc, v| acc.wrapping_add(black_box(v)))
        })
    });
    group.bench_function("bitmask", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(bitmask_strength)
                .fold(0u32, |acc, v| acc.wrapping_add(black_box(v)))
        })
    });
    group.finish();
}

criterion_group!(benches, evaluators);
criterion_main!(benches);
