//! The one limit on a value given outside a file (a `--set` flag, a
//! `BANLUCK_*` environment variable, an experiment axis applied as an
//! override) and on every value of a rules file: at most
//! [`MAX_VALUE_DEPTH`] arrays or inline tables deep and
//! [`MAX_VALUE_BYTES`] long, checked on the text before any parser
//! recurses into it, so that no value can exhaust the stack or the memory.

/// The deepest nesting of arrays and tables a value may have (`[[1]]` is
/// 2 deep); the rule keys need at most 3.
pub const MAX_VALUE_DEPTH: usize = 32;

/// The longest value, in bytes: 64 KiB. A poker range listing all 1,326
/// combos with weights takes about 14 kB.
pub const MAX_VALUE_BYTES: usize = 64 << 10;

/// The most dotted parts a rule key may have (`dealer.fixed.stand_on`
/// has 3).
pub const MAX_KEY_PARTS: usize = 16;

/// How deep `text`, a TOML-like value, nests arrays (`[`) and inline
/// tables (`{`) outside quoted strings, counted up to `MAX_VALUE_DEPTH +
/// 1` (a deeper value is not scanned further).
fn depth(text: &str) -> usize {
    let mut depth = 0usize;
    let mut deepest = 0usize;
    let mut quote: Option<u8> = None;
    let mut escaped = false;
    for &byte in text.as_bytes() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if byte == b'\\' && q == b'"' {
                    escaped = true;
                } else if byte == q {
                    quote = None;
                }
            }
            None => match byte {
                b'"' | b'\'' => quote = Some(byte),
                b'[' | b'{' => {
                    depth += 1;
                    deepest = deepest.max(depth);
                    if deepest > MAX_VALUE_DEPTH {
                        break;
                    }
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            },
        }
    }
    deepest
}

/// `Err` saying what is wrong when `text`, a value as written, is longer
/// than [`MAX_VALUE_BYTES`] or nests deeper than [`MAX_VALUE_DEPTH`].
///
/// ```
/// use banluck_lab::input::check_value_text;
/// assert!(check_value_text("[1, [2, 3]]").is_ok());
/// assert!(check_value_text("\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"").is_ok());
/// let deep = format!("{}{}", "[".repeat(1450), "]".repeat(1450));
/// assert!(check_value_text(&deep).unwrap_err().contains("32 deep"));
/// ```
///
/// # Errors
/// The length or the depth, with the limit.
pub fn check_value_text(text: &str) -> Result<(), String> {
    if text.len() > MAX_VALUE_BYTES {
        return Err(format!(
            "the value is {} bytes long, above the limit of {MAX_VALUE_BYTES} bytes",
            text.len()
        ));
    }
    if depth(text) > MAX_VALUE_DEPTH {
        return Err(format!(
            "the value nests arrays or tables more than {MAX_VALUE_DEPTH} deep, above the limit of {MAX_VALUE_DEPTH} levels"
        ));
    }
    Ok(())
}

/// `Err` saying what is wrong when the dotted rule key `key` has more
/// than [`MAX_KEY_PARTS`] parts or is longer than [`MAX_VALUE_BYTES`].
///
/// # Errors
/// The number of parts or the length, with the limit.
pub fn check_key_text(key: &str) -> Result<(), String> {
    if key.len() > MAX_VALUE_BYTES {
        return Err(format!(
            "the key is {} bytes long, above the limit of {MAX_VALUE_BYTES} bytes",
            key.len()
        ));
    }
    if key.split('.').count() > MAX_KEY_PARTS {
        return Err(format!(
            "the key has more than {MAX_KEY_PARTS} dotted parts, above the limit of {MAX_KEY_PARTS} (the rule keys have at most 3)"
        ));
    }
    Ok(())
}

/// `Err` saying where and what, when a parsed TOML value is deeper than
/// [`MAX_VALUE_DEPTH`] (tables and arrays both count) or holds a string
/// longer than [`MAX_VALUE_BYTES`], with the dotted key of the first
/// such value (an array's items are named by the array's key).
///
/// # Errors
/// The dotted key of the offending value and what is wrong.
pub fn check_toml_table(table: &toml::Table) -> Result<(), (String, String)> {
    for (key, value) in table {
        check_toml_value(value, key, 1)?;
    }
    Ok(())
}

fn check_toml_value(value: &toml::Value, key: &str, level: usize) -> Result<(), (String, String)> {
    let nested = |inner: &toml::Value, name: String| check_toml_value(inner, &name, level + 1);
    match value {
        toml::Value::String(text) if text.len() > MAX_VALUE_BYTES => Err((
            key.to_string(),
            format!(
                "the value is {} bytes long, above the limit of {MAX_VALUE_BYTES} bytes",
                text.len()
            ),
        )),
        toml::Value::Array(_) | toml::Value::Table(_) if level > MAX_VALUE_DEPTH => Err((
            key.to_string(),
            format!(
                "the value nests arrays or tables more than {MAX_VALUE_DEPTH} deep, above the limit of {MAX_VALUE_DEPTH} levels"
            ),
        )),
        toml::Value::Array(items) => items
            .iter()
            .try_for_each(|item| nested(item, key.to_string())),
        toml::Value::Table(table) => table
            .iter()
            .try_for_each(|(name, item)| nested(item, format!("{key}.{name}"))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_counts_arrays_and_tables_outside_quotes() {
        assert_eq!(depth("16"), 0);
        assert_eq!(depth("[1, {a = [2]}]"), 3);
        assert_eq!(depth("\"[[\\\"[[\""), 0);
        assert_eq!(depth("'[[[' "), 0);
    }

    #[test]
    fn long_and_deep_values_are_refused() {
        assert!(check_value_text(&"9".repeat(MAX_VALUE_BYTES)).is_ok());
        assert!(check_value_text(&"9".repeat(MAX_VALUE_BYTES + 1)).is_err());
        let at_limit = format!("{}{}", "[".repeat(32), "]".repeat(32));
        assert!(check_value_text(&at_limit).is_ok());
        let over = format!("{}{}", "[".repeat(33), "]".repeat(33));
        assert!(check_value_text(&over).is_err());
    }

    #[test]
    fn keys_with_too_many_parts_are_refused() {
        assert!(check_key_text("dealer.fixed.stand_on").is_ok());
        assert!(check_key_text(&["a"; 17].join(".")).is_err());
    }

    #[test]
    fn a_file_table_is_checked_to_its_leaves() {
        let deep = format!("k = {}1{}", "[".repeat(33), "]".repeat(33));
        let table: toml::Table = deep.parse().unwrap();
        let (key, why) = check_toml_table(&table).unwrap_err();
        assert_eq!(key, "k");
        assert!(why.contains("32 deep"), "{why}");
        let fine: toml::Table = "[a.b]\nc = [[1, 2]]\n".parse().unwrap();
        assert!(check_toml_table(&fine).is_ok());
    }
}
