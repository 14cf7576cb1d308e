//! The blackjack chart file: a total-dependent basic-strategy chart, one
//! row per hand class, one code per dealer upcard. `solve --write-chart`
//! writes it and `solve --strategy` reads it.
//!
//! ```toml
//! # Upcards:   2  3  4  5  6  7  8  9  T  A
//! format = "banluck-lab blackjack chart"
//! [hard]
//! "12" = "H  H  S  S  S  H  H  H  H  H"
//! "11" = "Dh Dh Dh Dh Dh Dh Dh Dh Dh Dh"
//! [soft]
//! "18" = "Ds Ds Ds Ds Ds S  S  H  H  H"
//! [pairs]
//! "8" = "P  P  P  P  P  P  P  P  P  P"
//! "A" = "P  P  P  P  P  P  P  P  P  P"
//! ```
//!
//! - `format` is optional; when given it must be as shown. `description`
//!   (a string) is optional.
//! - `[hard]` needs every total from 5 to 20 and `[soft]` every total
//!   from 13 to 20; `hard 4`, `soft 12`, `hard 21` and `soft 21` are
//!   optional (hit 4 and soft 12, stand on 21). `[pairs]` (`2`..`9`, `T`,
//!   `A`) is optional: a pair without a row plays by its total's row.
//! - Codes: `S` stand, `H` hit, `D` or `Dh` double (else hit), `Ds` double
//!   (else stand), `P` split, `Ph` split if doubling after a split is
//!   allowed (else hit), `R` or `Rh` surrender (else hit), `Rs` surrender
//!   (else stand). "Else" applies where the rules do not allow the move.
//!   `P` and `Ph` belong in `[pairs]` only; a `P` the rules do not allow
//!   (no splitting) plays by the total's row.
//! - After the first decision (three or more cards) a hand plays its
//!   total's row with doubles and surrenders replaced by their fallbacks.

use std::fmt::Write as _;

use crate::cards::Rank;
use crate::rules::span::line_in_text;

/// The value of the optional `format` key.
pub const CHART_FORMAT: &str = "banluck-lab blackjack chart";

/// The upcards of a row, in file order.
const UPCARDS: [char; 10] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'];

/// One chart cell's instruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Code {
    /// Stand.
    S,
    /// Hit.
    H,
    /// Double, else hit.
    Dh,
    /// Double, else stand.
    Ds,
    /// Split.
    P,
    /// Split if doubling after a split is allowed, else hit.
    Ph,
    /// Surrender, else hit.
    Rh,
    /// Surrender, else stand.
    Rs,
}

impl Code {
    /// Parses a code (`D` and `R` are `Dh` and `Rh`).
    pub fn parse(text: &str) -> Option<Code> {
        Some(match text {
            "S" => Code::S,
            "H" => Code::H,
            "D" | "Dh" => Code::Dh,
            "Ds" => Code::Ds,
            "P" => Code::P,
            "Ph" => Code::Ph,
            "R" | "Rh" => Code::Rh,
            "Rs" => Code::Rs,
            _ => return None,
        })
    }

    /// The code as written.
    pub fn text(self) -> &'static str {
        match self {
            Code::S => "S",
            Code::H => "H",
            Code::Dh => "Dh",
            Code::Ds => "Ds",
            Code::P => "P",
            Code::Ph => "Ph",
            Code::Rh => "Rh",
            Code::Rs => "Rs",
        }
    }

    /// Whether a hand past its first decision hits under this code.
    pub fn later_hits(self) -> bool {
        matches!(self, Code::H | Code::Dh | Code::Rh | Code::Ph)
    }
}

/// A basic-strategy chart: a code per (row, upcard).
#[derive(Debug, Clone, PartialEq)]
pub struct BlackjackChart {
    /// Hard totals 4..=21, indexed by total.
    hard: [[Code; 10]; 22],
    /// Soft totals 12..=21, indexed by total.
    soft: [[Code; 10]; 22],
    /// Pair rows by rank index, when given.
    pairs: [Option<[Code; 10]>; 10],
}

/// A chart file that cannot be used: the file, the line, the key and what
/// is allowed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {key}{}: {allowed}", line.map_or(String::new(), |l| format!(":{l}")), if found.is_empty() { String::new() } else { format!(" = {found}") })]
pub struct ChartFileError {
    /// The file.
    pub file: String,
    /// The 1-based line, when the key is written in the file.
    pub line: Option<usize>,
    /// The key path, e.g. `hard.16`.
    pub key: String,
    /// The value found (empty when missing).
    pub found: String,
    /// What is allowed.
    pub allowed: String,
}

