//! What the commands print: a replay in text and JSON (`replay`), a ply explained
//! (`explain`), a board in text (`board`), SVG pictures (`pictures`, drawn by `svg`), the replay
//! page (`html`), a proof file (`proof`), a record made of moves (`skeleton`).

pub mod board;
pub mod explain;
pub mod html;
pub mod pictures;
pub mod proof;
pub mod replay;
pub mod skeleton;
pub use diagram as svg;
