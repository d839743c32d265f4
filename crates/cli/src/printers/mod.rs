//! What the commands print, for a library user as for the binary: a record replayed in text and
//! JSON (`replay`; both read the typed replay of `replayed`, as the page does), a ply explained
//! (`explain`), a board in text (`board`), SVG pictures (`pictures`, drawn by `svg`), the replay
//! page's data and page (`html`), a proof file (`proof`), a record made of moves (`skeleton`).
//! They print a record as the pipeline gives it ([`Unit`]: `notation::Entry` and the name of its
//! input), in a [`Style`], and fail only when writing fails ([`CliError`]).
//!
//! ```
//! use mancala::printers::{Style, Unit, replay, replayed::Replayed};
//! use notation::{CheckOptions, Format, Records};
//!
//! let text = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Options \"holes=3\"]\n[Opener \"B\"]\n\
//!     [Position \"bechi 0,2*,0/3*,0,1* B store=20,10 opener=B\"]\n\n\
//!     1. 1B (value -14) 2. 2A+ (value +12) 3. pass 4. 3A *\n";
//! let opts = CheckOptions { steps: true, canonical: true, lenient: false };
//! for entry in Records::new(text.as_bytes(), Format::Auto, opts) {
//!     let u = Unit { file: "ending.mgn".to_owned(), entry: entry? };
//!     // The replay as typed values: the plies with the position before each, and their values.
//!     let assessed = Replayed::new(&u).filter(|s| s.assessment.is_some()).count();
//!     assert_eq!(assessed, 2);
//!     // The replay in text, as `mancala replay` prints it.
//!     let mut out = Vec::new();
//!     replay::text(&u, &mut out, Style::PLAIN)?;
//!     let out = String::from_utf8(out)?;
//!     assert!(out.contains("ply 1: B plays 1B"), "{out}");
//!     assert!(out.contains("assessment: "), "{out}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

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
