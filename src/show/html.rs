//! A hand as one self-contained HTML page (no external assets), well-formed XHTML-style: the
//! diagram, the steps, the tricks with the winner marked, the bots' values where the record
//! has them, and the score.

use crate::cards::{Card, CardSet, Suit};
use crate::play::screen::{Style, is_red, rank_text};
use crate::words::side_seats;

use super::story::HandStory;
use super::text::{COMPASS, around_the_table, hand_result, seat_title};

const CSS: &str = "body{font-family:sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse}td,th{padding:.3em .6em;vertical-align:top}\
.diagram td{border:none}.tricks td,.tricks th{border:1px solid #ccc}\
.red{color:#c00}.win{background:#ffe9a8;font-weight:bold}\
.info{font-size:.8em;color:#555;margin:.2em 0 0 0;padding-left:1em}\
.seat{font-weight:bold}";

/// Escapes text for HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn card_span(c: Card, class: &str) -> String {
    let red = if is_red(c.suit()) { " red" } else { "" };
    format!(
        "<span class=\"{class}{red}\" data-card=\"{c}\">{}</span>",
        escape(&c.pretty())
    )
}

fn suit_span(s: Suit) -> String {
    let red = if is_red(s) { " class=\"red\"" } else { "" };
    format!("<span{red}>{}</span>", s.symbol())
}

fn hand_html(set: CardSet) -> String {
    let lines: Vec<String> = Suit::ALL
        .iter()
        .rev()
        .map(|&s| {
            let ranks: Vec<String> = set
                .suit(s)
                .iter()
                .rev()
                .map(|c| rank_text(c.rank(), true))
                .collect();
            let body = if ranks.is_empty() {
                "-".to_string()
            } else {
                ranks.join(" ")
            };
            let red = if is_red(s) { " class=\"red\"" } else { "" };
            format!("<span{red}>{} {body}</span>", s.symbol())
        })
        .collect();
    lines.join("<br/>")
}

fn seat_cell(story: &HandStory, seat: usize, hands: &[CardSet]) -> String {
    format!(
        "<td><div class=\"seat\">{}</div>{}</td>",
        escape(&seat_title(story, seat, true)),
        hand_html(hands[seat])
    )
}

