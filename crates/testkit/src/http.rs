//! An HTTP/1.1 answer read whole from a connection the client asked to close, as the tests of
//! `mancala serve` (`tests/cli/serve.rs`) and its load test (`cargo xtask serve-load`) read it:
//! the status and the body, a chunked body (an analysis stream) put back together.

/// The status (0 when the bytes hold none) and the body of the answer `raw`.
#[must_use]
pub fn answer(raw: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(raw);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return (status, String::new());
    };
    let chunked = head.lines().any(|l| {
        l.split_once(':').is_some_and(|(k, v)| {
            k.eq_ignore_ascii_case("transfer-encoding") && v.trim().eq_ignore_ascii_case("chunked")
        })
    });
    (
        status,
        if chunked {
            dechunk(body)
        } else {
            body.to_owned()
        },
    )
}

/// The data of a chunked body, as far as it goes.
fn dechunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].strip_prefix("\r\n").unwrap_or(&after[n..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::answer;

    #[test]
    fn a_plain_and_a_chunked_answer() {
        let plain = b"HTTP/1.1 422 Unprocessable\r\nContent-Length: 2\r\n\r\n{}";
        assert_eq!(answer(plain), (422, "{}".to_owned()));
        let chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n";
        assert_eq!(answer(chunked), (200, "hello world".to_owned()));
        // A body that only looks like chunks is left as it is.
        let looks = b"HTTP/1.1 200 OK\r\n\r\n5\r\nhello\r\n0\r\n\r\n";
        assert_eq!(answer(looks).1, "5\r\nhello\r\n0\r\n\r\n");
        assert_eq!(answer(b""), (0, String::new()));
    }
}
