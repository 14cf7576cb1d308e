//! Build script: computes the engine fingerprint (see `src/fingerprint.rs`)
//! that the experiment cache puts in every key.

#[path = "src/fingerprint.rs"]
mod fingerprint;

fn main() {
    println!("cargo::rerun-if-changed=src");
    println!("cargo::rerun-if-changed=Cargo.lock");
    let root = std::path::PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let fingerprint = fingerprint::fingerprint_sources(&root)
        .unwrap_or_else(|e| panic!("cannot read the sources under {}: {e}", root.display()));
    // Not `BANLUCK_*`: cargo also sets this variable when it runs the tests
    // and `cargo run`, and `BANLUCK_*` variables are rules overrides.
    println!("cargo::rustc-env=LAB_ENGINE_FINGERPRINT={fingerprint}");
}