/// The story as an HTML page.
pub fn story_html(story: &HandStory) -> String {
    let style = Style::SYMBOLS;
    let title = format!(
        "{} · match {} · hand {} (the record's `hand` {})",
        story.game,
        story.match_index,
        story.hand + 1,
        story.hand
    );
    let mut h = String::new();
    h.push_str(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n",
    );
    h.push_str("<meta charset=\"utf-8\"/>\n");
    h.push_str(&format!("<title>{}</title>\n", escape(&title)));
    h.push_str(&format!("<style>{CSS}</style>\n</head>\n<body>\n"));
    h.push_str(&format!("<h1>{}</h1>\n", escape(&title)));
    let mut facts = vec![
        format!("{} players", story.players),
        format!("dealer seat {}", story.dealer),
    ];
    if let Some(t) = story.trump {
        facts.push(format!("trumps {}", t.symbol()));
    }
    for (k, v) in &story.extras {
        let shown = v
            .parse::<CardSet>()
            .map(|cs| style.cards(cs))
            .unwrap_or_else(|_| v.clone());
        facts.push(format!("{} {shown}", k.replace('_', " ")));
    }
    h.push_str(&format!("<p>{}</p>\n", escape(&facts.join(" · "))));
    h.push_str("<h2>The deal</h2>\n");
    if around_the_table(story) {
        let hands: Vec<CardSet> = story.dealt.iter().map(|s| s[0]).collect();
        h.push_str("<table class=\"diagram\">\n");
        h.push_str(&format!(
            "<tr><td></td>{}<td></td></tr>\n",
            seat_cell(story, 2, &hands)
        ));
        h.push_str(&format!(
            "<tr>{}<td></td>{}</tr>\n",
            seat_cell(story, 1, &hands),
            seat_cell(story, 3, &hands)
        ));
        h.push_str(&format!(
            "<tr><td></td>{}<td></td></tr>\n",
            seat_cell(story, 0, &hands)
        ));
        h.push_str("</table>\n");
    } else {
        h.push_str("<table class=\"diagram\">\n");
        for (seat, sets) in story.dealt.iter().enumerate() {
            for (k, set) in sets.iter().enumerate() {
                let which = if sets.len() > 1 {
                    format!(" set {}", k + 1)
                } else {
                    String::new()
                };
                h.push_str(&format!(
                    "<tr><td class=\"seat\">{}{which}</td><td>{}</td></tr>\n",
                    escape(&seat_title(story, seat, false)),
                    hand_html(*set)
                ));
            }
        }
        h.push_str("</table>\n");
    }
    if !story.steps.is_empty() {
        h.push_str("<h2>Before the play</h2>\n<ul>\n");
        // The cards as the tricks write them: `A♠`, red suits red.
        for st in &story.steps {
            let words = st.words(|c| card_span(c, "card-step"), suit_span);
            h.push_str(&format!("<li>{words}</li>\n"));
        }
        h.push_str("</ul>\n");
    }
    h.push_str("<h2>Trick by trick</h2>\n<table class=\"tricks\">\n<tr><th>trick</th>");
    for i in 0..story.players {
        let head = if i == 0 {
            "led".to_string()
        } else {
            format!("{}", i + 1)
        };
        h.push_str(&format!("<th>{head}</th>"));
    }
    h.push_str("<th>won by</th></tr>\n");
    for (i, t) in story.tricks.iter().enumerate() {
        h.push_str(&format!("<tr class=\"trick\"><td>{}</td>", i + 1));
        for tc in &t.cards {
            let win = if tc.seat == t.winner {
                " class=\"win\""
            } else {
                ""
            };
            h.push_str(&format!(
                "<td{win}>seat {} {}",
                tc.seat,
                card_span(tc.card, "card")
            ));
            if let Some(info) = story.info_for(tc.decision) {
                h.push_str(&format!(
                    "<ul class=\"info\" title=\"{}\">",
                    escape(&info.agent)
                ));
                for (a, v) in &info.values {
                    // `play AS` in the record; the page writes cards one way: `A♠`.
                    let card = a.split_whitespace().last().and_then(|c| c.parse().ok());
                    let shown = card.map_or_else(|| escape(a), |c| card_span(c, "valued"));
                    h.push_str(&format!("<li>{shown} {v:.3}</li>"));
                }
                h.push_str("</ul>");
            }
            h.push_str("</td>");
        }
        for _ in t.cards.len()..story.players {
            h.push_str("<td></td>");
        }
        h.push_str(&format!("<td>seat {}</td></tr>\n", t.winner));
    }
    h.push_str("</table>\n<h2>Score</h2>\n<ul>\n");
    let tricks: Vec<String> = story
        .tricks_won
        .iter()
        .enumerate()
        .map(|(s, t)| {
            let place = if story.players == 4 {
                format!(" {}", COMPASS[s])
            } else {
                String::new()
            };
            format!("seat {s}{place} {t}")
        })
        .collect();
    h.push_str(&format!(
        "<li>tricks: {}</li>\n",
        escape(&tricks.join(" · "))
    ));
    for (i, l) in story.side_labels.iter().enumerate() {
        let made = match story.targets {
            Some(_) => hand_result(story, i),
            None => format!("{} this hand", hand_result(story, i)),
        };
        h.push_str(&format!(
            "<li>{}: {}, {} → {}</li>\n",
            side_seats(l),
            escape(&made),
            story.scores_before[i],
            story.scores_after[i]
        ));
    }
    if let Some(w) = &story.winners {
        let w: Vec<String> = w
            .iter()
            .map(|&i| side_seats(&story.side_labels[i as usize]))
            .collect();
        h.push_str(&format!(
            "<li>the match is won by {}</li>\n",
            w.join(" and ")
        ));
    }
    for u in &story.undo {
        h.push_str(&format!("<li>undo: {}</li>\n", escape(u)));
    }
    h.push_str("</ul>\n</body>\n</html>\n");
    h
}
