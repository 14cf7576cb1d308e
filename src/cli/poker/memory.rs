//! `--memory-limit` of `poker solve`: a number of bytes or `N GB`/`N MB`,
//! by default half of the machine's physical memory (`MemTotal` of
//! `/proc/meminfo`; 8 GB where that file cannot be read), and never more
//! than the resource guard's limit on the memory available now
//! ([`crate::guard::memory_limit`]).

use crate::cli::CliError;
pub use crate::guard::{MemoryLimit, format_bytes};

/// The share of physical memory a solve may take by default.
pub const DEFAULT_SHARE: f64 = 0.5;

/// The limit where physical memory is unknown.
const FALLBACK_BYTES: u64 = 8 << 30;

/// The limit of `--memory-limit` `text`, or the default, capped at the
/// memory the machine has available.
pub fn memory_limit(text: Option<&str>) -> Result<MemoryLimit, CliError> {
    let asked = match text {
        Some(text) => MemoryLimit {
            bytes: parse_bytes(text)
                .map_err(|e| CliError::input(format!("--memory-limit {text}: {e}")))?,
            source: "--memory-limit".to_string(),
        },
        None => match crate::guard::machine().total_bytes {
            Some(total) => MemoryLimit {
                bytes: (total as f64 * DEFAULT_SHARE) as u64,
                source: format!("half of the {} of physical memory", format_bytes(total)),
            },
            None => MemoryLimit {
                bytes: FALLBACK_BYTES,
                source: "physical memory unknown".to_string(),
            },
        },
    };
    let free = crate::guard::memory_limit();
    Ok(if asked.bytes > free.bytes {
        MemoryLimit {
            bytes: free.bytes,
            source: format!("{}, capped at {}", asked.source, free.source),
        }
    } else {
        asked
    })
}

/// Reads `3000000000`, `3 GB`, `2.5GB`, `512 MB` (decimal units).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let upper = trimmed.to_ascii_uppercase();
    let (number, unit) = [("GB", 1e9), ("MB", 1e6), ("KB", 1e3), ("B", 1.0)]
        .into_iter()
        .find_map(|(suffix, unit)| {
            upper
                .strip_suffix(suffix)
                .map(|n| (n.trim().to_string(), unit))
        })
        .unwrap_or((upper.clone(), 1.0));
    let value: f64 = number
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v > 0.0)
        .ok_or("expected bytes like 3000000000, 3 GB or 512 MB (more than 0)")?;
    let bytes = value * unit;
    if bytes >= u64::MAX as f64 {
        return Err("too large".to_string());
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_parse_in_bytes_and_decimal_units() {
        assert_eq!(parse_bytes("3000000000"), Ok(3_000_000_000));
        assert_eq!(parse_bytes("3 GB"), Ok(3_000_000_000));
        assert_eq!(parse_bytes("2.5gb"), Ok(2_500_000_000));
        assert_eq!(parse_bytes("512 MB"), Ok(512_000_000));
        for bad in ["", "GB", "-1", "0", "x", "1e400"] {
            assert!(parse_bytes(bad).is_err(), "{bad}");
        }
        assert!(memory_limit(None).unwrap().bytes > 0);
        assert_eq!(format_bytes(2_200_000_000), "2.20 GB");
    }
}
