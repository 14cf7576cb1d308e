//! Exact composition-dependent blackjack against the dealer's fixed rule,
//! with card removal for the configured shoe.
//!
//! For every upcard and every live player hand the engine runs one dealer
//! pass over the dealer's hand DAG with the player's cards and the upcard
//! out of the shoe ([`dealer`]); under the peek the dealer's outcome is
//! conditioned on no natural and so are the player's draws (the hole card
//! is an unseen card of the same shoe). Stand, hit-once, hit-on, double and
//! surrender values follow bottom-up ([`player`]); splits follow
//! `split.algorithm` ([`split`]): `cdp1` (the default) values the CDP1
//! strategy by the number of hands split (exact for the infinite deck and
//! without resplits), `cdz-` and `cdp` are exact with resplits. The
//! round's EV sums every upcard and two-card hand with its exact
//! probability from the full shoe.

pub mod advise;
pub mod charlie;
pub mod chart;
pub mod dealer;
pub mod enhc;
mod first_move;
pub mod fx_hash;
pub mod hands;
pub mod insurance;
pub mod lab;
pub mod palette;
pub mod player;
pub mod policy_eval;
pub mod rules;
pub mod sim;
pub mod split;
mod split_exact;
mod split_plan;

use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;

use crate::cards::{Counts, Deck, RANK_COUNT, Rank};
use crate::games::blackjack::rules::{BlackjackRules, SplitAlgorithm, blackjack_rules_hash};

pub use chart::{ChartCell, Move};
pub use dealer::{BUSTS, DealerOutcome, NATURAL};
use first_move::{Dealt, dealt_hands, decide, round_value};
use hands::{Hands, Shoe};
use insurance::Side;
use player::Context;
pub use player::{HitRule, Play};

/// The split convention of `split.algorithm = "cdp1"`, as reported with
/// every solution.
pub const SPLIT_CONVENTION: &str = "CDP1 post-split strategy, hands valued by the number of hands \
     split (their pair cards out, the other cards drawn to them ignored); exact for the infinite \
     deck and without resplits";

/// The split convention of `split.algorithm = "cdp"`.
pub const SPLIT_CONVENTION_CDP: &str = "CDP: post-split play optimal for each hand's cards with the \
     pair cards of the hands split so far out, resplitting whenever allowed; exact, the other split \
     hands' cards counted in expectation";

/// The split convention of `split.algorithm = "cdz-"`.
pub const SPLIT_CONVENTION_CDZ: &str = "CDZ-: post-split play fixed to the pre-split \
     composition-dependent strategy, resplitting whenever allowed; exact, the other split hands' \
     cards counted in expectation";

/// The split convention reported for `algorithm`.
pub fn split_convention(algorithm: SplitAlgorithm) -> &'static str {
    match algorithm {
        SplitAlgorithm::CdzMinus => SPLIT_CONVENTION_CDZ,
        SplitAlgorithm::Cdp1 => SPLIT_CONVENTION,
        SplitAlgorithm::Cdp => SPLIT_CONVENTION_CDP,
    }
}

/// The values of one two-card hand against one upcard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HandRow {
    /// The dealer's upcard label (`2`..`9`, `T`, `A`).
    pub upcard: char,
    /// The hand, ranks high to low, e.g. `T6`.
    pub hand: String,
    /// The hand's total.
    pub total: u8,
    /// Whether the hand is soft.
    pub soft: bool,
    /// Probability of this hand given the upcard (before any peek).
    pub probability: f64,
    /// EV of standing.
    pub stand: f64,
    /// EV of drawing one card and standing (seed 001's "EV hit & stand").
    pub hit_once: f64,
    /// EV of hitting, then playing on by standing and hitting.
    pub hit: f64,
    /// EV of the best play by standing and hitting only (seed 001's "Max EV").
    pub max_stand_hit: f64,
    /// EV of doubling, when allowed.
    pub double: Option<f64>,
    /// EV of splitting, when allowed.
    pub split: Option<f64>,
    /// EV of surrendering, when allowed.
    pub surrender: Option<f64>,
    /// When insurance is offered (an ace up): the insurance bet's EV per
    /// unit given this hand's cards, `3p - 1` (taken when positive).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insurance: Option<f64>,
    /// EV of the best move (a natural's payoff for a natural).
    pub best: f64,
    /// The best move.
    pub best_move: Move,
}

