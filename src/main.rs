//! The `banluck-lab` binary: see `banluck-lab --help`.

fn main() -> std::process::ExitCode {
    restore_default_sigpipe();
    banluck_lab::cli::run()
}

/// Rust ignores SIGPIPE, so printing into a closed pipe (`... | head`)
/// would panic; restore the default so the process ends quietly like any
/// other command-line tool.
#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is
    // a valid disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_default_sigpipe() {}
