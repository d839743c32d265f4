//! The replay page (`mancala replay --html`, issue 17) in a real browser: headless Chromium
//! driven over WebDriver (Debian's `chromium` and `chromium-driver`, through the small client of
//! `webdriver.rs`). Pages are made from corpus records of all five games and loaded from disk;
//! the test steps forward with the arrow key and back with the buttons, jumps with Home/End and a
//! click on a ply of the move list, follows a fragment link and reloads it, and checks the seed
//! counts read from the board in the DOM against the position strings of `replay --format json`
//! at every position. A record full of markup and script in its tags and comments must run no
//! script. Screenshots go to `target/tmp/browser-shots/` to be looked at.
//!
//! Without Chromium or chromedriver the test names what is missing and how to install it, on
//! stderr and in `cargo xtask test`'s summary of skipped parts (`testkit::skip`), and returns,
//! unless `MANCALA_BROWSER_TEST=require` (as `.ci/run` sets, after `.ci/install-browser`): then it
//! fails.

use crate::support::{fresh_dir, mancala, root};
use crate::webdriver::{Key, Session};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::Write as _;
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// One record file per game; the Redu match is the corpus's longest (248 plies).
const PAGES: [&str; 5] = [
    "corpus/ok/match-bechi.mgn",
    "corpus/ok/match-giuthi-2x6.mgn",
    "corpus/ok/match-sulus-nishtaw-v1.mgn",
    "corpus/ok/match-uugg-2x7.mgn",
    "corpus/ok/match-redu-o1-costs-turn.mgn",
];

pub(crate) fn find(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for n in names {
            let p = dir.join(n);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// The browser binary chromedriver should start: Debian's real one behind its wrapper script.
pub(crate) fn chromium() -> Option<PathBuf> {
    let debian = PathBuf::from("/usr/lib/chromium/chromium");
    if debian.is_file() {
        return Some(debian);
    }
    find(&["chromium", "chromium-browser", "google-chrome"])
}

/// chromedriver, killed when the test ends.
pub(crate) struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub(crate) fn start_driver(driver: &Path) -> (Driver, u16) {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Driver(child), port)
}

pub(crate) fn session(port: u16, browser: &Path, extra: &[&str]) -> Session {
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1200,1000",
    ];
    args.extend_from_slice(extra);
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {"binary": browser, "args": args},
    });
    Session::new(port, caps).unwrap()
}

/// The seeds of every position of `file` by hole name, from the position strings of `replay
/// --format json` (the start, each ply, each round's set-up), parsed by the notation crate.
fn expected_positions(file: &str) -> Vec<(String, BTreeMap<String, u32>)> {
    let out = mancala()
        .args(["replay", "--format", "json", file])
        .output()
        .unwrap();
    let mut v = Vec::new();
    let mut options: Option<rules_core::StatedOptions> = None;
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let j: Value = serde_json::from_str(line).unwrap();
        if j["type"] == "start" {
            let game: rules_core::GameKind = j["data"]["game"].as_str().unwrap().parse().unwrap();
            let pairs: Vec<(String, String)> =
                serde_json::from_value(j["data"]["options"].clone()).unwrap();
            let mut variant = rules_core::Variant::default_for(game);
            for (key, value) in &pairs {
                variant.set_option(key, value).unwrap();
            }
            let keys: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
            options = Some(rules_core::StatedOptions::new(variant, &keys).unwrap());
        }
        if !matches!(j["type"].as_str(), Some("position" | "ply" | "round")) {
            continue;
        }
        let text = j["data"]["position"].as_str().unwrap().to_owned();
        let setup = notation::parse_position(&text, options.as_ref()).unwrap();
        let g = setup.geometry();
        let seeds = (0..g.len())
            .map(|i| (g.hole(i).to_string(), setup.seeds[i]))
            .collect();
        v.push((text, seeds));
    }
    v
}

fn make_page(file: &str, dir: &Path) -> PathBuf {
    let name = Path::new(file).file_stem().unwrap().to_string_lossy();
    let page = dir.join(format!("{name}.html"));
    let out = mancala()
        .args(["replay", "--html", page.to_str().unwrap(), file])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    page
}

