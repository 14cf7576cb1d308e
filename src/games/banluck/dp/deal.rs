//! The deal: two cards each, the dealer's surrender, Ban Ban and Ban Luck
//! settled at once; everything else plays on.

use crate::cards::CompId;
use crate::games::banluck::rules::CompiledRules;
use crate::games::banluck::strategy::DealerStrategy;

/// One way the deal can end the hand before anyone draws.
#[derive(Debug, Clone, Copy)]
pub(crate) struct DealEnding {
    /// Probability of this pair of two-card hands ending this way.
    pub probability: f64,
    /// The payoff (0 for a surrender).
    pub payoff: f64,
    /// Whether the dealer surrendered (a void hand).
    pub void: bool,
}

/// Every pair of two-card hands that ends at the deal, with the probability
/// of the player's hand `player` being dealt given by `player_weight`.
pub(crate) fn deal_endings(
    table: &CompiledRules,
    dealer: &DealerStrategy,
    player_weight: &[f64],
) -> Vec<DealEnding> {
    let comps = table.compositions();
    let mut endings = Vec::new();
    for player in comps.of_size(2) {
        let w = player_weight[player as usize];
        if w == 0.0 {
            continue;
        }
        for dealer_hand in comps.of_size(2) {
            let joint = w * table
                .deck()
                .composition_probability(comps.counts(player), comps.counts(dealer_hand));
            if joint == 0.0 {
                continue;
            }
            let surrender = dealer.mean_surrender(table, dealer_hand);
            if surrender > 0.0 {
                endings.push(DealEnding {
                    probability: joint * surrender,
                    payoff: 0.0,
                    void: true,
                });
            }
            if let Some(payoff) = table.deal_special(player, dealer_hand) {
                endings.push(DealEnding {
                    probability: joint * (1.0 - surrender),
                    payoff,
                    void: false,
                });
            }
        }
    }
    endings
}

/// The player's two-card hands that play on (not Ban Ban or Ban Luck).
pub(crate) fn playing_hands(table: &CompiledRules) -> impl Iterator<Item = CompId> + '_ {
    table
        .compositions()
        .of_size(2)
        .filter(|&id| !table.hand(id).class.is_deal_special())
}
