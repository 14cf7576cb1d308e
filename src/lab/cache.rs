//! The result cache: one small JSON file per (rules, engine, parameters,
//! version, engine sources), under the output folder's `.cache/`, written
//! atomically.
//!
//! An entry holds an engine's result ([`TaskOutput`]), not a table: the
//! Parquet format ([`crate::report::FORMAT_VERSION`]) is applied when the
//! frames are built from the results, so it is no part of the key, and a
//! new Parquet format rewrites an output folder from its cache. The shape
//! of a result is defined in `src/lab/record.rs`, which the engine
//! fingerprint covers: a change to it misses every older entry.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::record::TaskOutput;
use crate::atomic::write_atomic;
use crate::input::{MAX_LAB_FILE_BYTES, read_text_capped};

/// The crate version, part of every cache key and of every `runs` row.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The fingerprint of the engine sources this binary was built from
/// ([`crate::fingerprint`]), part of every cache key: a solver change
/// recomputes cached results even without a version bump.
pub const ENGINE_FINGERPRINT: &str = env!("LAB_ENGINE_FINGERPRINT");

/// What a cached result was computed from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CacheKey {
    /// The resolved rules hash ([`super::VariantRules::hash`]).
    pub rules_hash: String,
    /// The engine's name.
    pub engine: String,
    /// The engine's parameters.
    pub params: Value,
    /// The crate version.
    pub version: String,
    /// The engine fingerprint ([`ENGINE_FINGERPRINT`]).
    pub engine_fingerprint: String,
}

impl CacheKey {
    /// The key of one task.
    pub fn new(rules_hash: &str, engine: &str, params: Value) -> CacheKey {
        CacheKey {
            rules_hash: rules_hash.to_string(),
            engine: engine.to_string(),
            params,
            version: VERSION.to_string(),
            engine_fingerprint: ENGINE_FINGERPRINT.to_string(),
        }
    }

    /// The blake3 hash (hex) of the key's canonical JSON (object keys
    /// sorted, no spaces).
    pub fn digest(&self) -> String {
        let value = json!({
            "rules_hash": self.rules_hash,
            "engine": self.engine,
            "params": self.params,
            "version": self.version,
            "engine_fingerprint": self.engine_fingerprint,
        });
        blake3::hash(canonical_json(&value).as_bytes())
            .to_hex()
            .to_string()
    }
}

/// JSON text with object keys sorted at every level and no spaces, whatever
/// map type serde_json was built with.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_sorted(value, &mut out);
    out
}

