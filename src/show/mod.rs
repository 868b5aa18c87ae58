//! A logged hand for people to read: as a card player's diagram in text, or as one
//! self-contained HTML page. The hand is replayed first, so only valid records are shown.

mod html;
mod story;
mod text;

pub use html::{escape, story_html};
pub(crate) use story::story;
pub use story::{HandStory, StepStory, StoryError, TrickCard, TrickStory, story_of_line};
pub use text::{COMPASS, around_the_table, story_text, suit_lines};
