//! The exact EV of playing a basic-strategy chart ([`BlackjackChart`]),
//! its cost against the composition-dependent optimum, and its leaks by
//! chart cell.
//!
//! The chart is played hand by hand with the engine's card removal: every
//! two-card hand against every upcard takes its cell's first move (with the
//! fallbacks the rules force), and every hand of three or more cards hits
//! or stands by its total's row. A split is valued by the engine's split
//! convention (`split.algorithm`): the split hands play the engine's
//! post-split strategy, not the chart.
//!
//! The leak of a decision is `P(reaching it with the chart's play) ×
//! (EV of the best move − EV of the chart's move)`, both with the optimal
//! play after it, in units per round; leaks are summed by cell (upcard,
//! row, the chart's move, two cards or more). Measured along the chart's
//! own play, the leaks add up exactly to the total cost (the
//! performance-difference identity); fixing one cell alone gains a
//! different amount, since the chart's later decisions then apply.

mod chart_file;

use std::collections::BTreeMap;

use rayon::prelude::*;
use serde::Serialize;

use crate::cards::{Counts, RANK_COUNT, Rank};
use crate::games::blackjack::rules::{BlackjackRules, blackjack_rules_hash};

pub use chart_file::{BlackjackChart, CHART_FORMAT, ChartFileError, Code};

use super::chart::{Move, row_name};
use super::first_move::{Dealt, dealt_hands, decide, round_value};
use super::hands::{BUST, Hands, Shoe};
use super::player::{Context, Play};
use super::{HandRow, deck_of, insurance, split_convention};

/// The move a chart makes on a two-card hand once the rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChartMove {
    /// Stand.
    Stand,
    /// Hit (and play on by the chart).
    Hit,
    /// Double.
    Double,
    /// Split.
    Split,
    /// Surrender.
    Surrender,
}

impl ChartMove {
    /// `standing on`, `hitting`, ...
    pub fn verb(self) -> &'static str {
        match self {
            ChartMove::Stand => "standing on",
            ChartMove::Hit => "hitting",
            ChartMove::Double => "doubling",
            ChartMove::Split => "splitting",
            ChartMove::Surrender => "surrendering",
        }
    }
}

/// The cost of the chart's play in one cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellLeak {
    /// The dealer's upcard.
    pub upcard: char,
    /// The row: `hard 12`, `soft 18`, `pair 8`.
    pub row: String,
    /// Whether these are first decisions (two cards) or later ones.
    pub first_decision: bool,
    /// What the chart does there.
    pub action: ChartMove,
    /// Probability per round of reaching these decisions with the chart.
    pub reach: f64,
    /// Units per round lost there (see the module documentation).
    pub cost: f64,
}

impl CellLeak {
    /// E.g. `hitting hard 12 v 4` or `standing on hard 16 v T (3+ cards)`.
    pub fn describe(&self) -> String {
        format!(
            "{} {} v {}{}",
            self.action.verb(),
            self.row,
            self.upcard,
            if self.first_decision {
                ""
            } else {
                " (3+ cards)"
            }
        )
    }
}

/// A chart's exact EV, the optimum's, and the chart's leaks.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChartEvaluation {
    /// The rules' content hash.
    pub rules_hash: String,
    /// The chart's EV per round.
    pub ev: f64,
    /// The composition-dependent optimum's EV per round.
    pub optimal_ev: f64,
    /// `optimal_ev − ev`.
    pub loss: f64,
    /// The sum of the leaks (equal to `loss` up to rounding).
    pub leak_sum: f64,
    /// How splits are valued.
    pub split_convention: &'static str,
    /// Cells with a nonzero leak, largest first.
    pub leaks: Vec<CellLeak>,
}

type LeakKey = (char, String, bool, ChartMove);

#[derive(Default)]
struct UpcardSums {
    ev: f64,
    optimal_ev: f64,
    leaks: BTreeMap<LeakKey, (f64, f64)>,
}

