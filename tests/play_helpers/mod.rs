//! Helpers for the tests that drive `banluck-lab baccarat play|stats|history`
//! with piped stdin and read its SQLite file back.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// What a run printed.
pub struct Ran {
    /// The exit code.
    pub code: Option<i32>,
    /// Standard output.
    pub out: String,
    /// Standard error.
    pub err: String,
}

/// The binary with no inherited `BANLUCK_*` or `NO_COLOR` variables.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_banluck-lab"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("BANLUCK_") || name == "NO_COLOR" {
            command.env_remove(name);
        }
    }
    command
}

/// Runs `banluck-lab baccarat ARGS` with `stdin` piped in.
pub fn baccarat(args: &[&str], stdin: &[u8]) -> Ran {
    let mut child = command()
        .arg("baccarat")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let bytes = stdin.to_vec();
    // A refused command may exit before reading: ignore a broken pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Ran {
        code: output.status.code(),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// `baccarat play --db DB ARGS` with `stdin`.
pub fn play(db: &Path, args: &[&str], stdin: &str) -> Ran {
    let mut all = vec!["play", "--db", db.to_str().unwrap()];
    all.extend_from_slice(args);
    baccarat(&all, stdin.as_bytes())
}

/// The database, opened for reading.
pub fn open(db: &Path) -> rusqlite::Connection {
    rusqlite::Connection::open(db).unwrap()
}

/// `(balance, initial_balance, rounds_played)` of `name`, if it exists.
pub fn player(db: &Path, name: &str) -> Option<(i64, i64, i64)> {
    let connection = open(db);
    let mut statement = connection
        .prepare("SELECT balance, initial_balance, rounds_played FROM players WHERE name = ?1")
        .unwrap();
    let mut rows = statement.query([name]).unwrap();
    rows.next().unwrap().map(|row| {
        (
            row.get(0).unwrap(),
            row.get(1).unwrap(),
            row.get(2).unwrap(),
        )
    })
}

/// Parses CSV as written by `history --csv` (quoted fields with doubled
/// quotes), independently of the program's writer.
pub fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        field.is_empty() && row.is_empty(),
        "CSV must end with a newline"
    );
    rows
}
