//! The Parquet output format: its version number, the column naming
//! convention, the units of each column and the tidy-up every table gets
//! before it is written.
//!
//! Convention: column names are flat snake_case, without dots; a dotted
//! rule key becomes its parts joined by `_` (`dealer.fixed.reveal` →
//! `dealer_fixed_reveal`), an engine parameter becomes `params_<key>`.
//! Lists are Parquet list columns. A column whose every value is null is
//! left out of the file (readers treat a missing column as nulls). Each
//! file carries key-value metadata: `format_version`, `units` (a JSON
//! object from column name to unit) and `columns` (the table's columns
//! before the all-null ones were left out, in order).

use polars::prelude::*;
use serde_json::{Map, Value};

/// The version of the Parquet format written by this build: in every
/// manifest, in every Parquet file's metadata and in every cache key.
/// Version 1 (dotted rule columns, lists and parameters as JSON text) had
/// no number.
pub const FORMAT_VERSION: u32 = 2;

/// The Parquet metadata key holding [`FORMAT_VERSION`].
pub const FORMAT_KEY: &str = "format_version";

/// The Parquet metadata key holding the units map.
pub const UNITS_KEY: &str = "units";

/// The Parquet metadata key holding every column the table holds in this
/// run, in order, the all-null ones left out of the file included (a JSON
/// array): `merge` puts the columns of folders that left out different
/// ones back in the order one run writes.
pub const COLUMNS_KEY: &str = "columns";

/// The column name of a dotted rule key (or any name): dots become `_`.
pub fn column_name(key: &str) -> String {
    key.replace('.', "_")
}

/// The unit of the column `name`, from the naming rules of every family.
pub fn unit_of(name: &str) -> &'static str {
    let has = |part: &str| name.split('_').any(|p| p == part);
    if name == "seconds" {
        "seconds"
    } else if name == "z" || name.starts_with("z_") || name.ends_with("_z") || has("sd") {
        "standard errors"
    } else if name == "true_count" {
        "count tags per deck left"
    } else if has("penetration") {
        "fraction of the deck dealt (0..=1)"
    } else if has("per") && has("100") {
        "units per 100 rounds"
    } else if has("correlation") {
        "correlation (-1..=1)"
    } else if matches!(name, "tag" | "level") {
        "count tags"
    } else if name.ends_with("_mean_bet") {
        "units staked"
    } else if name.starts_with("p_")
        || name == "changed"
        || has("frequency")
        || has("probability")
        || has("share")
        || has("rate")
        || has("reach")
        || has("trigger")
        || name.starts_with("p_ahead")
    {
        "probability (0..=1)"
    } else if has("pct") {
        "percent of the pot"
    } else if has("hands")
        || has("iterations")
        || has("iteration")
        || has("shoes")
        || has("rounds")
        || has("cards")
        || has("combos")
        || has("work")
        || has("decks")
        || has("people")
        || has("players")
        || has("seats")
        || has("keys")
        || has("count")
    {
        "count"
    } else if name.starts_with("payouts_") {
        "units paid per unit staked"
    } else if name.starts_with("spot_") || matches!(name, "pot" | "stack" | "target") {
        "chips"
    } else if has("ev")
        || has("value")
        || has("exact")
        || has("edge")
        || has("gain")
        || has("profit")
        || has("std")
        || has("se")
        || has("err")
        || has("exploitability")
        || has("imbalance")
        || has("difference")
        || has("round")
        || has("seat")
        || has("result")
        || has("won")
        || has("minus")
        || has("hit")
        || has("eor")
        || has("bias")
    {
        "units per unit staked"
    } else {
        "none"
    }
}

/// A rule value without float residue: rounded to 12 decimals, so that
/// `0.1 + 0.2` is written as `0.3` (rule values are short decimals).
pub fn exact_rule_value(x: f64) -> f64 {
    format!("{x:.12}").parse().unwrap_or(x)
}

/// `frame` without its all-null columns (a frame without rows keeps them
/// all: its schema is all it says).
pub fn drop_null_columns(frame: &DataFrame) -> PolarsResult<DataFrame> {
    if frame.height() == 0 {
        return Ok(frame.clone());
    }
    let keep: Vec<PlSmallStr> = frame
        .columns()
        .iter()
        .filter(|c| c.null_count() < c.len())
        .map(|c| c.name().clone())
        .collect();
    frame.select(keep)
}

