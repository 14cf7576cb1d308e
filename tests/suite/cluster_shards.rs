//! Shards for schedulers: `--shard auto` from Slurm array and Kubernetes
//! environments, the cost-balanced deal, resumed shards, and `merge`'s
//! refusals and byte-identical result.

use crate::runner_workspace;

use std::path::Path;
use std::process::{Command, Output};

use banluck_lab::lab::{assign, load_experiment, shard_loads, task_costs};
use banluck_lab::studies::registry;
use runner_workspace::{
    EXPERIMENT, VARIANTS, cli, cli_ok, close, floats, read, strings, workspace,
};

/// The small experiment with a short equilibrium and a simulation too.
fn mixed() -> String {
    format!(
        "{EXPERIMENT}\n[engines.cfr]\nmax_iterations = 20\ncheck_every = 10\n\
         [engines.sim]\nhands = 20_000\nseed = 5\n"
    )
}

/// Runs the binary in `dir` with `args` and exactly the environment `env`
/// among the scheduler variables.
fn with_env(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.current_dir(dir).args(args);
    for name in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_STEP",
        "JOB_COMPLETION_INDEX",
    ] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied()).output().unwrap()
}

/// The environment of task `id` of the Slurm array `min-max:step`.
fn array(id: &str, min: &str, max: &str, step: &str, count: &str) -> Vec<(&'static str, String)> {
    vec![
        ("SLURM_ARRAY_TASK_ID", id.into()),
        ("SLURM_ARRAY_TASK_MIN", min.into()),
        ("SLURM_ARRAY_TASK_MAX", max.into()),
        ("SLURM_ARRAY_TASK_STEP", step.into()),
        ("SLURM_ARRAY_TASK_COUNT", count.into()),
    ]
}

