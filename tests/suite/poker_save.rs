//! The one file of a solved spot ([`to_bytes`], [`from_bytes`], [`load`]):
//! a river, a turn and a flop solve reload bit for bit (every strategy,
//! value, bracket, the exploitability and seconds, the settings, the
//! tree) and write the same bytes again; a damaged, cut, lengthened or
//! foreign file, another version or kind, an unknown block and the
//! formats of earlier builds (river JSON, the turn's and flop's magic
//! lines) are refused with what the file is and what to do.

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::{Keep, SolveOptions, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::{PlayerSizes, Sizes, StreetSizes};
use banluck_lab::games::poker::solved::{
    SolveRun, SolvedSpot, SpotSettings, from_bytes, load, to_bytes,
};
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};

const RIVER: &str = "OOP:AA,KK,QQ,AKs,76s:S100/IP:KK-TT,AQs,87s:S100|P20|Ks8h5d3c2h|x|>IP";
const TURN: &str = "OOP:AA,KK,AKs,T9s:S100/IP:QQ-TT,AQs,87s:S100|P20|Kh9s4c7d||>OOP";
const FLOP: &str = "OOP:AA,AKs:S100/IP:KK-JJ,AQs:S100|P20|Th9h2c||>OOP";

/// `position` solved briefly with `bets` and one raise size, seeded as
/// MCCFR would name it.
fn solved(position: &str, bets: &str) -> SolvedSpot {
    let position = Position::parse(position, Chip::default()).unwrap();
    let sizes = PlayerSizes {
        bet: Sizes::parse(bets).unwrap(),
        raise: Sizes::parse("60%").unwrap(),
    };
    let spot = Spot {
        ranges: position.ranges(&[]).unwrap(),
        position,
        sizes: StreetSizes::every_street([sizes.clone(), sizes]),
        options: GameOptions::default(),
    };
    let game = build_game(&spot).unwrap();
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.0,
        max_iterations: 20,
        check_every: 10,
    };
    let solution = solve(&game, &options, Keep::All);
    let run = SolveRun {
        algorithm: "dcfr".to_string(),
        seed: Some(7),
        target: 0.125,
    };
    SolvedSpot::new(spot, game, solution, run)
}

/// Every number of a solved spot's solution, as bits.
fn bits(solved: &SolvedSpot) -> Vec<u64> {
    let solution = &solved.solution;
    let mut bits: Vec<u64> = solution
        .strategies
        .iter()
        .flatten()
        .flatten()
        .map(|x| x.to_bits())
        .collect();
    bits.extend(
        solution
            .value
            .iter()
            .chain(&solution.bracket)
            .map(|x| x.to_bits()),
    );
    bits.extend([
        solution.exploitability.to_bits(),
        solution.seconds.to_bits(),
        solved.run.target.to_bits(),
        solution.iterations,
        solution.memory_bytes,
    ]);
    bits
}

#[test]
fn every_street_reloads_bit_for_bit() {
    let folder = tempfile::tempdir().unwrap();
    for (name, position, bets) in [
        ("river", RIVER, "50%, 100%"),
        ("turn", TURN, "50%"),
        ("flop", FLOP, "50%"),
    ] {
        let saved = solved(position, bets);
        let bytes = to_bytes(&saved);
        let line = format!("banluck-lab poker-solve 1 {name}\n");
        assert!(bytes.starts_with(line.as_bytes()), "{name}");
        let file = folder.path().join(name);
        std::fs::write(&file, &bytes).unwrap();
        for read in [from_bytes(&bytes).unwrap(), load(&file).unwrap()] {
            assert_eq!(bits(&read), bits(&saved), "{name}");
            assert_eq!(read.run, saved.run, "{name}");
            assert_eq!(SpotSettings::of(&read.spot), SpotSettings::of(&saved.spot));
            assert_eq!(read.position(), saved.position(), "{name}");
            assert_eq!(read.game.spot_tree(), saved.game.spot_tree(), "{name}");
            assert_eq!(read.solution.strategies, saved.solution.strategies);
            assert_eq!(to_bytes(&read), bytes, "{name}");
            assert_eq!(read.listed_nodes(), saved.listed_nodes(), "{name}");
        }
    }
}

/// The error `from_bytes` gives for `bytes`.
fn refusal(bytes: &[u8]) -> String {
    from_bytes(bytes).unwrap_err().to_string()
}

#[test]
fn damaged_foreign_and_old_files_are_refused_with_what_they_are() {
    let bytes = to_bytes(&solved(TURN, "50%"));
    let again = "solve the spot again with `poker solve --out FILE`";
    // A changed number, a changed header, a cut file, a longer one.
    let mut damaged = bytes.clone();
    let at = damaged.len() - 40;
    damaged[at] ^= 1;
    let error = refusal(&damaged);
    assert!(
        error.contains("damaged: its checksum does not match"),
        "{error}"
    );
    assert!(error.contains(again), "{error}");
    let mut header = bytes.clone();
    let at = header.windows(8).position(|w| w == b"position").unwrap();
    header[at] = b'Q';
    assert!(refusal(&header).contains("damaged"));
    for cut in [bytes.len() - 1, bytes.len() / 2, 40, 20] {
        let error = refusal(&bytes[..cut]);
        assert!(
            error.contains("cut short") || error.contains("not a saved poker solve"),
            "{cut}: {error}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(refusal(&longer).contains("where its header says"));
    // Another version, another kind, no such line at all.
    let newer = String::from_utf8_lossy(&bytes[..40]).replacen(" 1 turn", " 9 turn", 1);
    let mut newer = newer.into_bytes();
    newer.extend_from_slice(&bytes[40..]);
    let error = refusal(&newer);
    assert!(
        error.contains("format version 9; this build reads version 1"),
        "{error}"
    );
    assert!(error.contains(again), "{error}");
    let error = refusal(b"banluck-lab cache 3\nrest");
    assert!(
        error.contains("another kind (`banluck-lab cache 3`)"),
        "{error}"
    );
    let error = refusal(b"game = \"poker\"\n");
    assert!(error.contains("not a saved poker solve"), "{error}");
    // The formats of earlier builds.
    let error = refusal(b"{\"position\": \"x\", \"nodes\": []}");
    assert!(
        error.contains("a river solution in the JSON format of an earlier"),
        "{error}"
    );
    for old in ["turn", "flop"] {
        let error = refusal(format!("banluck-lab {old}\n\x01\x00\x00\x00rest").as_bytes());
        assert!(error.contains(&format!("a {old} solution in the format of an earlier")));
        assert!(error.contains(again), "{error}");
    }
    // A block this build does not read (a later version's regrets, say).
    let line = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let length = u64::from_le_bytes(bytes[line..line + 8].try_into().unwrap()) as usize;
    let header = &bytes[line + 8..line + 8 + length];
    let mut json: serde_json::Value = serde_json::from_slice(header).unwrap();
    json["blocks"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"name": "regrets", "numbers": 0}));
    let header = serde_json::to_vec(&json).unwrap();
    let mut later = bytes[..line].to_vec();
    later.extend_from_slice(&(header.len() as u64).to_le_bytes());
    later.extend_from_slice(&header);
    later.extend_from_slice(&bytes[line + 8 + length..bytes.len() - 32]);
    let checksum = blake3::hash(&later);
    later.extend_from_slice(checksum.as_bytes());
    let error = refusal(&later);
    assert!(
        error.contains("a block `regrets` that this build does not read"),
        "{error}"
    );
    let error = load(std::path::Path::new("/no/such/file")).unwrap_err();
    assert!(!error.to_string().is_empty());
}
