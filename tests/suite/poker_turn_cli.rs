//! Turn spots through the binary and on disk: `poker solve` on a
//! four-card board (JSON contract with `memory_bytes`, river sizes),
//! `--out` files (their round trip is in poker_save.rs), `poker show` in the river
//! subgame after a turn line and a river card, and bad inputs that exit 2
//! naming the character.

use crate::binary;

use binary::run;

use serde_json::Value;

const TURN: &str =
    "OOP:AA,KK,AKs,QJs,T9s,65s:S100/IP:QQ-TT,AQs,KQs,JTs,87s:S100|P20|Kh9s4c/7d||>OOP";

#[test]
fn a_turn_spot_solves_saves_and_shows_the_river_subgame() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("turn.bin");
    let file = file.to_str().unwrap();
    let args = [
        "poker",
        "solve",
        TURN,
        "--bet",
        "50%",
        "--raise",
        "",
        "--river-bet",
        "75%",
        "--river-ip-bet",
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
    let value = [0, 1].map(|p| json["value"][["oop", "ip"][p]].as_f64().unwrap());
    assert!((value[0] + value[1] - 20.0).abs() < 1e-9);
    let bracket = [0, 1].map(|i| json["bracket"][i].as_f64().unwrap());
    assert!(bracket[0] <= value[0] + 1e-9 && value[0] <= bracket[1] + 1e-9);
    assert!(json["exploitability"].as_f64().unwrap() <= 0.0005 * 20.0);
    assert!(json["memory_bytes"].as_u64().unwrap() > 100_000);
    assert_eq!(json["sizes"]["river"]["oop"]["bet"], "75%");
    assert_eq!(json["sizes"]["river"]["ip"]["bet"], "");
    assert_eq!(json["sizes"]["turn"]["ip"]["bet"], "50%");
    // The turn's decision nodes in preorder, by path tokens.
    let paths: Vec<&str> = json["nodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["path"].as_str().unwrap())
        .collect();
    assert_eq!(paths, ["", "x", "x b10", "b10"]);
    // The river after a called bet and the 2s, by --river or in the path
    // (OOP bets every hand at the root, so a check-through is not reached).
    let (code, by_flag, err) = run(&["poker", "show", file, "--node", "b10 c", "--river", "2s"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        by_flag.contains("node      b10 c 2s OOP to act, pot 40"),
        "{by_flag}"
    );
    assert!(by_flag.contains("strategy  OOP: x "), "{by_flag}");
    assert!(by_flag.contains(" · EV "), "{by_flag}");
    let (_, in_path, _) = run(&["poker", "show", file, "--node", "b10c2s"]);
    assert_eq!(by_flag, in_path);
    // The values in the file are the solve's.
    let header = format!("value     OOP {:.4}  IP {:.4}", value[0], value[1]);
    assert!(by_flag.contains(&header), "{by_flag}\n{header}");
    // IP facing a river bet after a called turn bet, hand by hand: the
    // river Qs removes AsQs.
    let (code, text, err) = run(&[
        "poker",
        "show",
        file,
        "--node",
        "b10 c Qs b30",
        "--hand",
        "AQs",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("node      b10 c Qs b30 IP to act, pot 70"),
        "{text}"
    );
    for combo in ["AcQc", "AdQd", "AhQh"] {
        assert!(text.contains(&format!("IP {combo}: f ")), "{text}");
    }
    assert!(!text.contains("AsQs"), "{text}");
}

/// The 1-based column of the first `needle` in `text`.
fn column(text: &str, needle: &str) -> usize {
    text.find(needle).unwrap() + 1
}

#[test]
fn bad_turn_inputs_exit_2_naming_the_character() {
    let bad_suit = "OOP:AA:S100/IP:KK:S100|P20|Td9d6h/Qx||>OOP";
    let twice = "OOP:AA:S100/IP:KK:S100|P20|Td9d6h/Td||>OOP";
    // A flop board is a flop spot now (issue 24); no board is still refused.
    let flop = "OOP:AA:S100/IP:KK:S100|P20|||>OOP";
    let history = "OOP:AA:S100/IP:KK:S100|P20|Td9d6h/Qc|xb10r5|>OOP";
    let cases = [
        (bad_suit, column(bad_suit, "x|"), "suit"),
        (twice, column(twice, "/Td") + 1, "twice"),
        (flop, column(flop, "||>"), "the turn (4 cards) or the river"),
        (history, column(history, "r5"), "raise"),
    ];
    for (position, at, message) in cases {
        let (code, _, err) = run(&["poker", "solve", position]);
        assert_eq!(code, Some(2), "{position}: {err}");
        assert!(
            err.contains(&format!("at character {at})")),
            "{position}: {err}"
        );
        assert!(err.contains(message), "{position}: {err}");
    }
    let river = "OOP:AA:S100/IP:KK:S100|P20|Td9d6hQc2s||>OOP";
    let (code, _, err) = run(&["poker", "solve", river, "--river-bet", "50%"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--river-bet applies to turn spots"), "{err}");
    let turn = "OOP:AA:S100/IP:KK:S100|P20|Td9d6hQc||>OOP";
    let (code, _, err) = run(&["poker", "solve", turn, "--river-raise", "6O%"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--river-raise"), "{err}");
    // A spot too large for the memory guard is refused before solving
    // (every hand on both sides and six bets, three raises: 8.9 GB).
    let every = "22+,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32";
    let (code, _, err) = run(&[
        "poker",
        "solve",
        "OOP:??:S400/IP:??:S400|P20|Ks8h5d/3c||>OOP",
        "--range",
        &format!("OOP={every}"),
        "--range",
        &format!("IP={every}"),
        "--bet",
        "20%, 33%, 50%, 75%, 125%, a",
        "--raise",
        "40%, 100%, a",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("more than 8 GB"), "{err}");
    // Browsing a saved turn solution.
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("turn.bin");
    let file = file.to_str().unwrap();
    let (code, _, err) = run(&[
        "poker",
        "solve",
        turn,
        "--bet",
        "50%",
        "--raise",
        "",
        "--iterations",
        "20",
        "--out",
        file,
    ]);
    assert_eq!(code, Some(0), "{err}");
    let shows: [(&[&str], &str); 6] = [
        (&["--node", "x z"], "at character 3"),
        (&["--node", "x x"], "reaches the deal"),
        (
            &["--node", "x x 2s", "--river", "3s"],
            "--river says otherwise",
        ),
        (&["--node", "b10 x"], "the actions there: f, c"),
        (
            &["--node", "x", "--river", "2s"],
            "does not reach the river",
        ),
        (&["--river", "2x"], "--river"),
    ];
    for (extra, message) in shows {
        let mut args = vec!["poker", "show", file];
        args.extend(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{extra:?}: {err}");
        assert!(err.contains(message), "{extra:?}: {err}");
    }
    let mut damaged = std::fs::read(file).unwrap();
    let last = damaged.len() - 40;
    damaged[last] ^= 0xff;
    std::fs::write(file, damaged).unwrap();
    let (code, _, err) = run(&["poker", "show", file]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("damaged"), "{err}");
}