fn write_sorted(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, key) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_sorted(&map[key], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_sorted(item, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// One cache file: the key it answers and the engine's output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CacheEntry {
    /// What the result was computed from.
    pub key: CacheKey,
    /// The result.
    pub output: TaskOutput,
}

/// The cache folder of an output folder.
#[derive(Debug, Clone)]
pub struct Cache {
    folder: PathBuf,
}

impl Cache {
    /// The cache under `output/.cache/`.
    pub fn new(output: &Path) -> Cache {
        Cache {
            folder: output.join(".cache"),
        }
    }

    /// The file holding the result for `key`.
    pub fn path(&self, key: &CacheKey) -> PathBuf {
        self.folder
            .join(format!("{}-{}.json", key.engine, &key.digest()[..32]))
    }

    /// The cached output for `key`, if a readable entry for exactly this key
    /// exists (a damaged or foreign file counts as missing).
    pub fn get(&self, key: &CacheKey) -> Option<TaskOutput> {
        let text = read_text_capped(&self.path(key), MAX_LAB_FILE_BYTES).ok()?;
        let entry: CacheEntry = serde_json::from_str(&text).ok()?;
        (entry.key == *key).then_some(entry.output)
    }

    /// Removes the temporary files a killed run left in the cache folder
    /// ([`crate::atomic::remove_stale_temporaries`]).
    pub fn remove_stale_temporaries(&self) -> usize {
        crate::atomic::remove_stale_temporaries(&self.folder)
    }

    /// Stores `output` for `key` (atomically: a reader never sees half a
    /// file). The error names the folder or file that could not be written.
    pub fn put(&self, key: &CacheKey, output: &TaskOutput) -> std::io::Result<()> {
        std::fs::create_dir_all(&self.folder).map_err(|e| named(&self.folder, e))?;
        let entry = CacheEntry {
            key: key.clone(),
            output: output.clone(),
        };
        let text = serde_json::to_string(&entry).map_err(std::io::Error::other)?;
        let path = self.path(key);
        write_atomic(&path, text.as_bytes()).map_err(|e| named(&path, e))
    }
}

/// `error` with `path` in front of its message (its kind kept).
fn named(path: &Path, error: std::io::Error) -> std::io::Error {
    std::io::Error::new(error.kind(), format!("{}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::Cell;

    #[test]
    fn canonical_json_sorts_keys_at_every_level() {
        let value = json!({"b": 1, "a": {"d": [1, {"z": 0, "y": 1}], "c": "x"}});
        assert_eq!(
            canonical_json(&value),
            r#"{"a":{"c":"x","d":[1,{"y":1,"z":0}]},"b":1}"#
        );
    }

    #[test]
    fn the_digest_changes_with_every_part_of_the_key() {
        let base = CacheKey::new("00ff", "sim", json!({"seed": 1}));
        let digests = [
            base.digest(),
            CacheKey::new("00fe", "sim", json!({"seed": 1})).digest(),
            CacheKey::new("00ff", "dp", json!({"seed": 1})).digest(),
            CacheKey::new("00ff", "sim", json!({"seed": 2})).digest(),
            CacheKey {
                version: "0.0.0".into(),
                ..base.clone()
            }
            .digest(),
            CacheKey {
                engine_fingerprint: "0123456789abcdef".into(),
                ..base.clone()
            }
            .digest(),
        ];
        for (i, a) in digests.iter().enumerate() {
            for b in &digests[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(base.digest(), base.clone().digest());
    }

    #[test]
    fn put_then_get_round_trips_exactly_and_a_different_key_misses() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let key = CacheKey::new("abcd", "dp", json!({}));
        // Awkward doubles must come back bit for bit (serde_json's
        // float_roundtrip), or cached and fresh results would differ.
        let output = TaskOutput {
            figures: vec![
                ("ev".into(), Cell::F64(-(2.0f64).sqrt() / 17.0)),
                ("std_dev".into(), Cell::F64(0.1 + 0.2)),
            ],
            decisions: vec![vec![Cell::Str("hit".into()), Cell::I32(3), Cell::Null]],
            seconds: 0.01,
            ..TaskOutput::default()
        };
        cache.put(&key, &output).unwrap();
        assert_eq!(cache.get(&key), Some(output));
        assert_eq!(cache.get(&CacheKey::new("abce", "dp", json!({}))), None);
    }

    #[test]
    fn a_result_from_other_engine_sources_is_not_served() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let key = CacheKey::new("abcd", "dp", json!({}));
        let older = CacheKey {
            engine_fingerprint: "0000000000000000".into(),
            ..key.clone()
        };
        cache.put(&older, &TaskOutput::default()).unwrap();
        assert_eq!(cache.get(&key), None);
        // Even a file at this key's path written by other sources misses.
        let text = std::fs::read_to_string(cache.path(&older)).unwrap();
        std::fs::write(cache.path(&key), text).unwrap();
        assert_eq!(cache.get(&key), None);
    }

    #[test]
    fn a_torn_entry_is_never_served() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache::new(dir.path());
        let key = CacheKey::new("abcd", "dp", json!({}));
        cache.put(&key, &TaskOutput::default()).unwrap();
        let text = std::fs::read(cache.path(&key)).unwrap();
        for end in [0, 1, text.len() / 2, text.len() - 1] {
            std::fs::write(cache.path(&key), &text[..end]).unwrap();
            assert_eq!(cache.get(&key), None, "cut at {end}");
        }
    }
}
