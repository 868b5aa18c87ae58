//! Hints and a bot's values as lines of text.

use super::event::Values;
use super::hint::Hint;
use super::screen::Style;

/// A hint as lines: the unit, whose side and the search's basis, then each action with its
/// mean and margin, best first, those as good as the best within the margin marked `=`.
pub fn hint_lines(h: &Hint, side: &str, style: Style) -> Vec<String> {
    if h.values.len() == 1 {
        return vec![format!(
            "hint: {} is your only legal choice",
            style.action(h.values[0].action)
        )];
    }
    let mut out = vec![format!(
        "hint: expected {} for {side}, ± 95% margin ({}):",
        h.unit, h.basis
    )];
    for (i, v) in h.values.iter().enumerate() {
        let margin = v
            .margin
            .map_or_else(|| "± ?".to_string(), |m| format!("± {m:.2}"));
        let mark = mark(i, v.equal_best, ["  best", "  = best (within the margin)"]);
        out.push(format!(
            "  {:<12} {:>5.2} {margin} {}{mark}",
            style.action(v.action),
            v.mean,
            h.unit
        ));
    }
    out
}

/// A hint in two lines for the full screen: the header, then every action with its mean and
/// margin on one line (wrapped by the screen), `=` after those as good as the best.
pub fn hint_compact(h: &Hint, side: &str, style: Style) -> Vec<String> {
    let lines = hint_lines(h, side, style);
    if h.values.len() == 1 {
        return lines;
    }
    let options: Vec<String> = h
        .values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let card = match v.action.card() {
                Some(c) => style.card(c),
                None => style.action(v.action),
            };
            let margin = v
                .margin
                .map_or_else(|| "±?".to_string(), |m| format!("±{m:.2}"));
            let mark = mark(i, v.equal_best, [" best", " ="]);
            format!("{card} {:.2}{margin}{mark}", v.mean)
        })
        .collect();
    vec![lines[0].clone(), format!("  {}", options.join(" · "))]
}

/// The mark after the `i`-th action of a hint: `words[0]` for the best, `words[1]` for one
/// as good within the margin, nothing otherwise.
fn mark(i: usize, equal_best: bool, words: [&'static str; 2]) -> &'static str {
    match (i, equal_best) {
        (0, _) => words[0],
        (_, true) => words[1],
        _ => "",
    }
}

/// A bot's values as lines, best first, as `analyze` shows them (the open analysis mode).
pub fn value_lines(v: &Values, style: Style) -> Vec<String> {
    let mut out = vec![format!(
        "{} for seat {} (mean reward for its side, best first):",
        v.agent, v.seat
    )];
    for (a, x) in &v.values {
        let mark = if *a == v.chosen { "  ←" } else { "" };
        out.push(format!("  {:<12} {x:.4}{mark}", style.action(*a)));
    }
    out
}
