pub mod banluck;
pub mod kuhn;
pub mod leduc;
