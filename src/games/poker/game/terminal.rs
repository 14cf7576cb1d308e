//! Terminal values in time linear in the ranges' sizes, with card removal,
//! for any board that a showdown is played on: the river game's, and each
//! turn and river card's below a turn or a flop (`street.rs`).
//!
//! A hand `h` meets the opponent's hands that share no card with it: the
//! opponent's total reach minus the reach on each of `h`'s two cards
//! (per-card sums), plus the reach of the opponent's copy of `h` itself,
//! which both card sums took away (inclusion–exclusion). At a showdown the
//! same sums run over the opponent's hands weaker (or stronger) than `h`,
//! gathered in one sweep up (or down) the hands sorted by strength.
//!
//! A `dead` card (one dealt since the spot's root) is one no hand may
//! hold: hands holding it get value 0 and do not count as opponents.
//!
//! The river, turn and flop games value their terminal nodes with these
//! kernels through `street.rs`.

use crate::games::poker::combo::{COMBOS, combo_cards, combo_mask};
use crate::games::poker::range::Range;
use crate::games::poker::ranking::RiverRanking;

/// One player's hands: the combos of its range that do not touch the board.
#[derive(Debug, Clone)]
pub(crate) struct Hands {
    /// The combo index of each hand.
    pub combos: Vec<u16>,
    /// The two card numbers of each hand.
    pub cards: Vec<[u8; 2]>,
    /// Each hand's initial weight.
    pub weights: Vec<f64>,
    /// For each of the 1326 combos, its hand index or `u32::MAX`.
    pub of_combo: Vec<u32>,
}

impl Hands {
    /// The non-zero combos of `range` that share no card with `board_mask`.
    pub fn new(range: &Range, board_mask: u64) -> Hands {
        let mut hands = Hands {
            combos: Vec::new(),
            cards: Vec::new(),
            weights: Vec::new(),
            of_combo: vec![u32::MAX; COMBOS],
        };
        for combo in 0..COMBOS {
            let weight = f64::from(range.weight(combo));
            if weight <= 0.0 || combo_mask(combo) & board_mask != 0 {
                continue;
            }
            let (a, b) = combo_cards(combo);
            hands.of_combo[combo] = hands.combos.len() as u32;
            hands.combos.push(combo as u16);
            hands.cards.push([a.index(), b.index()]);
            hands.weights.push(weight);
        }
        hands
    }

    /// The number of hands.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    /// Whether hand `hand` holds a card of `mask`.
    pub fn holds(&self, hand: usize, mask: u64) -> bool {
        let [a, b] = self.cards[hand];
        ((1_u64 << a) | (1_u64 << b)) & mask != 0
    }
}

/// One hand in a strength order: its strength rank, its hand index and
/// its two cards, side by side for the showdown sweeps.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ranked {
    /// The strength rank plus 1 (higher beats lower, equal ties); 0 and
    /// `u32::MAX` mark the two sentinels at the ends of an order.
    pub rank: u32,
    /// The hand index.
    pub hand: u32,
    /// The hand's two card numbers.
    pub cards: [u8; 2],
}

/// One player's hands in strength order on one five-card board.
#[derive(Debug, Clone)]
pub(crate) struct Order {
    /// The hands that do not touch the board, weakest first, between a
    /// sentinel of rank 0 in front and one of rank `u32::MAX` at the end
    /// (so that a sweep stops at them without a bounds test).
    pub ranked: Vec<Ranked>,
    /// The strength rank of each hand by hand index (0 for a hand that
    /// touches the board).
    pub by_hand: Vec<u32>,
    /// The hands missing from the order (they touch the board).
    pub missing: Vec<u32>,
}

/// The sentinel of rank `rank` at an end of an [`Order`].
const fn sentinel(rank: u32) -> Ranked {
    Ranked {
        rank,
        hand: u32::MAX,
        cards: [0, 0],
    }
}

impl Order {
    /// `hands` ordered by `ranking` (whose dense ranks are `dense`).
    pub fn new(hands: &Hands, ranking: &RiverRanking, dense: &[Option<u32>]) -> Order {
        let combo = |hand: u32| usize::from(hands.combos[hand as usize]);
        let mut ranked = vec![sentinel(0)];
        ranked.extend(
            ranking
                .order()
                .iter()
                .map(|&combo| hands.of_combo[combo as usize])
                .filter(|&hand| hand != u32::MAX)
                .map(|hand| Ranked {
                    rank: dense[combo(hand)].unwrap_or(0) + 1,
                    hand,
                    cards: hands.cards[hand as usize],
                }),
        );
        ranked.push(sentinel(u32::MAX));
        let by_hand = (0..hands.len() as u32)
            .map(|hand| dense[combo(hand)].unwrap_or(0))
            .collect();
        let mut ordered = vec![false; hands.len()];
        for ranked in &ranked[1..ranked.len() - 1] {
            ordered[ranked.hand as usize] = true;
        }
        let missing = (0..hands.len() as u32)
            .filter(|&hand| !ordered[hand as usize])
            .collect();
        Order {
            ranked,
            by_hand,
            missing,
        }
    }

