//! How the commands write and end: where a file goes and how it is written (`target`,
//! `atomic`), what a command reads and writes checked before it runs (`files`), standard error
//! (`diag`), exit statuses and errors (`exit`), colour (`style`).

pub(crate) mod atomic;
pub mod diag;
pub mod exit;
pub mod files;
pub mod style;
pub mod target;
