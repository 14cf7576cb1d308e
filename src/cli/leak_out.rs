//! What the two leak reports of `solve --strategy` share (a Banluck
//! strategy file's leaks by hand class, a blackjack chart's by cell): the
//! leak with its sentence in `--json`, and the lines that close the text
//! table.

use serde::Serialize;

/// How many leaks the text output lists (`--json` has all).
pub(super) const SHOWN: usize = 15;

/// One leak with its sentence, as `--json` lists it.
#[derive(Debug, Serialize)]
pub(super) struct DescribedLeak<'a, L> {
    /// The leak's own fields.
    #[serde(flatten)]
    leak: &'a L,
    /// E.g. `standing on soft 16 with 3 cards`, `hitting hard 12 v 4`.
    description: String,
}

/// Each of `leaks` with the sentence `describe` gives it.
pub(super) fn described<'a, L>(
    leaks: &'a [L],
    describe: impl Fn(&L) -> String,
) -> Vec<DescribedLeak<'a, L>> {
    leaks
        .iter()
        .map(|leak| DescribedLeak {
            leak,
            description: describe(leak),
        })
        .collect()
}

/// The lines after the first [`SHOWN`] rows of the table: how many `items`
/// (e.g. "cells") only `--json` lists, then why the leaks add up to the
/// loss, measured along `along` (e.g. "your chart's own play").
pub(super) fn print_table_end(total: usize, items: &str, leak_sum: f64, loss: f64, along: &str) {
    if total > SHOWN {
        println!("     ... {} more {items} in --json", total - SHOWN);
    }
    println!();
    println!(
        "The leaks add up to {leak_sum:.6} (the exact loss is {loss:.6}): each is measured along {along}, so they telescope to the total. \
         Fixing one {} alone gains a different amount, since your later decisions then apply instead of optimal ones.",
        if items == "cells" { "cell" } else { "decision" }
    );
}
