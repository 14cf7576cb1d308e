//! The Chromium the page tests drive: found on the machine, or installed
//! once from the distribution's packages, so `cargo test --release` needs
//! nothing installed beforehand by hand.
//!
//! Order: `$CHROMIUM`, then the usual binary names on the PATH. When there
//! is none and the machine has `apt-get` and the tests run as root (or
//! `sudo -n` works), the first test that asks installs `chromium` and
//! `fonts-liberation` without recommended packages (about a minute), and
//! every other test waits for that one install. `NO_CHROMIUM_INSTALL=1`
//! turns the install off; the tests then fail saying how to install it.
//! (Not a `BANLUCK_*` name: those set rule keys of every command the
//! tests run.)

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

/// The names Chromium's binary goes by on the common distributions.
const NAMES: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// The packages installed when Chromium is missing: the browser, and one
/// font family so pages lay out text as on a desktop.
const PACKAGES: [&str; 2] = ["chromium", "fonts-liberation"];

/// How to install Chromium by hand, for the messages of a failed search.
const BY_HAND: &str = "install it with `apt-get install -y chromium` (Debian; \
    `chromium-browser` on Ubuntu) or set CHROMIUM=/path/to/chrome";

/// The binary, found or installed once per test process.
static CHROMIUM: OnceLock<Result<PathBuf, String>> = OnceLock::new();

/// The Chromium binary, installing it first when it is missing and the
/// machine allows (see the module's documentation). Fails the test,
/// saying why and how to install it by hand, when there is none.
pub fn chromium() -> PathBuf {
    match CHROMIUM.get_or_init(find_or_install) {
        Ok(path) => path.clone(),
        Err(message) => panic!("{message}"),
    }
}

/// `$CHROMIUM`, else the first of [`NAMES`] on the PATH.
fn find() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .flat_map(|dir| NAMES.map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// Finds Chromium, or installs it and finds it.
fn find_or_install() -> Result<PathBuf, String> {
    if let Some(path) = find() {
        return Ok(path);
    }
    let missing = "Chromium is not installed, and the page tests drive pages in headless Chromium";
    if std::env::var_os("NO_CHROMIUM_INSTALL").is_some_and(|v| v == "1") {
        return Err(format!(
            "{missing}; NO_CHROMIUM_INSTALL=1 keeps the tests from installing it: {BY_HAND}"
        ));
    }
    let sudo = privilege().map_err(|why| format!("{missing}, and {why}: {BY_HAND}"))?;
    // Said at once on the terminal: the test harness holds back what a
    // test prints until it ends, and the install takes a while.
    let _ = writeln!(
        std::io::stderr().lock(),
        "Chromium is missing: installing {} with apt-get, once, for the page tests \
         (set NO_CHROMIUM_INSTALL=1 to install it yourself instead)",
        PACKAGES.join(" and ")
    );
    apt_get(sudo, &["update", "-qq"])?;
    let mut install = vec!["install", "-y", "-qq", "--no-install-recommends"];
    install.extend(PACKAGES);
    apt_get(sudo, &install)?;
    find().ok_or_else(|| {
        format!("apt-get installed {PACKAGES:?} but no Chromium binary is on the PATH: {BY_HAND}")
    })
}

/// How apt-get may run here: directly as root, or through `sudo -n`
/// (`Ok(true)`); why not otherwise.
fn privilege() -> Result<bool, String> {
    let found = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .output()
            .is_ok_and(|out| out.status.success())
    };
    if !found("apt-get", &["--version"]) {
        return Err("this machine has no apt-get to install it with".to_string());
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        return Ok(false);
    }
    if found("sudo", &["-n", "true"]) {
        return Ok(true);
    }
    Err("the tests are not run as root and `sudo -n` asks for a password".to_string())
}

/// Runs `apt-get ARGS` (through `sudo -n` when `sudo`), non-interactive,
/// waiting up to five minutes for another apt-get's lock.
fn apt_get(sudo: bool, args: &[&str]) -> Result<(), String> {
    let mut command = if sudo {
        let mut sudo = Command::new("sudo");
        sudo.args(["-n", "apt-get"]);
        sudo
    } else {
        Command::new("apt-get")
    };
    command
        .args(["-o", "DPkg::Lock::Timeout=300"])
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive");
    let out = command
        .output()
        .map_err(|e| format!("cannot run apt-get: {e}; {BY_HAND}"))?;
    if out.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
    Err(format!(
        "`apt-get {}` failed ({}): {}; {BY_HAND}",
        args.join(" "),
        out.status,
        tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
    ))
}
