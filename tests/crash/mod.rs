//! The kill harness of the crash tests: a seeded generator of kill points,
//! a SIGKILL at a random delay or when a temporary file appears, and
//! checks of what a kill left on disk.

pub mod baccarat;
pub mod folders;

use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// SIGKILL's number.
const SIGKILL: i32 = 9;

/// A small seeded generator (splitmix64): the kill points of a test are
/// the same on every run.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform draw from `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A uniform duration in `0..=span`.
    pub fn delay(&mut self, span: Duration) -> Duration {
        span.mul_f64((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
}

/// When to kill the child.
#[derive(Debug, Clone, Copy)]
pub enum Trigger {
    /// After this delay from the start.
    Delay(Duration),
    /// As soon as a temporary file of the atomic writer shows in the
    /// watched folder, once this many others were seen (a later write of
    /// the run).
    Writing(usize),
}

impl Trigger {
    /// Even attempts kill after a delay spread over `span`, odd ones
    /// during one of the run's first `writes` writes.
    pub fn pick(rng: &mut Rng, attempt: usize, span: Duration, writes: usize) -> Trigger {
        if attempt.is_multiple_of(2) {
            Trigger::Delay(rng.delay(span))
        } else {
            Trigger::Writing(rng.below(writes as u64) as usize)
        }
    }
}

/// What one kill attempt did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Kill {
    /// The child died of SIGKILL (it had not finished).
    pub killed: bool,
    /// It was killed while a temporary file existed (during a write).
    pub during_write: bool,
}

/// Spawns `command` (output discarded, `stdin` piped in when given) and
/// SIGKILLs it at `trigger`, watching `watch` (and its subfolders) for
/// temporary files.
pub fn kill_at(
    mut command: Command,
    stdin: Option<Vec<u8>>,
    watch: &Path,
    trigger: Trigger,
) -> Kill {
    let mut child = command
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let feeder = stdin.map(|bytes| {
        let mut input = child.stdin.take().unwrap();
        // Ends with a broken pipe once the child is killed.
        std::thread::spawn(move || {
            let _ = input.write_all(&bytes);
        })
    });
    let start = Instant::now();
    let mut appearances = 0;
    let mut before: Vec<PathBuf> = Vec::new();
    let kill = loop {
        if child.try_wait().unwrap().is_some() {
            break Kill::default();
        }
        assert!(start.elapsed() < Duration::from_secs(120), "the child hung");
        let writing = folders::temporaries(watch);
        let fire = match trigger {
            Trigger::Delay(delay) => start.elapsed() >= delay,
            Trigger::Writing(skip) => {
                appearances += writing.iter().filter(|p| !before.contains(p)).count();
                !writing.is_empty() && appearances > skip
            }
        };
        before = writing;
        if fire {
            child.kill().unwrap(); // SIGKILL on Unix
            let status = child.wait().unwrap();
            break Kill {
                killed: status.signal() == Some(SIGKILL),
                during_write: !before.is_empty(),
            };
        }
        if matches!(trigger, Trigger::Delay(_)) {
            std::thread::sleep(Duration::from_micros(300));
        }
    };
    if let Some(feeder) = feeder {
        feeder.join().unwrap();
    }
    kill
}

/// The tally of one writer's kill test, printed as its summary line.
#[derive(Debug, Default)]
pub struct Tally {
    /// Kill attempts.
    pub attempts: usize,
    /// Children that died of SIGKILL.
    pub kills: usize,
    /// Kills while a temporary file existed.
    pub during_writes: usize,
    /// Kills that left a temporary file behind.
    pub temporaries_left: usize,
    /// Output files checked after the kills.
    pub files_checked: usize,
    /// Resumed runs compared with the uninterrupted run.
    pub resumes: usize,
}

impl Tally {
    /// Counts one kill attempt and the temporary files it left in `folder`.
    pub fn count(&mut self, kill: Kill, folder: &Path) {
        self.attempts += 1;
        self.kills += usize::from(kill.killed);
        self.during_writes += usize::from(kill.killed && kill.during_write);
        self.temporaries_left += usize::from(folders::check_temporaries(folder) > 0);
    }

    /// Prints the summary line docs/reliability.md quotes and checks the minimum
    /// number of kills.
    pub fn report(&self, writer: &str, started: Instant) {
        println!(
            "crash {writer}: {} kills of {} attempts ({} during a write), outputs corrupted 0 \
             of {} files checked, kills leaving a temporary file {} (all removed by the next \
             run), resumes identical {}/{} ({:.1} s)",
            self.kills,
            self.attempts,
            self.during_writes,
            self.files_checked,
            self.temporaries_left,
            self.resumes,
            self.resumes,
            started.elapsed().as_secs_f64()
        );
        assert!(self.kills >= 50, "{writer}: only {} kills", self.kills);
    }
}
