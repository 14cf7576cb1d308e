//! A brute-force oracle for splitting a pair: every card order a split
//! round can consume from a small explicit shoe, dealt in the table's
//! order (with the peek the hole card first; then the split hands one
//! after the other, a pair card drawn as a second card resplit whenever
//! the rules allow it; without the peek the dealer's second card only now;
//! then the dealer's draws), each hand playing a strategy that looks only
//! at its own cards and the number of hands split. A dealer natural found
//! after the hands takes the bets `dealer.enhc_loses` names: all, one unit
//! (OBO), or the busted bets and one unit per standing hand (OBBO). A hand
//! that reaches `charlie` cards stops and wins unless the dealer has a
//! natural.
//! Independent of the engine: plain recursion over counts, memoised.

use std::cell::RefCell;
use std::collections::HashMap;

use banluck_lab::cards::RANK_COUNT;
use banluck_lab::games::blackjack::rules::{BlackjackRules, EnhcLoses};

/// Ties within this count as ties (the engine's rule: stand before hit,
/// hit before double).
const TIE: f64 = 1e-12;

mod shoe;

pub use shoe::{cases, shoe};

/// The total a finished hand records when it is a Charlie (a real total
/// is at least 2).
const CHARLIE: u8 = 0;

/// Cards per rank index (2..9, T, A).
pub type Cards = [u8; 10];

/// Which cards the split hands' strategy imagines out of the shoe.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// `cdp`: the hand's cards, the upcard and the other pair cards split.
    Cdp,
    /// `cdz-`: the hand's cards and the upcard only.
    CdzMinus,
}

fn points(rank: usize) -> u8 {
    match rank {
        8 => 10,
        9 => 1,
        r => r as u8 + 2,
    }
}

/// (total, soft, cards) of a hand.
fn total(cards: &Cards) -> (u8, bool, u8) {
    let hard: u8 = (0..RANK_COUNT).map(|r| points(r) * cards[r]).sum();
    let n = cards.iter().sum();
    if cards[9] > 0 && hard + 10 <= 21 {
        (hard + 10, true, n)
    } else {
        (hard, false, n)
    }
}

fn plus(cards: &Cards, rank: usize) -> Cards {
    let mut c = *cards;
    c[rank] += 1;
    c
}

fn minus(cards: &Cards, rank: usize) -> Cards {
    let mut c = *cards;
    c[rank] -= 1;
    c
}

/// A split round of pair rank `x` against `up` from `shoe` (the cards left
/// once the upcard and the pair are dealt).
pub struct Oracle {
    rules: BlackjackRules,
    up: usize,
    x: usize,
    shoe: Cards,
    strategy: Strategy,
    values: RefCell<HashMap<(Cards, Cards), [f64; 5]>>,
    dealer: RefCell<HashMap<(Cards, Cards), [f64; 7]>>,
    rounds: RefCell<HashMap<Vec<u8>, f64>>,
}

impl Oracle {
    /// The oracle for `pair` against `up` dealt from `full`.
    pub fn new(
        rules: &BlackjackRules,
        full: &Cards,
        x: usize,
        up: usize,
        strategy: Strategy,
    ) -> Oracle {
        let shoe = minus(&minus(&minus(full, x), x), up);
        Oracle {
            rules: rules.clone(),
            up,
            x,
            shoe,
            strategy,
            values: RefCell::new(HashMap::new()),
            dealer: RefCell::new(HashMap::new()),
            rounds: RefCell::new(HashMap::new()),
        }
    }

    fn natural_hole(&self, hole: usize) -> bool {
        let mut d = [0; RANK_COUNT];
        d[self.up] += 1;
        d[hole] += 1;
        total(&d).0 == 21
    }

    /// Whether the strategy's values count `hole` as a possible second
    /// dealer card: all without the peek, the ones making no natural with
    /// it, and so under OBO too (a dealer natural costs the round one unit
    /// whatever the play, so the best play is the one given no natural).
    fn hole_allowed(&self, hole: usize) -> bool {
        let given_no_natural =
            self.rules.dealer.peek || self.rules.dealer.enhc_loses == EnhcLoses::Obo;
        !(given_no_natural && self.natural_hole(hole))
    }

    /// The dealer's final hand from `dealer` with `shoe` left: 17..21,
    /// bust, natural.
    fn dealer_play(&self, dealer: &Cards, shoe: &Cards) -> [f64; 7] {
        if let Some(d) = self.dealer.borrow().get(&(*dealer, *shoe)) {
            return *d;
        }
        let (t, soft, n) = total(dealer);
        let mut out = [0.0; 7];
        if n == 2 && t == 21 {
            out[6] = 1.0;
        } else if t > 21 {
            out[5] = 1.0;
        } else if t > 17 || (t == 17 && !(soft && self.rules.dealer.hit_soft_17)) {
            out[usize::from(t - 17)] = 1.0;
        } else {
            let left: u8 = shoe.iter().sum();
            assert!(left > 0, "the shoe ran out under the dealer");
            for r in (0..RANK_COUNT).filter(|&r| shoe[r] > 0) {
                let p = f64::from(shoe[r]) / f64::from(left);
                let d = self.dealer_play(&plus(dealer, r), &minus(shoe, r));
                for (o, v) in out.iter_mut().zip(d) {
                    *o += p * v;
                }
            }
        }
        self.dealer.borrow_mut().insert((*dealer, *shoe), out);
        out
    }

