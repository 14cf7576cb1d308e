//! Finding the line of a dotted key in a TOML file, for error messages:
//! figment reports the file and the key path but not where in the file.

use std::ops::Range;

use toml_edit::{ImDocument, TableLike};

/// The 1-based line where `text` (a TOML document) writes the dotted `key`,
/// or `None` when the text does not parse or does not hold the key.
pub(crate) fn line_in_text(text: &str, key: &str) -> Option<usize> {
    let document = ImDocument::parse(text).ok()?;
    let mut table: &dyn TableLike = document.as_table();
    let mut parts = key.split('.').peekable();
    while let Some(part) = parts.next() {
        let (name, item) = table.get_key_value(part)?;
        if parts.peek().is_none() {
            let span = usable(name.span(), text).or_else(|| usable(item.span(), text))?;
            return Some(text[..span.start].matches('\n').count() + 1);
        }
        table = item.as_table_like()?;
    }
    None
}

/// A span that points into `text` (tables the file only implies, such as
/// `dealer` in `[dealer.fixed]` without `[dealer]`, may have none).
fn usable(span: Option<Range<usize>>, text: &str) -> Option<Range<usize>> {
    span.filter(|s| !s.is_empty() && s.end <= text.len())
}

#[cfg(test)]
mod tests {
    use super::line_in_text;

    const TEXT: &str = "# a comment\n\
        description = \"x\"\n\
        \n\
        [deck]\n\
        decks = 9\n\
        \n\
        [dealer.fixed]\n\
        stand_on = 12   # too low\n\
        \n\
        [ace]\n\
        two_cards = [\n  10,\n  11,\n]\n\
        three_cards = { nope = 1 }\n\
        [settlement]\n\
        both_bust = \"never\"\n";

    #[test]
    fn finds_keys_in_sections_and_at_the_top() {
        assert_eq!(line_in_text(TEXT, "description"), Some(2));
        assert_eq!(line_in_text(TEXT, "deck.decks"), Some(5));
        assert_eq!(line_in_text(TEXT, "dealer.fixed.stand_on"), Some(8));
        assert_eq!(line_in_text(TEXT, "ace.two_cards"), Some(11));
        assert_eq!(line_in_text(TEXT, "ace.three_cards.nope"), Some(15));
        assert_eq!(line_in_text(TEXT, "settlement.both_bust"), Some(17));
    }

    #[test]
    fn finds_section_headers() {
        assert_eq!(line_in_text(TEXT, "deck"), Some(4));
        assert_eq!(line_in_text(TEXT, "dealer.fixed"), Some(7));
        // `dealer` is only implied by `[dealer.fixed]`; its name is written there.
        assert_eq!(line_in_text(TEXT, "dealer"), Some(7));
    }

    #[test]
    fn keys_not_written_have_no_line() {
        assert_eq!(line_in_text(TEXT, "deck.infinite"), None);
        assert_eq!(line_in_text(TEXT, "deck.decks.more"), None);
        assert_eq!(line_in_text(TEXT, "player"), None);
        assert_eq!(line_in_text("not = [valid", "not"), None);
    }

    #[test]
    fn dotted_keys_and_inline_tables() {
        let text = "dealer.fixed.stand_on = 3\n\nplayer = { min_total = 30 }\n";
        assert_eq!(line_in_text(text, "dealer.fixed.stand_on"), Some(1));
        assert_eq!(line_in_text(text, "player.min_total"), Some(3));
    }
}
