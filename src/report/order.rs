//! The column order of a table joined from several folders (`merge`).
//! A folder's file leaves out its all-null columns, so two shards of one
//! run may hold different columns; each file lists every column of its
//! table in order in its metadata ([`super::format::COLUMNS_KEY`]), and
//! the joined table takes the order one run of the whole grid writes:
//! every list's order kept, the engine parameters (`params_*`, sorted by
//! key when written) sorted among themselves.

use polars::prelude::*;

use super::typed::PARAMS_PREFIX;

/// One order holding every name of `lists`, each list's order kept: a name
/// the order so far lacks goes right after the name before it in its
/// list; then the `params_*` names are sorted in the places they hold.
pub fn joined_order(lists: &[Vec<String>]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for list in lists {
        let mut after: Option<usize> = None;
        for name in list {
            match names.iter().position(|n| n == name) {
                Some(at) => after = Some(at),
                None => {
                    let at = after.map_or(0, |a| a + 1);
                    names.insert(at, name.clone());
                    after = Some(at);
                }
            }
        }
    }
    let places: Vec<usize> = (0..names.len())
        .filter(|&i| names[i].starts_with(PARAMS_PREFIX))
        .collect();
    let mut params: Vec<String> = places.iter().map(|&i| names[i].clone()).collect();
    params.sort();
    for (&i, name) in places.iter().zip(params) {
        names[i] = name;
    }
    names
}

/// `frame` with its columns in `order`: a name it lacks (null in every
/// shard) is an all-null column, which the written file leaves out but
/// lists in its metadata as one run's file does; a column `order` lacks is
/// kept after the others.
pub fn reordered(frame: &DataFrame, order: &[String]) -> PolarsResult<DataFrame> {
    let present: Vec<PlSmallStr> = frame.get_column_names_owned();
    let mut columns: Vec<Column> = order
        .iter()
        .map(|name| match frame.column(name) {
            Ok(column) => column.clone(),
            Err(_) => Column::full_null(name.as_str().into(), frame.height(), &DataType::Null),
        })
        .collect();
    for name in present
        .iter()
        .filter(|n| !order.iter().any(|o| o == n.as_str()))
    {
        columns.push(frame.column(name.as_str())?.clone());
    }
    DataFrame::new(frame.height(), columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn lists_join_in_order_with_the_parameters_sorted() {
        let dp_and_cfr = list(&["variant", "params_algorithm", "params_max", "ev", "z"]);
        let sim = list(&["variant", "params_hands", "params_seed", "ev", "z"]);
        assert_eq!(
            joined_order(&[dp_and_cfr, sim]),
            [
                "variant",
                "params_algorithm",
                "params_hands",
                "params_max",
                "params_seed",
                "ev",
                "z"
            ]
        );
    }

    #[test]
    fn a_frame_takes_the_order_and_keeps_what_it_does_not_name() {
        let frame = df!("z" => [1i64], "extra" => [2i64], "ev" => [0.5]).unwrap();
        let order = list(&["variant", "ev", "z"]);
        let tidy = reordered(&frame, &order).unwrap();
        assert_eq!(tidy.get_column_names(), ["variant", "ev", "z", "extra"]);
        assert_eq!(tidy.column("variant").unwrap().null_count(), 1);
    }
}
