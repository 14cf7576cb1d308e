//! The counter's composition-dependent play: before a round the cards left
//! are solved by the exact partial-deck DP, which gives the deck's optimal
//! EV, the EV on the same deck of the full deck's optimum (what a player
//! who does not count plays best), and the optimal strategy as hit
//! thresholds on the full table's compositions (what the simulator reads).

use crate::games::banluck::dp::{
    Remaining, compile_partial, compiled_optimum, compiled_optimum_beside, transfer_strategy,
};
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::sim::plan::hit_thresholds;
use crate::games::banluck::strategy::PlayerStrategy;

/// One remaining deck, solved.
#[derive(Debug, Clone)]
pub(super) struct Solved {
    /// The optimal EV per round of the cards left (`EV*`).
    pub ev: f64,
    /// The EV per round on the same cards of the full deck's optimum.
    pub ev_base: f64,
    /// The optimal strategy's hit thresholds on the full table, laid out as
    /// the simulator's plan; a hand the cards left cannot deal (it can be
    /// dealt when the stub runs out) plays the chart.
    pub hits: Vec<u64>,
}

/// Solves remaining decks for the counter; the full deck is solved once.
pub(super) struct DeckSolver<'a> {
    /// The full deck's table (the simulator's compositions).
    pub table: &'a CompiledRules,
    /// The chart every other seat plays.
    pub chart: &'a PlayerStrategy,
    /// The full deck's optimal strategy.
    pub baseline: PlayerStrategy,
    /// The full deck's solution.
    pub full: Solved,
    /// The full deck's counts.
    pub full_counts: Remaining,
}

impl<'a> DeckSolver<'a> {
    /// A solver for `table`'s deck with `chart` as the fixed strategy.
    pub fn new(
        table: &'a CompiledRules,
        chart: &'a PlayerStrategy,
        full_counts: Remaining,
    ) -> Result<DeckSolver<'a>, String> {
        let baseline = compiled_optimum(table).1;
        let full = solve_on(table, chart, &baseline, &full_counts)?;
        Ok(DeckSolver {
            table,
            chart,
            baseline,
            full,
            full_counts,
        })
    }

    /// The solution for a round dealt from `left` (at least
    /// [`crate::games::banluck::dp::MIN_CARDS_LEFT`] cards), or an error.
    pub fn solve(&self, left: &Remaining) -> Result<Solved, String> {
        if *left == self.full_counts {
            return Ok(self.full.clone());
        }
        solve_on(self.table, self.chart, &self.baseline, left)
    }
}

/// `left` solved; `chart` and `baseline` are on `table`'s compositions.
fn solve_on(
    table: &CompiledRules,
    chart: &PlayerStrategy,
    baseline: &PlayerStrategy,
    left: &Remaining,
) -> Result<Solved, String> {
    let partial = compile_partial(table.rules(), left)?;
    let baseline_there = transfer_strategy(table, baseline, &partial);
    let optimum = compiled_optimum_beside(&partial, &baseline_there);
    let mut play = chart.clone();
    let upcards: Vec<_> = if play.by_upcard {
        crate::cards::Rank::all().map(Some).collect()
    } else {
        vec![None]
    };
    let comps = table.compositions();
    for id in 0..comps.len() as crate::cards::CompId {
        if let Some(source) = partial.compositions().find(comps.counts(id)) {
            for &upcard in &upcards {
                play.set_hit(id, upcard, optimum.strategy.hit_probability(source, upcard));
            }
        }
    }
    Ok(Solved {
        ev: optimum.ev,
        ev_base: optimum.ev_fixed,
        hits: hit_thresholds(table, &play),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{CompId, RANK_COUNT, Rank};
    use crate::games::banluck::dp::{Action, advise, full_deck};
    use crate::games::banluck::rules::{CompiledRules, RuleSet};
    use crate::games::banluck::sim::plan::ALWAYS;

    #[test]
    fn on_a_tiny_deck_the_counter_hits_where_the_dp_advises_it() {
        let table = CompiledRules::compile(RuleSet::default());
        let chart = crate::games::banluck::dp::solve(&table).chart_player;
        let solver = DeckSolver::new(&table, &chart, full_deck(table.rules()).unwrap()).unwrap();
        // Four fives, four sixes and eight tens (hands of 10 to 20 with few
        // ways to improve); four each of 2, 3 and 4 and two tens (a 16
        // cannot bust).
        let mut fives = [0u32; RANK_COUNT];
        fives[Rank::new(3).index()] = 4;
        fives[Rank::new(4).index()] = 4;
        fives[Rank::new(8).index()] = 8;
        let mut smalls = [0u32; RANK_COUNT];
        smalls[..3].copy_from_slice(&[4, 4, 4]);
        smalls[Rank::new(8).index()] = 2;
        let slots = if chart.by_upcard { RANK_COUNT } else { 1 };
        let comps = table.compositions();
        let (mut compared, mut apart_from_chart) = (0, 0);
        for left in [fives, smalls] {
            let solved = solver.solve(&left).unwrap();
            let partial = compile_partial(table.rules(), &left).unwrap();
            for id in 0..comps.len() as CompId {
                let Some(there) = partial.compositions().find(comps.counts(id)) else {
                    continue;
                };
                if comps.size(id) < 2 || !partial.player(there).may_hit {
                    continue;
                }
                for slot in 0..slots {
                    let upcard = chart.by_upcard.then(|| Rank::new(slot));
                    let advice = advise(&partial, there, upcard);
                    let Some(action) = advice.action else {
                        continue;
                    };
                    if (advice.ev_hit - advice.ev_stand).abs() < 1e-12 {
                        continue;
                    }
                    let hits = solved.hits[id as usize * slots + slot] == ALWAYS;
                    assert_eq!(hits, action == Action::Hit, "{}", comps.label(id));
                    let chart_hits = chart.hit_probability(id, upcard) > 0.5;
                    apart_from_chart += usize::from(hits != chart_hits);
                    compared += 1;
                }
            }
            // A hand these decks cannot deal (they hold no ace) plays the
            // chart.
            let ace_hand = table.find_hand("A 5").unwrap();
            assert_eq!(
                solved.hits[ace_hand as usize * slots],
                crate::games::banluck::sim::plan::hit_thresholds(&table, &chart)
                    [ace_hand as usize * slots]
            );
            assert!(solved.ev > solved.ev_base - 1e-12);
        }
        assert!(compared >= 5, "{compared}");
        assert!(apart_from_chart > 0, "the tiny decks change no decision");
    }
}
