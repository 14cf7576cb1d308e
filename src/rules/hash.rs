//! The content hash that names a resolved rule set.

/// A stable 16-hex-digit content hash: blake3 over the value's JSON (struct
/// fields in declaration order, so the same value always hashes alike).
pub fn content_hash(value: &impl serde::Serialize) -> String {
    let json = serde_json::to_string(value).expect("rule sets always serialize");
    blake3::hash(json.as_bytes()).to_hex()[..16].to_string()
}
