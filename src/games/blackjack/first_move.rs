//! The first decision on a two-card hand against an upcard: a natural's
//! payoff, or the best of stand, hit, double, split and surrender, and the
//! net-result distribution of the chosen move when it is not a split.

use crate::cards::{Counts, Deck, RANK_COUNT, Rank};
use crate::games::blackjack::rules::BlackjackRules;

use super::HandRow;
use super::chart::{self, Move};
use super::hands::BUST;
use super::player::{Context, Play, Values};
use super::{enhc, split};

/// A two-card hand dealt against an upcard from the full shoe.
pub(super) struct Dealt {
    /// The hand's id in the hand table.
    pub id: u32,
    /// Its cards.
    pub counts: Counts,
    /// P(player's two cards, then the upcard) from the full shoe.
    pub p_hand: f64,
    /// P(the hole card makes a dealer natural | these three cards).
    pub q: f64,
}

/// Every two-card hand that can be dealt against `upcard`, with its
/// probability and the chance of a dealer natural behind it.
pub(super) fn dealt_hands(ctx: &Context, deck: &Deck, upcard: Rank) -> Vec<Dealt> {
    let empty: Counts = [0; RANK_COUNT];
    let mut dealt = Vec::new();
    for id in ctx.hands.of_size(2) {
        let counts = *ctx.hands.counts(id);
        let p_hand =
            deck.composition_probability(&empty, &counts) * ctx.shoe.next(&counts)[upcard.index()];
        if p_hand == 0.0 {
            continue;
        }
        let mut out = counts;
        out[upcard.index()] += 1;
        let hole = ctx.shoe.next(&out);
        let q: f64 = (0..RANK_COUNT)
            .filter(|&r| ctx.natural_holes[upcard.index()][r])
            .map(|r| hole[r])
            .sum();
        dealt.push(Dealt {
            id,
            counts,
            p_hand,
            q,
        });
    }
    dealt
}

/// The round's value from a row value `x` (given no dealer natural under
/// the peek): a dealer natural takes the bet, or pushes a player natural;
/// an early surrender is made before the peek, -0.5 whatever the hole card.
pub(super) fn round_value(peek: bool, natural: bool, q: f64, x: f64, early: bool) -> f64 {
    match (peek, natural) {
        _ if early && peek => -0.5,
        (true, false) => -q + (1.0 - q) * x,
        (true, true) => (1.0 - q) * x,
        (false, _) => x,
    }
}

/// The values of one two-card hand against one upcard under `play`.
pub(super) struct Decision {
    /// The hand's values and best move.
    pub row: HandRow,
    /// Probabilities of net results of the best move, when it is not a
    /// split: (units, probability) pairs, conditional on the hand.
    pub outcomes: Option<Vec<(f64, f64)>>,
    /// Whether the best move is an early surrender (made before the
    /// peek: the round's result is -0.5 whatever the hole card).
    pub early: bool,
}

