//! `banluck-lab poker range|tree` through the binary: JSON counts and grids,
//! hand-computed trees, and bad ranges, positions and sizes that exit 2
//! with the string and a caret under the bad character.

use crate::binary;

use binary::run;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let (code, out, err) = run(args);
    assert_eq!(code, Some(0), "{err}");
    serde_json::from_str(&out).unwrap()
}

/// The node of a tree JSON with this path.
fn node<'a>(tree: &'a Value, path: &str) -> &'a Value {
    tree["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["path"] == path)
        .unwrap_or_else(|| panic!("no node {path}"))
}

const RIVER: &str = "OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h||>OOP";

#[test]
fn range_json_has_counts_and_the_grid() {
    let range = "AA,KK-JJ,AKs,AQs-ATs:0.5,K9o+";
    let out = json(&["poker", "range", range, "--board", "Ks 8h 5d", "--json"]);
    // AA 6, KK 3, QQ 6, JJ 6, AKs 3 (no Ks), AQs-ATs 12 at half weight,
    // K9o+ 4 × 9 (no Ks).
    assert_eq!(out["combos"], 72);
    assert_eq!(out["weighted"].as_f64(), Some(66.0));
    assert_eq!(out["board"], "Ks8h5d");
    assert_eq!(out["labels"][0][0], "AA");
    assert_eq!(out["labels"][0][1], "AKs");
    assert_eq!(out["labels"][1][0], "AKo");
    assert_eq!(out["grid"][0][1].as_f64(), Some(3.0));
    assert_eq!(out["grid"][0][2].as_f64(), Some(2.0));
    assert_eq!(out["grid_combos"][0][2], 4);
    assert_eq!(out["grid_combos"][2][1], 9);
    let total: f64 = out["grid"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.as_f64().unwrap()))
        .sum();
    assert!((total - 66.0).abs() < 1e-9);
    let (code, text, _) = run(&["poker", "range", "22+"]);
    assert_eq!(code, Some(0));
    assert!(text.contains("combos   78 (78 weighted) of 1326"), "{text}");
    assert!(
        text.lines().any(|l| l.starts_with("AA     6 AKs    .")),
        "{text}"
    );
}

#[test]
fn bad_ranges_and_boards_exit_2_and_point_at_the_character() {
    for (args, needle) in [
        (vec!["poker", "range", "AA,KX"], "in `KX`"),
        (vec!["poker", "range", "AA:2"], "weight from 0 to 1"),
        (vec!["poker", "range", "QQ-AKs"], "span"),
        (vec!["poker", "range", "AA", "--board", "AsAs7d"], "twice"),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(err.contains('^'), "{args:?}: {err}");
    }
    let (_, _, err) = run(&["poker", "range", "AA,KX"]);
    assert!(err.contains("  AA,KX\n      ^"), "{err}");
}

