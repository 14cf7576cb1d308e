//! What the page embeds: one rules file, or every variant of an
//! experiment's output folder. A folder's variants are solved again from
//! its manifest (the base rules file and each variant's `key=value`
//! settings), so a folder and a rules file give the same data for the same
//! rules, whichever engines the experiment ran.

use std::io::Read;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::{ExploreError, Variant};
use crate::games::banluck::rules::{CompiledRules, load_rules};
use crate::games::blackjack::rules::load_blackjack_rules;
use crate::input::{MAX_LAB_FILE_BYTES, read_text_capped};
use crate::report::{MANIFEST, Manifest};
use crate::rules::{GameKind, Override, game_kind};

use super::banluck::banluck_data;
use super::blackjack::blackjack_data;
use super::poker::poker_data;
use super::turn::turn_data;
use crate::games::poker::solved::file::{load, looks_saved};

/// One rule set to solve: its name, file and overrides.
struct Job {
    name: String,
    file: PathBuf,
    game: GameKind,
    overrides: Vec<Override>,
}

/// Solves a rules file (with `overrides`) or, for a folder, every variant
/// of the experiment that wrote it.
pub fn load_variants(path: &Path, overrides: &[Override]) -> Result<Vec<Variant>, ExploreError> {
    let jobs = if path.is_dir() {
        if !overrides.is_empty() {
            return Err(ExploreError::Input(
                "--set applies to a rules file; a folder's variants carry their own settings"
                    .to_string(),
            ));
        }
        folder_jobs(path)?
    } else {
        if let Some(variant) = saved_solution(path, overrides)? {
            return Ok(vec![variant]);
        }
        let game = game_of(path)?;
        vec![Job {
            name: path.display().to_string(),
            file: path.to_path_buf(),
            game,
            overrides: overrides.to_vec(),
        }]
    };
    jobs.par_iter().map(solve).collect()
}

/// A saved poker solve's variant (read by [`load`], which refuses the
/// formats of earlier builds), or `None` for a rules file.
fn saved_solution(path: &Path, overrides: &[Override]) -> Result<Option<Variant>, ExploreError> {
    let name = path.display().to_string();
    let input = |e: &dyn std::fmt::Display| ExploreError::Input(format!("{name}: {e}"));
    let mut start = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(64).read_to_end(&mut start))
        .map_err(|e| input(&e))?;
    if !looks_saved(&start) {
        return Ok(None);
    }
    if !overrides.is_empty() {
        return Err(ExploreError::Input(
            "--set applies to a rules or spot file, not to a saved solution".to_string(),
        ));
    }
    let solved = load(path).map_err(|e| input(&e))?;
    Ok(Some(match solved.street() {
        2 => Variant::Poker(Box::new(poker_data(&name, &solved))),
        1 => Variant::Turn(Box::new(turn_data(&name, &solved)?)),
        _ => {
            return Err(input(
                &"a flop solution; explore shows river and turn spots (browse this one with `poker show FILE --node PATH --turn CARD --river CARD`)",
            ));
        }
    }))
}

fn game_of(path: &Path) -> Result<GameKind, ExploreError> {
    let game = game_kind(path).map_err(|e| ExploreError::Input(e.to_string()))?;
    match game {
        GameKind::Banluck | GameKind::Blackjack => Ok(game),
        _ => Err(ExploreError::Input(format!(
            "{}: explore shows Banluck and blackjack strategies, poker spot files and solutions saved by `poker solve --out FILE`; this file is another game",
            path.display()
        ))),
    }
}

fn solve(job: &Job) -> Result<Variant, ExploreError> {
    let input = |e: crate::rules::RulesError| ExploreError::Input(e.to_string());
    Ok(match job.game {
        GameKind::Blackjack => {
            let rules = load_blackjack_rules(Some(&job.file), &job.overrides).map_err(input)?;
            Variant::Blackjack(blackjack_data(&job.name, &rules))
        }
        _ => {
            let rules = load_rules(Some(&job.file), &job.overrides).map_err(input)?;
            Variant::Banluck(Box::new(banluck_data(
                &job.name,
                &CompiledRules::compile(rules),
            )))
        }
    })
}

/// The variants an output folder's manifest lists.
fn folder_jobs(folder: &Path) -> Result<Vec<Job>, ExploreError> {
    let manifest_path = folder.join(MANIFEST);
    let text = read_text_capped(&manifest_path, MAX_LAB_FILE_BYTES).map_err(|e| {
        ExploreError::Input(format!(
            "{}: not an output folder of `banluck-lab run` ({})",
            manifest_path.display(),
            e.reason
        ))
    })?;
    let manifest: Manifest = serde_json::from_str(&text)
        .map_err(|e| ExploreError::Input(format!("{}: {e}", manifest_path.display())))?;
    if !manifest.kind.is_grid() {
        return Err(ExploreError::Input(format!(
            "{}: a {} experiment has no strategy grid to explore; give a grid experiment's folder (e.g. reports/reveal) or a rules file",
            folder.display(),
            manifest.kind.name()
        )));
    }
    let file = rules_file(folder, &manifest.rules_file)?;
    if game_kind(&file).ok() == Some(GameKind::Poker) {
        return Err(poker_folder(folder, &file, &manifest));
    }
    let game = game_of(&file)?;
    manifest
        .variants
        .iter()
        .map(|variant| {
            let mut overrides = Vec::new();
            for (axis, &position) in manifest.axes.iter().zip(&variant.positions) {
                let settings = axis.settings.get(position).ok_or_else(|| {
                    ExploreError::Input(format!(
                        "{}: variant {} has no value {position} on axis {}",
                        manifest_path.display(),
                        variant.name,
                        axis.name
                    ))
                })?;
                for setting in settings {
                    overrides.push(setting.parse::<Override>().map_err(|e| {
                        ExploreError::Input(format!("{}: {e}", manifest_path.display()))
                    })?);
                }
            }
            Ok(Job {
                name: variant.name.clone(),
                file: file.clone(),
                game,
                overrides,
            })
        })
        .collect()
}

/// The manifest's rules file: as written (relative to where `run` ran,
/// usually the project folder), else relative to the project folder two
/// levels above the output folder (`reports/NAME`).
fn rules_file(folder: &Path, written: &str) -> Result<PathBuf, ExploreError> {
    let as_written = PathBuf::from(written);
    if as_written.is_file() {
        return Ok(as_written);
    }
    let beside = folder.join("..").join("..").join(written);
    if beside.is_file() {
        return Ok(beside);
    }
    Err(ExploreError::Input(format!(
        "{}: its rules file {written} was not found (run explore from the project folder)",
        folder.display()
    )))
}

/// The refusal of a poker experiment's folder: its variants are spots
/// that take seconds to minutes each (a turn spot's page alone is up to
/// 2 MB), so the page shows one spot; the message names the command for
/// the first variant and how many there are.
fn poker_folder(folder: &Path, file: &Path, manifest: &Manifest) -> ExploreError {
    let first = manifest.variants.first();
    let sets: Vec<String> = first
        .map(|variant| {
            manifest
                .axes
                .iter()
                .zip(&variant.positions)
                .filter_map(|(axis, &at)| axis.settings.get(at))
                .flatten()
                .map(|setting| format!(" --set '{setting}'"))
                .collect()
        })
        .unwrap_or_default();
    ExploreError::Input(format!(
        "{}: a poker experiment's {} variants are spots solved one page each; explore one spot file, e.g. the variant `{}`: banluck-lab explore --rules {}{}",
        folder.display(),
        manifest.variants.len(),
        first.map_or("", |v| v.name.as_str()),
        file.display(),
        sets.concat()
    ))
}