/// The seeds on the board the page shows, by hole name, read from the DOM.
fn shown_seeds(c: &Session) -> BTreeMap<String, u32> {
    let v = c
        .execute(
            "return Array.from(document.querySelectorAll('#board [data-hole]')).map(e => [e.getAttribute('data-hole'), e.textContent]);",
            vec![],
        )
        .unwrap();
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_str().unwrap().to_owned(),
                p[1].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

fn text_of(c: &Session, css: &str) -> String {
    c.find(css).unwrap().text().unwrap()
}

fn hash(c: &Session) -> String {
    c.fragment().unwrap()
}

pub(crate) fn shot(c: &Session, dir: &Path, name: &str) {
    let png = c.screenshot().unwrap();
    std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
}

/// Turns the animation off (with a click, as a reader would), so each step shows its position
/// at once.
fn animation(c: &Session, on: bool) {
    let b = c.find("#animate").unwrap();
    if b.is_selected().unwrap() != on {
        b.click().unwrap();
    }
}

/// Steps through every position of one page and checks each against the replay JSON.
fn step_through(c: &Session, page: &Path, file: &str, shots: &Path) {
    let expected = expected_positions(file);
    let url = format!("file://{}", page.display());
    c.goto(&url).unwrap();
    report_load(c, page);
    watch_errors(c);
    animation(c, false);
    let moves = c.find("#moves").unwrap();
    // Forward with the right arrow, every position.
    for (i, (text, seeds)) in expected.iter().enumerate() {
        assert_eq!(&shown_seeds(c), seeds, "{file}: position {i}, {text}");
        assert_eq!(text_of(c, "#position"), *text, "{file}: position {i}");
        if i == 0 {
            assert_eq!(hash(c), "record-1-ply-0");
        }
        if i + 1 < expected.len() {
            moves.send_key(Key::Right).unwrap();
        }
    }
    let last = expected.len() - 1;
    let stem = Path::new(file).file_stem().unwrap().to_string_lossy();
    shot(c, shots, &format!("{stem}-last"));
    // Back with the button, a few positions.
    let prev = c.find("#prev").unwrap();
    for i in (last.saturating_sub(5)..last).rev() {
        prev.click().unwrap();
        assert_eq!(shown_seeds(c), expected[i].1, "{file}: back to {i}");
    }
    // Home and End.
    moves.send_key(Key::Home).unwrap();
    assert_eq!(shown_seeds(c), expected[0].1, "{file}: Home");
    moves.send_key(Key::End).unwrap();
    assert_eq!(shown_seeds(c), expected[last].1, "{file}: End");
    // A click on a ply of the move list.
    let k = expected.len() / 2;
    c.find(&format!("#move-{k}")).unwrap().click().unwrap();
    assert_eq!(shown_seeds(c), expected[k].1, "{file}: click on {k}");
    let current = c.find("#moves a[aria-current]").unwrap();
    assert_eq!(current.attr("id").unwrap(), Some(format!("move-{k}")));
    shot(c, shots, &format!("{stem}-middle"));
    // The fragment of that position, followed as a link, then reloaded.
    let fragment = hash(c);
    c.goto("about:blank").unwrap();
    c.goto(&format!("{url}#{fragment}")).unwrap();
    assert_eq!(shown_seeds(c), expected[k].1, "{file}: link #{fragment}");
    c.refresh().unwrap();
    watch_errors(c);
    assert_eq!(hash(c), fragment);
    assert_eq!(shown_seeds(c), expected[k].1, "{file}: reload #{fragment}");
    // Seed by seed: the ply is played, then the position after it is shown.
    animation(c, true);
    let moves = c.find("#moves").unwrap();
    moves.send_key(Key::Left).unwrap();
    moves.send_key(Key::Right).unwrap();
    let started = Instant::now();
    loop {
        let busy = c
            .execute(
                "return document.getElementById('board').hasAttribute('data-animating');",
                vec![],
            )
            .unwrap();
        if busy == json!(false) {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{file}: animation never ends"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(shown_seeds(c), expected[k].1, "{file}: after the animation");
    animation(c, false);
    assert_no_errors(c, file);
}

/// Says on stderr (past the harness's capture) how large the page is and how long it took to
/// load: a report for the guide, not a check (timings are not tested).
fn report_load(c: &Session, page: &Path) {
    let v = c
        .execute(
            "return [performance.getEntriesByType('navigation')[0].loadEventEnd, performance.getEntriesByName('mancala-replay-shown')[0].startTime];",
            vec![],
        )
        .unwrap();
    let bytes = std::fs::metadata(page).unwrap().len();
    let _ = writeln!(
        std::io::stderr(),
        "replay page {}: {bytes} bytes, load event at {:.0} ms, first position shown at {:.0} ms",
        page.file_name().unwrap().to_string_lossy(),
        v[0].as_f64().unwrap_or(-1.0),
        v[1].as_f64().unwrap_or(-1.0)
    );
}

/// Records the script errors of the page from now on.
pub(crate) fn watch_errors(c: &Session) {
    c.execute(
        "window.__errors = []; window.addEventListener('error', (e) => window.__errors.push(e.message)); window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason && e.reason.stack || e.reason)));",
        vec![],
    )
    .unwrap();
}

pub(crate) fn assert_no_errors(c: &Session, file: &str) {
    let errors = c.execute("return window.__errors;", vec![]).unwrap();
    assert_eq!(errors, json!([]), "{file}: script errors");
}

/// A record whose tags and comments are markup and script runs none of it, and shows its text
/// as text.
fn hostile(c: &Session, dir: &Path, shots: &Path) {
    let page = make_page("corpus/ok/hostile-text.mgn", dir);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(!html.contains("<script>window"), "raw markup in the page");
    c.goto(&format!("file://{}", page.display())).unwrap();
    animation(c, false);
    for _ in 0..2 {
        c.find("#next").unwrap().click().unwrap();
    }
    let state = c
        .execute(
            "return [typeof window.__pwned, document.scripts.length, document.querySelectorAll('img, iframe, style, textarea').length, document.getElementById('status').textContent];",
            vec![],
        )
        .unwrap();
    assert_eq!(
        state[0],
        json!("undefined"),
        "a record's text ran as script"
    );
    // The page's own: its data, one record's data, its script.
    assert_eq!(state[1], json!(3), "{state}");
    assert_eq!(
        state[2],
        json!(1),
        "only the page's own style element: {state}"
    );
    assert!(state[3].as_str().unwrap().starts_with("Ply 2"), "{state}");
    let tags = text_of(c, "#tags");
    assert!(
        tags.contains("</script><script>window.__pwned = 'Event'</script>"),
        "{tags}"
    );
    let comments = text_of(c, "#comments");
    assert!(comments.contains("\\u{202e})( {{{ & &#x3c;"), "{comments}");
    shot(c, shots, "hostile-text");
}

/// The picture of the README (docs/replay-page.png is a copy): the Redu text's zigzag of eight
/// seeds that bounces at the far end (Fig.008-009).
fn readme_shot(c: &Session, dir: &Path, shots: &Path) {
    let page = make_page("corpus/ok/redu-fig008-009-jugb003.mgn", dir);
    c.set_window_size(1000, 900).unwrap();
    c.goto(&format!("file://{}#record-1-ply-1", page.display()))
        .unwrap();
    assert!(text_of(c, "#status").starts_with("Ply 1: B plays 4B+bdh"));
    shot(c, shots, "readme");
    c.set_window_size(1200, 1000).unwrap();
}

/// Several records: the chooser shows each, and a fragment names the record.
fn chooser(c: &Session, dir: &Path) {
    let page = make_page("corpus/ok/redu-fig003-007.mgn", dir);
    c.goto(&format!("file://{}#record-3-ply-1", page.display()))
        .unwrap();
    let sel = c.find("#chooser").unwrap();
    assert_eq!(sel.prop("value").unwrap().as_deref(), Some("3"));
    sel.select_by_value("2").unwrap();
    assert_eq!(hash(c), "record-2-ply-0");
    assert!(text_of(c, "#record-title").starts_with("Record 2"));
}

/// axe-core (`tests/cli/vendor/axe-core`, MPL-2.0), the accessibility checker, in the page.
const AXE: &str = include_str!("vendor/axe-core/axe.min.js");

/// The corpus pages that axe-core checks in light and in dark colours, each at its first view,
/// with its third step (or its last) chosen in the move list, and at a place of its own: the longest match, one
/// with variations and assessments, one with the assessments of every ply (issue 34, item 18: the
/// value of the move chosen was 4.05:1 in dark colours), a rule-book example with many notes, and
/// Sulus Nishtaw's match with its 93 move links.
const AXE_PAGES: [(&str, &str); 5] = [
    ("corpus/ok/match-redu-o1-costs-turn.mgn", "record-1-ply-3"),
    (
        "corpus/ok/bechi-2x3-variations.mgn",
        "record-1-variation-1-ply-3",
    ),
    ("corpus/ok/bechi-2x3-assessed.mgn", "record-1-ply-4"),
    ("corpus/ok/redu-fig008-009-jugb003.mgn", "record-1-ply-1"),
    ("corpus/ok/match-sulus-nishtaw-v1.mgn", "record-1-ply-3"),
];

/// Runs axe-core on the page shown, every rule it has (WCAG 2.0 to 2.2 A and AA, best
/// practices): there must be no violation. Says on stderr how many rules passed.
pub(crate) fn axe(c: &Session, what: &str) {
    let script = format!(
        "{AXE}\nreturn axe.run(document).then((r) => [r.violations.map((v) => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' '), v.nodes[0].failureSummary]), r.passes.length]);"
    );
    let v = c.execute(&script, vec![]).unwrap();
    assert_eq!(v[0], json!([]), "{what}: axe-core violations");
    let _ = writeln!(
        std::io::stderr(),
        "axe-core on {what}: {} rules passed, 0 violations",
        v[1]
    );
}

/// axe-core on the pages of `AXE_PAGES`: the first view, the third step (or the last) chosen with
/// a click in the move list (the move shown in the colours of the one chosen), and the place of each.
fn axe_pages(c: &Session, dir: &Path, colours: &str) {
    for (file, at) in AXE_PAGES {
        let page = make_page(file, dir);
        c.goto(&format!("file://{}", page.display())).unwrap();
        axe(c, &format!("{file} ({colours}, first view)"));
        // The link of the third step, or of the last of a shorter record.
        let id = c
            .execute(
                "const a = document.querySelectorAll('#moves a'); return a[Math.min(3, a.length - 1)].id;",
                vec![],
            )
            .unwrap();
        let id = id.as_str().unwrap().to_owned();
        c.find(&format!("#{id}")).unwrap().click().unwrap();
        let chosen = c
            .execute(
                "return document.querySelector('#moves a[aria-current]').id;",
                vec![],
            )
            .unwrap();
        assert_eq!(chosen, json!(id), "{file}");
        axe(c, &format!("{file} ({colours}, {id} chosen)"));
        c.goto(&format!("file://{}#{at}", page.display())).unwrap();
        axe(c, &format!("{file} ({colours}, #{at})"));
    }
}

/// A record with variations and assessments: a click on a ply of a variation shows its
/// position, → goes on in the variation and ← back through the plies before it; the value, the
/// judgement marks and the better move's arrow are shown.
fn variations_and_assessments(c: &Session, dir: &Path, shots: &Path) {
    let file = "corpus/ok/bechi-2x3-variations.mgn";
    let page = make_page(file, dir);
    c.goto(&format!("file://{}", page.display())).unwrap();
    watch_errors(c);
    animation(c, false);
    // The positions of variation 1 from the replay JSON: its start, then each of its plies.
    let out = mancala()
        .args(["replay", "--format", "json", file])
        .output()
        .unwrap();
    let mut side = Vec::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let j: Value = serde_json::from_str(line).unwrap();
        if j["data"]["variation"] == json!(1)
            && matches!(j["type"].as_str(), Some("variation" | "ply"))
        {
            side.push(j["data"]["position"].as_str().unwrap().to_owned());
        }
    }
    assert_eq!(side.len(), 4, "{side:?}");
    // The links of variation 1's plies, in order (its nested variation's are inside, later).
    let ids = c
        .execute(
            "return Array.from(document.querySelectorAll('#moves li.variation')[0].querySelectorAll(':scope > ol > li > a')).map(a => a.id);",
            vec![],
        )
        .unwrap();
    let ids: Vec<String> = serde_json::from_value(ids).unwrap();
    assert_eq!(ids.len(), 3, "{ids:?}");
    c.find(&format!("#{}", ids[0])).unwrap().click().unwrap();
    assert_eq!(text_of(c, "#position"), side[1]);
    assert_eq!(hash(c), "record-1-variation-1-ply-2");
    let moves = c.find("#moves").unwrap();
    for want in &side[2..] {
        moves.send_key(Key::Right).unwrap();
        assert_eq!(text_of(c, "#position"), *want);
    }
    for want in side[..3].iter().rev() {
        moves.send_key(Key::Left).unwrap();
        assert_eq!(text_of(c, "#position"), *want);
    }
    // ← from the variation's first ply: the position before it, ply 1 of the record.
    assert_eq!(text_of(c, "#status"), "Ply 1: A plays 2A+ (2 of 5)");
    // The blunder 3. 3A: its mark in the move list, its value and the better move's arrow.
    c.goto(&format!("file://{}#record-1-ply-3", page.display()))
        .unwrap();
    let v = c
        .execute(
            "return [document.querySelector('#moves a[aria-current] .judgement').textContent, document.getElementById('value').textContent, document.querySelector('#board [data-best]').getAttribute('data-best'), document.querySelector('#moves a[aria-current]').getAttribute('aria-label')];",
            vec![],
        )
        .unwrap();
    assert_eq!(v[0], json!("??"), "{v}");
    assert!(
        v[1].as_str()
            .unwrap()
            .starts_with("Value of ply 3 for A: -32 ??"),
        "{v}"
    );
    assert_eq!(v[2], json!("2A+"), "{v}");
    assert!(
        v[3].as_str().unwrap().starts_with("3. A 3A?? -32: Ply 3"),
        "{v}"
    );
    let head = text_of(c, "#tags");
    assert!(head.contains("Assessments of A"), "{head}");
    shot(c, shots, "variations");
    assert_no_errors(c, file);
}

/// Phone width, dark colours and reduced motion (a second browser, which prefers both).
fn phone_and_dark(port: u16, browser: &Path, page: &Path, dir: &Path, shots: &Path) {
    let c = session(
        port,
        browser,
        &["--force-dark-mode", "--force-prefers-reduced-motion"],
    );
    c.set_window_size(390, 844).unwrap();
    c.goto(&format!("file://{}#record-1-ply-3", page.display()))
        .unwrap();
    let v = c
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth, getComputedStyle(document.body).backgroundColor, document.getElementById('animate').checked];",
            vec![],
        )
        .unwrap();
    assert!(v[0].as_u64() <= v[1].as_u64(), "wider than the phone: {v}");
    assert_eq!(v[2], json!("rgb(22, 24, 28)"), "dark background: {v}");
    assert_eq!(
        v[3],
        json!(false),
        "reduced motion turns the animation off: {v}"
    );
    shot(&c, shots, "phone-dark");
    axe_pages(&c, dir, "dark, phone width");
    // The move chosen in dark colours, with its value and judgement (issue 34, item 18).
    let assessed = make_page("corpus/ok/bechi-2x3-assessed.mgn", dir);
    c.goto(&format!("file://{}#record-1-ply-3", assessed.display()))
        .unwrap();
    c.execute(
        "document.querySelector('#moves a[aria-current]').scrollIntoView({block: 'center'});",
        vec![],
    )
    .unwrap();
    shot(&c, shots, "assessed-dark");
    c.close().unwrap();
}