fn stdout_of(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn auto_shards_follow_offset_and_stepped_arrays_and_kubernetes() {
    let (dir, _) = workspace(&mixed());
    let dry = ["run", "x.toml", "--shard", "auto", "--dry-run"];
    let cases = [
        (array("7", "5", "9", "1", "5"), "shard 2/5"),
        (array("6", "0", "10", "2", "6"), "shard 3/6"),
        (array("0", "0", "5", "1", "6"), "shard 0/6"),
    ];
    for (env, expected) in cases {
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let stdout = stdout_of(&with_env(dir.path(), &dry, &env));
        assert!(stdout.starts_with(expected), "{stdout}");
        assert!(stdout.contains("(dry run: nothing computed)"), "{stdout}");
    }
    // The dry run lists the shard's tasks and computes nothing.
    let stdout = stdout_of(&with_env(
        dir.path(),
        &[&dry[..], &["--shards", "4"]].concat(),
        &[("JOB_COMPLETION_INDEX", "3")],
    ));
    assert!(stdout.starts_with("shard 3/4: "), "{stdout}");
    assert!(
        stdout.contains("task 10: variant `reveal=on, ban_ban=2:1` by cfr"),
        "{stdout}"
    );
    assert!(!dir.path().join("out").exists());
    // A re-submitted shard of a 6-shard array (`sbatch --array=4`).
    let env = array("4", "4", "4", "1", "1");
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let stdout = stdout_of(&with_env(
        dir.path(),
        &[&dry[..], &["--shards", "6"]].concat(),
        &env,
    ));
    assert!(stdout.starts_with("shard 4/6"), "{stdout}");
}

/// Scheduler variables and their values.
type Env = Vec<(&'static str, &'static str)>;

#[test]
fn bad_scheduler_environments_exit_2_naming_the_variable() {
    let (dir, _) = workspace(&mixed());
    let run = ["run", "x.toml", "--shard", "auto"];
    let cases: Vec<(Env, Vec<&str>, &str)> = vec![
        (vec![], vec![], "SLURM_ARRAY_TASK_ID: not set"),
        (
            vec![("SLURM_ARRAY_TASK_ID", "2")],
            vec![],
            "SLURM_ARRAY_TASK_COUNT: not set",
        ),
        (
            vec![
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", "7"),
            ],
            vec![],
            "SLURM_ARRAY_TASK_MAX: 7",
        ),
        (
            vec![
                ("SLURM_ARRAY_TASK_ID", "2"),
                ("SLURM_ARRAY_TASK_COUNT", "4"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_MAX", "3"),
            ],
            vec!["--shards", "3"],
            "SLURM_ARRAY_TASK_COUNT: 4 array tasks for --shards 3",
        ),
        (
            vec![("SLURM_ARRAY_TASK_ID", "two")],
            vec![],
            "SLURM_ARRAY_TASK_ID: `two`",
        ),
        (
            vec![("JOB_COMPLETION_INDEX", "1")],
            vec![],
            "--shards: missing",
        ),
        (
            vec![("JOB_COMPLETION_INDEX", "5")],
            vec!["--shards", "5"],
            "JOB_COMPLETION_INDEX: 5 is not below",
        ),
        (
            vec![("JOB_COMPLETION_INDEX", "1"), ("SLURM_ARRAY_TASK_ID", "1")],
            vec!["--shards", "2"],
            "together with JOB_COMPLETION_INDEX",
        ),
    ];
    for (env, extra, words) in cases {
        let out = with_env(dir.path(), &[&run[..], &extra].concat(), &env);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{words}: {stderr}");
        assert!(stderr.contains(words), "{words}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let out = cli(
        dir.path(),
        &["run", "x.toml", "--shard", "1/4", "--shards", "3"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!dir.path().join("out").exists());
}

#[test]
fn the_cost_deal_is_deterministic_and_beats_round_robin_on_a_mixed_experiment() {
    let (_dir, file) = workspace(&mixed());
    let experiment = load_experiment(&file, &registry()).unwrap();
    let costs = task_costs(&experiment);
    assert_eq!(costs.len(), 12);
    assert!(
        costs[1] > costs[0],
        "an equilibrium costs more than a DP solve"
    );
    let loaded = load_experiment(&file, &registry()).unwrap();
    assert_eq!(assign(&costs, 3), assign(&task_costs(&loaded), 3));
    // Round-robin over 3 shards puts every equilibrium (task 1, 4, 7, 10)
    // on shard 1.
    let mut round_robin = [0.0; 3];
    for (task, cost) in costs.iter().enumerate() {
        round_robin[task % 3] += cost;
    }
    let worst = |loads: &[f64]| loads.iter().copied().fold(0.0, f64::max);
    let balanced = shard_loads(&costs, 3);
    let total: f64 = costs.iter().sum();
    assert!(
        worst(&balanced) < worst(&round_robin),
        "{balanced:?} {round_robin:?}"
    );
    assert!(worst(&balanced) <= 1.34 * total / 3.0, "{balanced:?}");
    assert!((balanced.iter().sum::<f64>() - total).abs() < 1e-9);
}

#[test]
fn merged_shards_are_byte_identical_to_a_single_run_and_a_rerun_shard_resumes() {
    let (dir, _) = workspace(&mixed());
    let folders: Vec<String> = (0..3).map(|i| format!("out/shard-{i}-of-3")).collect();
    for i in 0..3 {
        let env = [("JOB_COMPLETION_INDEX", i.to_string())];
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        stdout_of(&with_env(
            dir.path(),
            &["run", "x.toml", "--shard", "auto", "--shards", "3"],
            &env,
        ));
    }
    // A shard run again (after a failure elsewhere) is all cache.
    let env = [("JOB_COMPLETION_INDEX", "1")];
    let stdout = stdout_of(&with_env(
        dir.path(),
        &["run", "x.toml", "--shard", "auto", "--shards", "3"],
        &env,
    ));
    assert!(stdout.contains("(0 computed, "), "{stdout}");
    let mut merge = vec!["merge", "--output", "merged"];
    merge.extend(folders.iter().map(String::as_str));
    assert!(cli_ok(dir.path(), &merge).contains("12 of 12 runs"));
    // A single-machine run into its own folder, with its own cache.
    cli_ok(
        dir.path(),
        &["run", "x.toml", "--output", "single", "--quiet"],
    );
    for file in [
        "runs.parquet",
        "strategies.parquet",
        "convergence.parquet",
        "report.md",
    ] {
        let merged = std::fs::read(dir.path().join("merged").join(file)).unwrap();
        let single = std::fs::read(dir.path().join("single").join(file)).unwrap();
        assert!(merged == single, "{file} differs");
    }
    let runs = read(&dir.path().join("merged/runs.parquet"));
    let single = read(&dir.path().join("single/runs.parquet"));
    assert_eq!(strings(&runs, "variant")[0].as_deref(), Some(VARIANTS[0].0));
    assert!(close(
        floats(&runs, "ev_chart")[0],
        floats(&single, "ev_chart")[0].unwrap()
    ));
}

#[test]
fn merge_refuses_other_files_versions_duplicates_and_missing_tasks() {
    let (dir, file) = workspace(&mixed());
    for shard in ["0/2", "1/2"] {
        cli_ok(dir.path(), &["run", "x.toml", "--shard", shard, "--quiet"]);
    }
    let refused = |args: &[&str], words: &str| {
        let out = cli(dir.path(), args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{words}: {stderr}");
        assert!(stderr.contains(words), "{words}: {stderr}");
    };
    let both = [
        "merge",
        "out/shard-0-of-2",
        "out/shard-1-of-2",
        "--output",
        "m",
    ];
    // Another experiment file (its content differs, not its grid).
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("# edited\n{text}")).unwrap();
    cli_ok(
        dir.path(),
        &[
            "run", "x.toml", "--shard", "1/2", "--output", "edited", "--quiet",
        ],
    );
    refused(
        &[
            "merge",
            "out/shard-0-of-2",
            "edited/shard-1-of-2",
            "--output",
            "m",
        ],
        "different experiment file",
    );
    // Another crate version.
    let manifest = dir.path().join("out/shard-1-of-2/manifest.json");
    let original = std::fs::read_to_string(&manifest).unwrap();
    let other = original.replace(
        &format!("\"version\": \"{}\"", env!("CARGO_PKG_VERSION")),
        "\"version\": \"0.0.1\"",
    );
    assert_ne!(other, original);
    std::fs::write(&manifest, other).unwrap();
    refused(&both, "banluck-lab 0.0.1");
    std::fs::write(&manifest, original).unwrap();
    // A task twice, and tasks missing.
    refused(
        &[
            "merge",
            "out/shard-0-of-2",
            "out/shard-0-of-2",
            "--output",
            "m",
        ],
        "the folders overlap",
    );
    refused(
        &["merge", "out/shard-0-of-2", "--output", "m"],
        "of 12 tasks are in none of the folders: variant `",
    );
    assert!(cli_ok(dir.path(), &both).contains("12 of 12 runs"));
}