/// The round against one upcard.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UpcardRow {
    /// The upcard label.
    pub upcard: char,
    /// Probability of this upcard from the full shoe.
    pub probability: f64,
    /// The player's EV per round given this upcard (naturals included).
    pub ev: f64,
    /// Probability that the dealer has a natural given this upcard.
    pub dealer_natural: f64,
    /// When insurance is offered (an ace up): the insurance bet's EV per
    /// unit with only the ace out of the shoe, `3p - 1`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub insurance: Option<f64>,
}

/// The dealer alone against one upcard: final totals with only the upcard
/// out of the full shoe (no player cards removed, no peek conditioning).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DealerRow {
    /// The upcard label.
    pub upcard: char,
    /// Probabilities of 17, 18, 19, 20, 21 (not natural), bust, natural.
    pub p: [f64; 7],
}

/// A solved blackjack rule set.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BlackjackSolution {
    /// The rules' content hash.
    pub rules_hash: String,
    /// The player's EV per round with the best composition-dependent play,
    /// in units of the initial bet.
    pub ev: f64,
    /// The split convention used.
    pub split_convention: &'static str,
    /// The round by upcard.
    pub upcards: Vec<UpcardRow>,
    /// The dealer's final-total table by upcard.
    pub dealer: Vec<DealerRow>,
    /// Every two-card hand against every upcard.
    pub hands: Vec<HandRow>,
    /// The best-moves chart by total.
    pub chart: Vec<ChartCell>,
    /// The distribution of the round's net result (units, probability) when
    /// it is well defined: the best play splits no pair and insures no hand
    /// (doubles, surrenders and even money are counted).
    pub outcomes: Option<Vec<(f64, f64)>>,
    /// Seconds spent solving.
    pub seconds: f64,
}

/// Solves `rules` with the best play.
///
/// ```
/// use banluck_lab::games::blackjack::rules::BlackjackRules;
/// use banluck_lab::games::blackjack;
/// let mut rules = BlackjackRules::default();
/// rules.deck.infinite = true;
/// let solution = blackjack::solve(&rules);
/// assert!(solution.ev < 0.0 && solution.ev > -0.01);
/// ```
pub fn solve(rules: &BlackjackRules) -> BlackjackSolution {
    run(rules, Play::Optimal)
}

/// The EV per round of a fixed policy: hit every total below `threshold`
/// and stand from it on, never doubling, splitting or surrendering.
///
/// ```
/// use banluck_lab::games::blackjack::rules::BlackjackRules;
/// use banluck_lab::games::blackjack;
/// let rules = BlackjackRules::default();
/// assert!(blackjack::evaluate_hit_below(&rules, 17) < blackjack::solve(&rules).ev);
/// ```
pub fn evaluate_hit_below(rules: &BlackjackRules, threshold: u8) -> f64 {
    evaluate_rule(rules, &|_, total, _, _| total < threshold)
}

/// The EV per round of a fixed hit-or-stand rule, `rule(cards, total,
/// soft, upcard)`, never doubling, splitting or surrendering (naturals are
/// paid as usual).
///
/// ```
/// use banluck_lab::games::blackjack::rules::BlackjackRules;
/// use banluck_lab::games::blackjack;
/// let rules = BlackjackRules::default();
/// let mimic = blackjack::evaluate_rule(&rules, &|_, total, soft, _| total < 17 || (soft && total == 17));
/// assert!(mimic < -0.05);
/// ```
pub fn evaluate_rule(rules: &BlackjackRules, rule: HitRule<'_>) -> f64 {
    run(rules, Play::Rule(rule)).ev
}

