//! The JSON strategy file: written by the solvers, read by the simulator
//! (format in the [module documentation](super)): [`write`] and [`read`].

mod format;
mod read;
#[cfg(test)]
mod tests;
mod write;

pub use format::{FORMAT, FileInfo, LoadedStrategy, VERSION};
pub use read::read_json;
pub use write::to_json;
