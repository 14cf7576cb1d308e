//! The engine fingerprint in every cache key: it is the hash of the sources
//! the binary was built from, it moves with any engine source and with
//! `Cargo.lock`, and it ignores the command-line layer and the renderer.

use std::fs;
use std::path::Path;
use std::process::Command;

use banluck_lab::fingerprint::fingerprint_sources;
use banluck_lab::lab::ENGINE_FINGERPRINT;

#[test]
fn the_built_fingerprint_is_the_hash_of_this_source_tree() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert_eq!(fingerprint_sources(root).unwrap(), ENGINE_FINGERPRINT);
    assert_eq!(ENGINE_FINGERPRINT.len(), 16);
}

#[test]
fn the_version_line_names_the_fingerprint() {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(ENGINE_FINGERPRINT), "{text}");
}

fn write(root: &Path, relative: &str, text: &str) {
    let path = root.join(relative);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

#[test]
fn engine_sources_and_the_lock_file_move_it_and_the_cli_and_renderer_do_not() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "src/lib.rs", "pub mod solve;");
    write(root, "src/solve/dp.rs", "pub fn ev() -> f64 { -0.078881 }");
    write(root, "src/cli/mod.rs", "pub fn run() {}");
    write(root, "src/report/render.rs", "pub fn render() {}");
    write(root, "src/main.rs", "fn main() {}");
    write(root, "Cargo.lock", "version = 4");
    let base = fingerprint_sources(root).unwrap();
    assert_eq!(fingerprint_sources(root).unwrap(), base, "deterministic");

    let unchanged = |relative: &str, text: &str| {
        write(root, relative, text);
        assert_eq!(fingerprint_sources(root).unwrap(), base, "{relative}");
    };
    unchanged("src/cli/mod.rs", "pub fn run() { println!(); }");
    unchanged("src/report/render.rs", "pub fn render() { /* new look */ }");
    unchanged("src/main.rs", "fn main() { banluck() }");
    unchanged("src/solve/notes.md", "prose is not code");

    let mut seen = vec![base.clone()];
    let mut changed = |relative: &str, text: &str| {
        write(root, relative, text);
        let now = fingerprint_sources(root).unwrap();
        assert!(
            !seen.contains(&now),
            "{relative} did not move the fingerprint"
        );
        seen.push(now);
    };
    changed("src/solve/dp.rs", "pub fn ev() -> f64 { -0.078882 }");
    changed("src/solve/new_engine.rs", "");
    changed("Cargo.lock", "version = 4\n# rand 0.10.4");
    // A nested `cli` or `report` folder inside a game is engine code.
    changed("src/games/report/figures.rs", "pub const X: u8 = 1;");
    // Moving a file changes the fingerprint: paths are hashed with contents.
    fs::rename(
        root.join("src/solve/new_engine.rs"),
        root.join("src/solve/renamed.rs"),
    )
    .unwrap();
    let moved = fingerprint_sources(root).unwrap();
    assert!(!seen.contains(&moved));
}

#[test]
fn a_tree_without_sources_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    assert!(fingerprint_sources(dir.path()).is_err());
}