    /// What standing on `t` against final dealer hands `d` wins per unit.
    fn settle(t: u8, d: &[f64; 7]) -> f64 {
        let mut v = d[5] - d[6];
        for (i, &p) in d.iter().enumerate().take(5) {
            let dealer = 17 + i as u8;
            v += p * f64::from(i8::from(t > dealer) - i8::from(t < dealer));
        }
        v
    }

    /// The strategy's values of `hand` when `unseen` cards (the hole card
    /// among them) are out of sight: stand, hit (then best play), hit once,
    /// the dealer's natural probability when standing, and after one card
    /// (a bust counting none).
    fn values(&self, hand: &Cards, unseen: &Cards) -> [f64; 5] {
        if let Some(v) = self.values.borrow().get(&(*hand, *unseen)) {
            return *v;
        }
        let holes: Vec<usize> = (0..RANK_COUNT)
            .filter(|&h| unseen[h] > 0 && self.hole_allowed(h))
            .collect();
        let mass: f64 = holes.iter().map(|&h| f64::from(unseen[h])).sum();
        let n = f64::from(unseen.iter().sum::<u8>());
        let (t, _, cards) = total(hand);
        let mut up = [0; RANK_COUNT];
        up[self.up] = 1;
        let (mut stand, mut natural) = (0.0, 0.0);
        let mut next = [0.0; RANK_COUNT];
        for &h in &holes {
            let ph = f64::from(unseen[h]) / mass;
            let rest = minus(unseen, h);
            let dealer = self.dealer_play(&plus(&up, h), &rest);
            natural += ph * dealer[6];
            stand += ph * Oracle::settle(t, &dealer);
            for r in (0..RANK_COUNT).filter(|&r| rest[r] > 0) {
                next[r] += ph * f64::from(rest[r]) / (n - 1.0);
            }
        }
        if self.charlie(cards) {
            // It beats every dealer hand but a natural and draws no more.
            let won = 1.0 - 2.0 * natural;
            let out = [won, won, won, natural, 0.0];
            self.values.borrow_mut().insert((*hand, *unseen), out);
            return out;
        }
        let (mut hit, mut once, mut natural_once) = (0.0, 0.0, 0.0);
        for r in (0..RANK_COUNT).filter(|&r| next[r] > 0.0) {
            let child = plus(hand, r);
            if total(&child).0 > 21 {
                hit -= next[r];
                once -= next[r];
                continue;
            }
            let v = self.values(&child, &minus(unseen, r));
            hit += next[r] * v[0].max(v[1]);
            once += next[r] * v[0];
            natural_once += next[r] * v[3];
        }
        let out = [stand, hit, once, natural, natural_once];
        self.values.borrow_mut().insert((*hand, *unseen), out);
        out
    }

    /// The strategy's move for `hand` while `hands` hands are split: 0
    /// stand, 1 hit, 2 double.
    fn decide(&self, hand: &Cards, hands: u8) -> u8 {
        let (t, _, n) = total(hand);
        let x = self.x;
        if n == 2 && x == 9 && !self.rules.split.hit_split_aces {
            return 0;
        }
        let mut unseen = self.shoe;
        unseen[x] += 2;
        for r in 0..RANK_COUNT {
            unseen[r] -= hand[r];
        }
        if self.strategy == Strategy::Cdp {
            unseen[x] -= hands - 1;
        }
        let [stand, hit, once, _, natural_once] = self.values(hand, &unseen);
        let may_double =
            n == 2 && self.rules.double.after_split && self.rules.double.allowed.allows(t);
        // OBBO: a dealer natural takes one unit of a double that stands.
        let double = if self.obbo() {
            2.0 * once + natural_once
        } else {
            2.0 * once
        };
        if may_double && double > stand.max(hit) + TIE {
            2
        } else if hit > stand + TIE {
            1
        } else {
            0
        }
    }

    /// Whether a hand of `cards` cards that has not busted is a Charlie.
    fn charlie(&self, cards: u8) -> bool {
        self.rules.charlie > 0 && cards >= self.rules.charlie
    }

    fn obbo(&self) -> bool {
        !self.rules.dealer.peek && self.rules.dealer.enhc_loses == EnhcLoses::Obbo
    }

    /// The exact value of splitting: all hands, given no dealer natural
    /// under the peek; without the peek the whole round, the dealer's
    /// second card dealt after the hands.
    pub fn split_value(&self) -> f64 {
        if !self.rules.dealer.peek {
            return self.round(Round {
                shoe: self.shoe,
                hole: None,
                hands: 2,
                pending: 2,
                hand: None,
                done: Vec::new(),
            });
        }
        let n: f64 = self.shoe.iter().map(|&c| f64::from(c)).sum();
        let (mut sum, mut mass) = (0.0, 0.0);
        for h in (0..RANK_COUNT).filter(|&h| self.shoe[h] > 0 && self.hole_allowed(h)) {
            let p = f64::from(self.shoe[h]) / n;
            mass += p;
            let state = Round {
                shoe: minus(&self.shoe, h),
                hole: Some(h),
                hands: 2,
                pending: 2,
                hand: None,
                done: Vec::new(),
            };
            sum += p * self.round(state);
        }
        sum / mass
    }

