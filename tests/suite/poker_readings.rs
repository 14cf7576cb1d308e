//! The interpreter's readings other than a street's own
//! ([`SolvedSpot::hand_rows_as`]): root down on a turn spot (the lab's
//! report rows: every hand, its weight times its own actions' frequencies
//! multiplied from the root, 0 holding the river card, with the profile's
//! EVs), and the profile's on a river and a flop spot once the spot has
//! one ([`SolvedSpot::with_profile`], the solver page's reading).

use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::combo::combo_mask;
use banluck_lab::games::poker::game::path::parse_path;
use banluck_lab::games::poker::game::{NodeKind, ProfileValues, Step};
use banluck_lab::games::poker::solved::{Reading, SolvedSpot};

use crate::poker_solved::{FLOP, RIVER, TURN, solved};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// `player`'s weights times their own actions' frequencies on the way to
/// `index`, multiplied from the root down.
fn root_down(spot: &SolvedSpot, index: usize, player: usize) -> Vec<f64> {
    let tree = spot.game.spot_tree();
    let mut reach = spot.game.weights(player).to_vec();
    let hands = reach.len();
    let mut at = 0;
    for step in tree.path(index) {
        if let (
            NodeKind::Decision {
                player: actor,
                actions,
                ..
            },
            Step::Action(action),
        ) = (&tree.nodes[at].kind, step)
            && *actor == player
        {
            let k = actions.iter().position(|&a| a == action).unwrap();
            let strategy = spot.solution.strategies[at].as_ref().unwrap();
            for (h, r) in reach.iter_mut().enumerate() {
                *r *= strategy[k * hands + h];
            }
        }
        at = tree.find_from(at, step).unwrap();
    }
    reach
}

#[test]
fn a_turn_node_read_root_down_lists_every_hand_with_the_profile_evs() {
    let spot = solved(TURN);
    let profile = ProfileValues::new(&spot.game, &spot.solution.strategies);
    let steps = parse_path("x b10 c Td", Chip::default()).unwrap();
    let node = spot.find(&steps, [None, None]).unwrap();
    for player in [0, 1] {
        let rows = spot.hand_rows_as(node, player, Reading::RootDown);
        let combos = spot.game.combos(player);
        assert_eq!(rows.len(), combos.len());
        let reach = root_down(&spot, node, player);
        let evs = profile.hand_evs(&spot.game, node, player);
        let mut zeroed = 0;
        for (h, row) in rows.iter().enumerate() {
            assert_eq!(row.combo, usize::from(combos[h]));
            if combo_mask(row.combo) & card("Td").bit() != 0 {
                assert_eq!(row.reach, 0.0);
                zeroed += 1;
            } else {
                assert_eq!(row.reach, reach[h]);
            }
            let ev = row.ev.unwrap();
            assert_eq!((ev.ev, ev.weight), evs[h]);
        }
        assert!(zeroed > 0, "some hand holds the river card");
    }
    let view = spot.node_as(node, Reading::RootDown).unwrap();
    assert_eq!(view.path, "x b10 c Td");
    assert!(
        view.hands
            .iter()
            .all(|row| row.strategy.len() == view.actions.len())
    );
}

#[test]
fn with_a_profile_a_river_node_reads_the_profile_evs() {
    let spot = solved(RIVER);
    assert!(spot.profile().is_none());
    assert!(
        spot.hand_rows_as(0, 0, Reading::Profile)
            .iter()
            .all(|row| row.ev.is_none())
    );
    let spot = spot.with_profile();
    let rows = spot.hand_rows_as(0, 0, Reading::Profile);
    // On the river the profile's reach is the root-down product.
    let reach: Vec<f64> = rows.iter().map(|row| row.reach).collect();
    assert_eq!(reach, root_down(&spot, 0, 0));
    // The EVs at the root, weighted by their weights, are OOP's value.
    let (sum, weight) = rows.iter().fold((0.0, 0.0), |(sum, weight), row| {
        let ev = row.ev.unwrap();
        (sum + ev.weight * ev.ev.unwrap(), weight + ev.weight)
    });
    let value = spot.solution.value[0];
    assert!(
        (sum / weight - value).abs() < 1e-6,
        "{} vs {value}",
        sum / weight
    );
    let view = spot.node_as(0, Reading::Profile).unwrap();
    assert_eq!(view.summary().total.ev().unwrap(), sum / weight);
}

#[test]
fn with_a_profile_a_flop_node_below_a_deal_lists_the_live_hands() {
    let spot = solved(FLOP).with_profile();
    let steps = parse_path("x x Ad", Chip::default()).unwrap();
    let node = spot.find(&steps, [None, None]).unwrap();
    let view = spot.node_as(node, Reading::Profile).unwrap();
    let profile = ProfileValues::new(&spot.game, &spot.solution.strategies);
    let reach = profile.reach(node, view.player);
    let combos = spot.game.combos(view.player);
    let live: Vec<usize> = (0..combos.len())
        .filter(|&h| combo_mask(usize::from(combos[h])) & card("Ad").bit() == 0)
        .collect();
    assert!(live.len() < combos.len());
    assert_eq!(view.hands.len(), live.len());
    for (row, &h) in view.hands.iter().zip(&live) {
        assert_eq!(row.reach, reach[h]);
        assert!(row.ev.is_some());
        assert!(row.equity.is_none_or(|e| (-1e-9..=1.0 + 1e-9).contains(&e)));
    }
}
