//! Counts written to JSON so that every reader reads them exactly: a JSON
//! number up to 2^53 (what a reader holding numbers as doubles, as
//! JavaScript does, reads exactly), a string of decimal digits above it.
//! `docs/formats.md` documents the schema for each output using it.

use serde::Serializer;

/// The largest count written as a JSON number: 2^53 = 9,007,199,254,740,992.
pub const MAX_JSON_NUMBER: u128 = 1 << 53;

/// Serializes `count` as a JSON number when it is at most
/// [`MAX_JSON_NUMBER`], otherwise as a string of its decimal digits; for
/// `#[serde(serialize_with = "crate::json_int::count")]`.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Deals {
///     #[serde(serialize_with = "banluck_lab::json_int::count")]
///     total: u128,
/// }
/// assert_eq!(serde_json::to_string(&Deals { total: 52 }).unwrap(), r#"{"total":52}"#);
/// let huge = Deals { total: u128::MAX };
/// assert_eq!(
///     serde_json::to_string(&huge).unwrap(),
///     format!(r#"{{"total":"{}"}}"#, u128::MAX)
/// );
/// ```
///
/// # Errors
/// Those of the serializer.
pub fn count<S: Serializer>(count: &u128, serializer: S) -> Result<S::Ok, S::Error> {
    match u64::try_from(*count) {
        Ok(small) if *count <= MAX_JSON_NUMBER => serializer.serialize_u64(small),
        _ => serializer.collect_str(count),
    }
}
