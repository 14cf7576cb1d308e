//! The interpreter of a solved spot ([`SolvedSpot`]): on a river spot a
//! node's reach is the root-down product `decisions_breadth_first` gives,
//! on a turn spot the profile's reach and EVs over the live hands, on a
//! flop spot the own reach with dealt-card hands at 0; class and range
//! sums add up the rows; `find` reaches a node by path or by the cards
//! given apart and says which input is wrong otherwise.

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::card::Card;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::combo::combo_mask;
use banluck_lab::games::poker::game::path::parse_path;
use banluck_lab::games::poker::game::{Keep, ProfileValues, SolveOptions, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use banluck_lab::games::poker::solved::{SolveRun, SolvedSpot};
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};

/// `position` solved briefly with half-pot bets and no raises.
pub fn solved(position: &str) -> SolvedSpot {
    let position = Position::parse(position, Chip::default()).unwrap();
    let half = PlayerSizes {
        bet: Sizes::parse("50%").unwrap(),
        raise: Sizes::parse("").unwrap(),
    };
    let spot = Spot {
        ranges: position.ranges(&[]).unwrap(),
        position,
        sizes: StreetSizes::every_street([half.clone(), half]),
        options: GameOptions::default(),
    };
    let game = build_game(&spot).unwrap();
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.0,
        max_iterations: 60,
        check_every: 30,
    };
    let solution = solve(&game, &options, Keep::All);
    let run = SolveRun {
        algorithm: "dcfr".to_string(),
        seed: None,
        target: 0.0,
    };
    SolvedSpot::new(spot, game, solution, run)
}

pub const RIVER: &str = "OOP:AA,KK,QQ,AKs,76s:S100/IP:KK-TT,AQs,87s:S100|P20|Ks8h5d3c2h||>OOP";
pub const TURN: &str = "OOP:AA,KK,AKs,T9s:S100/IP:QQ-TT,AQs,87s:S100|P20|Kh9s4c7d||>OOP";
pub const FLOP: &str = "OOP:AA,AKs:S100/IP:KK-JJ,AQs:S100|P20|Th9h2c||>OOP";

fn cards(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn a_river_node_reads_the_root_down_reach() {
    let spot = solved(RIVER);
    let listed = spot.listed_nodes();
    let decisions = spot.game.decisions_breadth_first(&spot.solution.strategies);
    assert_eq!(listed.len(), decisions.len());
    for (view, decision) in listed.iter().zip(&decisions) {
        assert_eq!(view.index, decision.index);
        let reach: Vec<f64> = view.hands.iter().map(|h| h.reach).collect();
        assert_eq!(reach, decision.reach, "node {}", view.path);
        assert!(view.hands.iter().all(|h| h.ev.is_none()));
        assert!(
            view.hands
                .iter()
                .all(|h| h.strategy.len() == view.actions.len())
        );
    }
    let steps = parse_path("xb10", Chip::default()).unwrap();
    let node = spot.find(&steps, [None, None]).unwrap();
    assert_eq!(spot.node(node).unwrap().path, "xb10");
    let sums = listed[0].summary();
    let weight: f64 = listed[0].hands.iter().map(|h| h.reach).sum();
    assert!((sums.total.weight - weight).abs() < 1e-12);
    let frequencies: f64 = (0..listed[0].actions.len())
        .map(|k| sums.total.frequency(k))
        .sum();
    assert!((frequencies - 1.0).abs() < 1e-9);
    let class_weight: f64 = sums.classes.iter().flatten().map(|c| c.weight).sum();
    assert!((class_weight - weight).abs() < 1e-9);
    let error = spot.find(&steps, [Some(cards("2s")), None]).unwrap_err();
    assert_eq!(error.input(), "--turn");
    assert!(
        error.message.contains("a river solution deals no turn"),
        "{error}"
    );
    let error = spot.find(&parse_path("b30", Chip::default()).unwrap(), [None, None]);
    assert!(
        error
            .unwrap_err()
            .message
            .contains("is no action at the root")
    );
}

#[test]
fn a_turn_node_reads_the_profile_over_live_hands() {
    let spot = solved(TURN);
    let profile = ProfileValues::new(&spot.game, &spot.solution.strategies);
    let steps = parse_path("x x 2s", Chip::default()).unwrap();
    let node = spot.find(&steps, [None, None]).unwrap();
    let view = spot.node(node).unwrap();
    assert_eq!(view.path, "x x 2s");
    let reach = profile.reach(node, view.player);
    let evs = profile.hand_evs(&spot.game, node, view.player);
    let combos = spot.game.combos(view.player);
    let live: Vec<usize> = (0..combos.len())
        .filter(|&h| combo_mask(usize::from(combos[h])) & cards("2s").bit() == 0)
        .collect();
    assert_eq!(view.hands.len(), live.len());
    for (row, &h) in view.hands.iter().zip(&live) {
        assert_eq!(row.reach, reach[h]);
        let ev = row.ev.unwrap();
        assert_eq!((ev.ev, ev.weight), evs[h]);
        assert!(
            row.equity.is_none_or(|e| (-1e-9..=1.0 + 1e-9).contains(&e)),
            "{:?}",
            row.equity
        );
    }
    assert!(view.hands.iter().any(|row| row.equity.is_some()));
    // The river given apart reaches the same node; a clash, a missing
    // card and an unused one are refused with the input to change.
    let steps = parse_path("x x", Chip::default()).unwrap();
    assert_eq!(spot.find(&steps, [None, Some(cards("2s"))]), Ok(node));
    let clash = parse_path("x x 3s", Chip::default()).unwrap();
    let error = spot.find(&clash, [None, Some(cards("2s"))]).unwrap_err();
    assert!(
        error.to_string().contains("--river says otherwise"),
        "{error}"
    );
    let error = spot.find(&steps, [None, None]).unwrap_err();
    assert!(error.message.contains("reaches the deal"), "{error}");
    let short = parse_path("x", Chip::default()).unwrap();
    let error = spot.find(&short, [None, Some(cards("2s"))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "--river: the path does not reach the river"
    );
    let dealt = parse_path("x x Kh", Chip::default()).unwrap();
    let error = spot.find(&dealt, [None, None]).unwrap_err();
    assert!(
        error.message.contains("is no card left in the deck"),
        "{error}"
    );
}

#[test]
fn a_flop_node_reads_the_own_reach() {
    let spot = solved(FLOP);
    let listed = spot.listed_nodes();
    assert!(listed.iter().all(|view| view.dealt == [None, None]));
    let steps = parse_path("x x", Chip::default()).unwrap();
    let node = spot.find(&steps, [Some(cards("Ad")), None]).unwrap();
    let view = spot.node(node).unwrap();
    let own = spot
        .game
        .own_reach(&spot.solution.strategies, node, view.player);
    assert_eq!(view.hands.len(), own.len());
    for (row, own) in view.hands.iter().zip(own) {
        let dead = combo_mask(row.combo) & cards("Ad").bit() != 0;
        assert_eq!(row.reach, if dead { 0.0 } else { own });
        assert!(row.ev.is_none());
    }
    // Spades are solved as diamonds here (the board has no spade or diamond).
    let error = spot.find(&steps, [Some(cards("As")), None]).unwrap_err();
    assert!(error.message.contains("solved as Ad"), "{error}");
}
