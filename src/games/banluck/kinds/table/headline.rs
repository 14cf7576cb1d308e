//! The table report's answer in words, read off the numbers: the reveal
//! option's worth at every table size, what it means beside the strategic
//! dealer's other choices, the fixed dealer's forced reveal, the surrender
//! and the rotation period.

use super::answer::{RevealSpan, reveal_span, table_answer};
use super::model_parts::{Diff, ReplyTable, RotationLine, SizeLine};

/// `x ± se` (just `x`, exact, when there is no standard error).
fn with_error(d: &Diff, seat: bool) -> String {
    let (x, se) = if seat {
        (d.per_seat, d.per_seat_std_error)
    } else {
        (d.per_round, d.std_error)
    };
    match (x.abs().max(se) < 1e-3, se > 0.0) {
        (true, true) => format!("{x:+.1e} ± {se:.1e}"),
        (true, false) => format!("{x:+.1e} (exact)"),
        (false, true) => format!("{x:+.4} ± {se:.4}"),
        (false, false) => format!("{x:+.4} (exact)"),
    }
}

fn seats(k: usize) -> String {
    if k == 1 {
        "1 seat".into()
    } else {
        format!("{k} seats")
    }
}

/// What one seat's best reply changes at a table size, in words.
fn reply_words(reply: Option<&ReplyTable>) -> String {
    let Some(r) = reply else {
        return String::new();
    };
    let gain = if r.gain_std_error > 0.0 {
        format!("{:+.5} ± {:.5}", r.gain, r.gain_std_error)
    } else {
        format!("{:+.5}", r.gain)
    };
    if r.rows.is_empty() {
        return format!(
            "; a seat's best reply to this dealer (the other seats on the chart) changes no hand of the heads-up chart ({gain} per round)"
        );
    }
    let hands: Vec<String> = r
        .rows
        .iter()
        .take(4)
        .map(|d| {
            format!(
                "{} ({}{} {}: {})",
                d.hand,
                if d.soft { "soft " } else { "" },
                d.total,
                if d.reply_hit > d.given_hit {
                    "hit instead of stand"
                } else {
                    "stand instead of hit"
                },
                format_args!("{:+.3}", d.ev_difference)
            )
        })
        .collect();
    format!(
        "; a seat's best reply to this dealer (the other seats on the chart) changes {} hand{} of the heads-up chart, most often {}, worth {gain} per round to the seat",
        r.rows.len(),
        if r.rows.len() == 1 { "" } else { "s" },
        hands.join(", ")
    )
}

fn size_sentence(s: &SizeLine, reply: Option<&ReplyTable>) -> String {
    let k = s.players;
    let reply = reply_words(reply);
    if k == 1 && s.reveal.std_error == 0.0 && s.reveal.per_round.abs() < 1e-12 {
        return format!(
            "At a table of {}, the dealer who reveals optimally gains exactly nothing over the dealer who may not reveal (exact: heads-up a reveal settles the one seat, which is a stand); choosing when to stand is worth {} units per round over the fixed dealer{reply}.",
            seats(k),
            with_error(&s.over_fixed, false)
        );
    }
    let z = s
        .reveal
        .z
        .map_or(String::new(), |z| format!(", {z:.1} standard errors"));
    format!(
        "At a table of {}, the dealer who reveals optimally gains {} units per round ({} per seat{z}) over the dealer who may not reveal: {:.2}% of its gain of {} per round over the fixed dealer{reply}.",
        seats(k),
        with_error(&s.reveal, false),
        with_error(&s.reveal, true),
        100.0 * share(s),
        with_error(&s.over_fixed, false)
    )
}

/// The reveal's share of the strategic dealer's gain (0 when that gain
/// is negligible).
fn share(s: &SizeLine) -> f64 {
    s.reveal_share_of_gain.unwrap_or(0.0)
}

fn meaning(sizes: &[SizeLine], other_draw: &[SizeLine]) -> Option<String> {
    let RevealSpan {
        largest, low, high, ..
    } = reveal_span(sizes)?;
    let significant: Vec<String> = sizes
        .iter()
        .filter(|s| s.reveal.z.is_some_and(|z| z > 3.0))
        .map(|s| s.players.to_string())
        .collect();
    let resolved = if significant.is_empty() {
        "at no table size is it 3 standard errors above zero".to_string()
    } else {
        format!(
            "it is more than 3 standard errors above zero at K = {}",
            significant.join(", ")
        )
    };
    let verdict = if share(largest) < 0.1 {
        "The reveal is worth almost nothing beside the dealer's other choices"
    } else {
        "The reveal is worth a real part of the strategic dealer's edge"
    };
    let mut out = format!(
        "{verdict}: forbidden to reveal, the strategic dealer — choosing when to hit or stand at 16–20 from its cards and every seat's card count — already gains {low:+.4} to {high:+.4} per seat per round over the fixed dealer; the reveal adds at most {:.2}% of the strategic dealer's gain (at K = {}), and {resolved}.",
        100.0 * share(largest),
        largest.players
    );
    let fixed: Vec<&SizeLine> = other_draw
        .iter()
        .filter(|s| s.draw_choice == "fixed")
        .collect();
    if !fixed.is_empty() {
        let bound = fixed
            .iter()
            .map(|s| s.reveal.per_round + 2.0 * s.reveal.std_error)
            .fold(f64::NEG_INFINITY, f64::max);
        out += &if bound < 1e-4 {
            format!(
                " That is not because the choice of when to stand already gives the dealer what the reveal would: bound to the house drawing rule (`dealer.draw_choice = \"fixed\"`, the reveal and the surrender its only choices) the reveal option is worth {} — so settling the 3+-card seats early is worth almost nothing whether or not the dealer may also choose when to stand.",
                fixed_draw_words(&fixed)
            )
        } else {
            format!(
                " Bound to the house drawing rule (`dealer.draw_choice = \"fixed\"`) the reveal option is worth more — {} — so there the reveal stands in for the choice of when to stand.",
                fixed_draw_words(&fixed)
            )
        };
    }
    Some(out)
}

