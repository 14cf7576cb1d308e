//! Criterion bench of the exact DP from a partial deck: one
//! `dp::deck_value` call (recompile the table for the remaining counts,
//! optimal EV and standard deviation), the cost per point of a deck.

use criterion::{Criterion, criterion_group, criterion_main};

use banluck_lab::cards::Rank;
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::RuleSet;

fn benches(c: &mut Criterion) {
    let rules = RuleSet::default();
    let full = dp::full_deck(&rules).unwrap();
    let fives = dp::remaining_after(&rules, &[Rank::new(3); 4]).unwrap();
    c.bench_function("deck_value_full", |b| {
        b.iter(|| dp::deck_value(&rules, &full).unwrap().ev)
    });
    c.bench_function("deck_value_no_fives", |b| {
        b.iter(|| dp::deck_value(&rules, &fives).unwrap().ev)
    });
}

criterion_group!(partial_deck, benches);
criterion_main!(partial_deck);
