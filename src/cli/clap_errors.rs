//! clap's errors with the user's long arguments shortened: clap quotes a
//! bad value whole (`invalid value '…' for '--set <KEY=VALUE>'`), and so
//! may the value parser's own message; every argument (and every part of
//! one around its `=`) longer than [`QUOTED_WHOLE_CHARS`] is quoted as
//! [`clip`] does, and every line is then bounded by [`clip_lines`].

use std::ffi::OsString;

use crate::input::clip::QUOTED_WHOLE_CHARS;
use crate::input::{clip, clip_lines};

/// The parts of the command-line arguments an error may quote that are
/// too long to quote whole, longest first.
fn long_parts(arguments: &[OsString]) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    for argument in arguments {
        let argument = argument.to_string_lossy();
        let mut pieces = vec![argument.to_string()];
        pieces.extend(argument.split('=').map(str::to_string));
        if let Some((_, value)) = argument.split_once('=') {
            pieces.push(value.to_string());
        }
        parts.extend(
            pieces
                .into_iter()
                .filter(|piece| piece.chars().nth(QUOTED_WHOLE_CHARS).is_some()),
        );
    }
    parts.sort_by_key(|part| std::cmp::Reverse(part.len()));
    parts.dedup();
    parts
}

/// Prints `error` as clap would, with long arguments shortened, and exits
/// with clap's exit code (2 for a usage error, 0 for `--help`).
pub(crate) fn exit(error: &clap::Error) -> ! {
    let arguments: Vec<OsString> = std::env::args_os().skip(1).collect();
    let parts = long_parts(&arguments);
    if !error.use_stderr() || parts.is_empty() {
        error.exit();
    }
    let mut text = error.render().to_string();
    for part in &parts {
        if text.contains(part.as_str()) {
            text = text.replace(part.as_str(), &clip(part));
        }
    }
    eprint!("{}", clip_lines(&text));
    std::process::exit(error.exit_code());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_long_arguments_and_their_parts_are_listed() {
        let long = "9".repeat(200);
        let arguments: Vec<OsString> = vec![
            "--set".into(),
            format!("deck.decks={long}").into(),
            "short".into(),
        ];
        let parts = long_parts(&arguments);
        assert_eq!(parts, vec![format!("deck.decks={long}"), long]);
    }
}
