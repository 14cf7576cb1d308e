//! What can go wrong while planning, writing or submitting the scheduler
//! files.

/// A cluster failure: bad input (the experiment, a flag's value) or a
/// failure of the machine (a file that cannot be written, `sbatch`).
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The experiment or an option is not usable; the message names it.
    #[error("{0}")]
    Input(String),
    /// Writing a file or running the scheduler failed; the message names
    /// the file or the program.
    #[error("{0}")]
    Internal(String),
}
