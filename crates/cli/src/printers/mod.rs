//! What the commands print, for a library user as for the binary: a record replayed in text and
//! JSON (`replay`; both read the typed replay of `replayed`, as the page does), a ply explained
//! (`explain`), a board in text (`board`), SVG pictures (`pictures`, drawn by `svg`), the replay
//! page's data and page (`html`), a proof file (`proof`), a record made of moves (`skeleton`).
//! They print a record as the pipeline gives it ([`Unit`]: `notation::Entry` and the name of its
//! input), in a [`Style`], and fail only when writing fails ([`CliError`]).

pub mod board;
pub mod explain;
pub mod html;
pub mod pictures;
pub mod proof;
pub mod replay;
pub mod replayed;
pub mod skeleton;
pub use diagram as svg;

pub use crate::inputs::records::Unit;
pub use crate::outputs::exit::CliError;
pub use crate::outputs::style::{Paint, Style};