/// Plays `chart` under `rules` exactly.
///
/// ```
/// use banluck_lab::games::blackjack::{self, rules::BlackjackRules};
/// use banluck_lab::games::blackjack::policy_eval::{BlackjackChart, evaluate_chart};
/// let rules = BlackjackRules::default();
/// let eval = evaluate_chart(&rules, &BlackjackChart::hit_below(17));
/// assert!((eval.ev - blackjack::evaluate_hit_below(&rules, 17)).abs() < 1e-12);
/// assert!((eval.loss - eval.leak_sum).abs() < 1e-12);
/// ```
pub fn evaluate_chart(rules: &BlackjackRules, chart: &BlackjackChart) -> ChartEvaluation {
    let deck = deck_of(rules);
    let mut ctx = Context::new(
        Hands::new(&deck, &rules.ace),
        Shoe::new(&deck),
        rules.dealer.hit_soft_17,
        super::enhc::given_no_natural(rules),
    );
    ctx.charlie = rules.charlie;
    let rounds: Vec<UpcardSums> = Rank::all()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|upcard| upcard_sums(&mut ctx.clone(), rules, &deck, upcard, chart))
        .collect();
    let mut ev = 0.0;
    let mut optimal_ev = 0.0;
    let mut leaks = Vec::new();
    for round in rounds {
        ev += round.ev;
        optimal_ev += round.optimal_ev;
        for ((upcard, row, first_decision, action), (reach, cost)) in round.leaks {
            if cost != 0.0 {
                leaks.push(CellLeak {
                    upcard,
                    row,
                    first_decision,
                    action,
                    reach,
                    cost,
                });
            }
        }
    }
    leaks.sort_by(|a, b| b.cost.total_cmp(&a.cost));
    ChartEvaluation {
        rules_hash: blackjack_rules_hash(rules),
        ev,
        optimal_ev,
        loss: optimal_ev - ev,
        leak_sum: leaks.iter().map(|l| l.cost).sum(),
        split_convention: split_convention(rules.split.algorithm),
        leaks,
    }
}

/// The chart's first move on a two-card hand, with the rules' fallbacks.
fn first_move(
    chart: &BlackjackChart,
    rules: &BlackjackRules,
    row: &HandRow,
    counts: &Counts,
    upcard: Rank,
) -> ChartMove {
    let by_total = chart.total_code(row.total, row.soft, upcard);
    let pair = (0..RANK_COUNT).find(|&r| counts[r] == 2).map(Rank::new);
    let code = pair
        .and_then(|rank| chart.pair_code(rank, upcard))
        .unwrap_or(by_total);
    let fallback = |allowed: bool, yes: ChartMove, no: ChartMove| if allowed { yes } else { no };
    match code {
        Code::S => ChartMove::Stand,
        Code::H => ChartMove::Hit,
        Code::Dh => fallback(row.double.is_some(), ChartMove::Double, ChartMove::Hit),
        Code::Ds => fallback(row.double.is_some(), ChartMove::Double, ChartMove::Stand),
        Code::Rh => fallback(
            row.surrender.is_some(),
            ChartMove::Surrender,
            ChartMove::Hit,
        ),
        Code::Rs => fallback(
            row.surrender.is_some(),
            ChartMove::Surrender,
            ChartMove::Stand,
        ),
        Code::Ph => fallback(
            row.split.is_some() && rules.double.after_split,
            ChartMove::Split,
            ChartMove::Hit,
        ),
        Code::P if row.split.is_some() => ChartMove::Split,
        Code::P => {
            let plain = HandRow {
                split: None,
                ..row.clone()
            };
            first_move(chart, rules, &plain, &[0; RANK_COUNT], upcard)
        }
    }
}

