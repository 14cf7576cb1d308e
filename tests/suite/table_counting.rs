//! The counting dealer (issue 18, item 1's last gap): its posterior over
//! the open seats matches a card-by-card brute force; at one seat the
//! count is worth exactly zero; it is valued on 1a's rounds; its value
//! agrees with the dealer played card by card; threads do not change it.

use banluck_lab::cards::{CompId, Counts, RANK_COUNT};
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::strategy::PlayerStrategy;
use banluck_lab::games::banluck::table::dealer::best_response;
use banluck_lab::games::banluck::table::dealer::counting::{
    CountingSolution, Posterior, counting_gain, simulate_counting,
};
use banluck_lab::sim::{RunParams, z_score};

use crate::dealer_params;

use dealer_params::params;

fn setup() -> (CompiledRules, PlayerStrategy) {
    let table = CompiledRules::compile(RuleSet::default());
    let player = dp::solve(&table).player;
    (table, player)
}

/// Every distinct order of a composition's ranks.
fn orders(counts: &Counts) -> Vec<Vec<usize>> {
    let total: u8 = counts.iter().sum();
    if total == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (r, &held) in counts.iter().enumerate() {
        if held > 0 {
            let mut less = *counts;
            less[r] -= 1;
            for mut rest in orders(&less) {
                rest.insert(0, r);
                out.push(rest);
            }
        }
    }
    out
}

/// One seat's cards in dealing order: its start, then its hits.
struct Seat {
    cards: Vec<usize>,
}

/// Probability of dealing `seats` (two cards each round-robin, then each
/// seat's hits in seat order) and then the dealer's `dealer` cards, card
/// by card from a fresh deck, times each seat's strategy probabilities of
/// hitting to its hand and standing there.
fn deal_probability(
    table: &CompiledRules,
    player: &PlayerStrategy,
    seats: &[Seat],
    dealer: &[usize],
) -> f64 {
    let index = table.compositions();
    let deck = table.deck();
    let mut left: Vec<f64> = (0..RANK_COUNT)
        .map(|r| f64::from(deck.count(banluck_lab::cards::Rank::new(r))))
        .collect();
    let mut p = 1.0;
    let mut take = |r: usize, p: &mut f64| {
        let total: f64 = left.iter().sum();
        *p *= left[r].max(0.0) / total;
        left[r] -= 1.0;
    };
    for i in 0..2 {
        for seat in seats {
            take(seat.cards[i], &mut p);
        }
    }
    for seat in seats {
        let mut hand = index.empty();
        for (i, &r) in seat.cards.iter().enumerate() {
            hand = index.child(hand, banluck_lab::cards::Rank::new(r));
            if i >= 2 {
                take(r, &mut p);
            }
            if i >= 1 {
                let hit = player.effective_hit(table, hand, None);
                p *= if i + 1 < seat.cards.len() {
                    hit
                } else {
                    1.0 - hit
                };
            }
        }
    }
    for &r in dealer {
        take(r, &mut p);
    }
    p
}

fn comp(table: &CompiledRules, text: &str) -> CompId {
    table.find_hand(text).unwrap()
}

#[test]
fn the_exact_posterior_sums_to_one_and_matches_a_card_by_card_brute_force() {
    let (table, player) = setup();
    let index = table.compositions();
    let posterior = Posterior::new(&table, &player);
    // The dealer holds T 6 and has revealed a seat holding 5 4 7.
    let (dealer, revealed) = (comp(&table, "T6"), comp(&table, "547"));
    let mut seen = *index.counts(dealer);
    for (s, &k) in seen.iter_mut().zip(index.counts(revealed)) {
        *s += k;
    }
    let dealer_order = &orders(index.counts(dealer))[0];
    let revealed_orders = orders(index.counts(revealed));
    for open in 1..=2usize {
        let exact = posterior.exact(&seen, open).unwrap();
        let total: f64 = exact.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12, "{open} open: {total}");
        // Brute force: the open seats first, the revealed seat last; every
        // two-card hand of each open seat in every order.
        let mut brute: std::collections::BTreeMap<Vec<CompId>, f64> = Default::default();
        let starts: Vec<CompId> = index.of_size(2).collect();
        let mut layouts: Vec<Vec<CompId>> = starts.iter().map(|&h| vec![h]).collect();
        if open == 2 {
            layouts = starts
                .iter()
                .flat_map(|&a| starts.iter().map(move |&b| vec![a, b]))
                .collect();
        }
        for hands in layouts {
            if hands
                .iter()
                .any(|&h| table.hand(h).class.is_deal_special() || table.player(h).settles_at_deal)
            {
                continue;
            }
            let mut p = 0.0;
            let per_seat: Vec<Vec<Vec<usize>>> =
                hands.iter().map(|&h| orders(index.counts(h))).collect();
            let combos: Vec<Vec<&Vec<usize>>> = if open == 1 {
                per_seat[0].iter().map(|a| vec![a]).collect()
            } else {
                per_seat[0]
                    .iter()
                    .flat_map(|a| per_seat[1].iter().map(move |b| vec![a, b]))
                    .collect()
            };
            for combo in combos {
                for r in &revealed_orders {
                    let mut seats: Vec<Seat> =
                        combo.iter().map(|o| Seat { cards: o.to_vec() }).collect();
                    seats.push(Seat { cards: r.clone() });
                    p += deal_probability(&table, &player, &seats, dealer_order);
                }
            }
            let mut key = hands.clone();
            key.sort_unstable();
            *brute.entry(key).or_default() += p;
        }
        let brute_total: f64 = brute.values().sum();
        let mut matched = 0;
        for (hands, p) in &exact {
            let b = brute.get(hands).copied().unwrap_or(0.0) / brute_total;
            assert!((p - b).abs() < 1e-12, "{hands:?}: {p} against {b}");
            matched += 1;
        }
        assert_eq!(matched, brute.values().filter(|&&p| p > 0.0).count());
    }
    assert!(posterior.exact(&seen, 3).is_none());
}

