//! The page: plain HTML, CSS and JavaScript, embedded in the binary, with the board drawing of
//! the replay page (`diagram::web::BOARD_JS`). It loads nothing from elsewhere: its
//! Content-Security-Policy allows only this server's own files and requests.

/// The policy of every answer: scripts, styles and requests of this server only; no frames, no
/// forms sent elsewhere, no plug-ins.
pub const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const INDEX: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");
const EDITOR_JS: &str = include_str!("assets/editor.js");

/// The file at `path`, with its content type.
pub fn file(path: &str) -> Option<(&'static str, &'static [u8])> {
    Some(match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", INDEX.as_bytes()),
        "/app.js" => ("text/javascript; charset=utf-8", APP_JS.as_bytes()),
        "/board.js" => (
            "text/javascript; charset=utf-8",
            diagram::web::BOARD_JS.as_bytes(),
        ),
        "/editor.js" => ("text/javascript; charset=utf-8", EDITOR_JS.as_bytes()),
        "/app.css" => ("text/css; charset=utf-8", APP_CSS.as_bytes()),
        "/board.css" => (
            "text/css; charset=utf-8",
            diagram::web::BOARD_CSS.as_bytes(),
        ),
        _ => return None,
    })
}
