//! What the tests, the fuzz targets (`crates/testkit/src/fuzz`) and xtask reach of the binary's
//! insides, beside the public `printers`: the parts they check as the binary runs them. Not an
//! interface for library users: it changes with the binary.

pub use crate::commands::check_proof::run as check_proof;
pub use crate::commands::validate::record_line;
pub use crate::inputs::path::Input;
pub use crate::inputs::{batch, position};
pub use crate::outputs::exit::{CliError, Verdict};
pub use crate::outputs::target;