/// The rows each section needs and allows.
fn section_rows(section: &str) -> (Vec<String>, Vec<String>) {
    let totals = |from: u8, to: u8| (from..=to).map(|t| t.to_string()).collect::<Vec<_>>();
    match section {
        "hard" => (totals(5, 20), totals(4, 21)),
        "soft" => (totals(13, 20), totals(12, 21)),
        _ => (Vec::new(), UPCARDS.iter().map(|c| c.to_string()).collect()),
    }
}

impl BlackjackChart {
    /// Parses a chart file's text; `file` names it in errors.
    ///
    /// ```
    /// use banluck_lab::games::blackjack::policy_eval::BlackjackChart;
    /// let mut text = String::from("[hard]\n");
    /// for t in 5..=20 { text += &format!("\"{t}\" = \"{}\"\n", if t < 17 { "H ".repeat(10) } else { "S ".repeat(10) }); }
    /// text += "[soft]\n";
    /// for t in 13..=20 { text += &format!("\"{t}\" = \"{}\"\n", if t < 18 { "H ".repeat(10) } else { "S ".repeat(10) }); }
    /// let chart = BlackjackChart::parse(&text, "mine.toml").unwrap();
    /// assert_eq!(BlackjackChart::parse(&chart.to_toml("again"), "again.toml").unwrap(), chart);
    /// ```
    pub fn parse(text: &str, file: &str) -> Result<BlackjackChart, ChartFileError> {
        let error = |key: &str, found: String, allowed: String| ChartFileError {
            file: file.to_string(),
            line: line_in_text(text, key),
            key: key.to_string(),
            found,
            allowed,
        };
        let top: toml::Table = text.parse().map_err(|e: toml::de::Error| ChartFileError {
            file: file.to_string(),
            line: e.span().map(|s| text[..s.start].matches('\n').count() + 1),
            key: "(syntax)".into(),
            found: String::new(),
            allowed: format!("not valid TOML: {}", e.message()),
        })?;
        let mut chart = BlackjackChart {
            hard: [[Code::H; 10]; 22],
            soft: [[Code::H; 10]; 22],
            pairs: [None; 10],
        };
        for total in 17..=21 {
            chart.hard[total] = [Code::S; 10];
        }
        chart.soft[21] = [Code::S; 10];
        for (key, value) in &top {
            match (key.as_str(), value) {
                ("format", toml::Value::String(f)) if f == CHART_FORMAT => {}
                ("description", toml::Value::String(_)) => {}
                ("format" | "description", other) => {
                    return Err(error(
                        key,
                        other.to_string(),
                        format!("expected \"{CHART_FORMAT}\" for format, a string for description"),
                    ));
                }
                ("hard" | "soft" | "pairs", toml::Value::Table(rows)) => {
                    chart.read_section(key, rows, &error)?;
                }
                _ => {
                    return Err(error(
                        key,
                        String::new(),
                        "unknown key; allowed: format, description, [hard], [soft], [pairs]".into(),
                    ));
                }
            }
        }
        for section in ["hard", "soft"] {
            let given = top.get(section).and_then(toml::Value::as_table);
            let (needed, _) = section_rows(section);
            if let Some(row) = needed
                .iter()
                .find(|row| given.is_none_or(|t| !t.contains_key(row.as_str())))
            {
                return Err(error(
                    &format!("{section}.{row}"),
                    String::new(),
                    format!(
                        "missing row: [{section}] needs totals {} to {}, one code per upcard 2..9 T A",
                        needed[0],
                        needed[needed.len() - 1]
                    ),
                ));
            }
        }
        Ok(chart)
    }

