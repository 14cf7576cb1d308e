//! EZ Baccarat in the experiment runner: the family ([`family::Baccarat`]:
//! its rules for a grid variant and the engines exact, sim and count read
//! from `[engines]`), the engines ([`engines`]), their typed figures and
//! columns ([`record`]) and the grid report ([`report`]).

pub mod engines;
pub mod family;
pub mod record;
pub mod report;
