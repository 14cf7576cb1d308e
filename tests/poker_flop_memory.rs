//! The flop solver's memory estimate (what `--dry-run` prints and
//! `--memory-limit` compares, known before the solver allocates) against
//! the bytes really allocated, counted by a global allocator: the game's
//! tables once built, and the peak while solving.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use banluck_lab::cfr::Algorithm;
use banluck_lab::games::poker::chips::Chip;
use banluck_lab::games::poker::game::SolveOptions;
use banluck_lab::games::poker::game::{Keep, memory_estimate, solve};
use banluck_lab::games::poker::position::Position;
use banluck_lab::games::poker::sizes::PlayerSizes;
use banluck_lab::games::poker::sizes::Sizes;
use banluck_lab::games::poker::sizes::StreetSizes;
use banluck_lab::games::poker::spot::{GameOptions, Spot, build_game};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(live, Ordering::SeqCst);
        // SAFETY: the caller's layout is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn the_estimate_matches_the_bytes_allocated_within_a_few_per_cent() {
    let text = "OOP:AA,KK,AKs,QJs,T9s:S100/IP:QQ-TT,AQs,KQs,JTs,87s:S100|P20|Kh9s4c||>OOP";
    let position = Position::parse(text, Chip::default()).unwrap();
    let one = PlayerSizes {
        bet: Sizes::parse("50%").unwrap(),
        raise: Sizes::parse("").unwrap(),
    };
    let both = [one.clone(), one];
    let spot = Spot {
        position: position.clone(),
        sizes: StreetSizes {
            flop: both.clone(),
            turn: both.clone(),
            river: both,
        },
        ranges: position.ranges(&[]).unwrap(),
        options: GameOptions {
            isomorphism: true,
            ..GameOptions::default()
        },
    };
    let before = LIVE.load(Ordering::SeqCst);
    let game = build_game(&spot).unwrap();
    let tables = LIVE.load(Ordering::SeqCst) - before;
    let estimate = memory_estimate(&game);
    PEAK.store(LIVE.load(Ordering::SeqCst), Ordering::SeqCst);
    let options = SolveOptions {
        algorithm: Algorithm::DCFR,
        target: 0.0,
        max_iterations: 2,
        check_every: 1,
    };
    let solved = solve(&game, &options, Keep::RootStreet);
    let peak = PEAK.load(Ordering::SeqCst) - before;
    assert_eq!(solved.memory_bytes, estimate);
    let game_bytes = game.memory_bytes();
    eprintln!("game tables {tables} counted {game_bytes}; solve peak {peak} estimate {estimate}");
    let close = |a: f64, b: f64| (a / b - 1.0).abs() < 0.05;
    assert!(
        close(game_bytes as f64, tables as f64),
        "game tables {tables}, counted {game_bytes}"
    );
    assert!(
        close(estimate as f64, peak as f64),
        "peak {peak}, estimate {estimate}"
    );
}