fn upcard_sums(
    ctx: &mut Context,
    rules: &BlackjackRules,
    deck: &crate::cards::Deck,
    upcard: Rank,
    chart: &BlackjackChart,
) -> UpcardSums {
    let empty: Counts = [0; RANK_COUNT];
    let rule = |_: u8, total: u8, soft: bool, up: Rank| {
        total < 21 && chart.total_code(total, soft, up).later_hits()
    };
    let optimal = ctx.values(upcard, &empty, 2, |_| true, Play::Optimal);
    let user = ctx.values(upcard, &empty, 2, |_| true, Play::Rule(&rule));
    let mut sums = UpcardSums::default();
    let mut reach = vec![0.0; ctx.hands.len()];
    for Dealt {
        id,
        counts,
        p_hand,
        q,
    } in dealt_hands(ctx, deck, upcard)
    {
        let d = decide(ctx, rules, &optimal, id, upcard, q, Play::Optimal);
        let natural = ctx.hands.is_natural(id);
        let settle = |x: f64| insurance::settle(rules, upcard, natural, q, x).0;
        let best = settle(round_value(ctx.peek, natural, q, d.row.best, d.early));
        sums.optimal_ev += p_hand * best;
        let Some(row) = row_name(&d.row).filter(|_| !natural) else {
            sums.ev += p_hand * best;
            continue;
        };
        let i = id as usize;
        let action = first_move(chart, rules, &d.row, &counts, upcard);
        let (with_optimal_after, exact) = match action {
            ChartMove::Stand => (d.row.stand, user.stand[i]),
            ChartMove::Hit => (d.row.hit, user.hit[i]),
            ChartMove::Double => (d.row.double.unwrap_or(0.0), d.row.double.unwrap_or(0.0)),
            ChartMove::Split => (d.row.split.unwrap_or(0.0), d.row.split.unwrap_or(0.0)),
            ChartMove::Surrender => (
                d.row.surrender.unwrap_or(0.0),
                d.row.surrender.unwrap_or(0.0),
            ),
        };
        let early = rules.surrender.early && action == ChartMove::Surrender;
        sums.ev += p_hand * settle(round_value(ctx.peek, false, q, exact, early));
        let chosen = settle(round_value(ctx.peek, false, q, with_optimal_after, early));
        let entry = sums
            .leaks
            .entry((upcard.label(), row, true, action))
            .or_default();
        entry.0 += p_hand;
        entry.1 += p_hand * (best - chosen);
        if action == ChartMove::Hit {
            let scale = if ctx.peek { 1.0 - q } else { 1.0 };
            spread(&ctx.hands, &mut reach, id, &user.next[i], p_hand * scale);
        }
    }
    for size in 3..=ctx.hands.max_cards() {
        for id in ctx.hands.of_size(size) {
            let i = id as usize;
            if reach[i] == 0.0 || ctx.hands.total(id) >= 21 {
                continue;
            }
            let hits = user.hits[i];
            let chosen = if hits {
                optimal.hit[i]
            } else {
                optimal.stand[i]
            };
            let kind = if ctx.hands.soft(id) { "soft" } else { "hard" };
            let action = if hits {
                ChartMove::Hit
            } else {
                ChartMove::Stand
            };
            let key = (
                upcard.label(),
                format!("{kind} {}", ctx.hands.total(id)),
                false,
                action,
            );
            let entry = sums.leaks.entry(key).or_default();
            entry.0 += reach[i];
            entry.1 += reach[i] * (optimal.play_on[i] - chosen);
            if hits {
                let mass = reach[i];
                spread(&ctx.hands, &mut reach, id, &user.next[i], mass);
            }
        }
    }
    sums
}

/// Adds `mass` times the next-card probabilities to the children of `id`.
fn spread(hands: &Hands, reach: &mut [f64], id: u32, next: &[f64; RANK_COUNT], mass: f64) {
    for (r, &p) in next.iter().enumerate() {
        let child = hands.child(id, r);
        if child != BUST && p > 0.0 {
            reach[child as usize] += mass * p;
        }
    }
}

/// The engine's best-moves chart as a [`BlackjackChart`]: its cells, and
/// for rows no two-card hand reaches (hard 20, 21, soft 21; hard 4 and
/// soft 12 are pairs) stand from 17 and hit below.
pub fn engine_chart(cells: &[super::ChartCell]) -> BlackjackChart {
    let mut chart = BlackjackChart::hit_below(17);
    for cell in cells {
        let Some(upcard) = Rank::from_label(&cell.upcard.to_string()) else {
            continue;
        };
        let code = match cell.best_move {
            Move::Stand => Code::S,
            Move::Hit => Code::H,
            Move::DoubleHit => Code::Dh,
            Move::DoubleStand => Code::Ds,
            Move::Split => Code::P,
            Move::SurrenderHit => Code::Rh,
            Move::SurrenderStand => Code::Rs,
        };
        chart.set(&cell.row, upcard, code);
    }
    chart
}
