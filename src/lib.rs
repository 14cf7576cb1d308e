//! banluck-lab: game-theoretically optimal play for house-banked card games
//! whose rules live in data.
