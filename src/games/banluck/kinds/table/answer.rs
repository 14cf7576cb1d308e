//! The table report's answer in at most three sentences: what the
//! selective reveal is worth beside the strategic dealer's other choices,
//! which engine says so, and what the strategic dealer does to the fair
//! rotation period. The per-size findings follow it, folded.

use super::model_parts::{RotationLine, SizeLine};
use crate::report::numbers::human;

/// `a–b` for a sorted run of table sizes, `a` for one, the list otherwise.
fn sizes_words(ks: &[usize]) -> String {
    match ks {
        [] => String::new(),
        [one] => one.to_string(),
        [first, .., last] if last - first + 1 == ks.len() => format!("{first}–{last}"),
        _ => ks
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Which sizes the engine solved exactly and which it simulated.
fn engine_words(sizes: &[SizeLine]) -> String {
    let of = |exact: bool| -> Vec<usize> {
        sizes
            .iter()
            .filter(|s| (s.method == "exact") == exact)
            .map(|s| s.players)
            .collect()
    };
    let seats = |ks: &[usize]| {
        let plural = if ks == [1] { "" } else { "s" };
        format!("{} seat{plural}", sizes_words(ks))
    };
    let (exact, sampled) = (of(true), of(false));
    let how = match (exact.is_empty(), sampled.is_empty()) {
        (false, false) => format!(
            "exact at {}, simulated at {}",
            seats(&exact),
            seats(&sampled)
        ),
        (false, true) => format!("exact at {}", seats(&exact)),
        _ => format!("simulated at {}", seats(&sampled)),
    };
    format!("the dealer's best response to seats playing the heads-up chart, {how}")
}

/// The reveal's largest share of the strategic dealer's gain over the
/// fixed dealer, at which table size, and the span of what the strategic
/// dealer forbidden to reveal gains per seat over the fixed dealer.
pub(super) struct RevealSpan<'a> {
    /// The table size where the reveal's share is largest.
    pub largest: &'a SizeLine,
    /// That share (0 where the strategic dealer gains next to nothing).
    pub share: f64,
    /// The smallest gain per seat and round without the reveal.
    pub low: f64,
    /// The largest gain per seat and round without the reveal.
    pub high: f64,
}

/// The [`RevealSpan`] of `sizes` (none for no sizes).
pub(super) fn reveal_span(sizes: &[SizeLine]) -> Option<RevealSpan<'_>> {
    let share = |s: &SizeLine| s.reveal_share_of_gain.unwrap_or(0.0);
    let largest = sizes.iter().max_by(|a, b| share(a).total_cmp(&share(b)))?;
    let (low, high) = sizes
        .iter()
        .map(|s| s.no_reveal_over_fixed.per_seat)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), x| {
            (a.min(x), b.max(x))
        });
    Some(RevealSpan {
        largest,
        share: share(largest),
        low,
        high,
    })
}

/// The reveal beside the dealer's choice of when to hit or stand.
fn reveal_sentence(sizes: &[SizeLine]) -> Option<String> {
    let RevealSpan {
        share, low, high, ..
    } = reveal_span(sizes)?;
    let verdict = if share < 0.1 {
        "The selective reveal is worth almost nothing to a dealer who plays well"
    } else {
        "The selective reveal is a real part of a well-playing dealer's edge"
    };
    let ks: Vec<usize> = sizes.iter().map(|s| s.players).collect();
    Some(format!(
        "{verdict}: at tables of {} seats, choosing when to reveal adds at most {}% to the {} to {} units per seat and round that choosing when to hit or stand gains over the house's fixed dealer ({}).",
        sizes_words(&ks),
        human(100.0 * share, 2, false),
        human(low, 4, true),
        human(high, 4, true),
        engine_words(sizes)
    ))
}

/// What the strategic dealer does to the banker's edge and the fair
/// rotation period.
fn rotation_sentence(lines: &[RotationLine]) -> Option<String> {
    let first = lines.first()?;
    let period = |p: Option<u32>| p.map_or("none".to_string(), |n| format!("N = {n}"));
    let changed: Vec<String> = lines
        .iter()
        .filter(|l| l.strategic.fair_period != l.fixed.fair_period)
        .map(|l| {
            format!(
                "{} people {} instead of {}",
                l.strategic.people,
                period(l.strategic.fair_period),
                period(l.fixed.fair_period)
            )
        })
        .collect();
    let edge = format!(
        "It raises the banker's edge ({} against {} units per round with {} people)",
        human(first.strategic.banker_ev_per_round, 4, true),
        human(first.fixed.banker_ev_per_round, 4, true),
        first.strategic.people
    );
    let people: Vec<usize> = lines.iter().map(|l| l.strategic.people).collect();
    Some(if changed.is_empty() {
        format!(
            "{edge} but leaves the fair rotation period for {}-round sessions where the fixed dealer puts it at every table of {} people.",
            first.strategic.session_rounds,
            sizes_words(&people)
        )
    } else {
        format!(
            "{edge} and moves the fair rotation period for {}-round sessions: {}.",
            first.strategic.session_rounds,
            changed.join(", ")
        )
    })
}

/// The answer: the reveal sentence, then the rotation sentence.
pub fn table_answer(sizes: &[SizeLine], rotation: &[RotationLine]) -> Option<String> {
    let mut out = reveal_sentence(sizes)?;
    if let Some(r) = rotation_sentence(rotation) {
        out.push(' ');
        out.push_str(&r);
    }
    Some(out)
}
