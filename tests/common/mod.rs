//! Helpers shared by the test files that drive the built binary.

use std::path::Path;
use std::process::Command;

/// The crate's root folder (rules, experiments and reports live below it).
pub fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `banluck-lab run EXPERIMENT --output OUTPUT --quiet` from the
/// crate's root (so shipped experiments find their rules), failing the test
/// with the command's stderr unless it succeeds.
pub fn run_experiment(experiment: &Path, output: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_banluck-lab"))
        .arg("run")
        .arg(experiment)
        .arg("--output")
        .arg(output)
        .arg("--quiet")
        .current_dir(manifest_dir())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "run {}: {}",
        experiment.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}
