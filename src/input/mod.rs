//! What the lab takes from its user, bounded before it is parsed: files
//! read once into memory with a size cap ([`read`]).

pub mod read;

pub use read::{
    MAX_INPUT_FILE_BYTES, MAX_LAB_FILE_BYTES, ReadError, read_capped, read_text_capped,
};
