//! The only place the oracle meets the project: it builds the project's
//! compiled rules for the thing being checked, and translates strategies
//! between the project's composition ids and the oracle's cards. Nothing
//! here decides a total, a class, a payoff or a move.

use std::path::Path;

use banluck_lab::cards::{CompId, Counts as ProjectCounts, Deck as ProjectDeck, RANK_COUNT, Rank};
use banluck_lab::games::banluck::rules::CompiledRules;
use banluck_lab::games::banluck::rules::load_rules;
use banluck_lab::games::banluck::strategy::{DealerStrategy, PlayerStrategy};
use banluck_lab::rules::Override;

use super::deck::Deck;
use super::game::DealerPolicy;
use super::hand::{LABELS, RANKS};

/// The project's rank for an oracle rank.
fn project_rank(r: u8) -> Rank {
    Rank::from_label(&LABELS[usize::from(r)].to_string()).unwrap()
}

/// The project's table for `file` with `sets`, dealt from `deck` when it is
/// a reduced deck (`None`: the rules' own deck).
pub fn table(file: &Path, sets: &[&str], reduced: Option<&Deck>) -> CompiledRules {
    let overrides: Vec<Override> = sets.iter().map(|s| s.parse().unwrap()).collect();
    let rules = load_rules(Some(file), &overrides).unwrap();
    match reduced {
        None => CompiledRules::compile(rules),
        Some(deck) => {
            let mut counts = [0u32; RANK_COUNT];
            for r in 0..RANKS as u8 {
                counts[project_rank(r).index()] = deck.counts[usize::from(r)];
            }
            CompiledRules::compile_with_deck(rules, ProjectDeck::from_counts(counts))
        }
    }
}

/// The project's composition id of a hand of oracle ranks.
pub fn comp_id(table: &CompiledRules, cards: &[u8]) -> CompId {
    let mut counts: ProjectCounts = [0; RANK_COUNT];
    for &r in cards {
        counts[project_rank(r).index()] += 1;
    }
    table
        .compositions()
        .find(&counts)
        .expect("hand in the table")
}

/// A hand of oracle ranks (in some order) for a project composition.
fn cards_of(table: &CompiledRules, id: CompId) -> Vec<u8> {
    let counts = table.compositions().counts(id);
    (0..RANKS as u8)
        .flat_map(|r| std::iter::repeat_n(r, usize::from(counts[project_rank(r).index()])))
        .collect()
}

/// A project player strategy as an oracle policy.
pub fn policy<'a>(
    table: &'a CompiledRules,
    strategy: &'a PlayerStrategy,
) -> impl Fn(&[u8], Option<u8>) -> f64 + 'a {
    move |cards, upcard| strategy.hit_probability(comp_id(table, cards), upcard.map(project_rank))
}

/// An oracle policy as a project player strategy (every composition).
pub fn strategy(
    table: &CompiledRules,
    policy: &dyn Fn(&[u8], Option<u8>) -> f64,
) -> PlayerStrategy {
    let mut s = PlayerStrategy::stand_everywhere(table);
    for id in 0..table.compositions().len() as CompId {
        let cards = cards_of(table, id);
        if s.by_upcard {
            for up in 0..RANKS as u8 {
                s.set_hit(id, Some(project_rank(up)), policy(&cards, Some(up)));
            }
        } else {
            s.set_hit(id, None, policy(&cards, None));
        }
    }
    s
}

/// A project dealer strategy, read as probabilities per dealer composition
/// and player card count (and the card it shows, the first of `hand`, when
/// the strategy is keyed by its upcard).
pub struct ProjectDealer<'a> {
    /// The table the strategy was made for.
    pub table: &'a CompiledRules,
    /// The strategy.
    pub strategy: &'a DealerStrategy,
}

impl ProjectDealer<'_> {
    fn upcard(&self, hand: &[u8]) -> Option<Rank> {
        self.strategy.by_upcard.then(|| project_rank(hand[0]))
    }
}

impl DealerPolicy for ProjectDealer<'_> {
    fn surrender(&self, hand: &[u8]) -> f64 {
        let id = comp_id(self.table, hand);
        self.strategy.surrender[self.strategy.surrender_at(id, self.upcard(hand))]
    }
    fn hit(&self, hand: &[u8], player_cards: usize) -> f64 {
        let id = comp_id(self.table, hand);
        self.strategy.hit[self.strategy.at(id, player_cards as u8, self.upcard(hand))]
    }
}
