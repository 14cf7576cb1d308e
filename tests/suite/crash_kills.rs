//! Crash safety of every writer: the real binary is SIGKILLed 50+ times at
//! seeded random points (after a random delay spread over the job's
//! measured duration, or while a file is being written) during `run`,
//! `merge`, `poker solve --out` and `baccarat play`. After each kill every
//! output file reads back in full and equals the uninterrupted run's, or is
//! absent; the only leftovers are temporary files of the atomic writer
//! (`.NAME.HOST.PID.THREAD.tmp`), which the next run removes; and the next
//! run resumes and writes output identical to an uninterrupted run's. Each
//! test prints a summary line (`cargo test --release --test suite crash_kills --
//! --nocapture`), quoted in docs/reliability.md.

#[path = "../crash/mod.rs"]
mod crash;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crash::baccarat::{self, INITIAL, PLAYER};
use crash::folders::{check_against, files, temporaries};
use crash::{Rng, Tally, Trigger, kill_at};

/// Kill attempts between two resumes run to the end.
const ROUND: usize = 5;

/// A small experiment: four variants solved by dp (Parquet, reports and
/// four cache entries).
const EXPERIMENT: &str = r#"
name = "small"
question = "What are selective reveal and a 2:1 Ban Ban worth?"
rules = "banluck.toml"
output = "out"

[[axis]]
key = "dealer.fixed.reveal"
values = ["off", "on"]

[[axis]]
key = "payouts.ban_ban"
values = [3, 2]

[engines.dp]
"#;

/// A river spot solved in a fraction of a second.
const SPOT: &str =
    "BTN:AA,KK,AKs,AQs,KQs,QQ-99:S100/BB:QQ-JJ,AJs-ATs,KQo,T9s,98s:S100|P20|Kh9s4c7d2s|>BTN";

/// The binary, run in `dir`.
fn binary(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.current_dir(dir).args(args);
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") {
            command.env_remove(name);
        }
    }
    command
}

/// Runs the binary to the end, failing the test unless it succeeds, and
/// returns how long it took.
fn finish(dir: &Path, args: &[&str], stdin: Option<&str>) -> Duration {
    let start = Instant::now();
    let mut command = binary(dir, args);
    let output = match stdin {
        None => command.output().unwrap(),
        Some(text) => {
            use std::io::Write;
            let mut child = command
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
            child.wait_with_output().unwrap()
        }
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?}: {stderr}");
    start.elapsed()
}

/// A workspace holding the canonical rules and the small experiment.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/banluck.toml");
    std::fs::copy(rules, dir.path().join("banluck.toml")).unwrap();
    std::fs::write(dir.path().join("x.toml"), EXPERIMENT).unwrap();
    dir
}

/// Runs `args --output reference` once, uninterrupted, then kills
/// `args --output OUTPUT` (inside `dir`) 50+ times: each round of [`ROUND`]
/// attempts starts from no output folder and ends with a resume run to the
/// end; every state of the folder is checked against the reference.
fn kill_repeatedly(writer: &str, dir: &Path, args: &[&str], output: &str, seed: u64) {
    let started = Instant::now();
    let with_output = |name| {
        let mut all = args.to_vec();
        all.extend(["--output", name]);
        all
    };
    let span = finish(dir, &with_output("reference"), None).mul_f64(1.2);
    let reference = files(&dir.join("reference"));
    let args = with_output(output);
    let output = dir.join(output);
    let output = output.as_path();
    let writes = reference.len();
    let mut rng = Rng::new(seed);
    let mut tally = Tally::default();
    while tally.kills < 50 {
        assert!(tally.attempts < 200, "{writer}: too few kills landed");
        if tally.attempts.is_multiple_of(ROUND) {
            let _ = std::fs::remove_dir_all(output);
        }
        let trigger = Trigger::pick(&mut rng, tally.attempts, span, writes);
        let kill = kill_at(binary(dir, &args), None, output, trigger);
        tally.count(kill, output);
        tally.files_checked += check_against(output, &reference, false);
        if tally.attempts.is_multiple_of(ROUND) || tally.kills >= 50 {
            finish(dir, &args, None);
            check_against(output, &reference, true);
            assert_eq!(temporaries(output), Vec::<std::path::PathBuf>::new());
            tally.resumes += 1;
        }
    }
    tally.report(writer, started);
}

#[test]
fn run_survives_kills_and_resumes_identically() {
    let dir = workspace();
    kill_repeatedly("run", dir.path(), &["run", "x.toml", "--quiet"], "out", 221);
}

