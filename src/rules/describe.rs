//! figment's deserialization errors in a file author's words: the dotted
//! key, the value found and what is allowed, never a Rust type name.

use figment::Figment;
use figment::error::Kind;
use figment::providers::Serialized;

/// The words each enum of a schema accepts, by the enum's Rust name
/// ([`Schema::enum_words`](super::Schema::enum_words)).
pub type EnumWords = fn(&str) -> Option<&'static [&'static str]>;

/// No enum words: errors say "one of the allowed words" (experiment files).
pub(crate) fn no_enum_words(_: &str) -> Option<&'static [&'static str]> {
    None
}

/// One figment deserialization error in a file author's words: the dotted
/// key, the value found (empty when there is none) and what is allowed.
/// Shared by rules files and experiment files.
pub(crate) fn describe_figment_error(
    e: &figment::Error,
    words: EnumWords,
) -> (String, String, String) {
    let mut path = e.path.clone();
    let (found, allowed) = match &e.kind {
        Kind::UnknownField(field, expected) => {
            if path.last() != Some(field) {
                path.push(field.clone());
            }
            (
                String::new(),
                format!("unknown key; allowed keys here: {}", expected.join(", ")),
            )
        }
        Kind::MissingField(field) => {
            path.push(field.to_string());
            (String::new(), "missing: this key is required".to_string())
        }
        Kind::UnknownVariant(found, expected) => (
            format!("\"{found}\""),
            format!("allowed values: {}", quoted(expected)),
        ),
        Kind::InvalidType(actual, expected) | Kind::InvalidValue(actual, expected) => (
            actual.to_string(),
            format!("expected {}", readable(expected, words)),
        ),
        Kind::InvalidLength(length, expected) => {
            (format!("{length} items"), format!("expected {expected}"))
        }
        other => (String::new(), other.to_string()),
    };
    // figment ends the path of a bad list item with its position
    // (`ace.two_cards.1`): name the key and say which item is wrong. A
    // position inside the path (`axis.0.values`) names a table of an array
    // of tables and stays.
    let found = match path.last().and_then(|part| part.parse::<usize>().ok()) {
        Some(index) => {
            path.pop();
            format!("{found} (item {} of the list)", index + 1)
        }
        None => found,
    };
    (path.join("."), found, allowed)
}

fn quoted(values: &[&str]) -> String {
    values
        .iter()
        .map(|v| format!("\"{v}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// serde's names for expected types, in words a rules author uses (never a
/// Rust type name).
fn readable(expected: &str, words: EnumWords) -> String {
    match expected {
        "u8" => "a whole number from 0 to 255".into(),
        "u32" => "a whole number from 0 to 4294967295".into(),
        "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list, e.g. [1, 10]".into(),
        other => {
            if let Some(name) = other.strip_prefix("enum ") {
                match words(name) {
                    Some(values) => format!("one of {}", quoted(values)),
                    None => "one of the allowed words, in quotes".into(),
                }
            } else if other.starts_with("struct ") {
                "a table of keys, e.g. a [section] or { key = value }".into()
            } else {
                other.to_string()
            }
        }
    }
}

/// The variant names serde accepts for `T`, read from the error it gives
/// for a word that is none of them (so they never drift from the schema).
pub fn variants_of<T: serde::de::DeserializeOwned>() -> &'static [&'static str] {
    let probe = Figment::from(Serialized::global("value", "\u{1}"));
    match probe.extract_inner::<T>("value") {
        Err(error) => match error.kind {
            Kind::UnknownVariant(_, expected) => expected,
            _ => &[],
        },
        Ok(_) => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(name: &str) -> Option<&'static [&'static str]> {
        (name == "Switch").then_some(&["off", "on"][..])
    }

    #[test]
    fn type_names_become_words() {
        assert_eq!(readable("enum Switch", words), "one of \"off\", \"on\"");
        assert!(readable("struct DealerRules", words).starts_with("a table"));
        assert!(readable("enum Unknown", words).starts_with("one of the allowed words"));
        assert!(readable("enum Switch", no_enum_words).starts_with("one of the allowed words"));
        assert_eq!(readable("a sequence", words), "a list, e.g. [1, 10]");
    }
}
