//! The Banluck half of the explorer's data: per rule set, the exact DP
//! against the fixed dealer and the CFR+ equilibrium, for every hand either
//! side can hold.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cards::{CompId, Rank};
use crate::games::banluck::dp::{self, Action, CompositionDecision};
use crate::games::banluck::equilibrium::{self, CfrParams, DealerValues, EquilibriumSolution};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS, RevealPolicy, SurrenderPolicy};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

/// One Banluck rule set as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct BanluckData {
    /// The variant's name (the rules file, or the experiment's variant).
    pub name: String,
    /// The rules file's `description`.
    pub description: String,
    /// The rules hash.
    pub rules_hash: String,
    /// Whether the dealer's first card is dealt face up (keys then end in
    /// `|U`, the upcard's label).
    pub upcard: bool,
    /// Cards the player and the dealer may hold.
    pub max_cards: [u8; 2],
    /// The totals at which the dealer may reveal a 3+-card player (none
    /// when the rules forbid the reveal).
    pub reveal_totals: Vec<u8>,
    /// Every hand of 2 to 5 cards the deck can deal: its total, e.g. `soft 12`.
    pub hands: BTreeMap<String, String>,
    /// Why the player has no choice with a hand (as `advise` says).
    pub notes: BTreeMap<String, String>,
    /// Why the dealer has no choice with a hand.
    pub dealer_notes: BTreeMap<String, String>,
    /// The exact DP: the player's best response to the fixed dealer.
    pub dp: EngineData,
    /// The CFR+ equilibrium.
    pub eq: EngineData,
}

/// One engine's answers.
#[derive(Debug, Clone, Serialize)]
pub struct EngineData {
    /// The player's EV per dealt hand (the game value at the equilibrium).
    pub value: f64,
    /// The equilibrium's exploitability (units per hand).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exploitability: Option<f64>,
    /// CFR+ iterations run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u32>,
    /// Per player hand (where it has a choice): `[hit probability, EV of
    /// standing, EV of hitting, probability of holding it (equilibrium only)]`,
    /// EVs given the hand plays on, against this engine's dealer.
    pub player: BTreeMap<String, Vec<f64>>,
    /// Per dealer hand where the dealer may choose: `[hit, reveal]`
    /// probabilities against a player holding 2, 3, 4 and 5 cards.
    pub dealer: BTreeMap<String, Vec<[f64; 2]>>,
    /// Per two-card hard 15 the dealer may surrender: the probability it does.
    pub surrender: BTreeMap<String, f64>,
    /// Per dealer hand where the dealer may choose: the dealer's `[EV of
    /// drawing, EV of stopping]` (stopping is standing, or revealing a
    /// 3+-card player) against a player holding 2, 3, 4 and 5 cards, null
    /// where no player hand of that size meets it (see
    /// [`equilibrium::dealer_values`]).
    pub dealer_ev: BTreeMap<String, Vec<[Option<f64>; 2]>>,
    /// Per two-card hand the dealer may surrender: its EV of playing on
    /// (surrendering is worth 0).
    pub play_ev: BTreeMap<String, f64>,
    /// Reveal frequency by the player's cards and the dealer's total, over
    /// the dealer hands that get there (equilibrium only; 0.001 or more).
    pub reveal: BTreeMap<u8, BTreeMap<u8, f64>>,
    /// The dealer this engine plays against, in words.
    pub dealer_rule: String,
}

