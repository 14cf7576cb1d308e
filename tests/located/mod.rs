//! Checking that an experiment error names its file, line and column.

/// Whether `stderr` holds `file:LINE:COLUMN: key `...` for some numbers.
fn names_line_and_column(stderr: &str, file: &str) -> bool {
    stderr.split(&format!("{file}:")).skip(1).any(|rest| {
        let mut parts = rest.splitn(3, ':');
        let number =
            |part: Option<&str>| part.is_some_and(|p| p.parse::<usize>().is_ok_and(|n| n > 0));
        number(parts.next())
            && number(parts.next())
            && parts.next().is_some_and(|tail| tail.starts_with(" key `"))
    })
}

/// Whether `stderr` names the place of the problem at `key` in `file`
/// (whose text is `body`): its line and column, or, when the file does
/// not write the key's section at all (nothing to point at), the file
/// alone.
pub fn names_the_place(stderr: &str, file: &str, key: &str, body: &str) -> bool {
    let section = key.split('.').next().unwrap_or(key);
    let absent = body
        .parse::<toml::Table>()
        .is_ok_and(|table| !table.contains_key(section));
    names_line_and_column(stderr, file)
        || (absent && stderr.contains(&format!("{file}: key `{key}`")))
}
