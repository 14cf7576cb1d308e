//! User text quoted in an error, shortened: a value of any length is
//! echoed in at most about a hundred characters, so a 1 MB bad value
//! gives a one-line error, not a megabyte of output.

use std::borrow::Cow;

/// The longest text, in characters, quoted whole by [`clip`].
pub const QUOTED_WHOLE_CHARS: usize = 100;

/// Characters kept from the start of a clipped text.
const HEAD_CHARS: usize = 60;

/// Characters kept from the end of a clipped text.
const TAIL_CHARS: usize = 20;

/// The longest line, in characters, that [`clip_lines`] leaves whole.
pub const LINE_WHOLE_CHARS: usize = 2000;

/// `text` as an error quotes it: whole when it has at most
/// [`QUOTED_WHOLE_CHARS`] characters, otherwise its first 60 characters,
/// `…`, its last 20 and its length in bytes.
///
/// ```
/// use banluck_lab::input::clip;
/// assert_eq!(clip("16"), "16");
/// let long = format!("[{}]", "1, ".repeat(1000));
/// let quoted = clip(&long);
/// assert!(quoted.starts_with("[1, 1, "), "{quoted}");
/// assert!(quoted.ends_with("… (3002 bytes)") || quoted.contains("…"), "{quoted}");
/// assert!(quoted.len() < 120, "{quoted}");
/// ```
pub fn clip(text: &str) -> Cow<'_, str> {
    clip_at(text, QUOTED_WHOLE_CHARS)
}

/// [`clip`] with `whole` characters shown whole.
fn clip_at(text: &str, whole: usize) -> Cow<'_, str> {
    if text.len() <= whole || text.chars().nth(whole).is_none() {
        return Cow::Borrowed(text);
    }
    let head_end = text
        .char_indices()
        .nth(HEAD_CHARS)
        .map_or(text.len(), |(at, _)| at);
    let tail_start = text
        .char_indices()
        .rev()
        .nth(TAIL_CHARS - 1)
        .map_or(0, |(at, _)| at);
    Cow::Owned(format!(
        "{}…{} ({} bytes)",
        &text[..head_end],
        &text[tail_start..],
        text.len()
    ))
}

/// `message` with every line longer than [`LINE_WHOLE_CHARS`] characters
/// clipped as [`clip`] does: the bound on any error the command line
/// prints, whatever it quotes.
///
/// ```
/// use banluck_lab::input::clip_lines;
/// let message = format!("first line\n{}", "x".repeat(1 << 20));
/// let bounded = clip_lines(&message);
/// assert!(bounded.starts_with("first line\nxxx"));
/// assert!(bounded.len() < 200, "{}", bounded.len());
/// ```
pub fn clip_lines(message: &str) -> Cow<'_, str> {
    if message.len() <= LINE_WHOLE_CHARS {
        return Cow::Borrowed(message);
    }
    let lines: Vec<Cow<'_, str>> = message
        .split('\n')
        .map(|line| clip_at(line, LINE_WHOLE_CHARS))
        .collect();
    Cow::Owned(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_quoted_whole() {
        assert_eq!(clip(&"a".repeat(100)), "a".repeat(100));
        assert!(matches!(clip("é".repeat(100).as_str()), Cow::Borrowed(_)));
    }

    #[test]
    fn long_text_keeps_its_ends_and_length() {
        let text = format!("{}{}{}", "<".repeat(70), "m".repeat(1000), ">".repeat(30));
        let quoted = clip(&text);
        assert_eq!(
            quoted,
            format!("{}…{} (1100 bytes)", "<".repeat(60), ">".repeat(20))
        );
    }

    #[test]
    fn multibyte_text_is_cut_between_characters() {
        let text = "ü".repeat(500);
        let quoted = clip(&text);
        assert!(quoted.starts_with(&"ü".repeat(60)), "{quoted}");
        assert!(quoted.ends_with("(1000 bytes)"), "{quoted}");
    }
}
