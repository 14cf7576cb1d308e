//! The player's expected values for one upcard: standing, hitting once,
//! hitting on with the best continuation, for every live hand, bottom-up
//! over the hand DAG, with the dealer's outcome recomputed for the exact
//! cards out of the shoe.

use crate::cards::{Counts, RANK_COUNT, Rank};

use super::charlie;
use super::dealer::{Dealer, DealerOutcome, GhostOutcome, NATURAL};
use super::fx_hash::FxHashMap;
use super::hands::{BUST, HandId, Hands, Shoe};

/// A fixed hit-or-stand rule: `(cards, total, soft, upcard)` to whether
/// the hand draws.
pub type HitRule<'a> = &'a dyn Fn(u8, u8, bool, Rank) -> bool;

/// How the player plays on after the first decision.
#[derive(Clone, Copy)]
pub enum Play<'a> {
    /// The better of standing and hitting on, hand by hand
    /// (composition-dependent).
    Optimal,
    /// A fixed rule: no doubles, splits or surrenders.
    Rule(HitRule<'a>),
}

impl std::fmt::Debug for Play<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Play::Optimal => write!(f, "Optimal"),
            Play::Rule(_) => write!(f, "Rule"),
        }
    }
}

/// The engine's shared state: hands, shoe, dealer passes and the rules
/// that shape the values.
#[derive(Debug, Clone)]
pub struct Context {
    /// The live hands.
    pub hands: Hands,
    /// The shoe.
    pub shoe: Shoe,
    /// Dealer passes.
    pub dealer: Dealer,
    /// Whether the dealer peeks for a natural before the player acts.
    pub peek: bool,
    /// Per upcard: the hole cards that would complete a dealer natural.
    pub natural_holes: [[bool; RANK_COUNT]; RANK_COUNT],
    /// The Charlie's number of cards (0: off; see [`super::charlie`]).
    pub charlie: u8,
    /// Dealer outcomes already computed, by upcard and the cards out (for
    /// the infinite deck, one per upcard whatever is out).
    outcomes: FxHashMap<(u8, Counts), DealerOutcome>,
    /// Values handed back by [`Context::recycle`], reused by
    /// [`Context::values`] instead of allocating.
    spare: Vec<Values>,
}

/// Values of every hand for one upcard; entries for hands not computed are
/// zero.
#[derive(Debug, Clone)]
pub struct Values {
    /// Standing.
    pub stand: Vec<f64>,
    /// Drawing exactly one card, then standing (per unit bet; a double is
    /// twice this).
    pub hit_once: Vec<f64>,
    /// Drawing a card and then playing on by the [`Play`].
    pub hit: Vec<f64>,
    /// Playing on by the [`Play`] from this hand (standing or hitting).
    pub play_on: Vec<f64>,
    /// Whether playing on from this hand draws a card.
    pub hits: Vec<bool>,
    /// Win, push and loss probabilities of standing.
    pub stand_dist: Vec<[f64; 3]>,
    /// Win, push and loss probabilities of playing on (a bust loses).
    pub play_dist: Vec<[f64; 3]>,
    /// The dealer's natural probability given the hand's cards (zero under
    /// the peek, where it is conditioned away).
    pub dealer_natural: Vec<f64>,
    /// The player's next-card probabilities from each hand.
    pub next: Vec<[f64; RANK_COUNT]>,
}

impl Values {
    /// All zero for `n` hands.
    fn zeros(n: usize) -> Values {
        Values {
            stand: vec![0.0; n],
            hit_once: vec![0.0; n],
            hit: vec![0.0; n],
            play_on: vec![0.0; n],
            hits: vec![false; n],
            stand_dist: vec![[0.0; 3]; n],
            play_dist: vec![[0.0; 3]; n],
            dealer_natural: vec![0.0; n],
            next: vec![[0.0; RANK_COUNT]; n],
        }
    }

    /// Sets every entry back to zero.
    fn clear(&mut self) {
        for v in [
            &mut self.stand,
            &mut self.hit_once,
            &mut self.hit,
            &mut self.play_on,
            &mut self.dealer_natural,
        ] {
            v.fill(0.0);
        }
        self.hits.fill(false);
        self.stand_dist.fill([0.0; 3]);
        self.play_dist.fill([0.0; 3]);
        self.next.fill([0.0; RANK_COUNT]);
    }
}

