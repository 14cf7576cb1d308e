//! Writing a strategy file: only the situations where the rules leave a
//! choice, hands in order of size, keys in a fixed order.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::cards::{CompId, Rank};
use crate::games::banluck::rules::{CompiledRules, MAX_HAND_CARDS};
use crate::games::banluck::strategy::{DealerStrategy, PlayerStrategy};

use super::format::{FORMAT, FileInfo, VERSION};

/// A JSON object whose keys keep the order they were pushed in.
struct Ordered<T>(Vec<(String, T)>);

impl<T: Serialize> Serialize for Ordered<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// A dealer probability for any number of player cards, or per number.
enum PerPlayerCards {
    All(f64),
    ByPlayerCards(Ordered<f64>),
}

impl Serialize for PerPlayerCards {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            PerPlayerCards::All(p) => serializer.serialize_f64(*p),
            PerPlayerCards::ByPlayerCards(map) => map.serialize(serializer),
        }
    }
}

/// Writes `player` (and `dealer`, when given) for `table` as a strategy file.
/// Only the situations where the rules leave a choice are written, hands in
/// order of size. The format has no dealer section keyed by the upcard: a
/// dealer strategy keyed by it is left out (`solve --write-strategy`
/// refuses it before calling this).
///
/// ```
/// use banluck_lab::games::banluck::rules::{RuleSet, CompiledRules};
/// use banluck_lab::games::banluck::strategy::PlayerStrategy;
/// use banluck_lab::games::banluck::strategy_file::{read_json, to_json, FileInfo};
/// let table = CompiledRules::compile(RuleSet::default());
/// let mut player = PlayerStrategy::stand_everywhere(&table);
/// let t6 = table.compositions().find_ranks(&banluck_lab::cards::parse_hand("T6").unwrap()).unwrap();
/// player.set_hit(t6, None, 1.0);
/// let text = to_json(&table, &player, None, &FileInfo::default());
/// assert_eq!(read_json(&text, "x.json", &table).unwrap().player, player);
/// ```
pub fn to_json(
    table: &CompiledRules,
    player: &PlayerStrategy,
    dealer: Option<&DealerStrategy>,
    info: &FileInfo,
) -> String {
    let index = table.compositions();
    let hands: Vec<CompId> = (2..=MAX_HAND_CARDS)
        .flat_map(|n| index.of_size(n))
        .collect();
    let choices: Vec<CompId> = hands
        .iter()
        .copied()
        .filter(|&id| table.player(id).may_hit && !table.player(id).must_hit)
        .collect();
    let player_table = |upcard: Option<Rank>| {
        Ordered(
            choices
                .iter()
                .map(|&id| (index.label(id), player.hit_probability(id, upcard)))
                .collect(),
        )
    };
    let (hit, hit_by_upcard) = if player.by_upcard {
        let tables = Rank::all()
            .map(|up| (up.label().to_string(), player_table(Some(up))))
            .collect();
        (None, Some(Ordered(tables)))
    } else {
        (Some(player_table(None)), None)
    };
    let written = Written {
        format: FORMAT,
        version: VERSION,
        engine: info.engine.as_deref(),
        description: info.description.as_deref(),
        rules_hash: table.hash(),
        ev: info.ev,
        player: WrittenPlayer { hit, hit_by_upcard },
        dealer: dealer
            .filter(|d| !d.by_upcard)
            .map(|d| dealer_section(table, d, &hands)),
    };
    let mut text = serde_json::to_string_pretty(&written).expect("strategies always serialize");
    text.push('\n');
    text
}

/// The file as written, keys in this order.
#[derive(Serialize)]
struct Written<'a> {
    format: &'static str,
    version: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    engine: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
    rules_hash: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ev: Option<f64>,
    player: WrittenPlayer,
    #[serde(skip_serializing_if = "Option::is_none")]
    dealer: Option<WrittenDealer>,
}

#[derive(Serialize)]
struct WrittenPlayer {
    #[serde(skip_serializing_if = "Option::is_none")]
    hit: Option<Ordered<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hit_by_upcard: Option<Ordered<Ordered<f64>>>,
}

#[derive(Serialize)]
struct WrittenDealer {
    hit: Ordered<PerPlayerCards>,
    reveal: Ordered<PerPlayerCards>,
    surrender: Ordered<f64>,
}

fn dealer_section(
    table: &CompiledRules,
    dealer: &DealerStrategy,
    hands: &[CompId],
) -> WrittenDealer {
    let index = table.compositions();
    let per_player_cards = |values: &[f64], id: CompId| {
        let row: Vec<(u8, f64)> = (2..=MAX_HAND_CARDS)
            .map(|n| (n, values[DealerStrategy::index(id, n)]))
            .collect();
        if row.iter().all(|(_, p)| *p == row[0].1) {
            PerPlayerCards::All(row[0].1)
        } else {
            PerPlayerCards::ByPlayerCards(Ordered(
                row.into_iter().map(|(n, p)| (n.to_string(), p)).collect(),
            ))
        }
    };
    let rows = |keep: &dyn Fn(CompId) -> bool, values: &[f64]| {
        Ordered(
            hands
                .iter()
                .filter(|&&id| keep(id))
                .map(|&id| (index.label(id), per_player_cards(values, id)))
                .collect(),
        )
    };
    WrittenDealer {
        hit: rows(
            &|id| !table.dealer(id).must_stand && !table.dealer(id).must_hit,
            &dealer.hit,
        ),
        reveal: rows(&|id| table.dealer(id).may_reveal, &dealer.reveal),
        surrender: Ordered(
            hands
                .iter()
                .filter(|&&id| table.dealer(id).may_surrender)
                .map(|&id| (index.label(id), dealer.surrender[id as usize]))
                .collect(),
        ),
    }
}