    /// The hands that do not touch the board, weakest first.
    pub fn hands(&self) -> &[Ranked] {
        &self.ranked[1..self.ranked.len() - 1]
    }

    /// The bytes this order takes.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Ranked>() * self.ranked.len()
            + 4 * (self.by_hand.len() + self.missing.len())
    }
}

/// `out[h]` = the reach of `opponent_reach`'s hands (`theirs`) that share
/// no card with `mine`'s hand `h` nor with `dead` (0 for a hand holding a
/// `dead` card).
pub(crate) fn compatible_reach(
    mine: &Hands,
    theirs: &Hands,
    dead: u64,
    opponent_reach: &[f64],
    out: &mut [f64],
) {
    // Two lanes of sums, even and odd hands, added up at the end: hands in
    // combo order share their first card in runs, and with one lane each
    // addition to that card's sum would wait for the store of the last.
    let mut per_card = [[0.0; CARD_SLOTS]; 2];
    let mut totals = [0.0; 2];
    // A hand holding a dead card adds 0 (chosen, not branched on).
    let reach = |hand: usize| {
        if dead != 0 && theirs.holds(hand, dead) {
            0.0
        } else {
            opponent_reach[hand]
        }
    };
    let mut add = |lane: usize, hand: usize| {
        let (reach, [a, b]) = (reach(hand), theirs.cards[hand]);
        totals[lane] += reach;
        per_card[lane][slot(a)] += reach;
        per_card[lane][slot(b)] += reach;
    };
    let hands = opponent_reach.len().min(theirs.cards.len());
    for pair in 0..hands / 2 {
        add(0, 2 * pair);
        add(1, 2 * pair + 1);
    }
    if hands % 2 == 1 {
        add(0, hands - 1);
    }
    let total = totals[0] + totals[1];
    let [mut per_card, odd] = per_card;
    per_card
        .iter_mut()
        .zip(odd)
        .for_each(|(sum, odd)| *sum += odd);
    if total == 0.0 {
        // No opponent hand reaches here.
        out.fill(0.0);
        return;
    }
    for (hand, out) in out.iter_mut().enumerate() {
        if dead != 0 && mine.holds(hand, dead) {
            *out = 0.0;
            continue;
        }
        let [a, b] = mine.cards[hand];
        let same = same_combo_reach((mine, theirs), hand, opponent_reach);
        *out = total - per_card[slot(a)] - per_card[slot(b)] + same;
    }
}

/// The total weight of the pairs of hands that can be dealt together:
/// `Σ w(h) · w'(h')` over the pairs (`oop`'s, `ip`'s) that share no card,
/// the normaliser of every terminal value.
pub(crate) fn pair_weight(oop: &Hands, ip: &Hands) -> f64 {
    let mut compatible = vec![0.0; oop.len()];
    compatible_reach(oop, ip, 0, &ip.weights, &mut compatible);
    compatible
        .iter()
        .zip(&oop.weights)
        .map(|(c, w)| c * w)
        .sum()
}

/// Fold values: `out[h] = gain ×` the reach of the opponent's hands that
/// `mine`'s hand `h` meets ([`compatible_reach`]); `gain` is what the hand
/// wins per unit of that reach (negative for the folder).
pub(crate) fn fold(
    (mine, theirs): (&Hands, &Hands),
    dead: u64,
    opponent_reach: &[f64],
    gain: f64,
    out: &mut [f64],
) {
    compatible_reach(mine, theirs, dead, opponent_reach, out);
    out.iter_mut().for_each(|value| *value *= gain);
}

/// Showdown values: `out[h] = scale × (reach of weaker compatible hands −
/// reach of stronger compatible hands)`, hands ordered by `orders` (mine,
/// theirs); 0 for the hands missing from my order (they touch the board).
///
/// One sweep up the opponent's order: with `W(h)` the compatible reach of
/// the hands weaker than `h`, `E(h)` of those weaker or equal and `A(h)`
/// of them all, the stronger ones have `A − E` and the value is `W + E −
/// A` (each the sum over the hands gathered so far minus the two card
/// sums, [`without`]; the opponent's copy of `h` is among the equal ones
/// and taken away twice in both `E` and `A`, so it cancels). Opponent
/// hands without reach are gathered too: adding 0 changes no sum, and a
/// branch on it costs more than the addition once strategies mix zeros
/// and non-zeros unpredictably.
pub(crate) fn showdown(
    orders: (&Order, &Order),
    opponent_reach: &[f64],
    scale: f64,
    out: &mut [f64],
) {
    let sums = sweep(orders, opponent_reach, out);
    for me in orders.0.hands() {
        let hand = me.hand as usize;
        out[hand] = scale * (out[hand] - sums.without(me.cards));
    }
}

