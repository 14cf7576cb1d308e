//! The experiment runner through the command line: shards resumed through
//! the cache and merged into the full run, and experiment-file errors.

use crate::located;

use crate::runner_workspace;

use runner_workspace::{
    EXPERIMENT, VARIANTS, cli, cli_ok, close, floats, read, strings, workspace,
};

/// The small experiment with a short equilibrium run and a simulation as
/// well.
fn with_all_engines() -> String {
    format!(
        "{EXPERIMENT}\n[engines.cfr]\nmax_iterations = 20\ncheck_every = 10\n\
         [engines.sim]\nhands = 20_000\nseed = 5\nstrategy = \"chart\"\n"
    )
}

#[test]
fn shards_resume_through_the_cache_and_merge_into_the_full_run() {
    let (dir, _file) = workspace(&with_all_engines());
    let out = dir.path().join("out");
    // An interrupted run: only shard 0 of 5 got done. Tasks are dealt by
    // estimated cost (cfr 5, sim 1.08, dp 1 here): the four equilibria go
    // to shards 0-3, the sims and variant 0's dp to shard 4, and the other
    // dps to shards 0-2, so shard 0 holds variant 0 by cfr and variant 1
    // by dp.
    let stdout = cli_ok(dir.path(), &["run", "x.toml", "--shard", "0/5"]);
    assert!(
        stdout.contains("2 tasks (2 computed, 0 from the cache)"),
        "{stdout}"
    );
    let shard0 = read(&out.join("shard-0-of-5/runs.parquet"));
    assert_eq!(
        strings(&shard0, "variant"),
        [VARIANTS[0].0, VARIANTS[1].0].map(|v| Some(v.to_string()))
    );
    assert_eq!(
        strings(&shard0, "engine"),
        ["cfr", "dp"].map(|e| Some(e.to_string()))
    );
    assert!(!out.join("runs.parquet").exists());

    // The full run reuses the finished tasks.
    let stdout = cli_ok(dir.path(), &["run", "x.toml"]);
    assert!(
        stdout.contains("12 tasks (10 computed, 2 from the cache)"),
        "{stdout}"
    );
    let full = read(&out.join("runs.parquet"));
    let convergence = read(&out.join("convergence.parquet"));
    assert_eq!(
        convergence.height(),
        4 * 3,
        "iterations 0, 10, 20 per variant"
    );
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("Exploitability by iteration"));
    assert!(
        !html.contains("Exploitability by time"),
        "no timing in a report"
    );
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(markdown.contains("at the equilibrium"), "{markdown}");
    assert!(markdown.contains(": dealer (cfr)"), "{markdown}");

    // The simulation is checked against the exact value of its variant.
    let engines = strings(&full, "engine");
    let (ev, exact, z, std_err) = (
        floats(&full, "ev"),
        floats(&full, "exact"),
        floats(&full, "z"),
        floats(&full, "std_err"),
    );
    for (i, engine) in engines.iter().enumerate() {
        if engine.as_deref() == Some("sim") {
            assert_eq!(
                exact[i],
                floats(&full, "ev_chart")[i - 2],
                "the dp row of the variant"
            );
            let expected = (ev[i].unwrap() - exact[i].unwrap()) / std_err[i].unwrap();
            assert!(close(z[i], expected));
        }
    }
    assert!(
        markdown.contains("## Exact against simulated"),
        "{markdown}"
    );

    // The other shards are all cache; merging them gives the full tables.
    for shard in ["1/5", "2/5", "3/5", "4/5"] {
        let stdout = cli_ok(dir.path(), &["run", "x.toml", "--shard", shard]);
        assert!(stdout.contains("(0 computed, "), "{stdout}");
    }
    let merged = dir.path().join("merged");
    let stdout = cli_ok(
        dir.path(),
        &[
            "merge",
            "out/shard-2-of-5",
            "out/shard-0-of-5",
            "out/shard-4-of-5",
            "out/shard-1-of-5",
            "out/shard-3-of-5",
            "--output",
            "merged",
        ],
    );
    assert!(stdout.contains("12 of 12 runs"), "{stdout}");
    let joined = read(&merged.join("runs.parquet"));
    assert!(joined.equals_missing(&full));
    assert_eq!(
        read(&merged.join("timings.parquet")).height(),
        read(&out.join("timings.parquet")).height()
    );
    for table in ["strategies.parquet", "hands.parquet", "convergence.parquet"] {
        assert!(read(&merged.join(table)).equals_missing(&read(&out.join(table))));
    }
    assert!(merged.join("report.html").is_file());

    // Missing tasks are refused, named with their shards; --partial
    // merges what there is, without --output into the folder holding the
    // shards.
    std::fs::remove_file(out.join("runs.parquet")).unwrap();
    let missing = cli(
        dir.path(),
        &["merge", "out/shard-0-of-5", "out/shard-1-of-5"],
    );
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert_eq!(missing.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("8 of 12 tasks are in none of the folders")
            && stderr.contains("shard(s) 2, 3, 4 of 5")
            && stderr.contains("sbatch --array=2,3,4"),
        "{stderr}"
    );
    assert!(!out.join("runs.parquet").exists());
    let stdout = cli_ok(
        dir.path(),
        &["merge", "out/shard-0-of-5", "out/shard-1-of-5", "--partial"],
    );
    assert!(
        stdout.contains("4 of 12 runs") && stdout.contains("partial"),
        "{stdout}"
    );
    assert_eq!(read(&out.join("runs.parquet")).height(), 4);

    // Overlapping folders are refused.
    let overlap = cli(
        dir.path(),
        &["merge", "out/shard-0-of-5", "merged", "--output", "again"],
    );
    assert!(!overlap.status.success());
    assert!(String::from_utf8_lossy(&overlap.stderr).contains("overlap"));
}

