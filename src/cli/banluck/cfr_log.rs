//! The equilibrium solve on the command line: one progress bar on stderr
//! while CFR iterates (hidden with `-q` and when stderr is not a terminal)
//! and the convergence log written to `--log FILE` instead of stdout.

use std::fmt::Write;
use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cfr::LogRow;
use crate::cli::CliError;
use crate::games::banluck::equilibrium::{self, CfrParams, EquilibriumSolution};
use crate::games::banluck::rules::CompiledRules;

/// The columns of a CSV log, in order.
const CSV_HEADER: &str = "iteration,seconds,exploitability,value,upper,lower";

/// Solves the heads-up equilibrium with a progress bar over the iteration
/// limit, showing the last measured exploitability against the target.
pub fn solve_with_bar(
    table: &CompiledRules,
    params: &CfrParams,
    quiet: bool,
) -> EquilibriumSolution {
    let target = if quiet {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(u64::from(params.max_iterations)), target);
    bar.set_style(
        ProgressStyle::with_template(
            "{elapsed_precise} [{bar:40}] {human_pos}/{human_len} iterations, {msg}",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    let goal = params.target_exploitability;
    let solution = equilibrium::solve_observed(table, params, &mut |row| {
        bar.set_position(row.iteration);
        bar.set_message(format!(
            "exploitability {:.2e} (target {goal:.0e})",
            row.exploitability
        ));
    });
    bar.finish_and_clear();
    solution
}

/// The log as text: CSV with a header when `path` ends in `.csv`, else
/// JSON lines (one object per measurement).
pub fn log_text(path: &Path, rows: &[LogRow]) -> Result<String, CliError> {
    let csv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let mut text = String::new();
    if csv {
        text.push_str(CSV_HEADER);
        text.push('\n');
    }
    for row in rows {
        if csv {
            let _ = writeln!(
                text,
                "{},{},{},{},{},{}",
                row.iteration, row.seconds, row.exploitability, row.value, row.upper, row.lower
            );
        } else {
            let line = serde_json::to_string(row).map_err(|e| CliError::internal(e.to_string()))?;
            text.push_str(&line);
            text.push('\n');
        }
    }
    Ok(text)
}

/// Writes the convergence log to `path` (atomically), as [`log_text`] says.
pub fn write_log(path: &Path, rows: &[LogRow]) -> Result<(), CliError> {
    let text = log_text(path, rows)?;
    crate::atomic::write_atomic(path, text.as_bytes())
        .map_err(|e| CliError::internal(format!("--log {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfr::Bounds;

    fn rows() -> Vec<LogRow> {
        [(0, 1.0), (25, 0.5)]
            .map(|(t, gap)| {
                LogRow::new(
                    t,
                    0.5,
                    Bounds {
                        value: 0.0,
                        upper: gap,
                        lower: -gap,
                    },
                )
            })
            .to_vec()
    }

    #[test]
    fn a_csv_log_has_a_header_and_one_line_per_row() {
        let text = log_text(Path::new("run.CSV"), &rows()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [CSV_HEADER, "0,0.5,1,0,1,-1", "25,0.5,0.5,0,0.5,-0.5"]
        );
    }

    #[test]
    fn any_other_log_is_json_lines() {
        let text = log_text(Path::new("run.jsonl"), &rows()).unwrap();
        let back: Vec<LogRow> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(back, rows());
    }
}
