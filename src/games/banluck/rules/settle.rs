//! Settlement of one player hand against one dealer hand, following the
//! canonical priority order (surrender is decided before, at the deal).

use super::hand::HandClass;
use super::schema::{BothBust, BustVsBonus, FiveVsFive, RuleSet};

/// Strength of a live class: regular 1, five-card 2, five-card 21 3, 777 4,
/// Ban Luck 5, Ban Ban 6 (five-card 21 and five-card are one class for
/// `five_vs_five = "compare_totals"`, which this ranking leaves to
/// [`settle_showdown`]).
fn strength(class: HandClass) -> u8 {
    match class {
        HandClass::Bust | HandClass::BustFive => 0,
        HandClass::Regular(_) => 1,
        HandClass::FiveCard(21) => 3,
        HandClass::FiveCard(_) => 2,
        HandClass::TripleSeven => 4,
        HandClass::BanLuck => 5,
        HandClass::BanBan => 6,
    }
}

/// The multiplier a hand of this class wins at.
pub fn multiplier(class: HandClass, rules: &RuleSet) -> f64 {
    let p = &rules.payouts;
    match class {
        HandClass::Bust | HandClass::BustFive => 0.0,
        HandClass::Regular(_) => p.regular,
        HandClass::FiveCard(21) => p.five_card_21,
        HandClass::FiveCard(_) => p.five_card,
        HandClass::TripleSeven => p.triple_seven,
        HandClass::BanLuck => p.ban_luck,
        HandClass::BanBan => p.ban_ban,
    }
}

/// Whether a standing player hand forfeits at the showdown (total below
/// `player.min_total`; five-card hands too when `player.forfeit_five_card`).
pub fn forfeits(player: HandClass, rules: &RuleSet) -> bool {
    match player {
        HandClass::Regular(total) => total < rules.player.min_total,
        HandClass::FiveCard(total) => {
            rules.player.forfeit_five_card && total < rules.player.min_total
        }
        _ => false,
    }
}

/// Settles a hand at the deal when either side holds Ban Ban or Ban Luck
/// (both hands have two cards): the stronger class wins its multiplier; the
/// same class pushes. No forfeit applies: the other hand never played on.
///
/// ```
/// use banluck_lab::games::banluck::rules::{settle_deal_specials, HandClass, RuleSet};
/// let rules = RuleSet::default();
/// assert_eq!(settle_deal_specials(HandClass::BanBan, HandClass::Regular(20), &rules), 3.0);
/// assert_eq!(settle_deal_specials(HandClass::Regular(12), HandClass::BanLuck, &rules), -2.0);
/// assert_eq!(settle_deal_specials(HandClass::BanLuck, HandClass::BanLuck, &rules), 0.0);
/// ```
pub fn settle_deal_specials(player: HandClass, dealer: HandClass, rules: &RuleSet) -> f64 {
    let (p, d) = (strength(player), strength(dealer));
    if p > d {
        multiplier(player, rules)
    } else if p < d {
        -multiplier(dealer, rules)
    } else {
        0.0
    }
}

/// Settles a player hand against the dealer's hand at the showdown (or at
/// once, against the dealer's first two cards, for hands the rules settle
/// immediately), in the priority order: player bust, player forfeit, class
/// comparison, totals.
///
/// ```
/// use banluck_lab::games::banluck::rules::{settle_showdown, HandClass, RuleSet};
/// let rules = RuleSet::default();
/// // A player on 15 forfeits even when the dealer busts.
/// assert_eq!(settle_showdown(HandClass::Regular(15), HandClass::Bust, &rules), -1.0);
/// // 777 beats a dealer 21 at 7.
/// assert_eq!(settle_showdown(HandClass::TripleSeven, HandClass::Regular(21), &rules), 7.0);
/// ```
pub fn settle_showdown(player: HandClass, dealer: HandClass, rules: &RuleSet) -> f64 {
    if player.is_bust() {
        let loss = if player == HandClass::BustFive {
            rules.payouts.five_card_bust
        } else {
            1.0
        };
        return match dealer {
            HandClass::Bust | HandClass::BustFive => match rules.settlement.both_bust {
                BothBust::DealerWins => -loss,
                BothBust::Push => 0.0,
            },
            HandClass::Regular(_) => -loss,
            bonus => match rules.settlement.bust_vs_bonus {
                BustVsBonus::OneUnit => -loss,
                BustVsBonus::LargerMultiplier => -loss.max(multiplier(bonus, rules)),
            },
        };
    }
    if forfeits(player, rules) {
        return -1.0;
    }
    if dealer.is_bust() {
        return multiplier(player, rules);
    }
    match (player, dealer) {
        (HandClass::Regular(p), HandClass::Regular(d)) => compare_totals(p, d, rules),
        (HandClass::FiveCard(p), HandClass::FiveCard(d))
            if rules.settlement.five_vs_five == FiveVsFive::CompareTotals =>
        {
            compare_totals(p, d, rules)
        }
        _ => settle_deal_specials(player, dealer, rules),
    }
}

fn compare_totals(player: u8, dealer: u8, rules: &RuleSet) -> f64 {
    match player.cmp(&dealer) {
        std::cmp::Ordering::Greater => rules.payouts.regular,
        std::cmp::Ordering::Less => -rules.payouts.regular,
        std::cmp::Ordering::Equal => 0.0,
    }
}