/// Solves `table` both ways and collects what the page shows.
pub fn banluck_data(name: &str, table: &CompiledRules) -> BanluckData {
    let fixed = DealerStrategy::fixed(table);
    let dp_solution = dp::solve(table);
    let eq_solution = equilibrium::solve(table, &CfrParams::default());
    let eq_response = dp::best_response(table, &eq_solution.dealer);
    let dp_values = equilibrium::dealer_values(table, &dp_solution.player, &fixed);
    let eq_values = equilibrium::dealer_values(table, &eq_solution.player, &eq_solution.dealer);
    let rules = table.rules();
    BanluckData {
        name: name.to_string(),
        description: rules.description.clone(),
        rules_hash: table.hash().to_string(),
        upcard: rules.dealer.upcard,
        max_cards: [rules.player.max_cards, rules.dealer.max_cards],
        reveal_totals: if rules.dealer.allow_reveal {
            rules.dealer.reveal_totals.clone()
        } else {
            Vec::new()
        },
        hands: hands(table),
        notes: dealt(table)
            .filter_map(|id| dp::no_choice_note(table, id).map(|n| (label(table, id), n)))
            .collect(),
        dealer_notes: dealt(table)
            .filter_map(|id| dealer_note(table, id).map(|n| (label(table, id), n)))
            .collect(),
        dp: EngineData {
            value: dp_solution.ev,
            exploitability: None,
            iterations: None,
            player: player_entries(&dp_solution.compositions, None),
            dealer: dealer_entries(table, &fixed),
            surrender: surrender_entries(table, &fixed),
            dealer_ev: dealer_evs(&dp_values),
            play_ev: play_evs(&dp_values),
            reveal: BTreeMap::new(),
            dealer_rule: fixed_rule(table),
        },
        eq: EngineData {
            value: eq_solution.value,
            exploitability: Some(eq_solution.exploitability),
            iterations: Some(eq_solution.iterations),
            player: player_entries(
                &eq_response.compositions,
                Some((table, &eq_solution.player, &eq_solution)),
            ),
            dealer: dealer_entries(table, &eq_solution.dealer),
            surrender: surrender_entries(table, &eq_solution.dealer),
            dealer_ev: dealer_evs(&eq_values),
            play_ev: play_evs(&eq_values),
            reveal: reveal_table(&eq_solution),
            dealer_rule: format!(
                "the equilibrium dealer (CFR+, exploitability {:.1e} per hand) surrenders a dealt hard 15 with p = {:.2} and stops at a reveal total against 3+ cards with p = {:.2}",
                eq_solution.exploitability,
                eq_solution.surrender_frequency,
                eq_solution.reveal_frequency
            ),
        },
    }
}

fn label(table: &CompiledRules, id: CompId) -> String {
    table.compositions().label(id)
}

/// Every composition of two cards or more.
fn dealt(table: &CompiledRules) -> impl Iterator<Item = CompId> + '_ {
    table.compositions().of_size(2).start..table.compositions().len() as CompId
}

fn hands(table: &CompiledRules) -> BTreeMap<String, String> {
    dealt(table)
        .map(|id| {
            let hand = table.hand(id);
            let total = if hand.class.is_bust() {
                "bust".to_string()
            } else {
                format!("{} {}", if hand.soft { "soft" } else { "hard" }, hand.total)
            };
            (label(table, id), total)
        })
        .collect()
}

/// A key of the page's maps: the label, with the upcard when shown.
fn key(hand: &str, upcard: Option<char>) -> String {
    match upcard {
        Some(u) => format!("{hand}|{u}"),
        None => hand.to_string(),
    }
}

/// The player's entries from a DP's decisions; with an equilibrium, the
/// hit probability and reach come from its strategy.
fn player_entries(
    decisions: &[CompositionDecision],
    equilibrium: Option<(&CompiledRules, &PlayerStrategy, &EquilibriumSolution)>,
) -> BTreeMap<String, Vec<f64>> {
    let reach: BTreeMap<String, f64> = equilibrium
        .map(|(_, _, s)| {
            s.player_compositions
                .iter()
                .map(|c| (key(&c.hand, c.upcard), c.probability))
                .collect()
        })
        .unwrap_or_default();
    decisions
        .iter()
        .map(|d| {
            let k = key(&d.hand, d.upcard);
            let entry = match equilibrium {
                None => vec![
                    f64::from(u8::from(d.action == Action::Hit)),
                    d.ev_stand,
                    d.ev_hit,
                ],
                Some((table, strategy, _)) => {
                    let id = table
                        .find_hand(&d.hand)
                        .expect("a solved hand is in the table");
                    let upcard = d.upcard.and_then(|u| Rank::from_label(&u.to_string()));
                    vec![
                        round6(strategy.hit_probability(id, upcard)),
                        d.ev_stand,
                        d.ev_hit,
                        round6(reach.get(&k).copied().unwrap_or(0.0)),
                    ]
                }
            };
            (k, entry)
        })
        .collect()
}

fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The upcards a dealer hand can show: each rank it holds, or none.
fn upcards(table: &CompiledRules, id: CompId) -> Vec<Option<Rank>> {
    if !table.rules().dealer.upcard {
        return vec![None];
    }
    let counts = table.compositions().counts(id);
    Rank::all()
        .filter(|r| counts[r.index()] > 0)
        .map(Some)
        .collect()
}

fn dealer_note(table: &CompiledRules, id: CompId) -> Option<String> {
    let hand = table.hand(id);
    let node = table.dealer(id);
    let rules = table.rules();
    if hand.cards > rules.dealer.max_cards {
        Some(format!(
            "the dealer holds at most {} cards",
            rules.dealer.max_cards
        ))
    } else if hand.class.is_deal_special() && hand.cards == 2 {
        Some(format!("{} is settled at the deal", hand.class.name()))
    } else if node.must_stand {
        Some("the dealer must stop here (bust, 21 or the card limit)".to_string())
    } else if node.must_hit {
        Some(format!(
            "the dealer must draw below {} (dealer.min_total)",
            rules.dealer.min_total
        ))
    } else {
        None
    }
}

