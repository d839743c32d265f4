//! The page itself: `page.html` with its style (`replay.css`), its script (the board's
//! `diagram::web::BOARD_JS`, then `replay.js`) and its
//! data filled in. Record text reaches the page only inside JSON in `<script
//! type="application/json">` elements, escaped by `script_json`, and the script puts it on the
//! page as text (spec/replay-page.md §4).

use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::{self, Write};

const TEMPLATE: &str = include_str!("page.html");
const REPLAY_CSS: &str = include_str!("replay.css");

/// The page's style: the board's (`diagram::web`, shared with `mancala serve`), then its own.
fn style() -> String {
    format!("{}\n{REPLAY_CSS}", diagram::web::BOARD_CSS)
}
const REPLAY_JS: &str = include_str!("replay.js");

/// The page's script: the board's drawing, shared with `mancala serve` (`diagram::web`), then
/// the page's own. One element, so that the page holds one script to trust (its hash).
fn script() -> String {
    format!("{}\n{REPLAY_JS}", diagram::web::BOARD_JS)
}

/// JSON that can stand inside a `<script>` element whatever its strings hold: `<`, `>` and `&`
/// are written `\u003c`, `\u003e`, `\u0026` (so no `</script>`, `<!--` or `<script` can appear
/// and end or change the element), and U+2028, U+2029 as `\u2028`, `\u2029` (which some
/// JavaScript parsers take for line ends). serde_json writes these characters as they are only
/// inside strings, where the escapes mean the same characters, so the JSON is unchanged.
pub fn script_json(v: &Value) -> String {
    let text = v.to_string();
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// Base64 (RFC 4648, with padding), for the hashes of the Content-Security-Policy.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(char::from(ABC[((n >> (18 - 6 * k)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn sha256(text: &str) -> String {
    format!("'sha256-{}'", base64(&Sha256::digest(text.as_bytes())))
}

/// The Content-Security-Policy of the page: nothing may be loaded or sent anywhere (no network
/// at all), and only the page's own script and style, named by their hashes, may run. Even a
/// script element that escaped into the page would not run.
fn policy() -> String {
    format!(
        "default-src 'none'; script-src {}; style-src {}; img-src data:; base-uri 'none'; form-action 'none'",
        sha256(&script()),
        sha256(&style())
    )
}

/// Fills the places of `template` in order (`{{CSP}}`, ...); the text put in never passes
/// through a replacement again, so nothing in a style, script or data can be taken for a place.
fn fill(template: &str, places: &[(&str, &str)], out: &mut impl Write) -> io::Result<()> {
    let mut rest = template;
    for (place, with) in places {
        if let Some((before, after)) = rest.split_once(place) {
            out.write_all(before.as_bytes())?;
            out.write_all(with.as_bytes())?;
            rest = after;
        }
    }
    out.write_all(rest.as_bytes())
}

/// A page being written, one record at a time, so that a long file of records is never held
/// whole: the template up to its data, each record's data element, then the page's own data
/// (the list of records, the rules cited) and the rest.
pub struct PageWriter<W: Write> {
    out: W,
}

impl<W: Write> PageWriter<W> {
    /// Writes the page up to its data.
    ///
    /// # Errors
    /// Writing to `out` failed.
    pub fn start(mut out: W) -> io::Result<Self> {
        let (head, _) = TEMPLATE.split_once("{{DATA}}").unwrap_or((TEMPLATE, ""));
        let generator = format!("mancala {}", env!("CARGO_PKG_VERSION"));
        let csp = policy();
        fill(
            head,
            &[
                ("{{CSP}}", &csp),
                ("{{GENERATOR}}", &generator),
                ("{{STYLE}}", &style()),
            ],
            &mut out,
        )?;
        out.write_all(b"\n")?;
        Ok(PageWriter { out })
    }

    /// Writes the data of record `n`: `json` made by `script_json`.
    ///
    /// # Errors
    /// Writing failed.
    pub fn record(&mut self, n: usize, json: &str) -> io::Result<()> {
        writeln!(
            self.out,
            r#"<script type="application/json" id="record-data-{n}">{json}</script>"#
        )
    }

    /// Writes the page's own data and the rest of the page; gives back the writer.
    ///
    /// # Errors
    /// Writing failed.
    pub fn finish(mut self, index: &Value) -> io::Result<W> {
        writeln!(
            self.out,
            r#"<script type="application/json" id="page-data">{}</script>"#,
            script_json(index)
        )?;
        let (_, tail) = TEMPLATE.split_once("{{DATA}}").unwrap_or(("", ""));
        fill(tail, &[("{{SCRIPT}}", &script())], &mut self.out)?;
        Ok(self.out)
    }
}

/// The whole page at once: `index` and the records' data.
#[cfg(test)]
pub fn render(index: &Value, records: &[(usize, String)]) -> String {
    let mut page = PageWriter::start(Vec::new()).expect("writing to memory");
    for (n, json) in records {
        page.record(*n, json).expect("writing to memory");
    }
    let bytes = page.finish(index).expect("writing to memory");
    String::from_utf8_lossy(&bytes).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn script_json_cannot_end_its_element_and_parses_back_to_the_same_value() {
        let v = json!({"t": "</script><script>alert(1)</script> <!-- & \u{2028}\u{2029} >"});
        let s = script_json(&v);
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!s.contains(bad), "{s}");
        }
        assert_eq!(serde_json::from_str::<Value>(&s).unwrap(), v);
    }

    #[test]
    fn base64_and_the_policy() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        // SHA-256 of "abc" (FIPS 180-2, B.1), in base64.
        assert_eq!(
            sha256("abc"),
            "'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='"
        );
        let page = render(&json!({}), &[]);
        assert!(page.contains(&policy()));
        assert!(!page.contains("{{"), "every place is filled");
    }
}