#[test]
fn a_66_percent_bet_into_20_is_13() {
    let tree = json(&[
        "poker", "tree", RIVER, "--bet", "66%", "--raise", "", "--json",
    ]);
    assert_eq!(
        (tree["decisions"].as_u64(), tree["terminals"].as_u64()),
        (Some(4), Some(5))
    );
    assert_eq!(tree["position"], RIVER);
    assert!(tree["combos"].is_null());
    let root = node(&tree, "");
    assert_eq!(root["player"], "OOP");
    let actions: Vec<&str> = root["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["x", "b13"]);
    let call = node(&tree, "xb13c");
    assert_eq!(call["kind"], "showdown");
    assert_eq!(call["pot"].as_f64(), Some(46.0));
    assert_eq!(call["committed"]["OOP"].as_f64(), Some(13.0));
    let fold = node(&tree, "b13f");
    assert_eq!(
        (fold["kind"].as_str(), fold["folder"].as_str()),
        (Some("fold"), Some("IP"))
    );
}

#[test]
fn per_player_sizes_raise_to_all_in_and_merge() {
    let tree = json(&[
        "poker",
        "tree",
        RIVER,
        "--oop-bet",
        "75%, 76%",
        "--oop-raise",
        "100%",
        "--ip-bet",
        "",
        "--ip-raise",
        "100%, a",
        "--json",
    ]);
    // 75 % and 76 % of 20 (15 and 15.2) are both 15; IP's 100 % raise goes to
    // 15 + 50 = 65; OOP's 100 % re-raise (65 + 150) is capped all-in at 100.
    for path in [
        "b15",
        "b15r65",
        "b15r100",
        "b15r65r100",
        "b15r65r100c",
        "b15r100f",
        "xx",
    ] {
        node(&tree, path);
    }
    assert_eq!(node(&tree, "")["actions"].as_array().unwrap().len(), 2);
    assert_eq!(node(&tree, "x")["actions"].as_array().unwrap().len(), 1);
    assert_eq!(
        node(&tree, "b15r65r100")["actions"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(tree["nodes"].as_array().unwrap().len(), 15);
    // The same tree from a position whose history already holds the bet.
    let after = json(&[
        "poker",
        "tree",
        "OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h|b15|>OOP",
        "--raise",
        "100%, a",
        "--json",
    ]);
    // Paths hold the whole street: the position's history first.
    assert_eq!(node(&after, "b15r65")["player"], "OOP");
    assert_eq!(node(&after, "b15")["pot"].as_f64(), Some(35.0));
    assert_eq!(after["nodes"][0]["path"], "b15");
}

#[test]
fn ranges_are_counted_when_known() {
    let tree = json(&[
        "poker",
        "tree",
        "OOP:??:S100/IP:AA,KK:0.5:S100|P20|Ks8h5d3c2h||>OOP",
        "--range",
        "OOP=22+",
        "--json",
    ]);
    // 22+ without the pairs of K, 8, 5, 3, 2 (3 combos each left of 6).
    assert_eq!(tree["combos"]["OOP"]["combos"], 78 - 15);
    assert_eq!(tree["combos"]["IP"]["combos"], 9);
    assert_eq!(tree["combos"]["IP"]["weighted"].as_f64(), Some(7.5));
    for (args, needle) in [
        (vec!["--range", "BB=AA"], "no player is called BB"),
        (
            vec!["--range", "OOP=22+", "--range", "IP=AA"],
            "already has cards",
        ),
        (vec!["--range", "OOP=AX"], "in `AX`"),
        (vec!["--range", "OOP"], "POS=RANGE"),
    ] {
        let mut all = vec![
            "poker",
            "tree",
            "OOP:??:S100/IP:AA:S100|P20|Ks8h5d3c2h||>OOP",
        ];
        all.extend(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn halves_with_chip_one_half() {
    let position = "A:??:S50/B:??:S50|P2.5|Ks8h5d3c2h||>A";
    let tree = json(&[
        "poker", "tree", position, "--bet", "50%", "--raise", "", "--chip", "0.5", "--json",
    ]);
    // 50 % of 2.5 is 1.25: rounds half away from zero to 1.5 in half chips.
    assert!(node(&tree, "b1.5").is_object());
    let (code, text, _) = run(&[
        "poker", "tree", position, "--bet", "50%", "--raise", "", "--chip", "0.5",
    ]);
    assert_eq!(code, Some(0));
    assert!(text.contains("xb1.5c"), "{text}");
}

#[test]
fn bad_positions_and_sizes_exit_2_with_a_caret() {
    for (args, needle) in [
        (vec![RIVER, "--bet", "33%, 7x%"], "--bet: in `7x%`"),
        (vec![RIVER, "--ip-raise", "a, q"], "--ip-raise: in `q`"),
        (
            vec!["OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h||>BB"],
            "not a player",
        ),
        (
            vec!["OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h|b10r11|>OOP"],
            "a raise must go to 20",
        ),
        (
            vec!["OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h|xx|>OOP"],
            "ends the street",
        ),
        (
            vec!["OOP:??:S100/IP:??:S100|P20.5|Ks8h5d3c2h||>OOP"],
            "whole number",
        ),
        (vec!["OOP:??:S100|P20|Ks8h5d3c2h||>OOP"], "two players"),
    ] {
        let mut all = vec!["poker", "tree"];
        all.extend(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(err.contains('^'), "{args:?}: {err}");
    }
    for (args, needle) in [
        (vec!["OOP:??:S100/IP:??:S100|P20|Ks8h5d||>OOP"], "river"),
        (vec![RIVER, "--chip", "0"], "--chip"),
        (
            vec![RIVER, "--bet", "1%", "--raise", "1%, 2%, 3%, 4%, 5%"],
            "more than",
        ),
    ] {
        let mut all = vec!["poker", "tree"];
        all.extend(&args);
        let (code, _, err) = run(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
