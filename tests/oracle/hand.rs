//! Card totals, hand classes and settlement, straight from the spec
//! (sections 2, 3 and 6). Ranks are the oracle's own: 0 = A, 1..=8 = the
//! pips 2..9, 9 = T (any ten-value card).

use super::rules::Rules;

/// Number of rank classes.
pub const RANKS: usize = 10;
/// The ace.
pub const ACE: u8 = 0;
/// The seven.
pub const SEVEN: u8 = 6;
/// Any ten-value card.
pub const TEN: u8 = 9;
/// Rank labels, in the oracle's rank order.
pub const LABELS: [char; RANKS] = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T'];

/// Rank counts (of a deck or of a hand).
pub type Counts = [u8; RANKS];

/// The counts of a hand given as ranks in the order drawn.
pub fn counts(cards: &[u8]) -> Counts {
    let mut c = [0; RANKS];
    for &r in cards {
        c[usize::from(r)] += 1;
    }
    c
}

/// Total and softness: the largest total <= 21 over every choice of ace
/// values (from the set for this many cards), else the smallest; soft when
/// that total counts some ace above its lowest value.
pub fn total(cards: &[u8], rules: &Rules) -> (u8, bool) {
    let set = &rules.ace[cards.len().clamp(2, 5) - 2];
    let pips: u32 = cards
        .iter()
        .filter(|&&r| r != ACE)
        .map(|&r| if r == TEN { 10 } else { u32::from(r) + 1 })
        .sum();
    let aces = cards.iter().filter(|&&r| r == ACE).count();
    // Every assignment of a value from `set` to each ace.
    let (mut best, mut smallest) = (None::<u32>, u32::MAX);
    assign(pips, aces, set, &mut |t| {
        smallest = smallest.min(t);
        if t <= 21 && best.is_none_or(|b| t > b) {
            best = Some(t);
        }
    });
    let best = best.unwrap_or(smallest);
    let lowest = pips + aces as u32 * u32::from(*set.iter().min().unwrap());
    (best as u8, best <= 21 && best > lowest)
}

fn assign(sum: u32, aces: usize, set: &[u8], out: &mut impl FnMut(u32)) {
    if aces == 0 {
        out(sum);
    } else {
        for &v in set {
            assign(sum + u32::from(v), aces - 1, set, out);
        }
    }
}

/// The settlement class of a hand (spec section 3), strongest last.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Class {
    /// Over 21.
    Bust,
    /// Any other live hand, with its total.
    Regular(u8),
    /// Five live cards with their total (21: five-card 21).
    Five(u8),
    /// 7-7 then a third 7.
    TripleSeven,
    /// An ace and a ten-value card as the first two cards.
    BanLuck,
    /// Two aces as the first two cards.
    BanBan,
}

impl Class {
    /// The class order: bust 0, regular 1, five-card 2, five-card 21 3,
    /// 777 4, Ban Luck 5, Ban Ban 6.
    pub fn strength(self) -> u8 {
        match self {
            Class::Bust => 0,
            Class::Regular(_) => 1,
            Class::Five(21) => 3,
            Class::Five(_) => 2,
            Class::TripleSeven => 4,
            Class::BanLuck => 5,
            Class::BanBan => 6,
        }
    }

    /// What a winning hand of this class is paid.
    pub fn multiplier(self, rules: &Rules) -> f64 {
        match self {
            Class::Bust => 0.0,
            Class::Regular(_) => rules.regular,
            Class::Five(21) => rules.five_card_21,
            Class::Five(_) => rules.five_card,
            Class::TripleSeven => rules.triple_seven,
            Class::BanLuck => rules.ban_luck,
            Class::BanBan => rules.ban_ban,
        }
    }

    /// Ban Ban or Ban Luck: settled at the deal.
    pub fn is_deal_special(self) -> bool {
        matches!(self, Class::BanBan | Class::BanLuck)
    }
}

/// The class of a hand given in the order drawn.
pub fn class(cards: &[u8], rules: &Rules) -> Class {
    let (t, _) = total(cards, rules);
    if cards.len() == 2 {
        let (a, b) = (cards[0], cards[1]);
        if a == ACE && b == ACE {
            return Class::BanBan;
        }
        if (a == ACE && b == TEN) || (a == TEN && b == ACE) {
            return Class::BanLuck;
        }
    }
    if cards.len() == 3 && cards.iter().all(|&r| r == SEVEN) {
        return Class::TripleSeven;
    }
    if t > 21 {
        Class::Bust
    } else if cards.len() == 5 {
        Class::Five(t)
    } else {
        Class::Regular(t)
    }
}

/// Two cards, total 15, no ace.
pub fn is_hard_fifteen(cards: &[u8], rules: &Rules) -> bool {
    cards.len() == 2 && !cards.contains(&ACE) && total(cards, rules).0 == 15
}

/// Settlement at the deal when either two-card hand is Ban Ban or Ban Luck
/// (spec 4.3): the stronger class is paid its multiplier, equal classes push.
pub fn settle_specials(player: Class, dealer: Class, rules: &Rules) -> f64 {
    by_strength(player, dealer, rules)
}

fn by_strength(player: Class, dealer: Class, rules: &Rules) -> f64 {
    use std::cmp::Ordering::*;
    match player.strength().cmp(&dealer.strength()) {
        Greater => player.multiplier(rules),
        Less => -dealer.multiplier(rules),
        Equal => 0.0,
    }
}

fn compare_totals(p: u8, d: u8, rules: &Rules) -> f64 {
    use std::cmp::Ordering::*;
    match p.cmp(&d) {
        Greater => rules.regular,
        Less => -rules.regular,
        Equal => 0.0,
    }
}

/// The showdown of spec section 6, steps 2 to 5 (a surrender never gets
/// here), for hands given in the order drawn.
pub fn showdown(player: &[u8], dealer: &[u8], rules: &Rules) -> f64 {
    let p = class(player, rules);
    let d = class(dealer, rules);
    // 2. player bust
    if p == Class::Bust {
        let loss = if player.len() == 5 {
            rules.five_card_bust
        } else {
            1.0
        };
        return match d {
            Class::Bust if rules.both_bust_push => 0.0,
            Class::Bust | Class::Regular(_) => -loss,
            bonus if rules.bust_vs_bonus_larger => -loss.max(bonus.multiplier(rules)),
            _ => -loss,
        };
    }
    // 3. player below the minimum forfeits, even against a dealer bust
    let (pt, _) = total(player, rules);
    let five = player.len() == 5;
    if pt < rules.player_min_total && (!five || rules.forfeit_five_card) {
        return -1.0;
    }
    match (p, d) {
        // 5. two regular hands
        (Class::Regular(_), Class::Bust) => rules.regular,
        (Class::Regular(a), Class::Regular(b)) => compare_totals(a, b, rules),
        // 4. five-card against five-card
        (Class::Five(a), Class::Five(b)) if !rules.five_vs_five_by_class => {
            compare_totals(a, b, rules)
        }
        // 4. any other class comparison (a dealer bust is the lowest class)
        _ => by_strength(p, d, rules),
    }
}

/// A hand's multiset as one number (4 bits per rank), for cache keys.
pub fn packed(cards: &[u8]) -> u64 {
    cards.iter().map(|&r| 1u64 << (4 * r)).sum()
}