    /// The finished hands `done` against the dealer's `hole` and draws
    /// from `shoe`.
    fn settle_round(&self, done: &[(u8, f64)], hole: usize, shoe: &Cards) -> f64 {
        let mut dealer = [0; RANK_COUNT];
        dealer[self.up] += 1;
        dealer[hole] += 1;
        let d = self.dealer_play(&dealer, shoe);
        if d[6] == 1.0 {
            let lost = |&(t, bet): &(u8, f64)| if t > 21 { bet } else { 1.0 };
            return -match self.rules.dealer.enhc_loses {
                EnhcLoses::All => done.iter().map(|&(_, bet)| bet).sum(),
                EnhcLoses::Obo => 1.0,
                EnhcLoses::Obbo => done.iter().map(lost).sum(),
            };
        }
        done.iter()
            .map(|&(t, bet)| {
                if t > 21 {
                    -bet
                } else if t == CHARLIE {
                    bet
                } else {
                    bet * Oracle::settle(t, &d)
                }
            })
            .sum()
    }

    fn draw(&self, shoe: &Cards, mut f: impl FnMut(usize, Cards) -> f64) -> f64 {
        let n: u8 = shoe.iter().sum();
        assert!(n > 0, "the shoe ran out under the player");
        (0..RANK_COUNT)
            .filter(|&r| shoe[r] > 0)
            .map(|r| f64::from(shoe[r]) / f64::from(n) * f(r, minus(shoe, r)))
            .sum()
    }

    /// The payoff of the rest of the round from `s` (memoised: the order
    /// of the finished hands does not matter).
    fn round(&self, s: Round) -> f64 {
        let mut done: Vec<u8> = s
            .done
            .iter()
            .map(|&(t, bet)| t * 2 + (bet > 1.0) as u8)
            .collect();
        done.sort_unstable();
        let mut key: Vec<u8> = s.shoe.to_vec();
        key.extend([s.hole.map_or(u8::MAX, |h| h as u8), s.hands, s.pending]);
        key.extend(s.hand.unwrap_or([u8::MAX; RANK_COUNT]));
        key.extend(done);
        if let Some(&v) = self.rounds.borrow().get(&key) {
            return v;
        }
        let v = self.play(s);
        self.rounds.borrow_mut().insert(key, v);
        v
    }

    fn play(&self, s: Round) -> f64 {
        let Some(hand) = s.hand else {
            if s.pending == 0 {
                return match s.hole {
                    Some(hole) => self.settle_round(&s.done, hole, &s.shoe),
                    None => self.draw(&s.shoe, |h, shoe| self.settle_round(&s.done, h, &shoe)),
                };
            }
            let mut one = [0; RANK_COUNT];
            one[self.x] = 1;
            return self.round(Round {
                hand: Some(one),
                pending: s.pending - 1,
                ..s
            });
        };
        let (t, _, n) = total(&hand);
        if n == 1 {
            let may_resplit = self.x != 9 || self.rules.split.resplit_aces;
            return self.draw(&s.shoe, |r, shoe| {
                if r == self.x && may_resplit && s.hands < self.rules.split.max_hands {
                    self.round(Round {
                        shoe,
                        hands: s.hands + 1,
                        pending: s.pending + 1,
                        done: s.done.clone(),
                        ..s
                    })
                } else {
                    self.round(Round {
                        shoe,
                        hand: Some(plus(&hand, r)),
                        done: s.done.clone(),
                        ..s
                    })
                }
            });
        }
        let finish = |s: &Round, shoe: Cards, t: u8, bet: f64| {
            let mut done = s.done.clone();
            done.push((t, bet));
            self.round(Round {
                shoe,
                hand: None,
                done,
                ..*s
            })
        };
        if t > 21 {
            return finish(&s, s.shoe, t, 1.0);
        }
        if self.charlie(n) {
            return finish(&s, s.shoe, CHARLIE, 1.0);
        }
        match self.decide(&hand, s.hands) {
            0 => finish(&s, s.shoe, t, 1.0),
            1 => self.draw(&s.shoe, |r, shoe| {
                self.round(Round {
                    shoe,
                    hand: Some(plus(&hand, r)),
                    done: s.done.clone(),
                    ..s
                })
            }),
            _ => self.draw(&s.shoe, |r, shoe| {
                finish(&s, shoe, total(&plus(&hand, r)).0, 2.0)
            }),
        }
    }
}

/// A split round in progress.
#[derive(Clone)]
struct Round {
    shoe: Cards,
    hole: Option<usize>,
    hands: u8,
    pending: u8,
    hand: Option<Cards>,
    done: Vec<(u8, f64)>,
}