fn dealer_entries(
    table: &CompiledRules,
    strategy: &DealerStrategy,
) -> BTreeMap<String, Vec<[f64; 2]>> {
    dealt(table)
        .filter(|&id| dealer_note(table, id).is_none())
        .flat_map(|id| {
            upcards(table, id).into_iter().map(move |upcard| {
                let row = (2..=MAX_HAND_CARDS)
                    .map(|cards| {
                        let hit = strategy.effective_hit(table, id, cards, upcard);
                        let reveal = strategy.reveal[strategy.at(id, cards, upcard)];
                        [round6(hit), round6(reveal.min(1.0 - hit))]
                    })
                    .collect();
                (key(&label(table, id), upcard.map(Rank::label)), row)
            })
        })
        .collect()
}

fn surrender_entries(table: &CompiledRules, strategy: &DealerStrategy) -> BTreeMap<String, f64> {
    dealt(table)
        .filter(|&id| table.dealer(id).may_surrender)
        .flat_map(|id| {
            upcards(table, id).into_iter().map(move |upcard| {
                (
                    key(&label(table, id), upcard.map(Rank::label)),
                    round6(strategy.effective_surrender(table, id, upcard)),
                )
            })
        })
        .collect()
}

/// The dealer's EVs by the page's keys, one `[draw, stop]` pair per
/// player card count from 2.
fn dealer_evs(values: &DealerValues) -> BTreeMap<String, Vec<[Option<f64>; 2]>> {
    let mut evs: BTreeMap<String, Vec<[Option<f64>; 2]>> = BTreeMap::new();
    for decision in &values.decisions {
        let row = evs.entry(key(&decision.hand, decision.upcard)).or_default();
        let at = usize::from(decision.player_cards - 2);
        row.resize(row.len().max(at + 1), [None, None]);
        row[at] = [decision.ev_hit, decision.ev_stop];
    }
    evs
}

/// The dealer's EV of playing on each hand it may surrender, by key.
fn play_evs(values: &DealerValues) -> BTreeMap<String, f64> {
    values
        .deals
        .iter()
        .map(|deal| (key(&deal.hand, deal.upcard), deal.ev_play))
        .collect()
}

/// Reveal frequencies below this are left out of the "why" sentence: the
/// average strategy's residue where the dealer does not reveal (the
/// equilibrium is solved to 1e-6 per hand, not to exact zeros).
const MIN_REVEAL: f64 = 1e-3;

/// The equilibrium's reveal frequency by (player cards, dealer total),
/// weighted by how often the dealer gets to each cell; only totals where it
/// is at least [`MIN_REVEAL`].
fn reveal_table(solution: &EquilibriumSolution) -> BTreeMap<u8, BTreeMap<u8, f64>> {
    let mut sums: BTreeMap<(u8, u8), (f64, f64)> = BTreeMap::new();
    for cell in solution.dealer_chart.iter().filter(|c| c.player_cards >= 3) {
        let sum = sums.entry((cell.player_cards, cell.total)).or_default();
        sum.0 += cell.reveal * cell.probability;
        sum.1 += cell.probability;
    }
    let mut table: BTreeMap<u8, BTreeMap<u8, f64>> = BTreeMap::new();
    for ((cards, total), (revealed, weight)) in sums {
        let frequency = if weight > 0.0 { revealed / weight } else { 0.0 };
        if frequency >= MIN_REVEAL {
            table
                .entry(cards)
                .or_default()
                .insert(total, round6(frequency));
        }
    }
    table
}

/// The fixed dealer of `[dealer.fixed]`, in words.
fn fixed_rule(table: &CompiledRules) -> String {
    let rules = table.rules();
    let fixed = &rules.dealer.fixed;
    let soft17 = if fixed.hit_soft_17 {
        " (hits soft 17)"
    } else {
        ""
    };
    let surrender = if rules.dealer.allow_surrender && fixed.surrender == SurrenderPolicy::Always {
        "surrenders every dealt hard 15"
    } else {
        "never surrenders"
    };
    let reveal = if rules.dealer.allow_reveal && fixed.reveal == RevealPolicy::On {
        let totals: Vec<String> = rules
            .dealer
            .reveal_totals
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("reveals 3+-card hands at {}", totals.join(" and "))
    } else {
        "never reveals".to_string()
    };
    format!(
        "the fixed dealer stands on {}{soft17}, {surrender} and {reveal}",
        fixed.stand_on
    )
}