/// The dealer's final-total probabilities under `upcard` with only the
/// upcard out of the full shoe of `rules` (no player cards removed, no
/// peek).
pub fn dealer_alone(rules: &BlackjackRules, upcard: Rank) -> DealerOutcome {
    let deck = deck_of(rules);
    let hands = Hands::new(&deck, &rules.ace);
    let mut dealer = dealer::Dealer::new(&hands, rules.dealer.hit_soft_17);
    dealer.outcome(&Shoe::new(&deck), &[0; RANK_COUNT], upcard)
}

/// The value of splitting a pair of `pair` against `upcard` when the round
/// is dealt from `deck` (any composition, e.g. a reduced shoe), under
/// `rules` and its `split.algorithm`: all hands together, in units of the
/// original bet, given no dealer natural when the dealer peeks and under
/// ENHC's OBO (which values like the peek, see [`enhc`]). Zero when
/// `deck` cannot deal the pair and the upcard, or `split.max_hands` is 1
/// (no splitting).
///
/// ```
/// use banluck_lab::cards::{Deck, Rank};
/// use banluck_lab::games::blackjack::{self, rules::BlackjackRules};
/// let rules = BlackjackRules::default();
/// let eights = Rank::new(6);
/// let split = blackjack::split_ev(&rules, &Deck::new(1, false), eights, Rank::TEN);
/// assert!(split < 0.0 && split > -1.0);
/// ```
pub fn split_ev(rules: &BlackjackRules, deck: &Deck, pair: Rank, upcard: Rank) -> f64 {
    let hands = Hands::new(deck, &rules.ace);
    let mut ctx = Context::new(
        hands,
        Shoe::new(deck),
        rules.dealer.hit_soft_17,
        enhc::given_no_natural(rules),
    );
    ctx.charlie = rules.charlie;
    let mut pair_cards = [0; RANK_COUNT];
    pair_cards[pair.index()] = 2;
    if rules.split.max_hands < 2 || !ctx.feasible(&pair_cards, upcard) {
        return 0.0;
    }
    split::split_value(&mut ctx, rules, pair, upcard)
}

fn deck_of(rules: &BlackjackRules) -> Deck {
    Deck::new(u32::from(rules.deck.decks), rules.deck.infinite)
}

