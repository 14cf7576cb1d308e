//! The seven-card evaluator over all 133,784,560 seven-card hands: the
//! exact category counts (rayon over the first two cards).

use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::eval::{Category, Hand};
use rayon::prelude::*;

/// Category counts of every seven-card hand whose two lowest cards are `a < b`.
fn counts_from(a: u8, b: u8) -> [u64; 9] {
    let mut counts = [0u64; 9];
    let two = Hand::default()
        .with(Card::from_index(a))
        .with(Card::from_index(b));
    for c in b + 1..52 {
        let three = two.with(Card::from_index(c));
        for d in c + 1..52 {
            let four = three.with(Card::from_index(d));
            for e in d + 1..52 {
                let five = four.with(Card::from_index(e));
                for f in e + 1..52 {
                    let six = five.with(Card::from_index(f));
                    for g in f + 1..52 {
                        let category = six.with(Card::from_index(g)).strength().category();
                        counts[category as usize] += 1;
                    }
                }
            }
        }
    }
    counts
}

#[test]
fn all_seven_card_hands_have_the_exact_category_counts() {
    let pairs: Vec<(u8, u8)> = (0..52u8)
        .flat_map(|a| (a + 1..52).map(move |b| (a, b)))
        .collect();
    let counts = pairs.par_iter().map(|&(a, b)| counts_from(a, b)).reduce(
        || [0u64; 9],
        |mut sum, part| {
            for (total, count) in sum.iter_mut().zip(part) {
                *total += count;
            }
            sum
        },
    );
    let expected = [
        (Category::HighCard, 23_294_460),
        (Category::Pair, 58_627_800),
        (Category::TwoPair, 31_433_400),
        (Category::Trips, 6_461_620),
        (Category::Straight, 6_180_020),
        (Category::Flush, 4_047_644),
        (Category::FullHouse, 3_473_184),
        (Category::Quads, 224_848),
        (Category::StraightFlush, 41_584),
    ];
    for (category, count) in expected {
        assert_eq!(counts[category as usize], count, "{category:?}");
    }
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
}
