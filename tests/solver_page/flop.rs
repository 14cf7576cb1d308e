//! Flop spots in the page (the flop, every turn and every river card in
//! one tree, as `poker solve` solves them; refused with the estimate when
//! they would not fit in the page's memory), and sizes per player and per
//! street, as `poker solve`'s flags give them.

use super::driver::{Spot, assert_combo_strategies, assert_matches_cli, go, open_page, wait_for};

/// The seed's flop example with one bet size and no raises: small enough
/// to solve in the page in seconds.
const FLOP: Spot = Spot {
    board: "Th9h2c",
    pot: "30",
    stacks: ["100", "100"],
    ranges: ["AA,AKs", "KK-JJ,AQs-AJs"],
    bet: "50%",
    raise: "",
    sizes: &[],
    target_pct: "0.2",
};

#[test]
fn page_solves_a_flop_spot_as_poker_solve_does_and_refuses_a_big_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut browser = open_page(dir.path());

    let page = FLOP.solve_in_page(&mut browser);
    let cli = FLOP.solve_cli();
    assert_matches_cli(&page, &cli);
    eprintln!(
        "flop spot in the page: {} iterations in {:.3} s to {:.4} % of the pot (poker solve: {:.3} s)",
        page["iterations"],
        page["seconds"].as_f64().unwrap(),
        page["pct"].as_f64().unwrap(),
        cli["seconds"].as_f64().unwrap()
    );
    // The flop root's strategy per combo is the solver's.
    assert_combo_strategies(&mut browser, &cli["nodes"][0], "x", "AKs");

    // Down the tree: the flop checked through, a turn card, the turn
    // checked through, a river card, and IP's river decision.
    go(&mut browser, "x", "x: IP to act");
    let deal = go(&mut browser, "x", "x x: the turn card is dealt");
    assert!(deal.contains("pot 30"), "{deal}");
    // Diamonds and spades are alike (neither is on the board, both ranges
    // treat them alike): a spade is solved as the diamond of its rank.
    let mirrors = browser.eval("document.getElementById('strategy').textContent");
    assert!(mirrors.as_str().unwrap().contains("As as Ad"), "{mirrors}");
    go(&mut browser, "Ad", "x x Ad: OOP to act");
    go(&mut browser, "x", "x x Ad x: IP to act");
    go(&mut browser, "x", "x x Ad x x: the river card is dealt");
    go(&mut browser, "3d", "x x Ad x x 3d: OOP to act");
    let title = go(&mut browser, "x", "x x Ad x x 3d x: IP to act");
    assert!(title.ends_with("pot 30"), "{title}");
    // Hands holding a dealt card are out of the grids.
    let shown = browser.eval(
        "Array.from(document.querySelectorAll('#grids .grid[data-action=\"x\"] button[data-frequency]')).map(b => b.dataset.class)",
    );
    let shown = shown.as_array().unwrap();
    assert!(shown.iter().any(|c| c == "KK"), "{shown:?}");

    // A wide spot with raises: refused with its estimate, as a message on
    // the page (238 362 nodes; the f32 solver needs 0.5 GB, the values the
    // page computes from the strategies about 2 GB more). Without the
    // raises the f32 solver's spot fits in the page.
    let wide = Spot {
        ranges: [
            "22+,A2s+,K9s+,QTs+,JTs,A9o+,KTo+,QJo",
            "22+,A2s+,K8s+,Q9s+,J9s+,T9s,98s,A8o+,KTo+,QTo+,JTo",
        ],
        raise: "60%",
        ..FLOP
    };
    wide.submit(&mut browser);
    wait_for(
        &mut browser,
        "document.getElementById('error').textContent !== ''",
        "the refusal",
    );
    let error = browser.eval("document.getElementById('error').textContent");
    let error = error.as_str().unwrap();
    assert!(
        error.contains("GB")
            && error.contains("--dry-run")
            && error.contains("more than the page's 1.61 GB"),
        "{error}"
    );
    browser.assert_no_errors();
}

#[test]
fn page_takes_sizes_per_player_and_street_as_poker_solve_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut browser = open_page(dir.path());

    // A river spot where OOP bets half the pot and IP the pot, and only
    // OOP raises.
    let river = Spot {
        board: "Qs9h6d4c2s",
        pot: "40",
        stacks: ["100", "100"],
        ranges: ["22+,A2s+,KTs+,ATo+,KJo+", "22+,A2s+,K9s+,Q9s+,A9o+,KTo+"],
        bet: "75%",
        raise: "60%",
        sizes: &[("oop-bet", "50%"), ("ip-bet", "100%"), ("ip-raise", "none")],
        target_pct: "0.05",
    };
    let page = river.solve_in_page(&mut browser);
    let cli = river.solve_cli();
    assert_matches_cli(&page, &cli);
    assert_combo_strategies(&mut browser, &cli["nodes"][0], "b20", "AKs");
    go(&mut browser, "x", "x: IP to act");
    let actions = browser.eval(
        "Array.from(document.querySelectorAll('#children button')).map(b => b.dataset.action)",
    );
    assert_eq!(actions, serde_json::json!(["x", "b40"]));

    // A flop spot with sizes of one player on one street.
    let flop = Spot {
        sizes: &[("flop-ip-bet", "100%"), ("river-oop-bet", "33%")],
        ..FLOP
    };
    let page = flop.solve_in_page(&mut browser);
    assert_matches_cli(&page, &flop.solve_cli());
    go(&mut browser, "x", "x: IP to act");
    let actions = browser.eval(
        "Array.from(document.querySelectorAll('#children button')).map(b => b.dataset.action)",
    );
    assert_eq!(actions, serde_json::json!(["x", "b30"]));

    browser.assert_no_errors();
}
