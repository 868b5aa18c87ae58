//! A logged hand for people to read: as a card player's diagram in text, or as one
//! self-contained HTML page. The hand is replayed first, so only valid records are shown.
//! And a position of a logged hand looked at: what a seat knows there and worlds consistent
//! with it ([`worlds_text`]), and a search agent's view of the decision ([`analysis_text`]).

mod analysis;
mod html;
mod position;
mod story;
mod text;
mod worlds;

pub use analysis::{AnalyzeQuery, analysis_text};
pub use html::{escape, story_html};
pub use position::{head_of, position};
pub(crate) use story::story;
pub use story::{HandStory, StepStory, StoryError, TrickCard, TrickStory, story_of_line};
pub use text::{COMPASS, around_the_table, story_text, suit_lines};
pub use worlds::{WorldsQuery, worlds_text};
