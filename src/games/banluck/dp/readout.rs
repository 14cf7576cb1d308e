//! Reading the exact model's values out: the value per dealt hand and the
//! player strategy they choose.

use crate::cards::CompId;
use crate::games::banluck::strategy::PlayerStrategy;

use super::deal::{deal_endings, playing_hands};
use super::model::{ExactModel, Values};

/// Expected payoff per dealt hand: the deal's endings plus the value of
/// every two-card hand that plays on.
pub(super) fn root_value(model: &ExactModel<'_>, values: &Values) -> f64 {
    let at_deal: f64 = deal_endings(model.table, model.dealer, &model.weight)
        .iter()
        .map(|e| e.probability * e.payoff)
        .sum();
    let slots = model.slots();
    let playing: f64 = playing_hands(model.table)
        .map(|id| {
            let w = model.weight[id as usize];
            (0..slots)
                .map(|slot| w * values.value[id as usize * slots + slot])
                .sum::<f64>()
        })
        .sum();
    at_deal + playing
}

/// Every composition where the player has a choice, with each upcard slot.
pub(super) fn choice_sets<'m>(
    model: &'m ExactModel<'m>,
) -> impl Iterator<Item = (CompId, usize)> + 'm {
    let table = model.table;
    let slots = model.slots();
    (table.compositions().of_size(2).start..table.compositions().len() as CompId)
        .filter(move |&id| table.player(id).may_hit && !table.player(id).must_hit)
        .flat_map(move |id| (0..slots).map(move |slot| (id, slot)))
}

/// The player strategy that `values` choose.
pub(super) fn to_strategy(model: &ExactModel<'_>, values: &Values) -> PlayerStrategy {
    let mut strategy = PlayerStrategy::stand_everywhere(model.table);
    let slots = model.slots();
    for (id, slot) in choice_sets(model) {
        strategy.set_hit(
            id,
            model.upcard(slot),
            values.hit_probability[id as usize * slots + slot],
        );
    }
    strategy
}
