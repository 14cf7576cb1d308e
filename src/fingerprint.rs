//! The engine fingerprint: a hash of the sources that can change a result.
//!
//! The experiment cache keys every result by it (with the rules hash, the
//! engine, its parameters and the crate version), so a change to any solver,
//! simulator or rules compiler recomputes the cached results even when the
//! crate version stays the same. `build.rs` computes it over the source tree
//! at build time with [`fingerprint_sources`] (this file is compiled into the
//! build script too) and the library exposes the result as
//! `lab::ENGINE_FINGERPRINT`.
//!
//! What counts: every `.rs` file under `src/` except the command-line layer
//! (`src/cli/`, `src/main.rs`) and the report renderer (`src/report/`), which
//! cannot change a number, plus `Cargo.lock` (a new `rand` or `polars` may).
//! The hash is 64-bit FNV-1a over each file's relative path and bytes, in
//! sorted path order: stable across machines, toolchains and checkouts.

use std::path::{Path, PathBuf};

/// Source folders under `src/` that cannot change a result.
const EXCLUDED_DIRS: [&str; 2] = ["cli", "report"];

/// Source files directly under `src/` that cannot change a result.
const EXCLUDED_FILES: [&str; 1] = ["main.rs"];

/// The fingerprint of the crate rooted at `root` (the folder holding
/// `Cargo.toml`): 16 hex digits. Errors when `root/src` cannot be read.
pub fn fingerprint_sources(root: &Path) -> std::io::Result<String> {
    let src = root.join("src");
    let mut files = Vec::new();
    collect_sources(&src, &src, &mut files)?;
    files.sort();
    let mut hash = Fnv64::new();
    for relative in &files {
        hash.write(relative.to_string_lossy().replace('\\', "/").as_bytes());
        hash.write(&[0]);
        hash.write(&std::fs::read(src.join(relative))?);
        hash.write(&[0]);
    }
    // A missing lock file (a library consumer) simply does not count.
    if let Ok(lock) = std::fs::read(root.join("Cargo.lock")) {
        hash.write(b"Cargo.lock\0");
        hash.write(&lock);
    }
    Ok(format!("{:016x}", hash.finish()))
}

/// Every counted `.rs` file below `dir`, as paths relative to `src`.
fn collect_sources(src: &Path, dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let relative = path.strip_prefix(src).unwrap_or(&path).to_path_buf();
        let top_level = relative.components().count() == 1;
        let name = relative.to_string_lossy().into_owned();
        if path.is_dir() {
            if !(top_level && EXCLUDED_DIRS.contains(&name.as_str())) {
                collect_sources(src, &path, out)?;
            }
        } else if path.extension().is_some_and(|e| e == "rs")
            && !(top_level && EXCLUDED_FILES.contains(&name.as_str()))
        {
            out.push(relative);
        }
    }
    Ok(())
}

/// 64-bit FNV-1a: tiny, dependency-free and fixed forever, which is all a
/// change detector needs.
struct Fnv64(u64);

impl Fnv64 {
    fn new() -> Fnv64 {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