fn add(a: &Counts, b: &Counts) -> Counts {
    std::array::from_fn(|r| a[r].saturating_add(b[r]))
}

impl Context {
    /// The context for `hands` from `shoe`.
    pub fn new(hands: Hands, shoe: Shoe, hit_soft_17: bool, peek: bool) -> Context {
        let dealer = Dealer::new(&hands, hit_soft_17);
        let natural_holes = std::array::from_fn(|up| {
            let upcard = hands.child(0, up);
            std::array::from_fn(|hole| {
                upcard != BUST && {
                    let two = hands.child(upcard, hole);
                    two != BUST && hands.is_natural(two)
                }
            })
        });
        Context {
            hands,
            shoe,
            dealer,
            peek,
            natural_holes,
            charlie: 0,
            outcomes: FxHashMap::default(),
            spare: Vec::new(),
        }
    }

    /// The dealer's outcome under `upcard` with `removed` out of the shoe
    /// (the upcard aside), before any peek.
    pub fn dealer_outcome(&mut self, removed: &Counts, upcard: Rank) -> DealerOutcome {
        let key = (upcard.index() as u8, self.key(removed));
        if let Some(&o) = self.outcomes.get(&key) {
            return o;
        }
        let o = self.dealer.outcome(&self.shoe, removed, upcard);
        self.outcomes.insert(key, o);
        o
    }

    /// The cache key of `removed`: the cards out, or none for the infinite
    /// deck (where the outcome does not depend on them).
    fn key(&self, removed: &Counts) -> Counts {
        if self.shoe.is_infinite() {
            [0; RANK_COUNT]
        } else {
            *removed
        }
    }

    /// [`Context::dealer_outcome`] for each of `removed`, in order: the
    /// ones not yet known are computed several per walk of the dealer's
    /// hands and kept.
    pub fn dealer_outcomes(&mut self, removed: &[Counts], upcard: Rank) -> Vec<DealerOutcome> {
        if self.shoe.is_infinite() {
            // One outcome whatever is out.
            let o = self.dealer_outcome(&[0; RANK_COUNT], upcard);
            return vec![o; removed.len()];
        }
        let up = upcard.index() as u8;
        let mut missing: Vec<Counts> = Vec::new();
        let found: Vec<Option<DealerOutcome>> = removed
            .iter()
            .map(|cards| {
                let o = self.outcomes.get(&(up, *cards)).copied();
                if o.is_none() {
                    missing.push(*cards);
                }
                o
            })
            .collect();
        let mut computed = self
            .dealer
            .outcomes(&self.shoe, &missing, upcard)
            .into_iter();
        let room = 8 * self.hands.len();
        if self.outcomes.capacity() < room {
            // Room for the removals of a whole upcard's splits at once
            // (about five per hand for six decks), not grown step by step.
            self.outcomes.reserve(room - self.outcomes.len());
        }
        self.outcomes.reserve(missing.len());
        found
            .into_iter()
            .zip(removed)
            .map(|(o, cards)| {
                o.unwrap_or_else(|| {
                    // A removal listed twice is computed twice, alike.
                    let o = computed.next().unwrap_or(DealerOutcome { p: [0.0; 7] });
                    self.outcomes.insert((up, *cards), o);
                    o
                })
            })
            .collect()
    }

    /// [`Dealer::ghost_outcomes`] under `upcard` with each of `removed`
    /// out, for pair rank index `pair`, in order; their plain outcomes are
    /// kept for [`Context::dealer_outcome`].
    pub fn ghost_outcomes(
        &mut self,
        removed: &[Counts],
        upcard: Rank,
        pair: usize,
    ) -> Vec<GhostOutcome> {
        let found = self
            .dealer
            .ghost_outcomes(&self.hands, &self.shoe, removed, upcard, pair);
        for (cards, g) in removed.iter().zip(&found) {
            let key = (upcard.index() as u8, self.key(cards));
            self.outcomes
                .entry(key)
                .or_insert(DealerOutcome { p: g.p[0] });
        }
        found
    }

    /// Zeroed values for every hand, reusing ones handed back by
    /// [`Context::recycle`].
    fn fresh_values(&mut self) -> Values {
        match self.spare.pop() {
            Some(mut v) => {
                v.clear();
                v
            }
            None => Values::zeros(self.hands.len()),
        }
    }