    fn read_section(
        &mut self,
        section: &str,
        rows: &toml::Table,
        error: &dyn Fn(&str, String, String) -> ChartFileError,
    ) -> Result<(), ChartFileError> {
        let (_, allowed) = section_rows(section);
        for (name, value) in rows {
            let key = format!("{section}.{name}");
            if !allowed.contains(name) {
                return Err(error(
                    &key,
                    String::new(),
                    format!("unknown row; [{section}] rows are {}", allowed.join(", ")),
                ));
            }
            let bad = |found: String| {
                error(
                    &key,
                    found,
                    format!(
                        "expected 10 codes for upcards 2..9 T A, each one of S H D Dh Ds {}R Rh Rs",
                        if section == "pairs" { "P Ph " } else { "" }
                    ),
                )
            };
            let text = value.as_str().ok_or_else(|| bad(value.to_string()))?;
            let codes: Vec<Code> = text
                .split_whitespace()
                .map(Code::parse)
                .collect::<Option<_>>()
                .filter(|c: &Vec<Code>| c.len() == 10)
                .filter(|c| {
                    section == "pairs" || !c.iter().any(|&x| matches!(x, Code::P | Code::Ph))
                })
                .ok_or_else(|| bad(value.to_string()))?;
            let row: [Code; 10] = std::array::from_fn(|i| codes[i]);
            match section {
                "hard" => self.hard[name.parse::<usize>().unwrap_or(0)] = row,
                "soft" => self.soft[name.parse::<usize>().unwrap_or(0)] = row,
                _ => {
                    let rank = Rank::from_label(name).map_or(0, Rank::index);
                    self.pairs[rank] = Some(row);
                }
            }
        }
        Ok(())
    }

    /// The code of a hand of `total` (soft or hard) against `upcard`.
    pub fn total_code(&self, total: u8, soft: bool, upcard: Rank) -> Code {
        let rows = if soft { &self.soft } else { &self.hard };
        rows.get(usize::from(total))
            .map_or(Code::S, |row| row[upcard.index()])
    }

    /// The pair row's code for a pair of `rank`, when the chart has one.
    pub fn pair_code(&self, rank: Rank, upcard: Rank) -> Option<Code> {
        self.pairs[rank.index()].map(|row| row[upcard.index()])
    }

    /// Sets one cell: `row` is `hard 12`, `soft 18` or `pair 8` (as the
    /// engine names its chart rows); other names are ignored.
    pub fn set(&mut self, row: &str, upcard: Rank, code: Code) {
        let Some((kind, value)) = row.split_once(' ') else {
            return;
        };
        let total = value.parse::<usize>().ok().filter(|&t| t < 22);
        match (kind, total) {
            ("hard", Some(t)) => self.hard[t][upcard.index()] = code,
            ("soft", Some(t)) => self.soft[t][upcard.index()] = code,
            ("pair", _) => {
                if let Some(rank) = Rank::from_label(value) {
                    let row = self.pairs[rank.index()].get_or_insert([Code::S; 10]);
                    row[upcard.index()] = code;
                }
            }
            _ => {}
        }
    }

    /// A chart that hits below `threshold` and stands from it on, in every
    /// row (pairs play by their totals).
    pub fn hit_below(threshold: u8) -> BlackjackChart {
        let row = |t: usize| {
            [if t < usize::from(threshold) {
                Code::H
            } else {
                Code::S
            }; 10]
        };
        BlackjackChart {
            hard: std::array::from_fn(row),
            soft: std::array::from_fn(row),
            pairs: [None; 10],
        }
    }

    /// The chart as a chart file, every row written.
    pub fn to_toml(&self, description: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# Blackjack chart; one code per dealer upcard:");
        let _ = writeln!(out, "#          2  3  4  5  6  7  8  9  T  A");
        let _ = writeln!(out, "format = \"{CHART_FORMAT}\"");
        let _ = writeln!(out, "description = {:?}", description);
        let line = |out: &mut String, name: &str, row: &[Code; 10]| {
            let codes: Vec<String> = row.iter().map(|c| format!("{:<2}", c.text())).collect();
            let _ = writeln!(
                out,
                "{:<7} = \"{}\"",
                format!("\"{name}\""),
                codes.join(" ").trim_end()
            );
        };
        let _ = writeln!(out, "\n[hard]");
        for total in (4..=21).rev() {
            line(&mut out, &total.to_string(), &self.hard[total]);
        }
        let _ = writeln!(out, "\n[soft]");
        for total in (12..=21).rev() {
            line(&mut out, &total.to_string(), &self.soft[total]);
        }
        if self.pairs.iter().any(Option::is_some) {
            let _ = writeln!(out, "\n[pairs]");
            for rank in Rank::all().rev() {
                if let Some(row) = &self.pairs[rank.index()] {
                    line(&mut out, &rank.label().to_string(), row);
                }
            }
        }
        out
    }
}
