//! Baccarat through the runner: the shipped report states the exact house
//! edges the code computes, and a small grid (exact, sim, count) runs
//! through `banluck-lab run`, answers in words, keeps the exact figures
//! the same for every shoe setting, and writes the same bytes when run
//! again with the same seeds.

use std::fs;

use crate::common;

use banluck_lab::games::baccarat::bets::{BETS, bet_stats};
use banluck_lab::games::baccarat::exact::{Shoe, count_outcomes};
use banluck_lab::games::baccarat::rules::BaccaratRules;
use banluck_lab::report::{RUNS, read_frame};
use common::{manifest_dir, run_experiment};

#[test]
fn the_shipped_report_states_the_exact_house_edges() {
    let text = fs::read_to_string(manifest_dir().join("reports/baccarat/report.md")).unwrap();
    let start = text.find("**EZ payouts**").expect("an EZ table");
    let rows: Vec<Vec<String>> = text[start..]
        .lines()
        .skip_while(|l| !l.starts_with("| decks |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect();
    assert!(rows.len() >= 2, "{rows:?}");
    let payouts = BaccaratRules::default().payouts;
    for row in rows {
        let decks: u32 = row[0].parse().unwrap();
        let outcomes = count_outcomes(&Shoe::decks(decks)).unwrap();
        for (bet, cell) in BETS.iter().zip(&row[1..]) {
            let ev = bet_stats(*bet, &outcomes, &payouts).ev;
            assert_eq!(
                &format!("{:+.3}%", 100.0 * ev),
                cell,
                "{decks} decks {bet:?}"
            );
        }
    }
}

#[test]
fn a_small_grid_runs_answers_and_reruns_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let rules = manifest_dir().join("rules/ez-baccarat.toml");
    let file = dir.path().join("b.toml");
    fs::write(
        &file,
        format!(
            "name = \"b\"\nquestion = \"q\"\nrules = \"{}\"\n\
             [[axis]]\nkey = \"shoe.decks\"\nvalues = [4]\n\
             [[axis]]\nname = \"shoe\"\nlabels = [\"house\", \"deep\"]\n\
             zip.\"shoe.burn\" = [\"face_value\", \"fixed\"]\n\
             zip.\"shoe.burn_cards\" = [0, 52]\nzip.\"shoe.cut_card\" = [14, 52]\n\
             [[axis]]\nkey = \"payouts.banker_rule\"\nvalues = [\"ez\", \"commission\"]\n\
             [engines.exact]\n[engines.sim]\nhands = 400000\n[engines.count]\nshoes = 12\n",
            rules.display()
        ),
    )
    .unwrap();
    let (one, two) = (dir.path().join("one"), dir.path().join("two"));
    run_experiment(&file, &one);
    run_experiment(&file, &two);
    for name in [RUNS, "strategies.parquet", "report.md", "report.html"] {
        let (a, b) = (
            fs::read(one.join(name)).unwrap(),
            fs::read(two.join(name)).unwrap(),
        );
        assert!(
            a == b,
            "{name} differs between two runs with the same seeds"
        );
    }
    let report = fs::read_to_string(one.join("report.md")).unwrap();
    for words in [
        "House edge with EZ payouts (exact): at 4 decks Banker 1.01%",
        "House edge with classic 5% commission payouts (exact)",
        "Burn and cut card change nothing for the main bets",
        "identical for every shoe setting here",
        "They matter for counting",
        "Dragon 7 counter at 4 decks",
        "perfect information bounds it",
        "gave exactly the same figures",
    ] {
        assert!(report.contains(words), "no \"{words}\" in:\n{report}");
    }
    let html = fs::read_to_string(one.join("report.html")).unwrap();
    assert_eq!(html.matches("<svg").count(), 2, "one chart per side bet");
    // Every simulation within 4 standard errors of exact, per outcome.
    let runs = read_frame(&one.join(RUNS)).unwrap();
    let engines = runs.column("engine").unwrap().str().unwrap().clone();
    let z = runs.column("max_abs_z").unwrap().f64().unwrap().clone();
    let sims: Vec<f64> = engines
        .iter()
        .zip(z.iter())
        .filter(|(e, _)| *e == Some("sim"))
        .map(|(_, z)| z.unwrap())
        .collect();
    assert_eq!(sims.len(), 4);
    assert!(sims.iter().all(|z| *z < 4.0), "{sims:?}");
}

#[test]
fn the_shipped_folder_renders_as_baccarat_from_anywhere() {
    // The manifest names the game, so the report does not depend on the
    // rules file being readable from the working directory (here it is not:
    // the copy is rendered from an empty folder).
    let shipped = manifest_dir().join("reports/baccarat");
    let work = tempfile::tempdir().unwrap();
    let folder = work.path().join("baccarat");
    fs::create_dir(&folder).unwrap();
    for entry in fs::read_dir(&shipped).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            fs::copy(&path, folder.join(path.file_name().unwrap())).unwrap();
        }
    }
    fs::remove_file(folder.join("report.md")).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(["report", "baccarat"])
        .current_dir(work.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        fs::read_to_string(folder.join("report.md")).unwrap(),
        fs::read_to_string(shipped.join("report.md")).unwrap()
    );
}
