//! Drawing the full screen: the table on top (wrapped, red suits in red where colour is on),
//! the legal actions wrapped over as many rows as they need with the typed text and what the
//! table is doing, then the seed with the command that deals the same match again and the
//! newest lines of what happened (wrapped here, so the newest line is always in view) and the
//! keys. Below [`MIN_WIDTH`]×[`MIN_HEIGHT`] one message says so instead.

use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style as TuiStyle};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::games::record::RecordRules;
use crate::games::{Action, Decision, Game};

use super::line::scene;
use super::prompt::asked;
use super::screen::{Style, is_red, table_lines};
use super::table::Table;
use super::table_game::TableGame;
use super::tui::Ui;

/// The narrowest screen the table is drawn on.
pub const MIN_WIDTH: u16 = 80;
/// The lowest screen the table is drawn on.
pub const MIN_HEIGHT: u16 = 24;

/// The keys, on the lower border of what happened.
const KEYS: &str = "←/→ choose · Enter decide · type a card or command · ? hint · Esc quit";

/// Draws the table for the person.
pub(super) fn draw<R: RecordRules>(f: &mut ratatui::Frame<'_>, table: &Table<R>, ui: &Ui)
where
    R::Hand: TableGame,
{
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "The window is {}×{}; the table needs at least {MIN_WIDTH}×{MIN_HEIGHT}. \
             Enlarge it (the game waits), or play with --plain.\n\n{}",
            area.width, area.height, ui.status
        );
        f.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let plain = Style {
        colour: false,
        ..ui.style
    };
    let me = table.human_to_act().unwrap_or_else(|| table.first_human());
    let inner = area.width.saturating_sub(2) as usize;
    // The legal line is the chooser's.
    let lines: Vec<Line> = table_lines(&scene(table, me), plain)
        .into_iter()
        .filter(|l| !l.starts_with("legal"))
        .flat_map(|l| coloured(&l, inner, ui.style.colour))
        .collect();
    let chooser = chooser_lines(table, ui, inner);
    let [top, pick, msgs] = Layout::vertical([
        Constraint::Length(lines.len() as u16 + 2),
        Constraint::Length(chooser.len() as u16 + 2),
        Constraint::Min(3),
    ])
    .areas(area);
    let title = format!(" tricklab play · {} ", ui.banner_short());
    f.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        top,
    );
    f.render_widget(
        Paragraph::new(chooser).block(Block::bordered().title(" your move ")),
        pick,
    );
    draw_story(f, ui, msgs);
}

impl Ui {
    /// The seed part of the banner, for the title.
    fn banner_short(&self) -> &str {
        self.banner.split(';').next().unwrap_or_default()
    }
}

/// The chooser: the typed text and the status (wrapped) first, then what the decision asks
/// (`discard a card face down (3 left to discard; …)`) and the legal actions, wrapped to
/// `width`.
fn chooser_lines<R: RecordRules>(table: &Table<R>, ui: &Ui, width: usize) -> Vec<Line<'static>>
where
    R::Hand: TableGame,
{
    let typed = format!("typed: {}▏", ui.typed);
    let bold = TuiStyle::default().add_modifier(Modifier::BOLD);
    // The status beside the typed text where it fits, else below it.
    let beside = Span::raw(&typed).width() + 3 + Span::raw(&ui.status).width() <= width;
    let mut out = if ui.status.is_empty() {
        vec![Line::from(typed)]
    } else if beside {
        vec![Line::from(vec![
            Span::raw(format!("{typed}   ")),
            Span::styled(ui.status.clone(), bold),
        ])]
    } else {
        let mut rows = vec![Line::from(typed)];
        rows.extend(
            wrap(&ui.status, width)
                .into_iter()
                .map(|row| Line::from(Span::styled(row, bold))),
        );
        rows
    };
    if table.human_to_act().is_none() || table.busy() {
        return out;
    }
    let legal = table.hand().legal_actions();
    // What a decision other than a card to play asks (the trick's line says who leads).
    if let Some(seat) = table.human_to_act()
        && legal.decision() != Decision::Play
    {
        let plain = Style {
            colour: false,
            ..ui.style
        };
        out.extend(coloured(&asked(table, seat, plain), width, ui.style.colour));
    }
    let mut row: Vec<Span> = vec![Span::raw(format!("{}: ", legal.decision().name()))];
    let mut used = row[0].width();
    for (i, a) in legal.iter().enumerate() {
        let span = card_span(a, ui.style, i == ui.selected);
        if used + span.width() > width {
            out.push(Line::from(std::mem::take(&mut row)));
            used = 0;
        }
        used += span.width();
        row.push(span);
    }
    out.push(Line::from(row));
    out
}