fn run(rules: &BlackjackRules, play: Play<'_>) -> BlackjackSolution {
    let start = Instant::now();
    let deck = deck_of(rules);
    let shoe = Shoe::new(&deck);
    let hands = Hands::new(&deck, &rules.ace);
    let mut ctx = Context::new(
        hands,
        shoe.clone(),
        rules.dealer.hit_soft_17,
        enhc::given_no_natural(rules),
    );
    ctx.charlie = rules.charlie;
    // Upcards are independent: with the best play each runs on its own
    // copy of the context (the dealer caches are keyed by upcard anyway),
    // on rayon's threads; the results are added up in upcard order, so the
    // numbers do not depend on the number of threads.
    let rounds: Vec<UpcardRound> = match play {
        Play::Optimal => Rank::all()
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|upcard| {
                let mut own = ctx.clone();
                upcard_round(&mut own, rules, &deck, upcard, Play::Optimal)
            })
            .collect(),
        Play::Rule(_) => Rank::all()
            .map(|upcard| upcard_round(&mut ctx, rules, &deck, upcard, play))
            .collect(),
    };
    let mut upcards = Vec::new();
    let mut dealer_rows = Vec::new();
    let mut rows = Vec::new();
    let mut ev = 0.0;
    let mut outcomes: Option<Vec<(f64, f64)>> = Some(Vec::new());
    for round in rounds {
        ev += round.upcard.probability * round.upcard.ev;
        upcards.push(round.upcard);
        dealer_rows.push(round.dealer);
        rows.extend(round.rows);
        outcomes = match (outcomes, round.outcomes) {
            (Some(mut all), Some(more)) => {
                all.extend(more);
                Some(all)
            }
            _ => None,
        };
    }
    let chart = chart::best_moves(&rows);
    BlackjackSolution {
        rules_hash: blackjack_rules_hash(rules),
        ev,
        split_convention: split_convention(rules.split.algorithm),
        upcards,
        dealer: dealer_rows,
        hands: rows,
        chart,
        outcomes: outcomes.map(merge),
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The round against one upcard.
struct UpcardRound {
    upcard: UpcardRow,
    dealer: DealerRow,
    rows: Vec<HandRow>,
    /// Net results (units, probability of the hand and the upcard), when
    /// no best move is a split.
    outcomes: Option<Vec<(f64, f64)>>,
}

fn upcard_round(
    ctx: &mut Context,
    rules: &BlackjackRules,
    deck: &Deck,
    upcard: Rank,
    play: Play<'_>,
) -> UpcardRound {
    let shoe = ctx.shoe.clone();
    let empty: Counts = [0; RANK_COUNT];
    let p_up = shoe.next(&empty)[upcard.index()];
    let alone = ctx.dealer_outcome(&empty, upcard);
    let values = ctx.values(upcard, &empty, 2, |_| true, play);
    let mut rows = Vec::new();
    let mut ev_up = 0.0;
    let mut natural_up = 0.0;
    let mut outcomes: Option<Vec<(f64, f64)>> = Some(Vec::new());
    for Dealt { id, p_hand, q, .. } in dealt_hands(ctx, deck, upcard) {
        let decision = decide(ctx, rules, &values, id, upcard, q, play);
        let natural = ctx.hands.is_natural(id);
        let before_peek = decision.early && ctx.peek;
        let hand_ev = round_value(ctx.peek, natural, q, decision.row.best, decision.early);
        let (hand_ev, side) = insurance::settle(rules, upcard, natural, q, hand_ev);
        let weight = p_hand / p_up;
        ev_up += weight * hand_ev;
        natural_up += weight * q;
        match (&mut outcomes, decision.outcomes) {
            // Even money is one result; with insurance the results depend
            // on the hole card and are not kept.
            (Some(all), Some(_)) if side == Some(Side::EvenMoney) => all.push((1.0, p_hand)),
            (Some(_), Some(_)) if side.is_some() => outcomes = None,
            (Some(all), Some(hand)) => {
                let peeked = ctx.peek && !before_peek;
                if peeked {
                    all.push((if natural { 0.0 } else { -1.0 }, p_hand * q));
                }
                let scale = if peeked { 1.0 - q } else { 1.0 };
                all.extend(hand.into_iter().map(|(x, p)| (x, p * p_hand * scale)));
            }
            _ => outcomes = None,
        }
        rows.push(HandRow {
            probability: weight,
            insurance: insurance::offered(rules, upcard, q),
            ..decision.row
        });
    }
    ctx.recycle(values);
    UpcardRound {
        upcard: UpcardRow {
            upcard: upcard.label(),
            probability: p_up,
            ev: ev_up,
            dealer_natural: natural_up,
            insurance: insurance::offered(rules, upcard, insurance::ten_under_ace(&shoe)),
        },
        dealer: DealerRow {
            upcard: upcard.label(),
            p: alone.p,
        },
        rows,
        outcomes,
    }
}

/// Adds up the probabilities of equal results, sorted by result.
fn merge(mut pairs: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    pairs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut out: Vec<(f64, f64)> = Vec::new();
    for (x, p) in pairs {
        match out.last_mut() {
            Some(last) if (last.0 - x).abs() < 1e-12 => last.1 += p,
            _ => out.push((x, p)),
        }
    }
    out.retain(|&(_, p)| p > 0.0);
    out
}
