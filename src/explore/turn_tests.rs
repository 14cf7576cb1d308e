//! The turn page data on a small spot: its nodes, and blocks that read
//! back as the solution's class frequencies, EVs and combos.

use super::*;
use crate::cfr::Algorithm;
use crate::explore::pack::DIGITS;
use crate::games::poker::chips::Chip;
use crate::games::poker::game::{Keep, SolveOptions, Tree, solve};
use crate::games::poker::position::Position;
use crate::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use crate::games::poker::solved::SolveRun;
use crate::games::poker::spot::{GameOptions, Spot};

/// A small turn spot solved for a few iterations.
fn solved() -> SolvedSpot {
    let text = "OOP:AA,KK,AKs,QJs:S100/IP:QQ-TT,AQs,KQs:S100|P20|Kh9s4c/7d||>OOP";
    let position = Position::parse(text, Chip::default()).unwrap();
    let ranges = position.ranges(&[]).unwrap();
    let sizes = |bet: &str| PlayerSizes {
        bet: Sizes::parse(bet).unwrap(),
        raise: Sizes::parse("").unwrap(),
    };
    let street = StreetSizes {
        flop: Default::default(),
        turn: [sizes("50%"), sizes("50%")],
        river: [sizes("75%"), sizes("75%")],
    };
    let tree = Tree::build(position.street(), &position.board, &street, None).unwrap();
    let game = PokerGame::new(tree, &ranges, 1.0).unwrap();
    let spot = Spot {
        position,
        ranges,
        sizes: street,
        options: GameOptions::default(),
    };
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.0,
        max_iterations: 30,
        check_every: 10,
    };
    let solution = solve(&game, &options, Keep::All);
    let run = SolveRun {
        algorithm: "dcfr".to_string(),
        seed: None,
        target: 0.0,
    };
    SolvedSpot::new(spot, game, solution, run)
}

/// A block read back as the page reads it.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
    ev: EvCode,
}

impl Reader<'_> {
    fn read(&mut self, width: usize) -> u64 {
        let digits = &self.text[self.at..self.at + width];
        self.at += width;
        digits.iter().fold(0, |v, &c| {
            v * 64 + DIGITS.iter().position(|&d| d == c).unwrap() as u64
        })
    }

    fn ev(&mut self) -> Option<f64> {
        let v = self.read(self.ev.width);
        (v != self.ev.none()).then(|| (v as f64 - self.ev.offset as f64) / 1000.0)
    }
}

#[test]
fn nodes_are_the_turn_decisions_and_one_river_template_per_line() {
    let solved = solved();
    let data = turn_data("spot", &solved).unwrap();
    let game = &solved.game;
    let ([_, turn, _], deals, _) = game.spot_tree().counts();
    let on_turn: Vec<&TurnNodeData> = data.nodes.iter().filter(|n| n.after.is_none()).collect();
    assert_eq!(on_turn.len(), turn);
    assert_eq!(on_turn[0].path, "");
    assert_eq!(data.cards.len(), 48);
    let roots = data.nodes.iter().filter(|n| n.after.as_deref() == Some(""));
    assert_eq!(roots.count(), deals);
    for node in data.nodes.iter().filter(|n| n.after.is_some()) {
        assert_eq!(node.blocks.len(), 48, "{} / {:?}", node.path, node.after);
    }
    // After b10 c the river starts with a pot of 40 and 90 behind.
    let river = data
        .nodes
        .iter()
        .find(|n| n.path == "b10 c" && n.after.as_deref() == Some("x"))
        .unwrap();
    assert_eq!(
        (river.player, river.pot, river.stacks),
        (1, 40.0, [90.0, 90.0])
    );
    assert_eq!(river.actions, ["x", "b30"]);
    assert!(data.river_combos);
    assert_eq!(data.classes[0], ["AA", "AKs", "KK", "QJs"]);
}

#[test]
fn a_river_block_reads_back_as_the_solution() {
    let solved = solved();
    let data = turn_data("spot", &solved).unwrap();
    let (game, solution) = (&solved.game, &solved.solution);
    let tree = game.spot_tree();
    let profile = ProfileValues::new(game, &solution.strategies);
    // IP after b10 c, the river Qs, OOP checked.
    let card = data.cards.iter().position(|c| c == "Qs").unwrap();
    let entry = data
        .nodes
        .iter()
        .find(|n| n.path == "b10 c" && n.after.as_deref() == Some("x"))
        .unwrap();
    let steps =
        crate::games::poker::game::path::parse_path("b10 c Qs x", solved.position().chip).unwrap();
    let node = steps
        .iter()
        .try_fold(0, |at, &step| tree.find_from(at, step))
        .unwrap();
    let strategy = solution.strategies[node].as_ref().unwrap();
    let hands = game.combos(1);
    let (reach, evs) = (profile.reach(node, 1), profile.hand_evs(game, node, 1));
    let ev = EvCode {
        width: data.ev_width,
        offset: data.ev_offset,
    };
    let mut block = Reader {
        text: entry.blocks[card].as_bytes(),
        at: 0,
        ev,
    };
    let total = [block.read(2), block.read(2)];
    let total_ev = block.ev();
    let dead = Card::bit("Qs".parse().unwrap());
    let live = |h: usize| combo_mask(usize::from(hands[h])) & dead == 0;
    let classes = hand_classes(game, 1).1;
    let mut sums: Vec<Sums> = (0..=data.classes[1].len()).map(|_| Sums::new(2)).collect();
    for h in (0..hands.len()).filter(|&h| live(h)) {
        for at in [0, 1 + classes[h]] {
            let ps = (0..2).map(|a| strategy[a * hands.len() + h]);
            sums[at].add(reach[h], ps, evs[h].0, evs[h].1);
        }
    }
    let frequencies = |s: &Sums| [0, 1].map(|a| thousandths(s.actions[a] / s.weight));
    assert_eq!(total, frequencies(&sums[0]));
    let want_ev = sums[0].ev.0 / sums[0].ev.1;
    assert!((total_ev.unwrap() - want_ev).abs() <= 5e-4 + 1e-9);
    // Each class: its share of the reach, its frequencies and EV.
    for (class, want) in data.classes[1].iter().zip(&sums[1..]) {
        let share = block.read(2);
        assert_eq!(share, thousandths(want.weight / sums[0].weight), "{class}");
        assert_eq!([block.read(2), block.read(2)], frequencies(want), "{class}");
        let ev = block.ev().unwrap();
        assert!((ev - want.ev.0 / want.ev.1).abs() <= 5e-4 + 1e-9, "{class}");
    }
    // Then each combo; those holding the Qs are absent.
    for (h, &combo) in hands.iter().enumerate() {
        let first = block.read(2);
        if !live(h) {
            assert_eq!(
                first,
                u64::from(ABSENT),
                "{}",
                combo_name(usize::from(combo))
            );
            continue;
        }
        assert_eq!(first, thousandths(strategy[h]));
        assert_eq!(block.read(2), thousandths(strategy[hands.len() + h]));
        let shown = block.ev();
        assert_eq!(shown.is_some(), evs[h].0.is_some());
    }
    assert_eq!(block.at, block.text.len());
}
