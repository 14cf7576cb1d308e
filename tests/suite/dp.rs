//! The exact solver against independent checks: a card-by-card enumeration
//! of simple fixed policies, probabilities summing to one, perfect play never
//! below the chart, every shipped rules file solved.

use std::path::Path;

use banluck_lab::cards::{CompId, NO_CHILD, RANK_COUNT, Rank};
use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use banluck_lab::rules::{Override, game_of};

fn table(file: &str, sets: &[&str]) -> CompiledRules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    CompiledRules::compile(load_rules(Some(Path::new(file)), &overrides).unwrap())
}

/// Hit every hand whose total is below `threshold` (where the rules allow).
fn threshold_policy(table: &CompiledRules, threshold: u8) -> PlayerStrategy {
    let mut strategy = PlayerStrategy::stand_everywhere(table);
    for id in 0..table.compositions().len() as CompId {
        if table.hand(id).total < threshold {
            for slot in 0..strategy.hit.len() / table.compositions().len() {
                let upcard = strategy.by_upcard.then(|| Rank::new(slot));
                strategy.set_hit(id, upcard, 1.0);
            }
        }
    }
    strategy
}

/// An independent enumeration of every ordered sequence of ranks, card by
/// card from an explicit deck: player two cards, dealer two cards, the
/// player draws by the threshold, then the fixed dealer draws.
struct Enumeration<'a> {
    table: &'a CompiledRules,
    threshold: u8,
    deck: [u32; RANK_COUNT],
    infinite: bool,
}

impl Enumeration<'_> {
    fn draw(&self, left: &[u32; RANK_COUNT]) -> Vec<(usize, f64)> {
        let total: u32 = left.iter().sum();
        let fresh: u32 = self.deck.iter().sum();
        (0..RANK_COUNT)
            .filter_map(|r| {
                let p = if self.infinite {
                    f64::from(self.deck[r]) / f64::from(fresh)
                } else {
                    f64::from(left[r]) / f64::from(total)
                };
                (p > 0.0).then_some((r, p))
            })
            .collect()
    }

    fn value(&self) -> f64 {
        let empty = self.table.compositions().empty();
        self.deal(self.deck, empty, empty, 0)
    }

    fn deal(&self, left: [u32; RANK_COUNT], player: CompId, dealer: CompId, dealt: u8) -> f64 {
        if dealt == 4 {
            return self.after_deal(left, player, dealer);
        }
        let comps = self.table.compositions();
        self.draw(&left)
            .into_iter()
            .map(|(r, p)| {
                let mut next = left;
                next[r] -= u32::from(!self.infinite);
                let (pl, de) = if dealt < 2 {
                    (comps.child(player, Rank::new(r)), dealer)
                } else {
                    (player, comps.child(dealer, Rank::new(r)))
                };
                p * self.deal(next, pl, de, dealt + 1)
            })
            .sum()
    }

    fn after_deal(&self, left: [u32; RANK_COUNT], player: CompId, dealer: CompId) -> f64 {
        if self.table.fixed_surrenders(dealer) {
            return 0.0;
        }
        if let Some(payoff) = self.table.deal_special(player, dealer) {
            return payoff;
        }
        self.player_turn(left, player, dealer)
    }

    fn player_turn(&self, left: [u32; RANK_COUNT], player: CompId, dealer: CompId) -> f64 {
        let node = self.table.player(player);
        let hits =
            node.may_hit && (node.must_hit || self.table.hand(player).total < self.threshold);
        if !hits {
            if node.settles_at_deal {
                return self.table.payoff(player, dealer);
            }
            let cards = self.table.hand(player).cards;
            return self.dealer_turn(left, player, dealer, cards);
        }
        let comps = self.table.compositions();
        self.draw(&left)
            .into_iter()
            .map(|(r, p)| {
                let child = comps.child(player, Rank::new(r));
                assert_ne!(child, NO_CHILD);
                let mut next = left;
                next[r] -= u32::from(!self.infinite);
                p * self.player_turn(next, child, dealer)
            })
            .sum()
    }

    fn dealer_turn(
        &self,
        left: [u32; RANK_COUNT],
        player: CompId,
        dealer: CompId,
        cards: u8,
    ) -> f64 {
        if !self.table.dealer(dealer).fixed_hits[usize::from(cards)] {
            return self.table.payoff(player, dealer);
        }
        let comps = self.table.compositions();
        self.draw(&left)
            .into_iter()
            .map(|(r, p)| {
                let mut next = left;
                next[r] -= u32::from(!self.infinite);
                p * self.dealer_turn(next, player, comps.child(dealer, Rank::new(r)), cards)
            })
            .sum()
    }
}