    /// Hands `values` back once read, for later [`Context::values`] calls
    /// to reuse (no allocation per call).
    pub fn recycle(&mut self, values: Values) {
        self.spare.push(values);
    }

    /// The player's next-card probabilities with `removed` and `upcard`
    /// out, given the peek when the dealer peeks.
    pub fn player_next(&self, removed: &Counts, upcard: Rank) -> [f64; RANK_COUNT] {
        let mut out = *removed;
        out[upcard.index()] = out[upcard.index()].saturating_add(1);
        if self.peek {
            self.shoe
                .next_given_hole(&out, &self.natural_holes[upcard.index()])
        } else {
            self.shoe.next(&out)
        }
    }

    /// Whether the shoe can deal `counts` plus the upcard.
    pub fn feasible(&self, counts: &Counts, upcard: Rank) -> bool {
        if self.shoe.is_infinite() {
            return true;
        }
        let mut out = *counts;
        out[upcard.index()] = out[upcard.index()].saturating_add(1);
        let (left, _) = self.shoe.left(&[0; RANK_COUNT]);
        (0..RANK_COUNT).all(|r| f64::from(out[r]) <= left[r])
    }

    /// Values for `upcard` of the hands of at least `min_size` cards that
    /// `keep` accepts (closed under adding cards), with the cards `extra`
    /// out of the shoe besides each hand's own.
    pub fn values(
        &mut self,
        upcard: Rank,
        extra: &Counts,
        min_size: u8,
        keep: impl Fn(&Counts) -> bool,
        play: Play<'_>,
    ) -> Values {
        let mut v = self.fresh_values();
        // The hands to value, in the order they are valued (largest first,
        // so that a hand's children come before it), with their removals.
        let mut todo: Vec<(HandId, u8, Counts)> = Vec::new();
        for size in (min_size..=self.hands.max_cards()).rev() {
            for id in self.hands.of_size(size) {
                let counts = *self.hands.counts(id);
                if !keep(&counts) {
                    continue;
                }
                let removed = add(&counts, extra);
                if self.feasible(&removed, upcard) {
                    todo.push((id, size, removed));
                }
            }
        }
        let removals: Vec<Counts> = todo.iter().map(|t| t.2).collect();
        let outcomes = self.dealer_outcomes(&removals, upcard);
        for (&(id, size, removed), outcome) in todo.iter().zip(outcomes) {
            let i = id as usize;
            let outcome = if self.peek {
                outcome.without_natural()
            } else {
                v.dealer_natural[i] = outcome.p[NATURAL];
                outcome
            };
            if charlie::reached(self.charlie, size) {
                let (won, dist) = charlie::value(&outcome.p);
                (v.stand[i], v.hit[i], v.hit_once[i], v.play_on[i]) = (won, won, won, won);
                (v.stand_dist[i], v.play_dist[i]) = (dist, dist);
                continue;
            }
            let total = self.hands.total(id);
            v.stand[i] = outcome.stand_value(total);
            v.stand_dist[i] = outcome.stand_split(total);
            let next = self.player_next(&removed, upcard);
            let (mut once, mut on) = (0.0, 0.0);
            let mut hit_dist = [0.0; 3];
            for (r, &q) in next.iter().enumerate() {
                if q == 0.0 {
                    continue;
                }
                let child = self.hands.child(id, r);
                if child == BUST {
                    once -= q;
                    on -= q;
                    hit_dist[2] += q;
                } else {
                    let c = child as usize;
                    once += q * v.stand[c];
                    on += q * v.play_on[c];
                    for (d, x) in hit_dist.iter_mut().zip(v.play_dist[c]) {
                        *d += q * x;
                    }
                }
            }
            v.hit_once[i] = once;
            v.hit[i] = on;
            v.next[i] = next;
            let hits = match play {
                Play::Optimal => on > v.stand[i],
                Play::Rule(rule) => rule(size, total, self.hands.soft(id), upcard),
            };
            v.hits[i] = hits;
            (v.play_on[i], v.play_dist[i]) = if hits {
                (on, hit_dist)
            } else {
                (v.stand[i], v.stand_dist[i])
            };
        }
        v
    }
}
