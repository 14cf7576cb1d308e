//! The simulator through its public API: determinism across thread counts,
//! frequencies that add up, and agreement (|z| < 4) with exact values
//! enumerated here independently of the simulator, and with the exact and
//! equilibrium solvers. The command line is in `sim_cli.rs`.

use banluck_lab::cards::{CompId, NO_CHILD, RANK_COUNT, Rank};
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::equilibrium::{self, CfrParams};
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::sim::{SimParams, SimResult, simulate};
use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use banluck_lab::games::banluck::strategy_file::Chart;

use crate::loaded_table;

use loaded_table::table;

fn run(
    table: &CompiledRules,
    player: &PlayerStrategy,
    hands: u64,
    seed: u64,
    threads: usize,
) -> SimResult {
    let dealer = DealerStrategy::fixed(table);
    let params = SimParams {
        hands,
        seed,
        threads,
        progress: false,
    };
    simulate(table, player, &dealer, &params).unwrap()
}

fn stand17(table: &CompiledRules) -> PlayerStrategy {
    Chart::stand17().expand(table).unwrap()
}

#[test]
fn the_same_seed_gives_bit_identical_statistics_on_1_2_and_3_threads() {
    let table = table("banluck.toml", &[]);
    let mut player = stand17(&table);
    // A mixed decision, so random draws for decisions are in the streams too.
    for id in 0..table.compositions().len() as CompId {
        if table.hand(id).total == 16 {
            player.set_hit(id, None, 0.5);
        }
    }
    let hands = 300_001;
    let one = run(&table, &player, hands, 42, 1);
    let two = run(&table, &player, hands, 42, 2);
    let three = run(&table, &player, hands, 42, 3);
    assert_eq!((one.threads, two.threads, three.threads), (1, 2, 3));
    assert_eq!(one.stats, two.stats);
    assert_eq!(one.stats, three.stats);
    assert_eq!(one.stats.mean.to_bits(), three.stats.mean.to_bits());
    let other_seed = run(&table, &player, hands, 43, 2);
    assert_ne!(one.stats, other_seed.stats);
}

#[test]
fn frequencies_add_up_to_one() {
    let table = table("kampung.toml", &[]);
    let result = run(&table, &stand17(&table), 200_000, 7, 2);
    let s = &result.stats;
    let close = |x: f64| (x - 1.0).abs() < 1e-12;
    assert!(close(s.payoffs.iter().map(|p| p.frequency).sum()));
    assert!(close(s.player_classes.iter().map(|c| c.frequency).sum()));
    assert!(close(s.dealer_classes.iter().map(|c| c.frequency).sum()));
    assert!(close(s.win_rate + s.push_rate + s.loss_rate + s.void_rate));
    assert_eq!(s.payoffs.iter().map(|p| p.hands).sum::<u64>(), 200_000);
    let mean: f64 = s.payoffs.iter().map(|p| p.value * p.frequency).sum();
    assert!((mean - s.mean).abs() < 1e-12);
}

/// The exact EV of `player` against the fixed dealer by enumerating every
/// ordered deal and draw with its probability (cards without replacement,
/// or with replacement for the infinite deck); settlement by the rule
/// table, the order of play written out here.
fn exact_ev(table: &CompiledRules, player: &PlayerStrategy) -> f64 {
    let dealer = DealerStrategy::fixed(table);
    let deck = table.deck();
    let full: [u32; RANK_COUNT] = std::array::from_fn(|r| deck.count(Rank::new(r)));
    let walk = Walk {
        table,
        player,
        dealer: &dealer,
        infinite: deck.is_infinite(),
    };
    let index = table.compositions();
    let mut ev = 0.0;
    walk.draws(&full, |p1, left, w1| {
        walk.draws(left, |p2, left, w2| {
            walk.draws(left, |d1, left, w3| {
                walk.draws(left, |d2, left, w4| {
                    let p = index.child(index.child(index.empty(), p1), p2);
                    let d = index.child(index.child(index.empty(), d1), d2);
                    let weight = w1 * w2 * w3 * w4;
                    let keep = 1.0 - dealer.effective_surrender(table, d, None);
                    let value = match table.deal_special(p, d) {
                        Some(v) => v,
                        None => walk.player_turn(p, d, d1, left),
                    };
                    ev += weight * keep * value;
                })
            })
        })
    });
    ev
}

struct Walk<'a> {
    table: &'a CompiledRules,
    player: &'a PlayerStrategy,
    dealer: &'a DealerStrategy,
    infinite: bool,
}

