//! What the guard reads of the machine: its cores and its memory.

use std::sync::OnceLock;

/// The machine a command runs on, read once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Machine {
    /// The cores this process may use (at least 1).
    pub cores: usize,
    /// `MemAvailable` of `/proc/meminfo` in bytes: what can be allocated
    /// without swapping (`None` where the file cannot be read).
    pub available_bytes: Option<u64>,
    /// `MemTotal` of `/proc/meminfo` in bytes (`None` likewise).
    pub total_bytes: Option<u64>,
}

/// The machine, read on the first call.
pub fn machine() -> &'static Machine {
    static MACHINE: OnceLock<Machine> = OnceLock::new();
    MACHINE.get_or_init(|| {
        let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
        Machine {
            cores: std::thread::available_parallelism().map_or(1, usize::from),
            available_bytes: meminfo_bytes(&meminfo, "MemAvailable:"),
            total_bytes: meminfo_bytes(&meminfo, "MemTotal:"),
        }
    })
}

/// The value of the line starting with `key` of a `/proc/meminfo` text
/// (in KiB there), in bytes.
fn meminfo_bytes(meminfo: &str, key: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with(key))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meminfo_lines_are_read_in_bytes() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:   12000000 kB\n";
        assert_eq!(meminfo_bytes(text, "MemTotal:"), Some(24_576_000_000));
        assert_eq!(meminfo_bytes(text, "MemAvailable:"), Some(12_288_000_000));
        assert_eq!(meminfo_bytes(text, "MemFree:"), None);
        assert_eq!(meminfo_bytes("MemTotal: lots kB", "MemTotal:"), None);
        assert!(machine().cores >= 1);
    }
}
