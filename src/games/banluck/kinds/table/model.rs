//! What the table templates render: per table size the four dealers and
//! the paired gains, the surrender comparison, the reveal policy, the
//! rotation period under both dealers, and the charts.

use serde::Serialize;

use super::charts::{gain_chart, over_fixed_chart};
use super::headline::table_headline;
use super::model_parts::{Diff, ReplyTable, RevealTable, RotationLine, SizeLine};
use super::rows::{DealerRow, RevealPolicyRow, SolveRow, TableTables};
use crate::report::{Manifest, ReportError};

/// Everything a table report template sees.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TableModel {
    /// The experiment's name.
    pub name: String,
    /// Its question.
    pub question: String,
    /// The crate version that wrote the data.
    pub version: String,
    /// The experiment file.
    pub experiment_file: String,
    /// The rules file.
    pub rules_file: String,
    /// The parameters and the rules hash (JSON).
    pub params: String,
    /// The answer, one sentence per finding.
    pub headline: Vec<String>,
    /// The base surrender rule (the first asked for).
    pub base_surrender: bool,
    /// Per table size under the base surrender rule.
    pub sizes: Vec<SizeLine>,
    /// Per table size under the other surrender rule (if asked for).
    pub other: Vec<SizeLine>,
    /// The base draw choice (the first asked for).
    pub base_draw: String,
    /// Per table size under the other draw choice, the base surrender rule
    /// (if asked for).
    pub other_draw: Vec<SizeLine>,
    /// The reveal policy per table size.
    pub reveal: Vec<RevealTable>,
    /// The rotation period per table size (the base surrender rule).
    pub rotation: Vec<RotationLine>,
    /// One seat's best reply per table size (the base rules), if computed.
    pub replies: Vec<ReplyTable>,
    /// The reveal option's gain against K (SVG).
    pub gain_svg: String,
    /// The strategic dealer's gain over the fixed dealer against K (SVG).
    pub over_fixed_svg: String,
}

/// One surrender rule and draw choice.
#[derive(Debug, Clone, Copy)]
struct Rules<'a> {
    surrender: bool,
    draw: &'a str,
}

impl Rules<'_> {
    fn holds(&self, surrender: bool, draw: &str) -> bool {
        surrender == self.surrender && draw == self.draw
    }
}

/// The size lines of one surrender rule and draw choice, in table-size
/// order.
fn size_lines(tables: &TableTables, rules: Rules<'_>) -> Result<Vec<SizeLine>, ReportError> {
    let missing = |what: &str, k: usize| {
        ReportError::Data(format!(
            "the table has no {what} at {k} seats (allow_surrender = {}, draw_choice = {})",
            rules.surrender, rules.draw
        ))
    };
    let solves: Vec<&SolveRow> = tables
        .solves
        .iter()
        .filter(|s| rules.holds(s.allow_surrender, &s.draw_choice))
        .collect();
    solves
        .into_iter()
        .map(|solve| {
            let k = solve.players;
            let gain = |name: &str| {
                tables
                    .gains
                    .iter()
                    .find(|g| {
                        g.players == k
                            && rules.holds(g.allow_surrender, &g.draw_choice)
                            && g.gain == name
                    })
                    .map(|g| Diff::of(g, k))
                    .ok_or_else(|| missing(name, k))
            };
            let dealers: Vec<DealerRow> = tables
                .runs
                .iter()
                .filter(|r| r.players == k && rules.holds(r.allow_surrender, &r.draw_choice))
                .cloned()
                .collect();
            if dealers.len() != 4 {
                return Err(missing("four dealers", k));
            }
            let reveal = gain("reveal_gain")?;
            let over_fixed = gain("strategic_over_fixed_off")?;
            Ok(SizeLine {
                players: k,
                allow_surrender: rules.surrender,
                draw_choice: rules.draw.to_string(),
                method: solve.method.clone(),
                dealers,
                reveal,
                over_fixed,
                no_reveal_over_fixed: gain("no_reveal_over_fixed_off")?,
                forced: gain("fixed_reveal_gain")?,
                reveal_share_of_gain: (over_fixed.per_round.abs() >= 1e-4)
                    .then(|| reveal.per_round / over_fixed.per_round),
                surrenders: solve.surrenders.join(" "),
                seat_keys: solve.seat_keys,
            })
        })
        .collect()
}

