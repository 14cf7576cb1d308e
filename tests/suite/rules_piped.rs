//! A rules file given through a pipe (`/dev/stdin`, `<(cat FILE)`) is read
//! once: `rules check` and `solve` give what the file itself gives, never
//! the built-in defaults that a second read of the emptied pipe would load.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs the binary in the crate's folder with `stdin` piped in.
fn lab(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    pipe.write_all(stdin.as_bytes()).unwrap();
    drop(pipe);
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The rules hash `rules check --json` gives the file `path` (or the pipe).
fn checked_hash(path: &str, stdin: &str) -> String {
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&lab(&["rules", "check", path, "--json"], stdin))).unwrap();
    json["files"][0]["rules_hash"].as_str().unwrap().to_string()
}

/// Banluck rules that differ from the built-in defaults: the canonical file
/// with the fixed dealer standing on 16.
fn changed_banluck() -> (tempfile::TempDir, String, String) {
    let text = std::fs::read_to_string("rules/banluck.toml")
        .unwrap()
        .replace("stand_on = 17", "stand_on = 16");
    assert!(text.contains("stand_on = 16"));
    assert!(!text.lines().any(|line| line.starts_with("extends")));
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("changed.toml");
    std::fs::write(&file, &text).unwrap();
    let path = file.display().to_string();
    (dir, path, text)
}

#[test]
fn rules_check_reads_a_piped_file_once() {
    let (_dir, file, text) = changed_banluck();
    let piped = checked_hash("/dev/stdin", &text);
    assert_eq!(piped, checked_hash(&file, ""));
    assert_ne!(piped, checked_hash("rules/banluck.toml", ""));
    let line = stdout(&lab(&["rules", "check", "/dev/stdin"], &text));
    assert_eq!(line.trim(), format!("ok   /dev/stdin (rules hash {piped})"));
    // The family comes from the text's `game` key too.
    let blackjack = std::fs::read_to_string("rules/blackjack-6d-s17.toml").unwrap();
    assert_eq!(
        checked_hash("/dev/stdin", &blackjack),
        checked_hash("rules/blackjack-6d-s17.toml", "")
    );
}

#[test]
fn solve_reads_a_piped_file_once() {
    let (_dir, file, text) = changed_banluck();
    let solve = |path: &str, stdin: &str| -> serde_json::Value {
        serde_json::from_str(&stdout(&lab(&["solve", "--rules", path, "--json"], stdin))).unwrap()
    };
    let piped = solve("/dev/stdin", &text);
    let direct = solve(&file, "");
    assert_eq!(piped["rules_hash"], direct["rules_hash"]);
    assert_eq!(piped["ev"], direct["ev"]);
    assert_ne!(piped["ev"], solve("rules/banluck.toml", "")["ev"]);
    let blackjack = std::fs::read_to_string("rules/blackjack-6d-s17.toml").unwrap();
    let piped = solve("/dev/stdin", &blackjack);
    let direct = solve("rules/blackjack-6d-s17.toml", "");
    assert_eq!(piped["rules_hash"], direct["rules_hash"]);
    assert_eq!(piped["ev"], direct["ev"]);
}

#[test]
fn a_piped_file_whose_extends_cannot_be_found_is_named() {
    let kampung = std::fs::read_to_string("rules/kampung.toml").unwrap();
    let output = lab(&["solve", "--rules", "/dev/stdin"], &kampung);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("/dev/stdin: key `extends`") && stderr.contains("banluck.toml"),
        "{stderr}"
    );
}