/// What the test needs that this machine lacks, each with where it is looked for and how to
/// install it (Debian's packages, which `.ci/install-browser` installs); empty when nothing is.
fn missing(driver: Option<&Path>, browser: Option<&Path>) -> Vec<&'static str> {
    let mut out = Vec::new();
    if browser.is_none() {
        out.push(
            "Chromium (/usr/lib/chromium/chromium, or chromium, chromium-browser or google-chrome on PATH; Debian package `chromium`)",
        );
    }
    if driver.is_none() {
        out.push("chromedriver (on PATH; Debian package `chromium-driver`)");
    }
    out
}

#[test]
fn replay_pages_in_headless_chromium() {
    let required = std::env::var("MANCALA_BROWSER_TEST").is_ok_and(|v| v == "require");
    let (driver, browser) = (find(&["chromedriver"]), chromium());
    let lacking = missing(driver.as_deref(), browser.as_deref());
    let (Some(driver), Some(browser)) = (driver, browser) else {
        let why = format!(
            "not found: {}; install with `sh .ci/install-browser` (as root: apt-get install chromium chromium-driver)",
            lacking.join(" and ")
        );
        assert!(!required, "MANCALA_BROWSER_TEST=require, but {why}");
        testkit::skip::skipped(
            "the browser test of the replay page (tests/cli/browser.rs)",
            &why,
        );
        return;
    };
    let dir = fresh_dir("browser");
    let shots = root().join("target/tmp/browser-shots");
    std::fs::create_dir_all(&shots).unwrap();
    let pages: Vec<PathBuf> = PAGES.iter().map(|f| make_page(f, &dir)).collect();
    let (_driver, port) = start_driver(&driver);
    let c = session(port, &browser, &[]);
    for (page, file) in pages.iter().zip(PAGES) {
        step_through(&c, page, file, &shots);
    }
    hostile(&c, &dir, &shots);
    readme_shot(&c, &dir, &shots);
    chooser(&c, &dir);
    variations_and_assessments(&c, &dir, &shots);
    axe_pages(&c, &dir, "light");
    c.close().unwrap();
    phone_and_dark(port, &browser, &pages[2], &dir, &shots);
}

/// Issue 37.3: with Chromium installed and only the driver missing, the skip said "chromium or
/// chromedriver not found"; it names the one missing and its package.
#[test]
fn a_skip_names_what_is_missing_and_its_package() {
    let here = Path::new("/usr/bin/x");
    assert_eq!(
        missing(None, Some(here)),
        ["chromedriver (on PATH; Debian package `chromium-driver`)"]
    );
    let no_browser = missing(Some(here), None);
    assert_eq!(no_browser.len(), 1);
    assert!(
        no_browser[0].contains("Debian package `chromium`)"),
        "{no_browser:?}"
    );
    assert_eq!(missing(None, None).len(), 2);
    assert!(missing(Some(here), Some(here)).is_empty());
}