/// The reveal option's worth per table size under the other draw choice:
/// the sizes where the dealer never reveals, then the others.
fn fixed_draw_words(lines: &[&SizeLine]) -> String {
    let never: Vec<String> = lines
        .iter()
        .filter(|s| s.reveal.per_round == 0.0 && s.reveal.std_error == 0.0)
        .map(|s| s.players.to_string())
        .collect();
    let others: Vec<String> = lines
        .iter()
        .filter(|s| !(s.reveal.per_round == 0.0 && s.reveal.std_error == 0.0))
        .map(|s| format!("K = {} {}", s.players, with_error(&s.reveal, false)))
        .collect();
    let mut parts = Vec::new();
    if !never.is_empty() {
        parts.push(format!(
            "exactly 0 at K = {} (it never reveals)",
            never.join(", ")
        ));
    }
    if !others.is_empty() {
        parts.push(format!("{} per round", others.join(", ")));
    }
    parts.join("; ")
}

fn forced(sizes: &[SizeLine]) -> Option<String> {
    let first = sizes.first()?;
    let last = sizes.last()?;
    Some(format!(
        "Forced to reveal every open 3+-card seat at its reveal totals, the fixed dealer's gain changes by {} per round at {} and by {} per round ({} per seat) at {}: a reveal at every chance settles the 3+-card seats at 16 or 17 where drawing on would have served the dealer better.",
        with_error(&first.forced, false),
        seats(first.players),
        with_error(&last.forced, false),
        with_error(&last.forced, true),
        seats(last.players)
    ))
}

fn surrender(sizes: &[SizeLine], other: &[SizeLine]) -> Option<String> {
    if other.is_empty() {
        return None;
    }
    let parts: Vec<String> = sizes
        .iter()
        .filter_map(|s| {
            let o = other.iter().find(|o| o.players == s.players)?;
            let (with, without) = if s.allow_surrender { (s, o) } else { (o, s) };
            let diff = with.dealers[3].per_seat - without.dealers[3].per_seat;
            let se = with.dealers[3]
                .per_seat_std_error
                .hypot(without.dealers[3].per_seat_std_error);
            let reveal = format!(
                "reveal option {:+.1e} against {:+.1e} per round",
                with.reveal.per_round, without.reveal.per_round
            );
            Some(if se > 0.0 {
                format!("K = {} {diff:+.4} ± {se:.4} ({reveal})", s.players)
            } else {
                format!("K = {} {diff:+.4} exact ({reveal})", s.players)
            })
        })
        .collect();
    Some(format!(
        "The hard-15 surrender is worth to the strategic dealer, per seat and round (surrender allowed minus not; separate runs, so the standard errors add): {}.",
        parts.join("; ")
    ))
}

fn period(p: Option<u32>) -> String {
    p.map_or("no N".into(), |n| format!("N = {n}"))
}

fn rotation(lines: &[RotationLine]) -> Option<String> {
    let first = lines.first()?;
    let parts: Vec<String> = lines
        .iter()
        .map(|l| {
            format!(
                "{} people {} (fixed dealer {}; banker {:+.4} against {:+.4} per round, every-round imbalance {:.2}% against {:.2}%)",
                l.strategic.people,
                period(l.strategic.fair_period),
                period(l.fixed.fair_period),
                l.strategic.banker_ev_per_round,
                l.fixed.banker_ev_per_round,
                100.0 * l.strategic.every_round_over_sd,
                100.0 * l.fixed.every_round_over_sd
            )
        })
        .collect();
    Some(format!(
        "With the strategic dealer at the bank, the fair rotation period for sessions of {} rounds (every period up to N keeps the largest expected difference between two people within {:.2}% of a session's standard deviation) is: {}.",
        first.strategic.session_rounds,
        100.0 * first.strategic.tolerance,
        parts.join("; ")
    ))
}

/// The answer in words: the answer of at most three sentences
/// ([`table_answer`]) first, then one finding per table size and the
/// findings across sizes.
pub fn table_headline(
    sizes: &[SizeLine],
    other: &[SizeLine],
    other_draw: &[SizeLine],
    rotation_lines: &[RotationLine],
    replies: &[ReplyTable],
) -> Vec<String> {
    let mut out: Vec<String> = table_answer(sizes, rotation_lines).into_iter().collect();
    out.extend(
        sizes
            .iter()
            .map(|s| size_sentence(s, replies.iter().find(|r| r.players == s.players))),
    );
    out.extend(meaning(sizes, other_draw));
    out.extend(forced(sizes));
    out.extend(surrender(sizes, other));
    out.extend(rotation(rotation_lines));
    out
}
