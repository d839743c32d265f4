//! What the commands read: the record files and folders named on the command line
//! (`records`, `path`, `folders`), a POSITION and the arguments that make one (`position`,
//! `game_args`, `option_args`), and the lines of `-` (`batch`).

pub mod batch;
pub mod folders;
pub mod game_args;
pub mod option_args;
pub mod path;
pub mod position;
pub mod records;
