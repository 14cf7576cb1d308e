//! The `banluck-lab` binary: see `banluck-lab --help`.

fn main() -> std::process::ExitCode {
    restore_default_sigpipe();
    exit_1_when_the_output_cannot_be_written();
    banluck_lab::cli::run()
}

/// `println!` panics when stdout cannot be written (a full disk, a file
/// that refuses writes); that is an internal failure: say so and exit 1
/// (the exit code of failures) instead of printing a panic.
fn exit_1_when_the_output_cannot_be_written() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if let Some(reason) = info
            .payload_as_str()
            .and_then(|message| message.strip_prefix("failed printing to stdout: "))
        {
            eprintln!("error: cannot write the output: {reason}");
            std::process::exit(1);
        }
        default(info);
    }));
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
