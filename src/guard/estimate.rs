//! A work estimate: CPU seconds on this machine and bytes, and how they
//! print.

/// The work a request asks for, estimated before anything is allocated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Seconds of one core of this machine (the measured rates of
    /// [`super::calibration`]).
    pub cpu_seconds: f64,
    /// The most bytes held at once.
    pub bytes: u64,
}

impl Estimate {
    /// `cpu_seconds` of work holding `bytes`.
    pub fn new(cpu_seconds: f64, bytes: u64) -> Estimate {
        Estimate { cpu_seconds, bytes }
    }

    /// `count` units of work at `seconds_each`, each unit holding
    /// `bytes_each` (kept to the end: a record per unit), without
    /// overflow (an absurd count saturates).
    pub fn per_unit(count: u64, seconds_each: f64, bytes_each: u64) -> Estimate {
        Estimate::new(
            count as f64 * seconds_each,
            count.saturating_mul(bytes_each),
        )
    }

    /// The seconds on the clock with `threads` threads (at most one per
    /// core works at once).
    pub fn wall_seconds(&self, threads: usize, cores: usize) -> f64 {
        self.cpu_seconds / threads.clamp(1, cores.max(1)) as f64
    }

    /// The estimate in words: `about 8.3 hours of CPU time (4.2 hours on
    /// 2 threads) and 12.0 MB` (no bytes where none are counted).
    pub fn describe(&self, threads: usize, cores: usize) -> String {
        let bytes = if self.bytes == 0 {
            String::new()
        } else {
            format!(" and {}", format_bytes(self.bytes))
        };
        format!(
            "about {} of CPU time ({} on {threads} thread{}){bytes}",
            format_seconds(self.cpu_seconds),
            format_seconds(self.wall_seconds(threads, cores)),
            if threads == 1 { "" } else { "s" },
        )
    }
}

/// Seconds in the unit that reads best: `12 ms`, `3.5 s`, `4.2 min`,
/// `8.3 hours`, `12.5 days`, `1.2e6 days`.
///
/// ```
/// use banluck_lab::guard::format_seconds;
/// assert_eq!(format_seconds(0.012), "12 ms");
/// assert_eq!(format_seconds(3.5), "3.5 s");
/// assert_eq!(format_seconds(30_000.0), "8.3 hours");
/// assert_eq!(format_seconds(2e11), "2.3e6 days");
/// ```
pub fn format_seconds(seconds: f64) -> String {
    const DAY: f64 = 86_400.0;
    match seconds {
        s if s < 1.0 => format!("{:.0} ms", s * 1000.0),
        s if s < 60.0 => format!("{s:.1} s"),
        s if s < 3600.0 => format!("{:.1} min", s / 60.0),
        s if s < DAY => format!("{:.1} hours", s / 3600.0),
        s if s < 1e5 * DAY => format!("{:.1} days", s / DAY),
        s => format!("{:.1e} days", s / DAY),
    }
}

/// Bytes in MB or GB (decimal units): `509.6 MB`, `2.20 GB`,
/// `544000.00 GB`.
///
/// ```
/// use banluck_lab::guard::format_bytes;
/// assert_eq!(format_bytes(509_596_783), "509.6 MB");
/// assert_eq!(format_bytes(2_200_000_000), "2.20 GB");
/// ```
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
    fn an_estimate_reads_in_units() {
        let estimate = Estimate::per_unit(1_000_000_000_000, 30e-9, 0);
        assert_eq!(
            estimate.describe(2, 2),
            "about 8.3 hours of CPU time (4.2 hours on 2 threads)"
        );
        assert_eq!(
            Estimate::new(2.0, 12_000_000).describe(1, 2),
            "about 2.0 s of CPU time (2.0 s on 1 thread) and 12.0 MB"
        );
        // More threads than cores do not make the clock run faster.
        assert_eq!(estimate.wall_seconds(8, 2), estimate.wall_seconds(2, 2));
        assert_eq!(Estimate::per_unit(u64::MAX, 1.0, 544).bytes, u64::MAX);
        assert_eq!(format_seconds(90.0), "1.5 min");
        assert_eq!(format_seconds(86_400.0 * 3.0), "3.0 days");
    }
}