/// The unit of the column `name` of a table whose columns are `names`, of
/// dtype `dtype`: text and flags are labels (`none`); a standard error
/// `X_std_error` has the unit of the figure it is the error of (the first
/// other column `X` or `X_...`); anything else goes by [`unit_of`].
fn unit_in_table(name: &str, dtype: &DataType, names: &[&str]) -> &'static str {
    if matches!(dtype, DataType::String | DataType::Boolean) {
        return "none";
    }
    let figure = name.strip_suffix("_std_error").and_then(|stem| {
        names.iter().find(|other| {
            !other.contains("_std_")
                && (**other == stem
                    || other
                        .strip_prefix(stem)
                        .is_some_and(|rest| rest.starts_with('_')))
        })
    });
    unit_of(figure.unwrap_or(&name))
}

/// The key-value metadata of a table `tidy` (written) made from `full`
/// (before its all-null columns were left out): the format version, the
/// units of the written columns and the order of all of `full`'s.
pub fn metadata(full: &DataFrame, tidy: &DataFrame) -> Vec<(String, String)> {
    let names: Vec<&str> = full.get_column_names().iter().map(|n| n.as_str()).collect();
    let units: Map<String, Value> = tidy
        .columns()
        .iter()
        .map(|c| {
            let unit = unit_in_table(c.name(), c.dtype(), &names);
            (c.name().to_string(), Value::from(unit))
        })
        .collect();
    let columns: Vec<Value> = full
        .get_column_names()
        .iter()
        .map(|n| Value::from(n.as_str()))
        .collect();
    vec![
        (FORMAT_KEY.to_string(), FORMAT_VERSION.to_string()),
        (UNITS_KEY.to_string(), Value::Object(units).to_string()),
        (COLUMNS_KEY.to_string(), Value::Array(columns).to_string()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_residue_and_units() {
        assert_eq!(column_name("dealer.fixed.reveal"), "dealer_fixed_reveal");
        assert_eq!(exact_rule_value(0.1 + 0.2).to_string(), "0.3");
        assert_eq!(exact_rule_value(1.5), 1.5);
        assert_eq!(unit_of("seconds"), "seconds");
        assert_eq!(unit_of("ev_chart"), "units per unit staked");
        assert_eq!(unit_of("reveal_frequency"), "probability (0..=1)");
        assert_eq!(unit_of("hands"), "count");
        assert_eq!(unit_of("payouts_ban_ban"), "units paid per unit staked");
        assert_eq!(unit_of("variant"), "none");
        assert_eq!(unit_of("seats"), "count");
        assert_eq!(unit_of("true_count"), "count tags per deck left");
        assert_eq!(
            unit_of("shoe_penetration"),
            "fraction of the deck dealt (0..=1)"
        );
        assert_eq!(unit_of("flat_per_100"), "units per 100 rounds");
        assert_eq!(unit_of("counter_mean_bet"), "units staked");
    }

    #[test]
    fn a_standard_error_has_its_figures_unit_and_text_is_a_label() {
        let names = [
            "cards",
            "flat_per_100",
            "flat_std_error",
            "ev_mean",
            "ev_std_error",
            "share_positive",
            "share_positive_std_error",
            "std_error",
        ];
        let unit = |name: &str| unit_in_table(name, &DataType::Float64, &names);
        assert_eq!(unit("flat_std_error"), "units per 100 rounds");
        assert_eq!(unit("ev_std_error"), "units per unit staked");
        assert_eq!(unit("share_positive_std_error"), "probability (0..=1)");
        assert_eq!(unit("std_error"), "units per unit staked");
        assert_eq!(unit_in_table("cards", &DataType::String, &names), "none");
        assert_eq!(unit_in_table("cards", &DataType::Int64, &names), "count");
    }

    #[test]
    fn all_null_columns_are_dropped_but_not_from_an_empty_frame() {
        let frame = df!("a" => [Some(1i64), None], "b" => [None::<f64>, None]).unwrap();
        let tidy = drop_null_columns(&frame).unwrap();
        assert_eq!(tidy.get_column_names(), ["a"]);
        let empty = frame.head(Some(0));
        assert_eq!(drop_null_columns(&empty).unwrap().width(), 2);
    }
}
