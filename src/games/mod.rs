pub mod kuhn;
pub mod leduc;
