//! Flop spots through the binary: a spot whose ranges make the turn and
//! the river irrelevant (the nuts against any range) against the hand
//! calculation, `--dry-run`, `--memory-limit` and the size flags
//! of streets a spot does not have (exit 2).

use crate::binary;

use binary::run;
use serde_json::Value;

/// OOP holds the royal flush (JhTh on `AhKhQh`): no turn or river card
/// can tie or beat it, so IP, whatever it holds, never puts a chip in.
const ROYAL: &str = "OOP:JhTh:S100/IP:KK,QQ,22,T9s:S100|P100|AhKhQh||>OOP";

#[test]
fn the_nuts_against_any_range_win_the_pot_and_nothing_more() {
    let args = ["poker", "solve", ROYAL, "--target", "0.01%", "--json"];
    let (code, out, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    // By hand: OOP wins the pot of 100 and nothing more.
    let value = json["value"]["oop"].as_f64().unwrap();
    assert!((value - 100.0).abs() < 0.02, "{value}");
    // IP gets nothing: no chip it puts in ever comes back. (Per-node
    // strategies are not checked: the bets OOP never makes lead to nodes
    // that are never reached and keep the uniform strategy.)
    let ip = json["value"]["ip"].as_f64().unwrap();
    assert!(ip.abs() < 0.02, "{ip}");
    assert_eq!(json["sizes"]["river"]["oop"]["bet"], "33%, 75%");
}

/// A spot for the memory flags.
const NUTS_AND_AIR: &str = "OOP:AcKc,2c3c:S100/IP:KK:S100|P100|AsAhAd||>OOP";

#[test]
fn dry_run_prints_the_size_and_the_limit_refuses_a_bigger_solve() {
    let (code, out, err) = run(&["poker", "solve", NUTS_AND_AIR, "--dry-run", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let bytes = json["memory_bytes"].as_u64().unwrap();
    assert!(bytes > 1_000_000, "{bytes}");
    assert!(json["tree"]["nodes"].as_u64().unwrap() > 1000);
    let limit = format!("{}", bytes - 1);
    let (code, _, err) = run(&["poker", "solve", NUTS_AND_AIR, "--memory-limit", &limit]);
    assert_eq!(code, Some(2));
    assert!(err.contains("more than --memory-limit"), "{err}");
    assert!(err.contains(&format!("{bytes} bytes")), "{err}");
    let (code, _, err) = run(&["poker", "solve", NUTS_AND_AIR, "--memory-limit", "lots"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--memory-limit lots"), "{err}");
}

#[test]
fn a_size_flag_for_a_street_the_spot_does_not_have_exits_2() {
    let turn = "OOP:AA:S100/IP:KK:S100|P20|Kh9s4c7d||>OOP";
    let river = "OOP:AA:S100/IP:KK:S100|P20|Kh9s4c7d2s||>OOP";
    for (spot, flag) in [
        (turn, "--flop-bet"),
        (river, "--flop-oop-raise"),
        (river, "--turn-ip-bet"),
        (river, "--river-bet"),
    ] {
        let (code, _, err) = run(&["poker", "solve", spot, flag, "50%"]);
        assert_eq!(code, Some(2), "{flag}: {err}");
        assert!(err.contains(&format!("{flag} applies to")), "{err}");
    }
    let (code, _, err) = run(&["poker", "solve", NUTS_AND_AIR, "--turn-bet", "5x"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--turn-bet"), "{err}");
}
