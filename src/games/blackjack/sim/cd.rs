//! The composition-dependent strategy of the exact engine as tables: the
//! very decisions [`blackjack::solve`](crate::games::blackjack::solve)
//! values, for the fresh shoe of the rules.
//!
//! - **First move** on two cards: the best move of the solution's hand row
//!   (the hand's two cards and the upcard out of the shoe).
//! - **Playing on** after a hit: hit while hitting is worth more than
//!   standing for the hand's own cards (the engine's `play_on`).
//! - **Insurance and even money**: as the engine settles them, with the
//!   hand's cards out (perfect insurance).
//! - **Split hands**, by `split.algorithm`: `cdz-` and `cdp` play the
//!   engine's split plans (`cdz-`: the pre-split strategy; `cdp`: one plan
//!   per number of hands split, the hand's cards and the other pair cards
//!   out) and resplit whenever allowed; `cdp1` plays the best of stand, hit
//!   and double with the pair cards of the hands split so far out, hits on
//!   by those values, and resplits when its value says resplitting is worth
//!   more than playing the pair on.

use std::collections::HashMap;

use rayon::prelude::*;

use crate::cards::{RANK_COUNT, Rank};
use crate::games::blackjack::BlackjackSolution;
use crate::games::blackjack::chart::Move;
use crate::games::blackjack::enhc;
use crate::games::blackjack::hands::{HandId, Hands, Shoe};
use crate::games::blackjack::player::{Context, Play, Values};
use crate::games::blackjack::rules::{BlackjackRules, SplitAlgorithm};
use crate::games::blackjack::split;
use crate::games::blackjack::split_exact::split_plans;
use crate::games::blackjack::split_plan::Action;

use super::strategy::{
    First, Opening, Resplit, SplitPlay, Tables, first_of, natural_chance, opening,
};

/// The tables of the composition-dependent strategy `solution` was
/// computed with (`solution` must be `solve(rules)`); every pair gets its
/// split play, so a split can be forced.
pub(super) fn cd_tables(
    rules: &BlackjackRules,
    solution: &BlackjackSolution,
    hands: Hands,
    shoe: &Shoe,
) -> Tables {
    let rows: HashMap<(char, String), Move> = solution
        .hands
        .iter()
        .map(|r| ((r.upcard, r.hand.clone()), r.best_move))
        .collect();
    let ctx = Context::new(
        hands.clone(),
        shoe.clone(),
        rules.dealer.hit_soft_17,
        enhc::given_no_natural(rules),
    );
    type UpcardTables = (Vec<Opening>, Vec<bool>, Vec<Option<SplitPlay>>);
    let per_upcard: Vec<UpcardTables> = Rank::all()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|up| {
            let mut own = ctx.clone();
            let values = own.values(up, &[0; RANK_COUNT], 2, |_| true, Play::Optimal);
            let mut open = vec![opening(rules, First::Stand, false, up, 0.0); hands.len()];
            for id in hands.of_size(2) {
                let natural = hands.is_natural(id);
                let Some(&code) = rows.get(&(up.label(), hands.label(id))) else {
                    continue;
                };
                let mv = if natural {
                    First::Stand
                } else {
                    first_of(code)
                };
                let q = natural_chance(&hands, shoe, hands.counts(id), up);
                open[id as usize] = opening(rules, mv, natural, up, q);
            }
            let splits = (0..RANK_COUNT)
                .map(|x| {
                    let mut pair = [0; RANK_COUNT];
                    pair[x] = 2;
                    (rules.split.max_hands >= 2 && own.feasible(&pair, up))
                        .then(|| split_play(&mut own, rules, Rank::new(x), up))
                })
                .collect();
            (open, values.hits, splits)
        })
        .collect();
    let mut tables = Tables {
        hands,
        openings: Vec::new(),
        hits: Vec::new(),
        splits: Vec::new(),
    };
    for (open, hits, splits) in per_upcard {
        tables.openings.push(open);
        tables.hits.push(hits);
        tables.splits.push(splits);
    }
    tables
}

/// How the split hands of `pair` against `up` are played under the rules'
/// split algorithm.
fn split_play(ctx: &mut Context, rules: &BlackjackRules, pair: Rank, up: Rank) -> SplitPlay {
    if rules.split.algorithm != SplitAlgorithm::Cdp1 {
        return SplitPlay {
            plans: split_plans(ctx, rules, pair, up)
                .into_iter()
                .map(|p| p.actions)
                .collect(),
            resplit: Resplit::Always,
        };
    }
    let x = pair.index();
    let may_resplit = !pair.is_ace() || rules.split.resplit_aces;
    let max_hands = u32::from(rules.split.max_hands);
    let most = if may_resplit { max_hands.max(2) } else { 2 };
    let draws_on = !pair.is_ace() || rules.split.hit_split_aces;
    let mut plans = Vec::new();
    let mut draws = Vec::new();
    for h in 2..=most {
        let values = split::cdp1_values(ctx, pair, up, h);
        draws.push(split::second_card(ctx, rules, &values, pair));
        plans.push(cdp1_plan(&ctx.hands, rules, &values, x, draws_on));
    }
    let mut table = [[false; 5]; 5];
    for (hands, row) in table.iter_mut().enumerate().skip(2) {
        for (pending, cell) in row.iter_mut().enumerate().skip(1) {
            *cell = split::resplits(hands as u32, pending as u32, max_hands, may_resplit, &draws);
        }
    }
    SplitPlay {
        plans,
        resplit: Resplit::Table(table),
    }
}

/// `cdp1`'s moves for the hands holding pair card `x`: on two cards the
/// best of stand, hit and (when allowed after a split) double, as its
/// split value takes them; on more cards hit while hitting is worth more.
fn cdp1_plan(
    hands: &Hands,
    rules: &BlackjackRules,
    values: &Values,
    x: usize,
    draws_on: bool,
) -> Vec<Action> {
    (0..hands.len() as HandId)
        .map(|id| {
            let i = id as usize;
            let size = hands.size(id);
            if hands.counts(id)[x] == 0 || size < 2 || (size == 2 && !draws_on) {
                return Action::Stand;
            }
            if size > 2 {
                return if values.hits[i] {
                    Action::Hit
                } else {
                    Action::Stand
                };
            }
            let best = values.stand[i].max(values.hit[i]);
            let may_double =
                rules.double.after_split && rules.double.allowed.allows(hands.total(id));
            if may_double && 2.0 * values.hit_once[i] > best {
                Action::Double
            } else if values.hit[i] > values.stand[i] {
                Action::Hit
            } else {
                Action::Stand
            }
        })
        .collect()
}