#[test]
fn experiment_file_errors_exit_2_naming_the_file_and_the_key() {
    let head = "name = \"x\"\nquestion = \"Q?\"\nrules = \"banluck.toml\"\n[engines.dp]\n";
    let cases = [
        (
            format!("{head}[[axis]]\nkey = \"deck.decks\"\nvalues = [1]\nvalus = [2]\n"),
            "axis.0.valus",
            "unknown key",
        ),
        (
            format!("{head}[[axis]]\nkey = \"dealer.fixed.revel\"\nvalues = [\"on\"]\n"),
            "axis.0.key",
            "not a rule key",
        ),
        (head.to_string(), "axis", "grid is empty"),
        (
            format!(
                "{head}[[axis]]\nname = \"s\"\nzip.\"dealer.allow_surrender\" = [true, false]\n\
                 zip.\"dealer.fixed.surrender\" = [\"always\"]\n"
            ),
            "axis.0.zip",
            "same number of values",
        ),
        (
            format!("{head}[[axis]]\nkey = \"dealer.fixed.reveal\"\nvalues = [\"sometimes\"]\n"),
            "axis.0.values",
            "allowed values: \"off\", \"on\"",
        ),
        (
            head.replace("[engines.dp]", "[engines.dpp]")
                + "[[axis]]\nkey = \"deck.decks\"\nvalues = [1]\n",
            "engines.dpp",
            "allowed keys here: dp, cfr, sim",
        ),
    ];
    for (body, key, words) in cases {
        let (dir, _file) = workspace(&body);
        let out = cli(dir.path(), &["run", "x.toml"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{key}: {stderr}");
        assert!(
            located::names_the_place(&stderr, "x.toml", key, &body),
            "{key}: {stderr}"
        );
        assert!(stderr.contains(&format!("`{key}`")), "{key}: {stderr}");
        assert!(stderr.contains(words), "{key}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn a_cache_that_cannot_be_written_is_named_in_the_error() {
    let (dir, _) = workspace(EXPERIMENT);
    // `out/.cache` is a file, so the cache folder cannot be made.
    std::fs::create_dir_all(dir.path().join("out")).unwrap();
    std::fs::write(dir.path().join("out/.cache"), "not a folder").unwrap();
    let out = cli(dir.path(), &["run", "x.toml", "--quiet"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("cannot write the cache: out/.cache:"),
        "{stderr}"
    );
}
