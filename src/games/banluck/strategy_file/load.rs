//! Reading a strategy file by its extension: solver output or a chart of
//! habits.

use std::path::Path;

use crate::games::banluck::rules::CompiledRules;
use crate::input::{MAX_INPUT_FILE_BYTES, read_text_capped};

use super::chart::Chart;
use super::error::StrategyFileError;
use super::json::{LoadedStrategy, read_json};

/// Reads a strategy file for `table`: `*.json` as solver output, `*.toml`
/// as a chart of habits.
pub fn load_strategy(
    path: &Path,
    table: &CompiledRules,
) -> Result<LoadedStrategy, StrategyFileError> {
    let file = path.display().to_string();
    let text = read_text_capped(path, MAX_INPUT_FILE_BYTES).map_err(|e| {
        StrategyFileError::Unreadable {
            file: file.clone(),
            reason: e.reason,
        }
    })?;
    match path.extension().and_then(|e| e.to_str()) {
        Some(ext) if ext.eq_ignore_ascii_case("json") => read_json(&text, &file, table),
        Some(ext) if ext.eq_ignore_ascii_case("toml") => {
            let player = Chart::parse(&text, &file)?.expand(table)?;
            Ok(LoadedStrategy {
                player,
                dealer: None,
                engine: Some("chart".into()),
                rules_hash: None,
                ev: None,
            })
        }
        _ => Err(StrategyFileError::UnknownKind { file }),
    }
}