#[test]
fn merge_survives_kills_and_resumes_identically() {
    let dir = workspace();
    for shard in ["0/3", "1/3", "2/3"] {
        finish(
            dir.path(),
            &["run", "x.toml", "--quiet", "--shard", shard],
            None,
        );
    }
    let args = [
        "merge",
        "out/shard-0-of-3",
        "out/shard-1-of-3",
        "out/shard-2-of-3",
    ];
    kill_repeatedly("merge", dir.path(), &args, "merged", 222);
}

#[test]
fn poker_solve_out_survives_kills_and_resumes_identically() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let solve = |out: &str| {
        [
            "poker",
            "solve",
            SPOT,
            "--bet",
            "33%, 66%, 150%",
            "--target",
            "0.001%",
            "--out",
        ]
        .into_iter()
        .chain([out])
        .map(str::to_string)
        .collect::<Vec<_>>()
    };
    let reference_args = solve("reference.bin");
    let reference_args: Vec<&str> = reference_args.iter().map(String::as_str).collect();
    let span = finish(dir.path(), &reference_args, None).mul_f64(1.2);
    let reference_bytes = std::fs::read(dir.path().join("reference.bin")).unwrap();
    let folder = dir.path().join("solutions");
    std::fs::create_dir(&folder).unwrap();
    let reference = [("spot.bin".into(), reference_bytes)].into_iter().collect();
    let args = solve("spot.bin");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut rng = Rng::new(223);
    let mut tally = Tally::default();
    while tally.kills < 50 {
        assert!(tally.attempts < 200, "poker: too few kills landed");
        if tally.attempts.is_multiple_of(ROUND) {
            let _ = std::fs::remove_file(folder.join("spot.bin"));
        }
        let trigger = Trigger::pick(&mut rng, tally.attempts, span, 1);
        let kill = kill_at(binary(&folder, &args), None, &folder, trigger);
        tally.count(kill, &folder);
        tally.files_checked += check_against(&folder, &reference, false);
        if tally.attempts.is_multiple_of(ROUND) || tally.kills >= 50 {
            finish(&folder, &args, None);
            check_against(&folder, &reference, true);
            assert_eq!(temporaries(&folder), Vec::<std::path::PathBuf>::new());
            tally.resumes += 1;
        }
    }
    tally.report("poker solve --out", started);
}

/// Bet lines of a session, cycled.
const BETS: [&str; 3] = [
    "player 10 dragon7 1\n",
    "banker 10 tie 1 panda8 1\n",
    "tie 2\n",
];

/// The first `n` bet lines.
fn bets(n: usize) -> String {
    BETS.iter().cycle().take(n).copied().collect()
}

#[test]
fn baccarat_play_survives_kills_and_resumes_identically() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let lines = 300;
    let session = |db: &str| {
        [
            "baccarat", "play", "--player", PLAYER, "--seed", "22", "--db", db,
        ]
        .map(str::to_string)
        .to_vec()
    };
    let create = |db: &str| {
        let initial = INITIAL.to_string();
        let mut args = session(db);
        args.extend(["--create-player", "--initial-balance", &initial].map(str::to_string));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        finish(dir.path(), &args, Some("q\n"));
    };
    // The uninterrupted session: `lines` rounds, then quit.
    create("reference.sqlite3");
    let args = session("reference.sqlite3");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let span = finish(dir.path(), &args, Some(&(bets(lines) + "q\n")));
    let reference = baccarat::rounds(&dir.path().join("reference.sqlite3"));
    assert_eq!(reference.len(), lines);

    let folder = dir.path().join("store");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("game.sqlite3");
    create(db.to_str().unwrap());
    let args = session(db.to_str().unwrap());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut rng = Rng::new(224);
    let mut tally = Tally::default();
    let mut stored = 0;
    // Each session (killed or resumed) replays the seeded shoe from its
    // start: its rounds must be the uninterrupted session's first ones.
    let mut check_segment = |tally: &mut Tally| {
        let count = baccarat::check(&db);
        let all = baccarat::rounds(&db);
        assert_eq!(
            &all[stored..],
            &reference[..count - stored],
            "rounds {stored}..{count}"
        );
        tally.files_checked += 1;
        stored = count;
    };
    while tally.kills < 50 {
        assert!(tally.attempts < 200, "baccarat: too few kills landed");
        // The WAL file lives as long as the session: kill after a delay.
        let trigger = Trigger::Delay(rng.delay(span));
        let kill = kill_at(
            binary(dir.path(), &args),
            Some(bets(lines).into_bytes()),
            &folder,
            trigger,
        );
        tally.count(kill, &folder);
        check_segment(&mut tally);
        if tally.attempts.is_multiple_of(ROUND) || tally.kills >= 50 {
            finish(dir.path(), &args, Some(&(bets(20) + "q\n")));
            check_segment(&mut tally);
            tally.resumes += 1;
        }
    }
    tally.report("baccarat play", started);
}