/// The first decision on two-card hand `id` against `upcard`; `q` is the
/// dealer's natural probability given the hand.
pub(super) fn decide(
    ctx: &mut Context,
    rules: &BlackjackRules,
    values: &Values,
    id: u32,
    upcard: Rank,
    q: f64,
    play: Play<'_>,
) -> Decision {
    let i = id as usize;
    let hands = &ctx.hands;
    let total = hands.total(id);
    let counts = *hands.counts(id);
    let mut row = HandRow {
        upcard: upcard.label(),
        hand: hands.label(id),
        total,
        soft: hands.soft(id),
        probability: 0.0,
        stand: values.stand[i],
        hit_once: values.hit_once[i],
        hit: values.hit[i],
        max_stand_hit: values.stand[i].max(values.hit[i]),
        double: None,
        split: None,
        surrender: None,
        insurance: None,
        best: values.play_on[i],
        best_move: if values.hits[i] {
            Move::Hit
        } else {
            Move::Stand
        },
    };
    if hands.is_natural(id) {
        let pays = rules.payouts.blackjack;
        row.best = if ctx.peek { pays } else { (1.0 - q) * pays };
        row.best_move = Move::Stand;
        let outcomes = if ctx.peek {
            vec![(pays, 1.0)]
        } else {
            vec![(pays, 1.0 - q), (0.0, q)]
        };
        return Decision {
            row,
            outcomes: Some(outcomes),
            early: false,
        };
    }
    if let Play::Optimal = play {
        if rules.double.allowed.allows(total) {
            row.double = Some(enhc::double_value(ctx, rules, values, id));
        }
        if rules.surrender.early {
            row.surrender = Some(early_surrender(ctx.peek, q));
        } else if rules.surrender.late {
            let natural = values.dealer_natural[i];
            row.surrender = Some(-0.5 * (1.0 - natural) - natural);
        }
        let pair = (0..RANK_COUNT).find(|&r| counts[r] == 2);
        if let Some(r) = pair.filter(|_| rules.split.max_hands >= 2) {
            row.split = Some(split::split_value(ctx, rules, Rank::new(r), upcard));
        }
        let (best, best_move) = chart::choose(&row);
        row.best = best;
        row.best_move = best_move;
        if rules.surrender.early && ctx.peek && q >= 1.0 {
            // A certain dealer natural: the values given none are moot.
            row.best = -0.5;
            row.best_move = Move::SurrenderStand;
        }
    }
    let early = rules.surrender.early && row.best_move.is_surrender();
    let returned = enhc::returns_doubles(rules);
    let outcomes = (row.best_move != Move::Split)
        .then(|| hand_outcomes(ctx, values, id, &row, early, returned));
    Decision {
        row,
        outcomes,
        early,
    }
}

/// Early surrender's value in the row's terms: under the peek the row's
/// values are given no dealer natural (the round's value is
/// `-q + (1 - q) * row`), so the -0.5 that early surrender keeps whatever
/// the hole card is `(q - 0.5) / (1 - q)` there; without the peek it is
/// -0.5. When the shoe makes the dealer's natural certain the row values
/// are moot: [`decide`] picks the surrender and the round counts -0.5.
fn early_surrender(peek: bool, q: f64) -> f64 {
    if peek && q < 1.0 {
        (q - 0.5) / (1.0 - q)
    } else {
        -0.5
    }
}

/// Net-result distribution of two-card hand `id` under its best move (not a
/// split), conditional on the hand (and on no dealer natural under peek).
/// `early`: the move is an early surrender (-0.5 whatever the hole card;
/// under the peek the caller takes it as the whole round's result).
/// `returned`: a dealer natural takes one unit of a double (OBBO).
fn hand_outcomes(
    ctx: &Context,
    values: &Values,
    id: u32,
    row: &HandRow,
    early: bool,
    returned: bool,
) -> Vec<(f64, f64)> {
    let i = id as usize;
    let spread = |scale: f64, weight: f64, [win, push, lose]: [f64; 3]| {
        [
            (scale, weight * win),
            (0.0, weight * push),
            (-scale, weight * lose),
        ]
    };
    match row.best_move {
        Move::SurrenderHit | Move::SurrenderStand if early => vec![(-0.5, 1.0)],
        Move::SurrenderHit | Move::SurrenderStand => {
            let natural = values.dealer_natural[i];
            vec![(-0.5, 1.0 - natural), (-1.0, natural)]
        }
        Move::DoubleHit | Move::DoubleStand => {
            let mut out = Vec::new();
            for (r, &q) in values.next[i].iter().enumerate() {
                let child = ctx.hands.child(id, r);
                if child == BUST {
                    out.push((-2.0, q));
                } else if returned {
                    let [win, push, lose] = values.stand_dist[child as usize];
                    let natural = values.dealer_natural[child as usize];
                    out.extend([
                        (2.0, q * win),
                        (0.0, q * push),
                        (-2.0, q * (lose - natural)),
                        (-1.0, q * natural),
                    ]);
                } else {
                    out.extend(spread(2.0, q, values.stand_dist[child as usize]));
                }
            }
            out
        }
        _ => spread(1.0, 1.0, values.play_dist[i]).to_vec(),
    }
}