/// The seed and the command that deals the same match again (while there is room for it and
/// one line more), then the newest lines of what happened that fit in `area`, wrapped here so
/// that none is hidden; red suits in red where colour is on.
fn draw_story(f: &mut ratatui::Frame<'_>, ui: &Ui, area: Rect) {
    let width = area.width.saturating_sub(2).max(1) as usize;
    let mut height = area.height.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = coloured(&ui.banner, width, false);
    // The banner stays while three rows are left for what happened.
    if lines.len() + 3 <= height {
        height -= lines.len();
    } else {
        lines.clear();
    }
    let mut rows: Vec<Line> = Vec::new();
    for m in ui.story.lines.iter().rev() {
        if rows.len() >= height {
            break;
        }
        let mut wrapped = coloured(m, width, ui.style.colour);
        wrapped.reverse();
        rows.extend(wrapped);
    }
    rows.truncate(height);
    rows.reverse();
    lines.extend(rows);
    let block = Block::bordered()
        .title(" what happened ")
        .title_bottom(format!(" {KEYS} "));
    f.render_widget(Paragraph::new(lines).block(block), area);
}

/// `text` in rows of at most `width` columns, broken at spaces where it can be.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let w = |s: &str| Span::raw(s).width();
    let mut rows = Vec::new();
    let mut row = String::new();
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            if w(&row) + 1 + w(word) > width {
                rows.push(std::mem::take(&mut row));
            } else {
                row.push(' ');
            }
        }
        let mut rest = word;
        while w(&row) + w(rest) > width {
            let room = width.saturating_sub(w(&row));
            if room > 0 {
                let cut = rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i);
                row.push_str(&rest[..cut]);
                rest = &rest[cut..];
            }
            rows.push(std::mem::take(&mut row));
        }
        row.push_str(rest);
    }
    rows.push(row);
    rows
}

/// A line of text wrapped to `width`, with its red suits (♥ ♦) in red where `colour` is on:
/// each red card or suit, and in the hand line each red suit's ranks (over wrapped rows too).
fn coloured(line: &str, width: usize, colour: bool) -> Vec<Line<'static>> {
    let rows = wrap(line, width);
    if !colour {
        return rows.into_iter().map(Line::from).collect();
    }
    let red = TuiStyle::default().fg(Color::Red);
    let hand = line.starts_with("hand");
    let mut in_red_suit = false;
    let mut out = Vec::new();
    for row in rows {
        let mut spans = Vec::new();
        for (i, word) in row.split(' ').enumerate() {
            if i > 0 {
                spans.push(Span::raw(" "));
            }
            if hand && matches!(word, "♠" | "♣" | "S" | "C") {
                in_red_suit = false;
            }
            if hand && matches!(word, "♥" | "♦" | "H" | "D") {
                in_red_suit = true;
            }
            let is_red_card = word.contains('♥') || word.contains('♦');
            if is_red_card || in_red_suit {
                spans.push(Span::styled(word.to_string(), red));
            } else {
                spans.push(Span::raw(word.to_string()));
            }
        }
        out.push(Line::from(spans));
    }
    out
}

fn card_span(a: Action, style: Style, selected: bool) -> Span<'static> {
    let mut s = TuiStyle::default();
    let red = match a {
        Action::NameTrump(suit) => is_red(suit),
        other => other.card().is_some_and(|c| is_red(c.suit())),
    };
    if red && style.colour {
        s = s.fg(Color::Red);
    }
    if selected {
        s = s.add_modifier(Modifier::REVERSED | Modifier::BOLD);
    }
    let plain = Style {
        colour: false,
        ..style
    };
    let text = match a {
        Action::NameTrump(suit) => plain.suit(suit),
        other => plain.card(other.card().expect("a card action")),
    };
    Span::styled(format!(" {text} "), s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_breaks_at_spaces_and_splits_long_words() {
        assert_eq!(wrap("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("♠ A K Q", 3), ["♠ A", "K Q"]);
        assert_eq!(wrap("", 4), [""]);
    }
}