impl Walk<'_> {
    /// Calls `each(rank, cards left after it, probability)` for every rank
    /// that can come next.
    fn draws(&self, left: &[u32; RANK_COUNT], mut each: impl FnMut(Rank, &[u32; RANK_COUNT], f64)) {
        let total: u32 = left.iter().sum();
        for rank in Rank::all() {
            let n = left[rank.index()];
            if n == 0 {
                continue;
            }
            let mut after = *left;
            if !self.infinite {
                after[rank.index()] -= 1;
            }
            each(rank, &after, f64::from(n) / f64::from(total));
        }
    }

    fn player_turn(&self, p: CompId, d: CompId, upcard: Rank, left: &[u32; RANK_COUNT]) -> f64 {
        let hit = self.player.effective_hit(self.table, p, Some(upcard));
        let mut ev = 0.0;
        if hit > 0.0 {
            let index = self.table.compositions();
            self.draws(left, |r, after, w| {
                let next = index.child(p, r);
                assert_ne!(next, NO_CHILD);
                ev += hit * w * self.player_turn(next, d, upcard, after);
            });
        }
        if hit < 1.0 {
            let stop = if self.table.player(p).settles_at_deal {
                self.table.payoff(p, d)
            } else {
                let cards = self.table.compositions().size(p);
                self.dealer_turn(p, d, cards, left)
            };
            ev += (1.0 - hit) * stop;
        }
        ev
    }

    fn dealer_turn(&self, p: CompId, d: CompId, cards: u8, left: &[u32; RANK_COUNT]) -> f64 {
        let hit = self.dealer.effective_hit(self.table, d, cards, None);
        let mut ev = (1.0 - hit) * self.table.payoff(p, d);
        if hit > 0.0 {
            let index = self.table.compositions();
            self.draws(left, |r, after, w| {
                ev += hit * w * self.dealer_turn(p, index.child(d, r), cards, after);
            });
        }
        ev
    }
}

fn assert_agrees(name: &str, table: &CompiledRules, player: &PlayerStrategy, hands: u64) {
    let exact = exact_ev(table, player);
    let result = run(table, player, hands, 2024, 0);
    let z = result.stats.z_score(exact);
    assert!(
        z.abs() < 4.0,
        "{name}: simulated {:.6} ± {:.6}, exact {exact:.6}, z = {z:.2}",
        result.stats.mean,
        result.stats.std_error
    );
}

#[test]
fn standing_everywhere_agrees_with_enumeration() {
    let table = table("banluck.toml", &[]);
    assert_agrees(
        "canonical, stand",
        &table,
        &PlayerStrategy::stand_everywhere(&table),
        2_000_000,
    );
}

#[test]
fn mixed_play_agrees_with_enumeration_across_rule_variants() {
    let cases: [(&str, &[&str]); 5] = [
        ("banluck.toml", &[]),
        ("reveal-on.toml", &[]),
        ("kampung.toml", &[]),
        ("infinite-deck.toml", &[]),
        ("must-hit.toml", &["settlement.five_card_timing=immediate"]),
    ];
    for (file, sets) in cases {
        let table = table(file, sets);
        let mut player = stand17(&table);
        for id in 0..table.compositions().len() as CompId {
            let hand = table.hand(id);
            if hand.total == 16 || (hand.soft && hand.total == 17) {
                player.set_hit(id, None, 0.5);
            }
        }
        assert_agrees(file, &table, &player, 2_000_000);
    }
}

#[test]
fn upcard_play_agrees_with_enumeration() {
    let table = table("upcard.toml", &[]);
    // Stand on 12-16 against a small upcard (2-6), else stand on 17.
    let chart = "[player]\nhit_below = 17\n\"12 vs 2\" = \"stand\"\n\"13 vs 3\" = \"stand\"\n\"14 vs 4\" = \"stand\"\n\"15 vs 5\" = 0.5\n\"16 vs 6\" = \"stand\"\n";
    let player = Chart::parse(chart, "upcard chart")
        .unwrap()
        .expand(&table)
        .unwrap();
    assert!(player.by_upcard);
    assert_agrees("upcard", &table, &player, 2_000_000);
}

#[test]
fn the_exact_solvers_strategies_agree_with_their_values() {
    for file in [
        "banluck.toml",
        "reveal-on.toml",
        "no-surrender.toml",
        "must-hit.toml",
    ] {
        let table = table(file, &[]);
        let solution = dp::solve(&table);
        for (name, player, exact) in [
            ("dp", &solution.player, solution.ev),
            ("chart", &solution.chart_player, solution.ev_chart),
        ] {
            let result = run(&table, player, 1_000_000, 99, 0);
            let z = result.stats.z_score(exact);
            assert!(
                z.abs() < 4.0,
                "{file} {name}: simulated {:.6}, exact {exact:.6}, z = {z:.2}",
                result.stats.mean
            );
            // The solver's void rate is exact too.
            let void = solution.void_rate;
            if void == 0.0 {
                assert_eq!(result.stats.void_rate, 0.0, "{file}");
            } else {
                let void_z = (result.stats.void_rate - void) / (void * (1.0 - void) / 1e6).sqrt();
                assert!(void_z.abs() < 4.0, "{file}: void rate z = {void_z:.2}");
            }
        }
    }
}

#[test]
fn the_equilibrium_agrees_with_its_value() {
    for file in ["banluck.toml", "house-draw.toml"] {
        let table = table(file, &[]);
        let solution = equilibrium::solve(&table, &CfrParams::default());
        let params = SimParams {
            hands: 1_000_000,
            seed: 17,
            threads: 0,
            progress: false,
        };
        let result = simulate(&table, &solution.player, &solution.dealer, &params).unwrap();
        let z = result.stats.z_score(solution.value);
        assert!(
            z.abs() < 4.0,
            "{file}: simulated {:.6}, value {:.6}, z = {z:.2}",
            result.stats.mean,
            solution.value
        );
    }
}
