//! `--memory-limit` of `poker solve`: a number of bytes or `N GB`/`N MB`,
//! by default half of the machine's physical memory (`MemTotal` of
//! `/proc/meminfo`; 8 GB where that file cannot be read).

use crate::cli::CliError;

/// The share of physical memory a solve may take by default.
pub const DEFAULT_SHARE: f64 = 0.5;

/// The limit where physical memory is unknown.
const FALLBACK_BYTES: u64 = 8 << 30;

/// A memory limit and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryLimit {
    /// The most bytes a solve may take.
    pub bytes: u64,
    /// `--memory-limit`, or the default's source.
    pub source: String,
}

/// The limit of `--memory-limit` `text`, or the default.
pub fn memory_limit(text: Option<&str>) -> Result<MemoryLimit, CliError> {
    match text {
        Some(text) => Ok(MemoryLimit {
            bytes: parse_bytes(text)
                .map_err(|e| CliError::input(format!("--memory-limit {text}: {e}")))?,
            source: "--memory-limit".to_string(),
        }),
        None => Ok(match physical_memory() {
            Some(total) => MemoryLimit {
                bytes: (total as f64 * DEFAULT_SHARE) as u64,
                source: format!("half of the {} of physical memory", format_bytes(total)),
            },
            None => MemoryLimit {
                bytes: FALLBACK_BYTES,
                source: "physical memory unknown".to_string(),
            },
        }),
    }
}

/// `MemTotal` of `/proc/meminfo` in bytes.
fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
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

/// `bytes` in MB or GB with one decimal.
pub fn format_bytes(bytes: u64) -> String {
    if bytes >= 1_000_000_000 {
        format!("{:.2} GB", bytes as f64 / 1e9)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
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
