//! The expensive half of the exact solver: for every player composition, the
//! distribution of the dealer's hand given the cards the player holds.
//!
//! One pass walks the dealer's composition DAG from the empty hand (or from
//! the upcard), pushing probability along child links with draw
//! probabilities from the deck minus the player's and the dealer's cards.
//! Because the probability of a sequence of draws depends only on the
//! multiset drawn, the DAG's merged paths give exact probabilities.

use crate::cards::{CompId, NO_CHILD, RANK_COUNT, Rank};
use crate::games::banluck::rules::{CompiledRules, HandClass};
use crate::games::banluck::strategy::DealerStrategy;

/// Dealer-class distributions for one player composition (and upcard).
pub(crate) type ClassDistribution = [f64; HandClass::KEYS];

/// Per information set of the player (composition × upcard slot): the
/// probability mass of the dealer's two-card hands that play on (not
/// surrendered, not Ban Ban / Ban Luck), by class, and of the dealer's final
/// hands by class. Masses are joint with the upcard when one is shown, and
/// never normalised: they are conditional on the player's cards only.
pub(crate) struct DealerDistributions {
    /// 1, or 10 when the player sees the dealer's upcard.
    pub slots: usize,
    /// Two-card dealer hands that play on, by class.
    pub at_deal: Vec<ClassDistribution>,
    /// Final dealer hands (after the dealer's draws), by class; zero for
    /// compositions whose payoff does not depend on the dealer's draws.
    pub final_hand: Vec<ClassDistribution>,
}

/// Whether the payoff of the player's composition `id` depends on the
/// dealer's final hand rather than only on the dealer's first two cards.
pub fn needs_dealer_draws(table: &CompiledRules, id: CompId) -> bool {
    let node = table.player(id);
    let hand = table.hand(id);
    hand.cards >= 2 && !node.settles_at_deal && !node.forfeits && !hand.class.is_deal_special()
}

/// Reusable buffers and the deck's arithmetic for dealer passes.
struct Pass<'a> {
    table: &'a CompiledRules,
    dealer: &'a DealerStrategy,
    deck: [f64; RANK_COUNT],
    deck_size: f64,
    infinite: bool,
    reach: Vec<f64>,
}

impl<'a> Pass<'a> {
    fn new(table: &'a CompiledRules, dealer: &'a DealerStrategy) -> Pass<'a> {
        let deck = table.deck();
        Pass {
            table,
            dealer,
            deck: std::array::from_fn(|r| f64::from(deck.count(Rank::new(r)))),
            deck_size: f64::from(deck.size()),
            infinite: deck.is_infinite(),
            reach: vec![0.0; table.compositions().len()],
        }
    }

    /// Probabilities of each next rank once `player` and `dealer_hand` are
    /// out of the deck.
    #[inline]
    fn draw_probabilities(&self, player: CompId, dealer_hand: CompId) -> [f64; RANK_COUNT] {
        if self.infinite {
            return std::array::from_fn(|r| self.deck[r] / self.deck_size);
        }
        let comps = self.table.compositions();
        let (p, d) = (comps.counts(player), comps.counts(dealer_hand));
        let gone = f64::from(comps.size(player) + comps.size(dealer_hand));
        let left = self.deck_size - gone;
        if left <= 0.0 {
            return [0.0; RANK_COUNT];
        }
        let inverse = 1.0 / left;
        std::array::from_fn(|r| {
            (self.deck[r] - f64::from(p[r]) - f64::from(d[r])).max(0.0) * inverse
        })
    }

    /// Runs one pass for `player` with the dealer starting from `start` (the
    /// empty hand, or the one-card upcard hand), filling both distributions.
    fn run(
        &mut self,
        player: CompId,
        start: CompId,
        full: bool,
        at_deal: &mut ClassDistribution,
        final_hand: &mut ClassDistribution,
    ) {
        let table = self.table;
        let comps = table.compositions();
        let player_cards = comps.size(player);
        self.reach.iter_mut().for_each(|x| *x = 0.0);
        let start_size = comps.size(start);
        let upcard = (start_size == 1)
            .then(|| Rank::all().find(|r| comps.counts(start)[r.index()] == 1))
            .flatten();
        if start_size == 0 {
            self.reach[start as usize] = 1.0;
        } else {
            // The upcard's own probability given the player's cards.
            let probabilities = self.draw_probabilities(player, comps.empty());
            let rank = (0..RANK_COUNT)
                .find(|&r| comps.counts(start)[r] == 1)
                .unwrap_or(0);
            self.reach[start as usize] = probabilities[rank];
        }
        for size in start_size..comps.max_cards() {
            for id in comps.of_size(size) {
                let mass = self.reach[id as usize];
                if mass == 0.0 {
                    continue;
                }
                let hits = if size < 2 {
                    1.0
                } else {
                    if size == 2 {
                        let surrender = self.dealer.effective_surrender(table, id, upcard);
                        let plays_on = mass * (1.0 - surrender);
                        self.reach[id as usize] = plays_on;
                        if table.hand(id).class.is_deal_special() {
                            self.reach[id as usize] = 0.0;
                            continue;
                        }
                        at_deal[table.hand(id).class.key()] += plays_on;
                        if !full {
                            continue;
                        }
                    }
                    self.dealer.effective_hit(table, id, player_cards, upcard)
                };
                let mass = self.reach[id as usize];
                if hits < 1.0 && size >= 2 {
                    final_hand[table.hand(id).class.key()] += mass * (1.0 - hits);
                }
                if hits > 0.0 {
                    let flow = mass * hits;
                    let probabilities = self.draw_probabilities(player, id);
                    for (rank, &child) in comps.children(id).iter().enumerate() {
                        if child != NO_CHILD {
                            self.reach[child as usize] += flow * probabilities[rank];
                        }
                    }
                }
            }
        }
        if full {
            for id in comps.of_size(comps.max_cards()) {
                let mass = self.reach[id as usize];
                if mass != 0.0 {
                    final_hand[table.hand(id).class.key()] += mass;
                }
            }
        }
    }
}

impl DealerDistributions {
    /// Computes the distributions for every player composition of two or
    /// more cards against `dealer`.
    pub fn compute(table: &CompiledRules, dealer: &DealerStrategy) -> DealerDistributions {
        DealerDistributions::compute_for(table, dealer, |_| true)
    }

    /// Computes the distributions only for the player compositions `keep`
    /// accepts (the others stay zero).
    pub fn compute_for(
        table: &CompiledRules,
        dealer: &DealerStrategy,
        keep: impl Fn(CompId) -> bool,
    ) -> DealerDistributions {
        let comps = table.compositions();
        let by_upcard = table.rules().dealer.upcard;
        let slots = if by_upcard { RANK_COUNT } else { 1 };
        let n = comps.len() * slots;
        let mut at_deal = vec![[0.0; HandClass::KEYS]; n];
        let mut final_hand = vec![[0.0; HandClass::KEYS]; n];
        let mut pass = Pass::new(table, dealer);
        for player in comps.of_size(2).start..comps.len() as CompId {
            if comps.size(player) > table.rules().player.max_cards || !keep(player) {
                continue;
            }
            let full = needs_dealer_draws(table, player);
            for slot in 0..slots {
                let start = if by_upcard {
                    comps.child(comps.empty(), Rank::new(slot))
                } else {
                    comps.empty()
                };
                if start == NO_CHILD {
                    continue;
                }
                let i = player as usize * slots + slot;
                pass.run(player, start, full, &mut at_deal[i], &mut final_hand[i]);
            }
        }
        DealerDistributions {
            slots,
            at_deal,
            final_hand,
        }
    }
}