/// The reveal tables of the base rules.
fn reveal_tables(tables: &TableTables, rules: Rules<'_>, sizes: &[SizeLine]) -> Vec<RevealTable> {
    sizes
        .iter()
        .map(|size| {
            let all: Vec<&RevealPolicyRow> = tables
                .reveal_policy
                .iter()
                .filter(|r| {
                    r.players == size.players && rules.holds(r.allow_surrender, &r.draw_choice)
                })
                .collect();
            let mut by_total: Vec<RevealPolicyRow> = Vec::new();
            for row in &all {
                let reveals = row.probability * row.reveal_share;
                match by_total
                    .iter_mut()
                    .find(|t| t.total == row.total && t.soft == row.soft)
                {
                    Some(t) => {
                        t.reveal_share += reveals;
                        t.probability += row.probability;
                    }
                    None => by_total.push(RevealPolicyRow {
                        open_two: 0,
                        open_three_plus: 0,
                        reveal_share: reveals,
                        ..(*row).clone()
                    }),
                }
            }
            for t in &mut by_total {
                t.reveal_share = if t.probability > 0.0 {
                    t.reveal_share / t.probability
                } else {
                    0.0
                };
            }
            let rows: Vec<RevealPolicyRow> = all
                .iter()
                .filter(|r| r.probability >= 1e-4)
                .map(|r| (*r).clone())
                .collect();
            RevealTable {
                players: size.players,
                by_total,
                rare_rows: all.len() - rows.len(),
                rows,
            }
        })
        .collect()
}

impl TableModel {
    /// The model of an output folder's manifest and tables.
    ///
    /// # Errors
    /// Tables that do not fit together, or a chart that cannot be drawn.
    pub fn new(manifest: &Manifest, tables: &TableTables) -> Result<TableModel, ReportError> {
        let base_surrender = tables.solves.first().is_none_or(|s| s.allow_surrender);
        let base_draw = tables
            .solves
            .first()
            .map_or("free", |s| s.draw_choice.as_str());
        let other_word = if base_draw == "free" { "fixed" } else { "free" };
        let base = Rules {
            surrender: base_surrender,
            draw: base_draw,
        };
        let sizes = size_lines(tables, base)?;
        let other = size_lines(
            tables,
            Rules {
                surrender: !base_surrender,
                ..base
            },
        )?;
        let other_draw = size_lines(
            tables,
            Rules {
                draw: other_word,
                ..base
            },
        )?;
        let reveal = reveal_tables(tables, base, &sizes);
        let rotation: Vec<RotationLine> = sizes
            .iter()
            .filter_map(|size| {
                let find = |dealer: &str| {
                    tables
                        .rotation
                        .iter()
                        .find(|r| {
                            r.players == size.players
                                && base.holds(r.allow_surrender, &r.draw_choice)
                                && r.dealer == dealer
                        })
                        .cloned()
                };
                Some(RotationLine {
                    fixed: find("fixed")?,
                    strategic: find("strategic")?,
                })
            })
            .collect();
        let replies: Vec<ReplyTable> = tables
            .solves
            .iter()
            .filter(|s| base.holds(s.allow_surrender, &s.draw_choice))
            .filter_map(|s| {
                Some(ReplyTable {
                    players: s.players,
                    value_given: s.reply_value_given?,
                    gain: s.reply_gain?,
                    gain_std_error: s.reply_gain_std_error.unwrap_or(0.0),
                    rows: tables
                        .deviations
                        .iter()
                        .filter(|d| {
                            d.players == s.players && base.holds(d.allow_surrender, &d.draw_choice)
                        })
                        .cloned()
                        .collect(),
                })
            })
            .collect();
        let headline = table_headline(&sizes, &other, &other_draw, &rotation, &replies);
        Ok(TableModel {
            name: manifest.name.clone(),
            question: manifest.question.clone(),
            version: manifest.version.clone(),
            experiment_file: manifest.experiment_file.clone(),
            rules_file: manifest.rules_file.clone(),
            params: manifest.params.to_string(),
            headline,
            base_surrender,
            base_draw: base_draw.to_string(),
            gain_svg: gain_chart(&sizes)?,
            over_fixed_svg: over_fixed_chart(&sizes)?,
            sizes,
            other,
            other_draw,
            reveal,
            rotation,
            replies,
        })
    }
}
