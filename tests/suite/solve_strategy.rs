//! `solve --strategy`: the exact EV of a user's own strategy and its leaks,
//! for Banluck strategy files and blackjack chart files.

use std::path::Path;
use std::process::Command;

use banluck_lab::games::banluck::dp;
use banluck_lab::games::banluck::rules::{CompiledRules, RuleSet};
use banluck_lab::games::banluck::strategy::DealerStrategy;
use banluck_lab::games::banluck::strategy_file::{FileInfo, read_json, to_json};
use banluck_lab::games::blackjack::policy_eval::{
    BlackjackChart, ChartMove, Code, engine_chart, evaluate_chart,
};
use banluck_lab::games::blackjack::rules::load_blackjack_rules;
use banluck_lab::games::blackjack::{self, rules::BlackjackRules};

fn canonical() -> CompiledRules {
    CompiledRules::compile(RuleSet::default())
}

fn six_decks() -> BlackjackRules {
    load_blackjack_rules(Some(Path::new("rules/blackjack-6d-s17.toml")), &[]).unwrap()
}

/// `banluck-lab ARGS` from the crate root: (exit code, stdout, stderr).
fn cli(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The DP's optimal strategy, written as a strategy file and read back,
/// costs nothing and plays for the DP's EV.
#[test]
fn optimal_strategy_file_costs_nothing() {
    let table = canonical();
    let solution = dp::solve(&table);
    let text = to_json(&table, &solution.player, None, &FileInfo::default());
    let loaded = read_json(&text, "optimal.json", &table).unwrap();
    let report = dp::leaks(&table, &loaded.player, &DealerStrategy::fixed(&table));
    assert!((report.ev - solution.ev).abs() < 1e-12, "{}", report.ev);
    assert!((report.optimal_ev - solution.ev).abs() < 1e-12);
    assert!(report.loss.abs() < 1e-12, "{}", report.loss);
    assert!(report.leaks.is_empty(), "{:?}", report.leaks.first());
}

/// Hitting T-6 (the optimum stands) is the only leak: its cost is the
/// hand's probability of playing on times (stand EV − hit EV) from
/// `advise`, and it is the whole loss.
#[test]
fn one_changed_decision_is_the_top_leak_with_its_exact_size() {
    let table = canonical();
    let solution = dp::solve(&table);
    let t6 = table.find_hand("T 6").unwrap();
    let mut player = solution.player.clone();
    assert_eq!(player.hit_probability(t6, None), 0.0);
    player.set_hit(t6, None, 1.0);
    let report = dp::leaks(&table, &player, &DealerStrategy::fixed(&table));
    let exact_loss =
        solution.ev - dp::evaluate(&table, &player, &DealerStrategy::fixed(&table)).mean();
    assert!((report.loss - exact_loss).abs() < 1e-12);
    let top = &report.leaks[0];
    assert_eq!((top.cards, top.total, top.soft), (2, 16, false));
    assert_eq!(top.optimal, dp::Action::Stand);
    // T-6 is the class's only hand that differs, so the class's leak is its.
    let advice = dp::advise(&table, t6, None);
    let per_hand = advice.ev_stand - advice.ev_hit;
    assert!(per_hand > 0.0);
    // The class's reach also counts 9-7, whose play did not change; the
    // cost is T-6's alone.
    let t6_reach = reach_of_t6(&table);
    assert!(top.reach > t6_reach);
    // Of the class (T-6 and 9-7), the user hits with T-6 only.
    assert!((top.user_hit - t6_reach / top.reach).abs() < 1e-12);
    assert!(
        top.describe()
            .ends_with("% of the time on hard 16 with 2 cards")
    );
    let expected = t6_reach * per_hand;
    assert!(
        (top.cost - expected).abs() < 1e-12,
        "{} vs {expected}",
        top.cost
    );
    assert!((top.cost - report.loss).abs() < 1e-12);
    assert_eq!(report.leaks.len(), 1);
}

/// P(dealt T-6 and the hand plays on): the DP's stand value of T-6 given
/// that it plays on, against its unnormalised value from the composition
/// table, is that probability.
fn reach_of_t6(table: &CompiledRules) -> f64 {
    let dealt = 2.0 * 16.0 / 52.0 * 4.0 / 51.0;
    let fixed = DealerStrategy::fixed(table);
    let comps = table.compositions();
    let t6 = table.find_hand("T 6").unwrap();
    // Dealer two-card hands that play on, given T-6 out of the deck.
    let mut plays_on = 0.0;
    for dealer in comps.of_size(2) {
        let p = table
            .deck()
            .composition_probability(comps.counts(t6), comps.counts(dealer));
        let hand = table.hand(dealer);
        let surrender = fixed.mean_surrender(table, dealer);
        if !hand.class.is_deal_special() {
            plays_on += p * (1.0 - surrender);
        }
    }
    dealt * plays_on
}

/// A stand-on-17 chart: the leaks add up to the exact loss, and the EVs
/// are the exact evaluator's.
#[test]
fn leaks_add_up_to_the_exact_loss() {
    let table = canonical();
    let chart = banluck_lab::games::banluck::strategy_file::Chart::stand17();
    let player = chart.expand(&table).unwrap();
    let fixed = DealerStrategy::fixed(&table);
    let report = dp::leaks(&table, &player, &fixed);
    assert!((report.ev - dp::evaluate(&table, &player, &fixed).mean()).abs() < 1e-12);
    assert!(report.loss > 0.01);
    assert!((report.leak_sum - report.loss).abs() < 1e-12);
    assert!(report.leaks.windows(2).all(|w| w[0].cost >= w[1].cost));
    assert!(report.leaks.iter().all(|l| l.cost > -1e-15));
}

/// Hitting below 17 as a chart is exactly the engine's fixed-rule value.
#[test]
fn blackjack_hit_below_chart_matches_the_engine_rule() {
    let rules = six_decks();
    let eval = evaluate_chart(&rules, &BlackjackChart::hit_below(17));
    assert!((eval.ev - blackjack::evaluate_hit_below(&rules, 17)).abs() < 1e-12);
    assert!((eval.leak_sum - eval.loss).abs() < 1e-12);
}

/// The engine's chart, written and read back, gives the same EV; the
/// optimum beside it is the engine's composition-dependent EV.
#[test]
fn blackjack_engine_chart_round_trips_and_costs_little() {
    let rules = six_decks();
    let solution = blackjack::solve(&rules);
    let chart = engine_chart(&solution.chart);
    let eval = evaluate_chart(&rules, &chart);
    assert!((eval.optimal_ev - solution.ev).abs() < 1e-12);
    assert!(eval.loss >= 0.0 && eval.loss < 1e-3, "{}", eval.loss);
    assert!((eval.leak_sum - eval.loss).abs() < 1e-12);
    let again = BlackjackChart::parse(&chart.to_toml("test"), "again.toml").unwrap();
    assert_eq!(again, chart);
    assert_eq!(evaluate_chart(&rules, &again).ev, eval.ev);
}

/// Hitting hard 11 against a 6 instead of doubling: the top leak, costing
/// P(hand) × (double EV − hit EV) over the cell's hands from the engine's
/// own hand table.
#[test]
fn blackjack_one_changed_cell_is_the_top_leak() {
    let rules = six_decks();
    let solution = blackjack::solve(&rules);
    let mut chart = engine_chart(&solution.chart);
    let six = banluck_lab::cards::Rank::from_label("6").unwrap();
    assert_eq!(chart.total_code(11, false, six), Code::Dh);
    chart.set("hard 11", six, Code::H);
    let eval = evaluate_chart(&rules, &chart);
    let p_six = solution
        .upcards
        .iter()
        .find(|u| u.upcard == '6')
        .unwrap()
        .probability;
    let expected: f64 = solution
        .hands
        .iter()
        .filter(|h| h.upcard == '6' && h.total == 11 && !h.soft)
        .map(|h| h.probability * p_six * (h.double.unwrap() - h.hit))
        .sum();
    let top = &eval.leaks[0];
    assert_eq!((top.upcard, top.row.as_str()), ('6', "hard 11"));
    assert_eq!(top.action, ChartMove::Hit);
    assert!(top.first_decision);
    assert!(expected > 0.0);
    assert!(
        (top.cost - expected).abs() < 1e-12,
        "{} vs {expected}",
        top.cost
    );
    assert!((eval.leak_sum - eval.loss).abs() < 1e-12);
}

/// The CLI with `--json`: Banluck and blackjack.
#[test]
fn cli_json_for_both_games() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.toml");
    std::fs::write(&mine, "[player]\nhit_below = 17\n\"soft 17\" = \"hit\"\n").unwrap();
    let (code, out, err) = cli(&[
        "solve",
        "--rules",
        "rules/banluck.toml",
        "--strategy",
        mine.to_str().unwrap(),
        "--json",
        "--target-exploitability",
        "1e-3",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let table = canonical();
    let player = banluck_lab::games::banluck::strategy_file::load_strategy(&mine, &table)
        .unwrap()
        .player;
    let report = dp::leaks(&table, &player, &DealerStrategy::fixed(&table));
    let fixed = &v["vs_fixed_dealer"];
    assert_eq!(fixed["ev"].as_f64().unwrap(), report.ev);
    assert_eq!(fixed["optimal_ev"].as_f64().unwrap(), report.optimal_ev);
    let best = v["vs_best_response_dealer"]["ev"].as_f64().unwrap();
    assert!(best <= report.ev + 1e-12, "{best} vs {}", report.ev);
    let leaks = v["leaks"].as_array().unwrap();
    assert_eq!(leaks.len(), report.leaks.len());
    assert!(leaks[0]["description"].as_str().unwrap().contains("cards"));
    assert!(
        leaks
            .windows(2)
            .all(|w| w[0]["cost"].as_f64() >= w[1]["cost"].as_f64())
    );

    let chart = dir.path().join("chart.toml");
    let (code, _, err) = cli(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--write-chart",
        chart.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = cli(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--strategy",
        chart.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rules = six_decks();
    let engine = evaluate_chart(&rules, &engine_chart(&blackjack::solve(&rules).chart));
    assert_eq!(v["ev"].as_f64().unwrap(), engine.ev);
    assert_eq!(v["leaks"].as_array().unwrap().len(), engine.leaks.len());
}

/// The shipped example chart loads and plays close to the optimum.
#[test]
fn shipped_example_chart_evaluates() {
    let (code, out, err) = cli(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--strategy",
        "tests/charts/blackjack-basic.toml",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let loss = v["loss"].as_f64().unwrap();
    assert!(loss > 0.0 && loss < 0.005, "{loss}");
}

/// Bad strategy and chart files exit 2 naming the file, the key and (for
/// charts) the line.
#[test]
fn bad_files_exit_2_with_file_key_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[player]\nhit_below = 17\n\"soft 99\" = \"hit\"\n").unwrap();
    let (code, _, err) = cli(&[
        "solve",
        "--rules",
        "rules/banluck.toml",
        "--strategy",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("bad.toml:3: player.\"soft 99\""), "{err}");
    let text = std::fs::read_to_string("tests/charts/blackjack-basic.toml").unwrap();
    let line = text.lines().position(|l| l.starts_with("\"16\"")).unwrap() + 1;
    let broken = text.replacen("\"16\" = \"", "\"16\" = \"X ", 1);
    std::fs::write(&bad, broken).unwrap();
    let (code, _, err) = cli(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--strategy",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains(&format!("bad.toml:{line}: hard.16")), "{err}");
    let missing = text.replace("\"13\"", "\"21\"");
    std::fs::write(&bad, missing).unwrap();
    let (code, _, err) = cli(&[
        "solve",
        "--rules",
        "rules/blackjack-6d-s17.toml",
        "--strategy",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing row"), "{err}");
    let (code, _, err) = cli(&[
        "solve",
        "--rules",
        "rules/banluck.toml",
        "--strategy",
        "Cargo.lock",
    ]);
    assert_eq!(code, 2, "{err}");
}
