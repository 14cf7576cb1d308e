//! The dealer's exact best response to a player policy: the lowest
//! expected payoff a dealer who knows only its own cards (and which of them
//! it shows, when the rules deal an upcard) and the number of cards the
//! player holds can hold the player to. With an upcard everything below is
//! done per upcard: the player's stops (its policy reads the upcard), the
//! dealer's decisions and its surrender.
//!
//! The dealer's information set is its composition and the player's card
//! count. Given it, the player's final hand `c` has weight
//! `P(player reaches and stops at c) * P(dealer's cards | c)`: the first
//! factor sums the player's own sequences (its draws and policy depend only
//! on its own cards), the second is the exact probability of one ordering
//! of the dealer's cards once `c` is out (the same for every ordering). So
//! the dealer's choices are made by backward induction over its
//! compositions, comparing weighted sums of the payoff over every `c`.
//! A surrender of a hard 15 is chosen when playing on is worth more than 0
//! to the player.

use std::cell::RefCell;
use std::collections::HashMap;

use super::deck::{Deck, both};
use super::game::{Cache, Policy, may_hit, must_hit, pairs, settled_early};
use super::hand::{
    Counts, RANKS, class, counts, is_hard_fifteen, packed, settle_specials, showdown, total,
};
use super::rules::Rules;

/// Per card count, the player's stopped hands with their mass.
type Stops = Vec<Vec<(Vec<u8>, f64)>>;

/// The dealer's best response.
pub struct DealerResponse<'a> {
    rules: &'a Rules,
    deck: &'a Deck,
    policy: Policy<'a>,
    /// Mass of the player's sequences stopping at each hand that waits for
    /// the dealer, by upcard slot (one without an upcard) and card count.
    stops: Vec<Stops>,
    decisions: Cache<(u64, usize, Option<u8>)>,
    values: Cache<(u64, u64, Option<u8>)>,
}