#[test]
fn at_one_seat_the_count_is_worth_exactly_zero() {
    let (table, player) = setup();
    let k1 = counting_gain(&table, &player, &params(1, 0, 1)).unwrap();
    assert_eq!(k1.method, "exact");
    assert_eq!(k1.count_gain.per_round, 0.0);
    assert_eq!(k1.count_gain.std_error, 0.0);
    assert_eq!(k1.reveal_with_open_seats, 0.0);
    assert_eq!(k1.counting.per_round.mean, k1.strategic.per_round.mean);
    let one = best_response(&table, &player, &params(1, 0, 1)).unwrap();
    assert_eq!(k1.strategic.per_round.mean, one.strategic.per_round.mean);
}

#[test]
fn the_counting_dealer_is_valued_on_1a_rounds_and_agrees_with_card_by_card_play() {
    let (table, player) = setup();
    for (players, rounds, played) in [(3, 30_000, 150_000), (5, 12_000, 60_000)] {
        let solution = counting_gain(&table, &player, &params(players, rounds, 0)).unwrap();
        let one = best_response(&table, &player, &params(players, rounds, 0)).unwrap();
        assert_eq!(solution.strategic, one.strategic);
        assert_eq!(solution.strategic_no_reveal, one.strategic_no_reveal);
        let run = RunParams {
            rounds: played,
            chunk: 4096,
            seed: 77,
            threads: 0,
            progress: false,
        };
        let sim = simulate_counting(&table, &player, &solution.policy, players, &run).unwrap();
        let se = sim.std_error.hypot(solution.counting.per_round.std_error);
        let z = z_score(sim.mean, solution.counting.per_round.mean, se);
        let gain = &solution.count_gain;
        eprintln!(
            "K={players}: counting {:+.5} ± {:.5}, played {:+.5} ± {:.5}, z {z:+.2}; count gain {:+.5} ± {:.5} per round; decisions exact {} sampled {}",
            solution.counting.per_round.mean,
            solution.counting.per_round.std_error,
            sim.mean,
            sim.std_error,
            gain.per_round,
            gain.std_error,
            solution.exact_decisions,
            solution.sampled_decisions,
        );
        assert!(z.abs() < 4.0, "K={players}: z = {z}");
        // The Bayes-optimal after-reveal play never loses in expectation.
        assert!(gain.per_round > -4.0 * gain.std_error, "{gain:?}");
        assert!(solution.exact_decisions > 0);
        assert_eq!(solution.sampled_decisions > 0, players > 3);
    }
}

fn without_seconds(solution: &CountingSolution) -> serde_json::Value {
    let mut json = serde_json::to_value(solution).unwrap();
    let object = json.as_object_mut().unwrap();
    object.remove("seconds");
    object.remove("params");
    json
}

#[test]
fn the_same_seed_gives_the_same_numbers_on_one_and_two_threads() {
    let (table, player) = setup();
    let one = counting_gain(&table, &player, &params(4, 6_000, 1)).unwrap();
    let two = counting_gain(&table, &player, &params(4, 6_000, 2)).unwrap();
    assert_eq!(without_seconds(&one), without_seconds(&two));
}
