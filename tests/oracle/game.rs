//! Heads-up play against a known dealer, by recursion over the ordered card
//! sequences of the deal, the player's draws and the dealer's draws, with
//! exact probabilities (count / cards left). Results are cached on the
//! multisets held, which changes nothing: the probability of a sequence
//! depends only on the multiset drawn (spec section 1), and a hand's class
//! depends on its order only through its first two cards, which are settled
//! at the deal when they matter.
//!
//! The player either follows a given policy or plays optimally: at each of
//! its information sets (its cards, and the upcard when shown) it compares
//! the expected payoff of standing and of hitting summed over every dealer
//! two-card hand consistent with what it knows (the dealer neither
//! surrendered nor holds Ban Ban / Ban Luck), each weighted by its exact
//! probability given the player's cards.

use std::cell::RefCell;
use std::collections::HashMap;

use super::deck::{Deck, both};
use super::hand::{
    Class, RANKS, class, counts, is_hard_fifteen, packed, settle_specials, showdown, total,
};
use super::rules::Rules;

/// A dealer strategy; the rules' forced moves are applied around it.
pub trait DealerPolicy {
    /// Probability of surrendering a two-card hard 15 (only asked where the
    /// rules allow a surrender).
    fn surrender(&self, hand: &[u8]) -> f64;
    /// Probability of drawing where the rules leave the dealer a choice
    /// (standing and revealing settle alike heads-up). `hand` is in the
    /// order dealt: its first card is the upcard when one is shown.
    fn hit(&self, hand: &[u8], player_cards: usize) -> f64;
}

/// The baseline dealer of `[dealer.fixed]` (spec section 4.5).
pub struct FixedDealer<'a>(pub &'a Rules);

impl DealerPolicy for FixedDealer<'_> {
    fn surrender(&self, _: &[u8]) -> f64 {
        f64::from(u8::from(self.0.fixed_surrender))
    }
    fn hit(&self, hand: &[u8], player_cards: usize) -> f64 {
        let r = self.0;
        let (t, soft) = total(hand, r);
        if r.allow_reveal && r.fixed_reveal && player_cards >= 3 && r.reveal_totals.contains(&t) {
            return 0.0;
        }
        f64::from(u8::from(
            t < r.stand_on || (r.hit_soft_17 && soft && t == 17),
        ))
    }
}

/// A player policy: hit probability given its cards (in order) and the
/// upcard when shown; the rules' forced moves are applied around it.
pub type Policy<'a> = &'a dyn Fn(&[u8], Option<u8>) -> f64;

/// Whether the player may draw to `cards` (spec 4.4).
pub fn may_hit(cards: &[u8], rules: &Rules) -> bool {
    let c = class(cards, rules);
    cards.len() < rules.player_max_cards
        && total(cards, rules).0 < 21
        && matches!(c, Class::Regular(_))
}

/// Whether the rules make the player draw to `cards`.
pub fn must_hit(cards: &[u8], rules: &Rules) -> bool {
    may_hit(cards, rules)
        && rules.must_hit_below_min
        && total(cards, rules).0 < rules.player_min_total
}

/// The payoff of a player hand whose turn is over before the dealer draws
/// (an immediate bust, 777, an immediate five-card hand), settled against
/// the dealer's first two cards; `None` when the dealer plays on.
pub fn settled_early(player: &[u8], dealer: &[u8], rules: &Rules) -> Option<f64> {
    match class(player, rules) {
        Class::TripleSeven => Some(rules.triple_seven),
        Class::Bust if !rules.bust_at_showdown => Some(showdown(player, dealer, rules)),
        Class::Five(_) if rules.five_card_immediate => Some(showdown(player, dealer, rules)),
        _ => None,
    }
}

/// The dealer's draw probability with `hand` against a player holding
/// `player_cards`: 0 at 21, bust or the card limit, 1 below the minimum,
/// else the policy's.
pub fn dealer_draws(
    hand: &[u8],
    player_cards: usize,
    rules: &Rules,
    policy: &dyn DealerPolicy,
) -> f64 {
    let t = total(hand, rules).0;
    if hand.len() >= rules.dealer_max_cards || t >= 21 {
        0.0
    } else if t < rules.dealer_min_total {
        1.0
    } else {
        policy.hit(hand, player_cards)
    }
}

/// The probability that the dealer surrenders its two cards.
pub fn surrenders(hand: &[u8], rules: &Rules, policy: &dyn DealerPolicy) -> f64 {
    if rules.allow_surrender && is_hard_fifteen(hand, rules) {
        policy.surrender(hand)
    } else {
        0.0
    }
}

/// Every ordered pair of ranks.
pub fn pairs() -> impl Iterator<Item = [u8; 2]> {
    (0..RANKS as u8).flat_map(|a| (0..RANKS as u8).map(move |b| [a, b]))
}

/// A memo of values by multisets held (see the module docs).
pub type Cache<K> = RefCell<HashMap<K, f64>>;

/// Expected payoff per dealt hand and rate of voided hands.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    /// Expected payoff per dealt hand (a void counts 0).
    pub ev: f64,
    /// Probability that the dealer surrenders.
    pub void_rate: f64,
}

