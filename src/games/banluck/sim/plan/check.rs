//! The strategies a plan is built from, checked against the compiled rules:
//! the right sizes for its compositions and upcard, and probabilities.

use crate::cards::RANK_COUNT;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::super::params::SimError;

/// Refuses strategies built for other rules or holding a value that is no
/// probability.
pub(super) fn check_strategies(
    table: &CompiledRules,
    player: &PlayerStrategy,
    dealer: &DealerStrategy,
) -> Result<(), SimError> {
    let comps = table.compositions().len();
    if player.by_upcard && !table.rules().dealer.upcard {
        return Err(SimError::Strategy(
            "the player strategy is keyed by the dealer's upcard, but these rules deal no upcard (dealer.upcard = false)".into(),
        ));
    }
    if dealer.by_upcard && !table.rules().dealer.upcard {
        return Err(SimError::Strategy(
            "the dealer strategy is keyed by its upcard, but these rules deal no upcard (dealer.upcard = false)".into(),
        ));
    }
    let slots = if player.by_upcard { RANK_COUNT } else { 1 };
    let dealer_slots = if dealer.by_upcard { RANK_COUNT } else { 1 };
    let counts = crate::games::banluck::strategy::PLAYER_COUNTS;
    let sizes = [
        ("player hit", player.hit.len(), comps * slots),
        (
            "dealer hit",
            dealer.hit.len(),
            comps * counts * dealer_slots,
        ),
        (
            "dealer reveal",
            dealer.reveal.len(),
            comps * counts * dealer_slots,
        ),
        (
            "dealer surrender",
            dealer.surrender.len(),
            comps * dealer_slots,
        ),
    ];
    for (name, found, expected) in sizes {
        if found != expected {
            return Err(SimError::Strategy(format!(
                "the {name} table has {found} entries but these rules need {expected}: the strategy was built for other rules"
            )));
        }
    }
    let all = [
        ("player hit", &player.hit),
        ("dealer hit", &dealer.hit),
        ("dealer reveal", &dealer.reveal),
        ("dealer surrender", &dealer.surrender),
    ];
    for (name, values) in all {
        if let Some((i, value)) = values
            .iter()
            .enumerate()
            .find(|(_, p)| !(0.0..=1.0).contains(*p))
        {
            return Err(SimError::Strategy(format!(
                "{name} probability {value} at index {i} is not a probability from 0 to 1"
            )));
        }
    }
    Ok(())
}
