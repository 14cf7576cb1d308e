//! The `banluck-lab` binary: see `banluck-lab --help`.

fn main() -> std::process::ExitCode {
    banluck_lab::cli::run()
}
