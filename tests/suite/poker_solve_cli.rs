//! `banluck-lab poker solve|show` through the binary: the JSON contract,
//! a saved solution shown again, and bad inputs that exit 2.

use crate::binary;

use binary::run;

use serde_json::Value;

const SEED: &str = "BTN:AA,KK,AKs:S100/BB:QQ-JJ,AJs-ATs:S100|P20|Kh9s4c7d2s|>BTN";

#[test]
fn solve_prints_the_json_contract_and_show_reads_it_back() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("spot.json");
    let file = file.to_str().unwrap();
    let args = [
        "poker",
        "solve",
        SEED,
        "--bet",
        "66%, 150%",
        "--raise",
        "",
        "--target",
        "0.05%",
        "--json",
        "--out",
        file,
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    // The file holds what was printed: each node shown again is the solve's.
    for (at, node) in json["nodes"].as_array().unwrap().iter().enumerate() {
        let path = node["path"].as_str().unwrap();
        let (code, shown, err) = run(&["poker", "show", file, "--node", path, "--json"]);
        assert_eq!(code, Some(0), "{path}: {err}");
        let mut expected = json.clone();
        expected["nodes"] = serde_json::json!([json["nodes"][at]]);
        assert_eq!(serde_json::from_str::<Value>(&shown).unwrap(), expected);
    }
    let (oop, ip) = (
        json["value"]["oop"].as_f64().unwrap(),
        json["value"]["ip"].as_f64().unwrap(),
    );
    assert!((oop + ip - 20.0).abs() < 1e-9);
    let exploitability = json["exploitability"].as_f64().unwrap();
    assert!(exploitability <= 0.0005 * 20.0);
    let pct = json["exploitability_pct_pot"].as_f64().unwrap();
    assert!((pct - exploitability / 20.0 * 100.0).abs() < 1e-12);
    let bracket = [0, 1].map(|i| json["bracket"][i].as_f64().unwrap());
    assert!(
        bracket[0] - 1e-9 <= oop && oop <= bracket[1] + 1e-9,
        "{bracket:?} {oop}"
    );
    assert!(json["iterations"].as_u64().unwrap() > 0);
    assert!(json["seconds"].as_f64().is_some());
    // Every decision node, by path, with a strategy per hand summing to 1.
    let nodes = json["nodes"].as_array().unwrap();
    let paths: Vec<&str> = nodes.iter().map(|n| n["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["", "x", "b13", "b30", "xb13", "xb30"]);
    assert_eq!(nodes[0]["actions"], serde_json::json!(["x", "b13", "b30"]));
    assert_eq!(nodes[0]["hands"].as_array().unwrap().len(), 12);
    for node in nodes {
        for probabilities in node["strategy"].as_array().unwrap() {
            let sum: f64 = probabilities
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_f64().unwrap())
                .sum();
            assert!((sum - 1.0).abs() < 1e-9);
        }
    }
    // The text shows the root's aggregate and one line per class.
    let (code, text, err) = run(&["poker", "show", file]);
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("strategy  BTN: x "), "{text}");
    for class in ["BTN AA: x", "BTN KK: x", "BTN AKs: x"] {
        assert!(text.contains(class), "{text}");
    }
    let (code, text, err) = run(&["poker", "show", file, "--node", "xb30"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(text.contains("node      xb30 BTN to act"), "{text}");
    assert!(text.contains("strategy  BTN: f "), "{text}");
}

#[test]
fn bad_inputs_exit_2_with_a_message() {
    let river = "OOP:??:S100/IP:??:S100|P20|Ks8h5d3c2h||>OOP";
    let cases: &[&[&str]] = &[
        &[
            "poker",
            "solve",
            "OOP:AA:S100/IP:KK:S100|P20|Ks8h5d3c2|>OOP",
        ],
        // A flop board is a flop spot now (issue 24); two cards are no board.
        &["poker", "solve", "OOP:AA:S100/IP:KK:S100|P20|Ks8h|>OOP"],
        &["poker", "solve", river],
        &[
            "poker", "solve", river, "--range", "OOP=AA", "--range", "IP=KX",
        ],
        &[
            "poker", "solve", river, "--range", "OOP=AA", "--range", "IP=KK", "--bet", "abc",
        ],
        &[
            "poker", "solve", river, "--range", "OOP=AA", "--range", "IP=KK", "--target", "-1%",
        ],
        &[
            "poker",
            "solve",
            river,
            "--range",
            "OOP=AA",
            "--range",
            "IP=KK",
            "--algorithm",
            "cfr",
        ],
        &[
            "poker",
            "solve",
            "OOP:AcAd:S100/IP:AcAh:S100|P20|Ks8h5d3c2h||>OOP",
        ],
        &["poker", "show", "/nonexistent/solution.json"],
    ];
    for args in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") || err.contains("error:"),
            "{args:?}: {err}"
        );
    }
    let folder = tempfile::tempdir().unwrap();
    let bad = folder.path().join("bad.json");
    std::fs::write(&bad, "{\"nodes\": 3}").unwrap();
    let (code, _, err) = run(&["poker", "show", bad.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn cfr_plus_and_an_iteration_count_are_accepted() {
    let spot = "OOP:AA,QQ:S100/IP:KK:S100|P20|Ks8h5d3c2h||>OOP";
    let (code, out, err) = run(&[
        "poker",
        "solve",
        spot,
        "--algorithm",
        "cfr+",
        "--iterations",
        "7",
        "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["iterations"], 7);
    assert_eq!(json["algorithm"], "cfr+");
}
