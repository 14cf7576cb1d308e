//! Poker spots in the experiment runner, through the binary: spot files
//! and axis values with mistakes exit 2 naming the file and the key; a
//! tiny grid runs into Parquet with every hand's frequencies summing to 1
//! at every node; its values are `poker solve`'s for the same spot; the
//! report renders its grids and renders again to the same bytes.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::process::Command;

use banluck_lab::report::columns::{floats, strings};
use banluck_lab::report::read_frame;
use serde_json::Value;

/// The tiny spot: 18 OOP combos against 16 IP combos on a river.
const SPOT: &str = r#"game = "poker"
[spot]
position = "OOP:??:S100/IP:??:S100|P20|Kh9s4c7d2s||>OOP"
[ranges]
oop = "AA,KK,AKs"
ip = "QQ,JJ,AJs"
[sizes]
bet = "50%"
raise = ""
"#;

/// Runs the binary from `dir`: (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Writes `spot.toml` (`spot`) and `grid.toml`, a grid over bet sizes
/// (`values`) solved to 0.01 % of the pot, into `dir`.
fn write_grid(dir: &Path, spot: &str, values: &str) {
    fs::write(dir.join("spot.toml"), spot).unwrap();
    let grid = format!(
        "name = \"tiny\"\nquestion = \"q\"\nrules = \"spot.toml\"\n\
         [[axis]]\nkey = \"sizes.bet\"\nvalues = {values}\n\
         [engines.solve]\ntarget_pct_pot = 0.01\n"
    );
    fs::write(dir.join("grid.toml"), grid).unwrap();
}