/// The exact solve against one dealer policy.
pub struct Game<'a> {
    rules: &'a Rules,
    deck: &'a Deck,
    dealer: &'a dyn DealerPolicy,
    /// `None`: play optimally.
    policy: Option<Policy<'a>>,
    values: Cache<(u64, u64, Option<u8>)>,
    stops: Cache<(u64, u64, Option<u8>)>,
    choices: Cache<(u64, Option<u8>)>,
}

impl<'a> Game<'a> {
    /// A game where the player follows `policy`, or plays optimally when
    /// `policy` is `None`.
    pub fn new(
        rules: &'a Rules,
        deck: &'a Deck,
        dealer: &'a dyn DealerPolicy,
        policy: Option<Policy<'a>>,
    ) -> Game<'a> {
        Game {
            rules,
            deck,
            dealer,
            policy,
            values: RefCell::default(),
            stops: RefCell::default(),
            choices: RefCell::default(),
        }
    }

    /// Sums over every ordered deal: two player cards, two dealer cards.
    pub fn solve(&self) -> Outcome {
        let (mut ev, mut void_rate) = (0.0, 0.0);
        for player in pairs() {
            for dealer in pairs() {
                let cards = [player[0], player[1], dealer[0], dealer[1]];
                let p = self.deck.sequence(&[0; RANKS], &cards);
                if p == 0.0 {
                    continue;
                }
                let s = surrenders(&dealer, self.rules, self.dealer);
                void_rate += p * s;
                let (pc, dc) = (class(&player, self.rules), class(&dealer, self.rules));
                let value = if pc.is_deal_special() || dc.is_deal_special() {
                    settle_specials(pc, dc, self.rules)
                } else {
                    self.player_value(&player, &dealer)
                };
                ev += p * (1.0 - s) * value;
            }
        }
        Outcome { ev, void_rate }
    }

    fn upcard(&self, dealer: &[u8]) -> Option<u8> {
        self.rules.upcard.then_some(dealer[0])
    }

    /// The player's hit probability in its information set.
    fn choice(&self, player: &[u8], upcard: Option<u8>) -> f64 {
        if let Some(policy) = self.policy {
            return policy(player, upcard);
        }
        let key = (packed(player), upcard);
        if let Some(&h) = self.choices.borrow().get(&key) {
            return h;
        }
        // Every dealer two-card hand the player cannot rule out.
        let (mut stand, mut hit) = (0.0, 0.0);
        for dealer in pairs().filter(|d| upcard.is_none_or(|u| d[0] == u)) {
            let mut w = self.deck.sequence(&counts(player), &dealer);
            if w == 0.0 || class(&dealer, self.rules).is_deal_special() {
                continue;
            }
            w *= 1.0 - surrenders(&dealer, self.rules, self.dealer);
            stand += w * self.stop_value(player, &dealer);
            hit += w * self.hit_value(player, &dealer);
        }
        let h = f64::from(u8::from(hit > stand));
        self.choices.borrow_mut().insert(key, h);
        h
    }

    /// The player's expected payoff holding `player`, to act, the dealer
    /// holding `dealer` (two cards).
    fn player_value(&self, player: &[u8], dealer: &[u8]) -> f64 {
        let up = self.upcard(dealer);
        let key = (packed(player), packed(dealer), up);
        if let Some(&v) = self.values.borrow().get(&key) {
            return v;
        }
        let h = if !may_hit(player, self.rules) {
            0.0
        } else if must_hit(player, self.rules) {
            1.0
        } else {
            self.choice(player, up)
        };
        let mut v = 0.0;
        if h < 1.0 {
            v += (1.0 - h) * self.stop_value(player, dealer);
        }
        if h > 0.0 {
            v += h * self.hit_value(player, dealer);
        }
        self.values.borrow_mut().insert(key, v);
        v
    }

    fn hit_value(&self, player: &[u8], dealer: &[u8]) -> f64 {
        let gone = both(&counts(player), &counts(dealer));
        let mut next = player.to_vec();
        let mut v = 0.0;
        for (r, p) in self.deck.draws(&gone) {
            next.push(r);
            v += p * self.player_value(&next, dealer);
            next.pop();
        }
        v
    }

    /// The payoff once the player stops with `player`.
    fn stop_value(&self, player: &[u8], dealer: &[u8]) -> f64 {
        if let Some(v) = settled_early(player, dealer, self.rules) {
            return v;
        }
        // The dealer may play by the card it shows.
        let key = (packed(player), packed(dealer), self.upcard(dealer));
        if let Some(&v) = self.stops.borrow().get(&key) {
            return v;
        }
        let v = self.dealer_play(player, &mut dealer.to_vec());
        self.stops.borrow_mut().insert(key, v);
        v
    }

    /// The dealer draws by its policy, then the showdown.
    fn dealer_play(&self, player: &[u8], dealer: &mut Vec<u8>) -> f64 {
        let h = dealer_draws(dealer, player.len(), self.rules, self.dealer);
        let mut v = 0.0;
        if h < 1.0 {
            v += (1.0 - h) * showdown(player, dealer, self.rules);
        }
        if h > 0.0 {
            let gone = both(&counts(player), &counts(dealer));
            for (r, p) in self.deck.draws(&gone) {
                dealer.push(r);
                v += h * p * self.dealer_play(player, dealer);
                dealer.pop();
            }
        }
        v
    }
}