/// [`showdown`] into `showdown_out` and, from the same sums, [`fold`]
/// into `fold_out` on the showdown's board (its cards are the fold's
/// dead cards: no hand in an order touches them), both against
/// `opponent_reach`: the fold needs no sweep of its own. The fold's
/// values are its compatible reach ([`compatible_reach`]) gathered in the
/// opponent's strength order instead of its hand order, so they may
/// differ in the last bits.
pub(crate) fn showdown_and_fold(
    (mine, theirs): (&Hands, &Hands),
    orders: (&Order, &Order),
    opponent_reach: &[f64],
    (scale, gain): (f64, f64),
    (showdown_out, fold_out): (&mut [f64], &mut [f64]),
) {
    let sums = sweep(orders, opponent_reach, showdown_out);
    for &hand in &orders.0.missing {
        fold_out[hand as usize] = 0.0;
    }
    for me in orders.0.hands() {
        let hand = me.hand as usize;
        let all = sums.without(me.cards);
        showdown_out[hand] = scale * (showdown_out[hand] - all);
        let same = same_combo_reach((mine, theirs), hand, opponent_reach);
        fold_out[hand] = gain * (all + same);
    }
}

/// The sums of one sweep over the opponent's hands: their reach in total
/// and per card.
struct Sums {
    total: f64,
    per_card: [f64; CARD_SLOTS],
}

impl Sums {
    /// The gathered reach of hands that share neither of `cards`, but for
    /// the hand with both (the same combo), which it takes away twice.
    #[inline]
    fn without(&self, cards: [u8; 2]) -> f64 {
        without(self.total, &self.per_card, cards)
    }
}

/// The sweep of [`showdown`] up the opponent's order: `out[h] = W(h) +
/// E(h)` for my hands in my order (0 for the others); returns the sums
/// over all the opponent's hands in its order, of which `A(h)` is made.
fn sweep(
    (my_order, their_order): (&Order, &Order),
    opponent_reach: &[f64],
    out: &mut [f64],
) -> Sums {
    let mine = &my_order.ranked;
    for &hand in &my_order.missing {
        out[hand as usize] = 0.0;
    }
    let theirs = &their_order.ranked;
    // Both orders end in a sentinel of rank `u32::MAX`, which stops every
    // loop below. The sums are locals, so that the running total stays in
    // a register.
    let (mut total, mut per_card) = (0.0, [0.0; CARD_SLOTS]);
    let (mut group, mut next) = (1, 1);
    while mine[group].rank != u32::MAX {
        let rank = mine[group].rank;
        while theirs[next].rank < rank {
            gather(theirs[next], opponent_reach, &mut total, &mut per_card);
            next += 1;
        }
        // My hands of this rank: `W`, then the opponent's ties, then `E`.
        let mut end = group;
        while mine[end].rank == rank {
            out[mine[end].hand as usize] = without(total, &per_card, mine[end].cards);
            end += 1;
        }
        while theirs[next].rank == rank {
            gather(theirs[next], opponent_reach, &mut total, &mut per_card);
            next += 1;
        }
        for me in &mine[group..end] {
            out[me.hand as usize] += without(total, &per_card, me.cards);
        }
        group = end;
    }
    while theirs[next].rank != u32::MAX {
        gather(theirs[next], opponent_reach, &mut total, &mut per_card);
        next += 1;
    }
    Sums { total, per_card }
}

/// The reach of the opponent's copy of `mine`'s hand `hand` (the same two
/// cards), or 0 where the opponent's range does not hold it.
#[inline]
fn same_combo_reach((mine, theirs): (&Hands, &Hands), hand: usize, opponent_reach: &[f64]) -> f64 {
    let same = theirs.of_combo[usize::from(mine.combos[hand])];
    if same == u32::MAX {
        0.0
    } else {
        opponent_reach[same as usize]
    }
}

/// Entries of a per-card sum: 64, one per card number (below 52) and
/// spare, so that a card number masked with 63 needs no bounds test.
const CARD_SLOTS: usize = 64;

/// A card number's entry in a per-card sum.
#[inline]
fn slot(card: u8) -> usize {
    usize::from(card) & (CARD_SLOTS - 1)
}

/// Adds the opponent's hand `hand` to a sweep's sums, in total and per
/// card (a reach of 0 too, with no branch: adding 0 changes no sum).
#[inline]
fn gather(hand: Ranked, reach: &[f64], total: &mut f64, per_card: &mut [f64; CARD_SLOTS]) {
    let reach = reach[hand.hand as usize];
    let [a, b] = hand.cards;
    *total += reach;
    per_card[slot(a)] += reach;
    per_card[slot(b)] += reach;
}

/// The gathered reach of hands that share neither of `cards`, but for
/// the hand with both (the same combo), which it takes away twice.
#[inline]
fn without(total: f64, per_card: &[f64; CARD_SLOTS], cards: [u8; 2]) -> f64 {
    total - per_card[slot(cards[0])] - per_card[slot(cards[1])]
}