#[test]
fn mistakes_in_the_spot_or_an_axis_exit_2_naming_file_and_key() {
    let cases = [
        ("bogus = 1\n", "spot.toml", "`bogus`", "allowed keys"),
        (
            "[ranges]\nip = \"QQ,J2x\"\n",
            "spot.toml",
            "`ranges.ip`",
            "a range is comma-separated groups",
        ),
        (
            "[sizes]\noop_bet = \"50%, q\"\n",
            "spot.toml",
            "`sizes.oop_bet`",
            "sizes are percents of the pot",
        ),
    ];
    for (extra, file, key, allowed) in cases {
        let dir = tempfile::tempdir().unwrap();
        // A later table of the same name would be a TOML error: put the
        // mistake in a file that extends the good one.
        fs::write(dir.path().join("base.toml"), SPOT).unwrap();
        let spot = format!("game = \"poker\"\nextends = \"base.toml\"\n{extra}");
        write_grid(dir.path(), &spot, "[\"50%\"]");
        let (code, _, err) = run(dir.path(), &["run", "grid.toml", "--quiet"]);
        assert_eq!(code, Some(2), "{extra}: {err}");
        assert!(err.contains(file) && err.contains(key), "{extra}: {err}");
        assert!(err.contains(allowed), "{extra}: {err}");
    }
    // A bad value on an axis is placed on the axis.
    let dir = tempfile::tempdir().unwrap();
    write_grid(dir.path(), SPOT, "[\"50%\", \"7x%\"]");
    let (code, _, err) = run(dir.path(), &["run", "grid.toml", "--quiet"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("grid.toml") && err.contains("axis.0.values"),
        "{err}"
    );
    assert!(err.contains("sizes.bet") && err.contains("7x%"), "{err}");
}

/// The runs and decision rows of a tiny grid run in `dir`.
fn run_tiny(dir: &Path) {
    write_grid(dir, SPOT, "[\"50%\", \"50%, a\"]");
    let (code, _, err) = run(dir, &["run", "grid.toml", "--output", "out", "--quiet"]);
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn a_tiny_grid_writes_every_hands_strategy_summing_to_one() {
    let dir = tempfile::tempdir().unwrap();
    run_tiny(dir.path());
    let out = dir.path().join("out");
    let runs = read_frame(&out.join("runs.parquet")).unwrap();
    assert_eq!(runs.height(), 2);
    assert_eq!(
        strings(&runs, "sizes_ip_bet").unwrap(),
        [Some("50%".into()), Some("50%, a".into())]
    );
    let rows = read_frame(&out.join("strategies.parquet")).unwrap();
    let (variants, nodes, hands) = (
        strings(&rows, "variant").unwrap(),
        strings(&rows, "node").unwrap(),
        strings(&rows, "hand").unwrap(),
    );
    let (classes, players) = (
        strings(&rows, "class").unwrap(),
        strings(&rows, "player").unwrap(),
    );
    let frequencies = floats(&rows, "frequency").unwrap();
    let mut sums: BTreeMap<(String, String, String), f64> = BTreeMap::new();
    for i in 0..rows.height() {
        let key = (
            variants[i].clone().unwrap(),
            nodes[i].clone().unwrap(),
            hands[i].clone().unwrap(),
        );
        *sums.entry(key).or_default() += frequencies[i].unwrap();
        let class = classes[i].as_deref().unwrap();
        assert!(
            ["AA", "KK", "AKs", "QQ", "JJ", "AJs"].contains(&class),
            "{class}"
        );
        assert!(["OOP", "IP"].contains(&players[i].as_deref().unwrap()));
    }
    // OOP: AA 6, KK 3 and AKs 3 (the Kh is on the board); IP: QQ 6, JJ 6,
    // AJs 4. Every (variant, node, hand) sums to 1.
    assert_eq!(floats(&runs, "oop_combos").unwrap()[0], Some(12.0));
    assert_eq!(floats(&runs, "ip_combos").unwrap()[0], Some(16.0));
    for (key, sum) in &sums {
        assert!((sum - 1.0).abs() < 1e-9, "{key:?}: {sum}");
    }
    let roots = sums.keys().filter(|k| k.1.is_empty()).count();
    assert_eq!(roots, 2 * 12);
    // Root, after a check, facing a bet (twice), and more with all-in.
    assert!(sums.len() >= 2 * (12 + 16 + 16 + 12), "{}", sums.len());
}

#[test]
fn the_familys_values_are_poker_solves() {
    let dir = tempfile::tempdir().unwrap();
    run_tiny(dir.path());
    let runs = read_frame(&dir.path().join("out/runs.parquet")).unwrap();
    let (code, out, err) = run(
        dir.path(),
        &[
            "poker",
            "solve",
            "OOP:AA,KK,AKs:S100/IP:QQ,JJ,AJs:S100|P20|Kh9s4c7d2s||>OOP",
            "--bet",
            "50%",
            "--raise",
            "",
            "--target",
            "0.01%",
            "--json",
        ],
    );
    assert_eq!(code, Some(0), "{err}");
    let json: Value = serde_json::from_str(&out).unwrap();
    let figure = |name: &str| floats(&runs, name).unwrap()[0].unwrap();
    assert_eq!(figure("value_oop"), json["value"]["oop"].as_f64().unwrap());
    assert_eq!(figure("value_ip"), json["value"]["ip"].as_f64().unwrap());
    assert_eq!(
        figure("exploitability"),
        json["exploitability"].as_f64().unwrap()
    );
    assert_eq!(figure("bracket_lo"), json["bracket"][0].as_f64().unwrap());
    assert_eq!(figure("bracket_hi"), json["bracket"][1].as_f64().unwrap());
    assert_eq!(figure("iterations"), json["iterations"].as_f64().unwrap());
    // The root strategy, hand by hand.
    let rows = read_frame(&dir.path().join("out/strategies.parquet")).unwrap();
    let (variants, nodes, hands) = (
        strings(&rows, "variant").unwrap(),
        strings(&rows, "node").unwrap(),
        strings(&rows, "hand").unwrap(),
    );
    let (frequencies, reaches) = (
        floats(&rows, "frequency").unwrap(),
        floats(&rows, "reach").unwrap(),
    );
    let first = variants[0].clone();
    let root = &json["nodes"][0];
    let mut checked = 0;
    for i in (0..rows.height()).filter(|&i| variants[i] == first && nodes[i].as_deref() == Some(""))
    {
        let hand = hands[i].as_deref().unwrap();
        let h = root["hands"]
            .as_array()
            .unwrap()
            .iter()
            .position(|n| n == hand)
            .unwrap();
        let k = checked % 2; // two actions at the root: check, bet 10
        assert_eq!(
            frequencies[i].unwrap(),
            root["strategy"][h][k].as_f64().unwrap()
        );
        assert_eq!(reaches[i].unwrap(), root["reach"][h].as_f64().unwrap());
        checked += 1;
    }
    assert_eq!(checked, 2 * root["hands"].as_array().unwrap().len());
}

#[test]
fn the_report_renders_its_grids_and_renders_again_the_same() {
    let dir = tempfile::tempdir().unwrap();
    run_tiny(dir.path());
    let out = dir.path().join("out");
    let markdown = fs::read_to_string(out.join("report.md")).unwrap();
    let html = fs::read_to_string(out.join("report.html")).unwrap();
    assert!(markdown.contains("## The answer"), "{markdown}");
    assert!(markdown.contains("OOP checks"), "{markdown}");
    assert!(
        markdown.contains("### bet=50%: OOP at the root"),
        "{markdown}"
    );
    assert!(
        markdown.contains("### bet=50%: IP after a check"),
        "{markdown}"
    );
    assert!(markdown.contains("| **A** |"), "{markdown}");
    // Two variants × two nodes × two or three actions.
    let grids = html.matches("<table class=\"grid\">").count();
    assert!((8..=12).contains(&grids), "{grids}");
    assert!(html.contains("<b>AKs</b>"), "{html}");
    let (code, _, err) = run(dir.path(), &["report", "out"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(fs::read_to_string(out.join("report.md")).unwrap(), markdown);
    assert_eq!(fs::read_to_string(out.join("report.html")).unwrap(), html);
}

#[test]
fn a_spot_with_a_history_starts_the_tree_there() {
    let dir = tempfile::tempdir().unwrap();
    let spot = SPOT.replace("Kh9s4c7d2s||>OOP", "Kh9s4c7d2s|x|>OOP");
    write_grid(dir.path(), &spot, "[\"50%\"]");
    let (code, stdout, err) = run(dir.path(), &["run", "grid.toml", "--output", "out"]);
    assert_eq!(code, Some(0), "{err}");
    // A poker grid has no single-hand rows: no hands.parquet, and the
    // summary lists the tables it wrote.
    assert!(
        stdout.contains("(runs.parquet, strategies.parquet, convergence.parquet, report.md"),
        "{stdout}"
    );
    let out = dir.path().join("out");
    assert!(!out.join("hands.parquet").exists());
    let runs = read_frame(&out.join("runs.parquet")).unwrap();
    // OOP has checked: IP acts at the root, so the OOP-root figures are null.
    assert_eq!(floats(&runs, "oop_check").unwrap(), [None]);
    assert!(floats(&runs, "value_oop").unwrap()[0].is_some());
    let rows = read_frame(&out.join("strategies.parquet")).unwrap();
    let nodes = strings(&rows, "node").unwrap();
    assert_eq!(nodes[0].as_deref(), Some("x"));
    let markdown = fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        markdown.contains("### bet=50%: IP at the root"),
        "{markdown}"
    );
    assert!(
        markdown.contains("100 behind. OOP's value is"),
        "{markdown}"
    );
}
