//! What the lab takes from its user, bounded before it is parsed: files
//! read once into memory with a size cap ([`read`]), values from flags,
//! the environment and files held to one nesting and length limit
//! ([`value`]), and user text quoted in errors shortened ([`clip`]).

pub mod clip;
pub mod read;
pub mod value;

pub use clip::{clip, clip_lines};
pub use read::{
    MAX_INPUT_FILE_BYTES, MAX_LAB_FILE_BYTES, ReadError, read_capped, read_text_capped,
};
pub use value::{
    MAX_KEY_PARTS, MAX_VALUE_BYTES, MAX_VALUE_DEPTH, check_key_text, check_toml_table,
    check_value_text,
};