fn enumerate(table: &CompiledRules, threshold: u8) -> f64 {
    let deck = table.deck();
    Enumeration {
        table,
        threshold,
        deck: std::array::from_fn(|r| deck.count(Rank::new(r))),
        infinite: deck.is_infinite(),
    }
    .value()
}

fn assert_policy_matches_enumeration(file: &str, sets: &[&str], threshold: u8) {
    let table = table(file, sets);
    let policy = threshold_policy(&table, threshold);
    let exact = dp::evaluate(&table, &policy, &DealerStrategy::fixed(&table));
    let enumerated = enumerate(&table, threshold);
    assert!(
        (exact.mean() - enumerated).abs() < 1e-12,
        "{file} {sets:?} hit below {threshold}: solver {} vs enumeration {enumerated}",
        exact.mean()
    );
    assert!((exact.total_probability() - 1.0).abs() < 1e-12);
}

#[test]
fn stand_on_16_matches_enumeration_canonical() {
    assert_policy_matches_enumeration("rules/banluck.toml", &[], 16);
}

#[test]
fn hit_to_17_matches_enumeration_canonical() {
    assert_policy_matches_enumeration("rules/banluck.toml", &[], 17);
}

#[test]
fn hit_to_18_matches_enumeration_with_reveal_on() {
    assert_policy_matches_enumeration("rules/reveal-on.toml", &[], 18);
}

#[test]
fn hit_to_17_matches_enumeration_kampung_showdown_busts() {
    assert_policy_matches_enumeration("rules/kampung.toml", &[], 17);
}

#[test]
fn hit_to_15_matches_enumeration_must_hit() {
    assert_policy_matches_enumeration("rules/must-hit.toml", &[], 15);
}

#[test]
fn hit_to_17_matches_enumeration_infinite_deck() {
    assert_policy_matches_enumeration("rules/infinite-deck.toml", &[], 17);
}

#[test]
fn hit_to_17_matches_enumeration_two_decks_showdown_knobs() {
    assert_policy_matches_enumeration(
        "rules/banluck.toml",
        &[
            "deck.decks=2",
            "player.bust=showdown",
            "settlement.bust_vs_bonus=larger_multiplier",
            "settlement.five_card_timing=immediate",
            "payouts.five_card_bust=2",
            "player.forfeit_five_card=false",
        ],
        17,
    );
}

#[test]
fn hit_to_17_matches_enumeration_with_upcard() {
    assert_policy_matches_enumeration("rules/upcard.toml", &[], 17);
}

#[test]
fn the_optimal_strategy_beats_or_ties_every_threshold_policy() {
    let table = table("rules/banluck.toml", &[]);
    let solution = dp::solve(&table);
    let dealer = DealerStrategy::fixed(&table);
    for threshold in 12..=21 {
        let ev = dp::evaluate(&table, &threshold_policy(&table, threshold), &dealer).mean();
        assert!(
            solution.ev >= ev - 1e-12,
            "threshold {threshold}: {ev} > {}",
            solution.ev
        );
    }
    // Re-evaluating the solver's own strategies reproduces its figures.
    let replay = dp::evaluate(&table, &solution.player, &dealer);
    assert!((replay.mean() - solution.ev).abs() < 1e-12);
    let chart = dp::evaluate(&table, &solution.chart_player, &dealer);
    assert!((chart.mean() - solution.ev_chart).abs() < 1e-12);
}

#[test]
fn every_shipped_rules_file_solves_with_consistent_figures() {
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        // Blackjack files (`game = "blackjack"`) are tests/suite/blackjack.rs's.
        .filter(|p| game_of(p).unwrap().is_none())
        .collect();
    files.sort();
    assert!(files.len() >= 6);
    for file in files {
        let table = CompiledRules::compile(load_rules(Some(&file), &[]).unwrap());
        let s = dp::solve(&table);
        let total: f64 = s.outcomes.iter().map(|(_, p)| p).sum();
        let mean: f64 = s.outcomes.iter().map(|(v, p)| v * p).sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "{}: probabilities sum to {total}",
            file.display()
        );
        assert!(
            (mean - s.ev).abs() < 1e-9,
            "{}: mean {mean} vs ev {}",
            file.display(),
            s.ev
        );
        assert!(s.ev >= s.ev_chart - 1e-12, "{}", file.display());
        assert!(s.std_dev > 0.5 && s.std_dev < 3.0, "{}", file.display());
        assert!(!s.chart.is_empty() && !s.compositions.is_empty());
    }
}

#[test]
fn surrender_void_rate_is_the_hard_15_share_of_the_deal() {
    let s = dp::solve(&table("rules/banluck.toml", &[]));
    // 96 of the 1,326 two-card hands are hard 15.
    assert!((s.void_rate - 96.0 / 1326.0).abs() < 1e-12);
    let none = dp::solve(&table("rules/no-surrender.toml", &[]));
    assert_eq!(none.void_rate, 0.0);
}