impl<'a> DealerResponse<'a> {
    /// Prepares the response to `policy`.
    pub fn new(rules: &'a Rules, deck: &'a Deck, policy: Policy<'a>) -> DealerResponse<'a> {
        let slots = if rules.upcard { RANKS } else { 1 };
        let stops = (0..slots)
            .map(|slot| {
                let upcard = rules.upcard.then_some(slot as u8);
                let mut mass: HashMap<Counts, (Vec<u8>, f64)> = HashMap::new();
                for start in pairs() {
                    let p = deck.sequence(&[0; RANKS], &start);
                    if p > 0.0 && !class(&start, rules).is_deal_special() {
                        let walker = Walk {
                            rules,
                            deck,
                            policy,
                            upcard,
                        };
                        walker.walk(&mut start.to_vec(), p, &mut mass);
                    }
                }
                let mut stops = vec![Vec::new(); 6];
                for (cards, m) in mass.into_values() {
                    stops[cards.len()].push((cards, m));
                }
                stops
            })
            .collect();
        DealerResponse {
            rules,
            deck,
            policy,
            stops,
            decisions: RefCell::default(),
            values: RefCell::default(),
        }
    }

    /// The player's expected payoff per dealt hand against the best
    /// responding dealer.
    pub fn value(&self) -> f64 {
        let mut ev = 0.0;
        let mut surrender = HashMap::new();
        for player in pairs() {
            for dealer in pairs() {
                let cards = [player[0], player[1], dealer[0], dealer[1]];
                let p = self.deck.sequence(&[0; RANKS], &cards);
                if p == 0.0 {
                    continue;
                }
                let gives_up = *surrender
                    .entry((counts(&dealer), self.upcard(&dealer)))
                    .or_insert_with(|| self.surrenders(&dealer));
                if !gives_up {
                    ev += p * self.deal_value(&player, &dealer);
                }
            }
        }
        ev
    }

    fn upcard(&self, dealer: &[u8]) -> Option<u8> {
        self.rules.upcard.then_some(dealer[0])
    }

    fn deal_value(&self, player: &[u8], dealer: &[u8]) -> f64 {
        let (pc, dc) = (class(player, self.rules), class(dealer, self.rules));
        if pc.is_deal_special() || dc.is_deal_special() {
            settle_specials(pc, dc, self.rules)
        } else {
            self.player_play(player, dealer)
        }
    }

    /// Surrender a hard 15 when playing on is worth more than 0 to the player.
    fn surrenders(&self, dealer: &[u8]) -> bool {
        if !(self.rules.allow_surrender && is_hard_fifteen(dealer, self.rules)) {
            return false;
        }
        let play_on: f64 = pairs()
            .map(|player| {
                let p = self.deck.sequence(&counts(dealer), &player);
                if p == 0.0 {
                    0.0
                } else {
                    p * self.deal_value(&player, dealer)
                }
            })
            .sum();
        play_on > 0.0
    }

    /// The player follows its policy knowing the dealer's two cards are
    /// `dealer` (the cards it draws come from what is left).
    fn player_play(&self, player: &[u8], dealer: &[u8]) -> f64 {
        let h = if !may_hit(player, self.rules) {
            0.0
        } else if must_hit(player, self.rules) {
            1.0
        } else {
            (self.policy)(player, self.upcard(dealer))
        };
        let mut v = 0.0;
        if h < 1.0 {
            v += (1.0 - h)
                * settled_early(player, dealer, self.rules)
                    .unwrap_or_else(|| self.dealer_value(player, &mut dealer.to_vec()));
        }
        if h > 0.0 {
            let gone = both(&counts(player), &counts(dealer));
            let mut next = player.to_vec();
            for (r, p) in self.deck.draws(&gone) {
                next.push(r);
                v += h * p * self.player_play(&next, dealer);
                next.pop();
            }
        }
        v
    }

    /// The payoff with the player stopped at `player` and the dealer holding
    /// `dealer`, the dealer playing its best response.
    fn dealer_value(&self, player: &[u8], dealer: &mut Vec<u8>) -> f64 {
        let key = (packed(player), packed(dealer), self.upcard(dealer));
        if let Some(&v) = self.values.borrow().get(&key) {
            return v;
        }
        let v = if self.draws(dealer, player.len()) {
            self.hit_value(player, dealer)
        } else {
            showdown(player, dealer, self.rules)
        };
        self.values.borrow_mut().insert(key, v);
        v
    }

    fn hit_value(&self, player: &[u8], dealer: &mut Vec<u8>) -> f64 {
        let gone = both(&counts(player), &counts(dealer));
        let mut v = 0.0;
        for (r, p) in self.deck.draws(&gone) {
            dealer.push(r);
            v += p * self.dealer_value(player, dealer);
            dealer.pop();
        }
        v
    }

    /// Whether the dealer draws with `dealer` against `n` player cards.
    fn draws(&self, dealer: &mut Vec<u8>, n: usize) -> bool {
        let r = self.rules;
        let (t, soft) = total(dealer, r);
        if dealer.len() >= r.dealer_max_cards || t >= 21 {
            return false;
        }
        if t < r.dealer_min_total {
            return true;
        }
        if r.house_draw {
            let rule_hits = t < r.stand_on || (r.hit_soft_17 && soft && t == 17);
            let may_reveal = r.allow_reveal && n >= 3 && r.reveal_totals.contains(&t);
            if !rule_hits || !may_reveal {
                return rule_hits;
            }
        }
        let up = self.upcard(dealer);
        let key = (packed(dealer), n, up);
        if let Some(&h) = self.decisions.borrow().get(&key) {
            return h > 0.0;
        }
        // Weigh every player hand of n cards that waits for the dealer.
        let (mut stand, mut hit) = (0.0, 0.0);
        for (player, m) in &self.stops[usize::from(up.unwrap_or(0))][n] {
            let w = m * self.deck.sequence(&counts(player), dealer);
            if w > 0.0 {
                stand += w * showdown(player, dealer, r);
                hit += w * self.hit_value(player, dealer);
            }
        }
        let h = hit < stand;
        self.decisions
            .borrow_mut()
            .insert(key, f64::from(u8::from(h)));
        h
    }
}

/// The player's own sequences against one upcard (or none).
struct Walk<'a> {
    rules: &'a Rules,
    deck: &'a Deck,
    policy: Policy<'a>,
    upcard: Option<u8>,
}

impl Walk<'_> {
    /// The player's own sequences from a two-card start, following the
    /// policy, adding the mass of every stop that waits for the dealer to
    /// `mass`.
    fn walk(&self, cards: &mut Vec<u8>, p: f64, mass: &mut HashMap<Counts, (Vec<u8>, f64)>) {
        let rules = self.rules;
        let h = if !may_hit(cards, rules) {
            0.0
        } else if must_hit(cards, rules) {
            1.0
        } else {
            (self.policy)(cards, self.upcard)
        };
        // The dealer's two cards do not matter for whether a stop settles
        // early.
        if h < 1.0 && settled_early(cards, &[0, 0], rules).is_none() {
            let entry = mass.entry(counts(cards)).or_insert((cards.clone(), 0.0));
            entry.1 += p * (1.0 - h);
        }
        if h > 0.0 {
            for (r, q) in self.deck.draws(&counts(cards)) {
                cards.push(r);
                self.walk(cards, p * h * q, mass);
                cards.pop();
            }
        }
    }
}
