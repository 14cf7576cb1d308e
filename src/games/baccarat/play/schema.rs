//! The database schema, versioned by SQLite's `PRAGMA user_version`: a
//! file at version `v` is brought up to date by running
//! `MIGRATIONS[v..]` in order, in one transaction
//! ([`super::store::Store::open`]). A new version appends a migration and
//! never edits an old one.

/// The schema version this program writes.
pub const SCHEMA_VERSION: i64 = 1;

/// The migrations: `MIGRATIONS[v]` takes a file from version `v` to `v + 1`.
pub const MIGRATIONS: [&str; 1] = [r#"
CREATE TABLE players (
    name            TEXT PRIMARY KEY,
    balance         INTEGER NOT NULL,
    initial_balance INTEGER NOT NULL,
    rounds_played   INTEGER NOT NULL DEFAULT 0,
    total_wagered   INTEGER NOT NULL DEFAULT 0,
    total_won       INTEGER NOT NULL DEFAULT 0,
    total_lost      INTEGER NOT NULL DEFAULT 0,
    biggest_win     INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL
);
CREATE TABLE rounds (
    id             INTEGER PRIMARY KEY,
    player         TEXT NOT NULL REFERENCES players(name),
    player_round   INTEGER NOT NULL,
    played_at      TEXT NOT NULL,
    shoe           INTEGER NOT NULL,
    round_in_shoe  INTEGER NOT NULL,
    balance_before INTEGER NOT NULL,
    bet_player     INTEGER NOT NULL,
    bet_banker     INTEGER NOT NULL,
    bet_tie        INTEGER NOT NULL,
    bet_dragon7    INTEGER NOT NULL,
    bet_panda8     INTEGER NOT NULL,
    player_cards   TEXT NOT NULL,
    banker_cards   TEXT NOT NULL,
    player_total   INTEGER NOT NULL,
    banker_total   INTEGER NOT NULL,
    natural        INTEGER NOT NULL,
    outcome        TEXT NOT NULL,
    net_player     INTEGER,
    net_banker     INTEGER,
    net_tie        INTEGER,
    net_dragon7    INTEGER,
    net_panda8     INTEGER,
    net            INTEGER NOT NULL,
    balance_after  INTEGER NOT NULL,
    UNIQUE (player, player_round)
);
"#];
