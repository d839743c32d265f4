//! The board of `mancala serve` (issue 35; spec/serve.md §5) in a real browser: headless Chromium
//! over WebDriver, with the helpers of the replay page's test (`browser.rs`, `webdriver.rs`). A
//! Bechi match is played by clicks to its end and its exported record validated by `mancala
//! validate`; a Bechi match against the engine is played to its end (the engine answers, a move
//! is taken back, the engine sets up its rounds by analysis) and validated; a Redu zigzag is
//! chosen on the board, seed by seed where the paths part; a click the rules refuse shows the
//! rule; a side line is made and promoted, and the board reopened from its address with the side
//! line; a pasted record's problem is shown where it is; a text of two records says which it
//! loaded, and its comments and annotations are kept on export; the analysis proves a Bechi 2x3
//! value; the editor reads back a position
//! string of every game; a move is played with the keyboard alone; axe-core finds nothing in light
//! and dark colours. Screenshots go to `target/tmp/serve-shots/`.

use crate::browser::{assert_no_errors, axe, chromium, find, shot, start_driver, watch_errors};
use crate::serve::Served;
use crate::support::{fresh_dir, mancala, root};
use crate::webdriver::{Key, Session};
use serde_json::{Value, json};
use std::io::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

/// A browser session that does not wait for the load event of a page (the page is ready when
/// its board is drawn: `open` waits for that).
fn session(port: u16, browser: &Path, extra: &[&str]) -> Session {
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1400,1000",
    ];
    args.extend_from_slice(extra);
    let caps = json!({
        "browserName": "chrome",
        "pageLoadStrategy": "eager",
        "goog:chromeOptions": {"binary": browser, "args": args},
    });
    Session::new(port, caps).unwrap()
}

/// Waits until `script` (a JavaScript expression) is true on the page.
fn wait(c: &Session, script: &str, what: &str) {
    let start = Instant::now();
    loop {
        let v = c
            .execute(&format!("return Boolean({script});"), vec![])
            .unwrap();
        if v == json!(true) {
            return;
        }
        if start.elapsed() > Duration::from_secs(30) {
            // What the page said, to see why.
            let said = js(
                c,
                "return ['status', 'engine-status', 'refusal', 'record-status'].map((id) => id + ': ' + document.getElementById(id).textContent).join(' | ') + ' | errors: ' + JSON.stringify(window.__errors) + ' | shown: ' + JSON.stringify(window.mancalaServe.current(), (k, v) => ['events', 'board', 'layout', 'position_data', 'explain'].includes(k) ? undefined : v);",
            );
            panic!("{what}: still not true after 30 s: {script}\nthe page says: {said}");
        }
        std::thread::sleep(Duration::from_millis(40));
    }
}

fn js(c: &Session, script: &str) -> Value {
    c.execute(script, vec![]).unwrap()
}

/// Opens the page at `hash` and waits for the board.
fn open(c: &Session, url: &str, hash: &str) {
    c.goto("about:blank").unwrap();
    c.goto(&format!("{url}{hash}")).unwrap();
    wait(
        c,
        "window.mancalaServe && document.querySelector('#board .hole-g') && window.mancalaServe.current().view.moves && performance.getEntriesByName('mancala-serve-shown').length",
        "the board",
    );
    watch_errors(c);
    // Plies are shown at once (the seed-by-seed drawing redraws the board under the clicks).
    js(
        c,
        "document.getElementById('animate').checked = false; return 0;",
    );
}

/// Clicks the element `css` of the board, found again if a redraw replaced it meanwhile (the
/// analysis redraws the board as it deepens).
fn click(c: &Session, css: &str) {
    for _ in 0..5 {
        match c.find(css).and_then(|e| e.click()) {
            Ok(()) => return,
            Err(e) if e.contains("stale element") => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => panic!("{css}: {e}"),
        }
    }
    panic!("{css}: replaced at every click");
}

/// The number of plies on the path to the node shown.
fn plies(c: &Session) -> u64 {
    js(
        c,
        "let n = window.mancalaServe.current(), k = 0; const s = window.mancalaServe.state; while (n) { if (n.kind === 'ply') k++; n = n.parent === null ? null : s.nodes.get(n.parent); } return k;",
    )
    .as_u64()
    .unwrap()
}

/// Plays `token` by clicks: its start hole on the board, then its button among the choices when
/// the hole starts several moves.
fn click_move(c: &Session, token: &str) {
    start_move(c, token);
    wait(
        c,
        &format!(
            "window.mancalaServe.current().kind === 'ply' && window.mancalaServe.current().move === '{token}' && window.mancalaServe.current().view.moves"
        ),
        token,
    );
}

/// The clicks of [`click_move`], without waiting for the move to be shown (against the engine,
/// its answer may come first).
fn start_move(c: &Session, token: &str) {
    let before = plies(c);
    let hole = js(
        c,
        &format!(
            "return window.mancalaServe.current().view.moves.find((m) => m.move === '{token}').holes[0];"
        ),
    );
    if let Some(i) = hole.as_u64() {
        click(c, &format!("#board .hole-g[data-index='{i}']"));
    }
    let chosen = js(c, "return !document.getElementById('choices').hidden;");
    if chosen == json!(true) && plies(c) == before {
        c.find(&format!("#choices-list button[data-move='{token}']"))
            .unwrap()
            .click()
            .unwrap();
    }
}

/// A Bechi 2x3 match played by clicks to its end: each ply the move (3 × ply) mod n of the list,
/// the fill of round 2 chosen on the board (B16); then the exported record is valid.
fn bechi_match(c: &Session, url: &str, dir: &Path, shots: &Path) {
    open(c, url, "#game=bechi&options=holes%3D3&opener=B");
    let mut ply = 0u64;
    for _ in 0..400 {
        let v = js(c, "return window.mancalaServe.current().view;");
        if v["match_over"].is_object() {
            break;
        }
        if v["round_over"].is_object() {
            let d = &v["decision"];
            if d["kind"] == "fill" {
                let player = d["player"].as_str().unwrap();
                let names = v["layout"]["names"].as_array().unwrap();
                let mut k = 0;
                for (i, n) in names.iter().enumerate() {
                    if k < d["holes"].as_u64().unwrap() && n.as_str().unwrap().ends_with(player) {
                        click(c, &format!("#board .hole-g[data-index='{i}']"));
                        k += 1;
                    }
                }
                shot(c, shots, "bechi-fill");
            }
            let rounds = js(c, "return window.mancalaServe.state.nodes.size;");
            c.find("#next-round").unwrap().click().unwrap();
            wait(
                c,
                &format!(
                    "window.mancalaServe.state.nodes.size > {rounds} || window.mancalaServe.current().view.match_over"
                ),
                "the next round",
            );
            wait(
                c,
                "window.mancalaServe.current().view.moves",
                "the next round's moves",
            );
            continue;
        }
        let moves = v["moves"].as_array().unwrap();
        let token = moves[(ply as usize * 3) % moves.len()]["move"]
            .as_str()
            .unwrap()
            .to_owned();
        click_move(c, &token);
        ply += 1;
    }
    let over = js(c, "return window.mancalaServe.current().view.match_over;");
    assert!(over.is_object(), "the match did not end: {over}");
    assert!(ply >= 20, "{ply} plies");
    wait(
        c,
        "document.getElementById('record-status').textContent === 'valid' && /-wins|draw/.test(document.getElementById('export').value)",
        "the export",
    );
    shot(c, shots, "bechi-match-over");
    let record = validate_export(c, &dir.join("bechi-match.mgn"), &[]);
    assert!(record.contains("<round 2"), "{record}");
    assert_no_errors(c, "the Bechi match");
}

/// The id of the node shown, and whether its position is known with its moves.
fn shown(c: &Session) -> u64 {
    js(c, "return window.mancalaServe.state.cur;")
        .as_u64()
        .unwrap()
}

/// Waits until the node shown is another than `before` and its position is loaded.
fn wait_moved(c: &Session, before: u64, what: &str) {
    wait(
        c,
        &format!(
            "window.mancalaServe.state.cur !== {before} && (window.mancalaServe.current().view.moves || window.mancalaServe.current().view.round_over)"
        ),
        what,
    );
}

/// A Bechi 2x3 match against the engine (it plays A, 0.2 s a move) played to its end: the
/// person clicks B's moves, the engine answers each and makes its own set-up decisions (B16);
/// "Take back" removes the person's move and the engine's answer.
fn engine_match(c: &Session, url: &str, dir: &Path, shots: &Path) {
    open(c, url, "#game=bechi&options=holes%3D3&opener=B");
    engine_plays(c, "A");
    // B opens; the engine answers.
    let first = js(
        c,
        "return window.mancalaServe.current().view.moves[0].move;",
    );
    start_move(c, first.as_str().unwrap());
    wait(
        c,
        "window.mancalaServe.current().player === 'A' && window.mancalaServe.current().view.moves",
        "the engine's answer",
    );
    assert!(
        c.find("#engine-status")
            .unwrap()
            .text()
            .unwrap()
            .starts_with("The engine played "),
    );
    shot(c, shots, "engine-answer");
    // Take back: the person's move and the engine's answer leave the tree.
    c.find("#take-back").unwrap().click().unwrap();
    wait(
        c,
        "window.mancalaServe.state.cur === 0 && window.mancalaServe.state.nodes.get(0).children.length === 0",
        "the move taken back",
    );
    assert_eq!(plies(c), 0);
    for ply in 0..400usize {
        // The node first, then its view: a move of the engine in between changes both.
        let before = shown(c);
        let v = js(
            c,
            &format!("return window.mancalaServe.state.nodes.get({before}).view;"),
        );
        if v["match_over"].is_object() {
            break;
        }
        if v["round_over"].is_object() {
            let d = &v["decision"];
            if d["player"] == "A" && d["kind"] != "none" {
                // The engine sets up the round itself, by analysis of each set-up (B16).
                wait_moved(c, before, "the engine's set-up");
                let said = js(
                    c,
                    &format!(
                        "return window.mancalaServe.state.nodes.get({before}).children.map((k) => window.mancalaServe.state.nodes.get(k).engineNote).join();"
                    ),
                );
                assert!(said.as_str().unwrap().contains("set-ups weighed"), "{said}");
                continue;
            }
            if d["kind"] == "fill" {
                let names = v["layout"]["names"].as_array().unwrap();
                let wanted = d["holes"].as_u64().unwrap();
                let mine = names
                    .iter()
                    .enumerate()
                    .filter(|(_, n)| n.as_str().unwrap().ends_with('B'));
                for (i, _) in mine.take(wanted as usize) {
                    click(c, &format!("#board .hole-g[data-index='{i}']"));
                }
            }
            c.find("#next-round").unwrap().click().unwrap();
            wait_moved(c, before, "the next round");
            continue;
        }
        if v["to_move"] == "A" {
            wait_moved(c, before, "the engine's move");
            continue;
        }
        let Some(moves) = v["moves"].as_array() else {
            std::thread::sleep(Duration::from_millis(40));
            continue;
        };
        let token = moves[ply % moves.len()]["move"]
            .as_str()
            .unwrap()
            .to_owned();
        start_move(c, &token);
        wait_moved(c, before, &token);
    }
    assert!(
        js(c, "return window.mancalaServe.current().view.match_over;").is_object(),
        "the match against the engine did not end"
    );
    shot(c, shots, "engine-match-over");
    let engine_plies = js(
        c,
        "let n = window.mancalaServe.current(), k = 0; const s = window.mancalaServe.state; while (n) { if (n.kind === 'ply' && n.player === 'A') k++; n = n.parent === null ? null : s.nodes.get(n.parent); } return k;",
    );
    assert!(engine_plies.as_u64().unwrap() >= 3, "{engine_plies}");
    wait(
        c,
        "document.getElementById('record-status').textContent === 'valid' && /-wins|draw/.test(document.getElementById('export').value)",
        "the export of the match against the engine",
    );
    validate_export(c, &dir.join("engine-match.mgn"), &[]);
    engine_plays(c, "");
    assert_no_errors(c, "the match against the engine");
}

/// The engine's own set-up between rounds, chosen by analysis: a Bechi 2x3 round 1 over with A
/// the poorer (7 seeds against 29, B13), A fills one of his three holes (B16); the engine (A)
/// weighs the three fills and sets up round 2 with one.
fn engine_set_up(c: &Session, url: &str) {
    open(
        c,
        url,
        "#game=bechi&options=holes%3D3&opener=B&start=bechi%201*%2C1*%2C1*%2F1*%2C1*%2C1*%20B%20store%3D4%2C26%20opener%3DB",
    );
    assert_eq!(
        js(c, "return window.mancalaServe.current().view.decision;"),
        json!({"holes": 1, "kind": "fill", "player": "A"})
    );
    engine_plays(c, "A");
    // The round node: the engine (A, who opens round 2 or not) may already have moved on.
    let round =
        "Array.from(window.mancalaServe.state.nodes.values()).find((n) => n.kind === 'round')";
    wait(c, round, "the engine's set-up of round 2");
    let marker = js(c, &format!("return {round}.marker;"));
    assert!(
        [
            "<round 2 fill 1A>",
            "<round 2 fill 2A>",
            "<round 2 fill 3A>"
        ]
        .contains(&marker.as_str().unwrap()),
        "{marker}"
    );
    let said = js(c, &format!("return {round}.engineNote;"));
    assert!(
        said.as_str().unwrap().contains("3 set-ups weighed"),
        "{said}"
    );
    engine_plays(c, "");
}

/// The exported record, written to `file` and accepted by `mancala validate` with `flags`.
fn validate_export(c: &Session, file: &Path, flags: &[&str]) -> String {
    let record = js(c, "return document.getElementById('export').value;");
    let record = record.as_str().unwrap().to_owned();
    std::fs::write(file, &record).unwrap();
    let out = mancala()
        .arg("validate")
        .args(flags)
        .arg(file)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{record}\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    record
}

/// Pastes `text` in the import box and loads it.
fn paste(c: &Session, text: &str) {
    js(
        c,
        &format!(
            "document.getElementById('import-text').value = {}; return 0;",
            json!(text)
        ),
    );
    c.find("#import").unwrap().click().unwrap();
}

/// Gives the engine `side` ("" for nobody) at 0.2 s a move.
fn engine_plays(c: &Session, side: &str) {
    js(
        c,
        &format!(
            "document.getElementById('engine-time').value = '0.2'; const s = document.getElementById('engine-side'); s.value = '{side}'; s.dispatchEvent(new Event('change')); return 0;"
        ),
    );
}

/// A click the rules refuse says why, with the rule one click away.
fn refused_click(c: &Session, url: &str) {
    open(c, url, "#game=bechi&opener=B");
    // 1A is A's hole; B is to move (B4).
    click(c, "#board .hole-g[data-index='4']");
    wait(
        c,
        "!document.getElementById('refusal').hidden",
        "the refusal",
    );
    let text = c.find("#refusal").unwrap().text().unwrap();
    assert!(text.contains("1A is not one of B's holes (B4)"), "{text}");
    c.find("#refusal button").unwrap().click().unwrap();
    wait(
        c,
        "document.getElementById('rule-B4') && document.getElementById('rule-B4').open",
        "the rule B4",
    );
}

/// Redu Fig.008-009: the eight seeds of 4B have many zigzags; the one of the text (4B+bdh) is
/// chosen on the board, a click on the hole of the next seed wherever the paths part.
fn redu_zigzag(c: &Session, url: &str, shots: &Path) {
    open(
        c,
        url,
        "#game=redu&opener=B&start=redu%203%2C2%2C0%2C3%2C1%2C2%2F2%2C3%2C1%2C8%2C2%2C1%20B%20store%3D10%2C10",
    );
    let from_4b = js(
        c,
        "return window.mancalaServe.current().view.moves.filter((m) => m.holes.includes(3)).length;",
    );
    assert!(from_4b.as_u64().unwrap() > 2, "{from_4b}");
    let path = js(
        c,
        "return window.mancalaServe.current().view.moves.find((m) => m.move === '4B+bdh').path;",
    );
    click(c, "#board .hole-g[data-index='3']");
    wait(
        c,
        "!document.getElementById('choices').hidden",
        "the choices",
    );
    shot(c, shots, "redu-choices");
    let mut clicks = 0;
    while js(c, "return window.mancalaServe.current().kind;") != json!("ply") {
        let targets = js(
            c,
            "const p = window.mancalaServe.state.pick; return p ? [p.prefix, p.targets] : null;",
        );
        let prefix = targets[0].as_u64().unwrap() as usize;
        assert!(
            targets[1].is_array(),
            "no hole to choose on the board: {targets}"
        );
        let next = &path[prefix];
        click(c, &format!("#board .hole-g.target[data-index='{next}']"));
        clicks += 1;
        assert!(clicks < 12, "too many clicks");
        std::thread::sleep(Duration::from_millis(50));
    }
    wait(
        c,
        "window.mancalaServe.current().view.moves",
        "after the zigzag",
    );
    assert_eq!(
        js(c, "return window.mancalaServe.current().move;"),
        json!("4B+bdh")
    );
    assert!(clicks >= 2, "{clicks} clicks");
    // The right O3 on 4A (R17) is A's to use: his capture is among his moves.
    assert!(
        js(
            c,
            "return window.mancalaServe.current().view.moves.some((m) => m.move === 'x4A');"
        ) == json!(true)
    );
    shot(c, shots, "redu-zigzag");
}

/// A side line: back one ply, another move; it is listed as a variation, then promoted.
fn side_line(c: &Session, url: &str) {
    open(c, url, "#game=bechi&opener=B&moves=3B%201A%204B");
    c.find("#prev").unwrap().click().unwrap();
    wait(
        c,
        "window.mancalaServe.current().move === '1A' && window.mancalaServe.current().view.moves",
        "back one ply",
    );
    let alt = js(
        c,
        "return window.mancalaServe.current().view.moves.find((m) => m.move !== '4B').move;",
    );
    let alt = alt.as_str().unwrap().to_owned();
    click_move(c, &alt);
    wait(
        c,
        "document.querySelector('#moves li.variation')",
        "the variation",
    );
    wait(
        c,
        "/\\(/.test(document.getElementById('export').value) && /1\\.1/.test(document.getElementById('export').value)",
        "the export with the variation",
    );
    c.find("#promote").unwrap().click().unwrap();
    wait(
        c,
        &format!("window.mancalaServe.recordText().includes('3B 1A {alt} (4B)')"),
        "the side line promoted",
    );
    // The address holds the side lines and the node shown: a reload opens the same board.
    c.find("#prev").unwrap().click().unwrap();
    wait(
        c,
        "window.mancalaServe.current().move === '1A' && /[&]at=2/.test(location.hash)",
        "the address of an inner node",
    );
    let href = js(c, "return location.href;");
    let text = js(c, "return window.mancalaServe.recordText();");
    open(c, href.as_str().unwrap(), "");
    assert_eq!(js(c, "return window.mancalaServe.recordText();"), text);
    assert_eq!(
        js(c, "return window.mancalaServe.current().move;"),
        json!("1A")
    );
    assert!(c.find("#moves li.variation").is_ok());
}

/// A pasted text of two records: it says which one it loaded and lists both; the comments,
/// annotations and unknown tags of the record are shown and written back on export; a comment
/// typed on a ply joins the record; the other record is loaded from the list.
fn imported_notes(c: &Session, url: &str) {
    open(c, url, "#game=bechi&opener=B");
    let text = "[Notation \"1.1\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n[Round \"1\"]\n\n{before all} 3B (captures 0) {first move} 1A {A answers} (2A {a side line}) 4B *\n\n[Notation \"1.0\"]\n[Game \"uugg\"]\n[Opener \"A\"]\n\n1. 1A *\n";
    paste(c, text);
    wait(
        c,
        "document.querySelector('#import-problems .record-taken') && !document.getElementById('import-choice').hidden",
        "the record taken",
    );
    let said = c
        .find("#import-problems .record-taken")
        .unwrap()
        .text()
        .unwrap();
    assert!(said.contains("holds 2 records: record 1"), "{said}");
    assert_eq!(
        js(
            c,
            "return document.querySelectorAll('#import-index option').length;"
        ),
        json!(2)
    );
    wait(
        c,
        "document.getElementById('record-status').textContent === 'valid' && /before all/.test(document.getElementById('export').value)",
        "the export",
    );
    let export = js(c, "return document.getElementById('export').value;");
    let export = export.as_str().unwrap();
    for kept in [
        "[Round \"1\"]",
        "{before all} 1. 3B (captures 0) {first move} 2. 1A {A answers} (2. 2A {a side",
    ] {
        assert!(export.contains(kept), "{kept} not in {export}");
    }
    // The comment of ply 1 is shown with it, and one typed on ply 3 joins the record.
    click(c, "#moves a[aria-label^='1.']");
    wait(
        c,
        "document.getElementById('comment').value === 'first move' && /captures 0/.test(document.getElementById('explain').textContent)",
        "the comment of ply 1",
    );
    c.find("#last").unwrap().click().unwrap();
    wait(c, "window.mancalaServe.current().move === '4B'", "ply 3");
    c.find("#comment").unwrap().send_keys("a new idea").unwrap();
    wait(
        c,
        "/4B \\{a new idea\\}/.test(document.getElementById('export').value)",
        "the typed comment in the export",
    );
    // The second record, from the list.
    js(
        c,
        "const s = document.getElementById('import-index'); s.value = '2'; s.dispatchEvent(new Event('change')); return 0;",
    );
    wait(
        c,
        "window.mancalaServe.state.game === 'uugg' && window.mancalaServe.current().move === '1A'",
        "the second record",
    );
}

/// A pasted record with an illegal move: the problem is shown with its line and column.
fn pasted_problem(c: &Session, url: &str) {
    open(c, url, "#game=bechi&opener=B");
    let record = "[Notation \"1.0\"]\n[Game \"bechi\"]\n[Opener \"B\"]\n\n1. 3B 2. 1A 3. 1A *\n";
    paste(c, record);
    wait(
        c,
        "document.querySelector('#import-problems .problem')",
        "the problem",
    );
    let p = c.find("#import-problems .problem").unwrap();
    assert_eq!(p.attr("data-line").unwrap().as_deref(), Some("5"));
    assert_eq!(p.attr("data-column").unwrap().as_deref(), Some("16"));
    assert!(p.text().unwrap().contains("(B4)"));
    // The record is loaded up to the problem.
    assert_eq!(plies(c), 2);
}

/// The rule book's lenient Redu examples (two records): read strictly, the penalty claim of the
/// first is refused where `mancala validate` places it (15:39, R26); read leniently both load,
/// and the export is what `mancala validate --lenient` accepts.
fn lenient_import(c: &Session, url: &str, dir: &Path) {
    open(c, url, "#game=redu&opener=B");
    let text =
        std::fs::read_to_string(root().join("corpus/lenient/redu-jugb001-penalty.mgn")).unwrap();
    paste(c, &text);
    wait(
        c,
        "document.querySelector('#import-problems .problem')",
        "the strict reading's problem",
    );
    let p = c.find("#import-problems .problem").unwrap();
    assert_eq!(
        (p.attr("data-line").unwrap(), p.attr("data-column").unwrap()),
        (Some("15".to_owned()), Some("39".to_owned()))
    );
    assert!(p.text().unwrap().contains("(R26)"));
    c.find("#import-lenient").unwrap().click().unwrap();
    c.find("#import").unwrap().click().unwrap();
    wait(
        c,
        "!document.querySelector('#import-problems .problem') && window.mancalaServe.current().move === 'p4B' && /leniently/.test(document.getElementById('record-status').textContent)",
        "the lenient reading",
    );
    validate_export(c, &dir.join("lenient.mgn"), &["--lenient"]);
    c.find("#import-lenient").unwrap().click().unwrap();
}

/// The analysis of a Bechi 2x3 ending reaches its exact value, and the arrows of its line.
fn analysis(c: &Session, url: &str, shots: &Path) {
    open(
        c,
        url,
        "#game=bechi&options=holes%3D3&opener=B&start=bechi%200%2C2*%2C0%2F3*%2C0%2C1*%20B%20store%3D20%2C10%20opener%3DB",
    );
    c.find("#analyse").unwrap().click().unwrap();
    wait(
        c,
        "document.querySelector('#analysis-value[data-exact=\"true\"]')",
        "an exact value",
    );
    let text = c.find("#analysis-value").unwrap().text().unwrap();
    assert_eq!(text, "Value for B: -14 (exact)");
    wait(
        c,
        "document.querySelector('#board .line-arrow')",
        "the arrow of the best line",
    );
    shot(c, shots, "analysis");
}

/// The editor reads a position string of each game into its fields and writes the same string
/// back from them.
fn editor(c: &Session, url: &str, shots: &Path) {
    open(c, url, "#game=bechi&opener=B");
    c.find("#open-editor").unwrap().click().unwrap();
    wait(
        c,
        "document.getElementById('editor-check').className === 'ok'",
        "the editor",
    );
    let positions = [
        "bechi 6,6,0x,0x/6,6,6,6 A reserve=2,10 round=2 opener=A",
        "giuthi 0,4,2,0,0,1,5,3/5,1,2,0,0,2,5,4 A store=22,40",
        "sulus-nishtaw 3,3,3,3,3,3/3,3,3,3,3,3/3,3,3,3,3,3 A round=2 opener=A owners=AAAAAA/ABBBBB/BBBBBB opening",
        "uugg 5,5,5,5,4b/0,6,0,5,5 A opener=B",
        "redu 3,3,1,3,3,3/2,3,2,0,4,1 A store=10,10 right=O3:4A",
    ];
    for p in positions {
        let set = format!(
            "document.getElementById('editor-check').className = 'pending'; const t = document.getElementById('editor-text'); t.value = {}; t.dispatchEvent(new Event('input')); return 0;",
            json!(p)
        );
        js(c, &set);
        wait(
            c,
            "document.getElementById('editor-check').className === 'ok' && document.querySelector('#editor-board input')",
            p,
        );
        // A field edited to the same value: the string is written again from the fields.
        js(
            c,
            "document.getElementById('editor-text').value = ''; const i = document.querySelector('#editor-board input[data-hole]'); i.dispatchEvent(new Event('input')); return 0;",
        );
        wait(
            c,
            &format!(
                "document.getElementById('editor-text').value === {}",
                json!(p)
            ),
            p,
        );
        if p.starts_with("sulus") {
            shot(c, shots, "editor");
        }
    }
    // A field that breaks a rule: the message of `mancala show`, with its rule.
    js(
        c,
        "const i = document.querySelector('#editor-board input[data-hole]'); i.value = '9'; i.dispatchEvent(new Event('input')); return 0;",
    );
    wait(
        c,
        "document.getElementById('editor-check').className === 'problem'",
        "the editor's refusal",
    );
    let text = c.find("#editor-check").unwrap().text().unwrap();
    assert!(text.contains("not a legal redu position"), "{text}");
    c.find("#editor-close").unwrap().click().unwrap();
}

/// A move with the keyboard alone: Tab to the board, the arrow keys to a hole, Enter.
fn keyboard(c: &Session, url: &str) {
    open(
        c,
        url,
        "#game=giuthi&options=holes%3D5%2Cseeds%3D4&opener=B",
    );
    js(
        c,
        "document.activeElement.blur(); document.body.focus(); return 0;",
    );
    let mut tabs = 0;
    while js(
        c,
        "return Boolean(document.activeElement.closest && document.activeElement.closest('#board'));",
    ) != json!(true)
    {
        c.press(Key::Tab).unwrap();
        tabs += 1;
        assert!(tabs < 30, "the board is not reached with Tab");
    }
    // The first legal hole, 1B; → goes to 2B; Enter: Giuthi asks the direction (G4).
    assert_eq!(
        js(
            c,
            "return document.activeElement.getAttribute('data-index');"
        ),
        json!("0")
    );
    c.press(Key::Right).unwrap();
    assert_eq!(
        js(
            c,
            "return document.activeElement.getAttribute('data-index');"
        ),
        json!("1")
    );
    c.press(Key::Enter).unwrap();
    wait(
        c,
        "!document.getElementById('choices').hidden",
        "the choice of direction",
    );
    // The next seed: a target hole on the board, reached with the arrow keys (3B, to the right).
    c.press(Key::Right).unwrap();
    c.press(Key::Enter).unwrap();
    wait(
        c,
        "window.mancalaServe.current().kind === 'ply'",
        "the move played with the keyboard",
    );
    assert_eq!(
        js(c, "return window.mancalaServe.current().move;"),
        json!("2B+")
    );
}

/// axe-core with a move played and the analysis shown, in the colours of `what`.
fn axe_with_analysis(c: &Session, url: &str, what: &str) {
    open(c, url, "#game=bechi&options=holes%3D3&opener=B&moves=2B%2B");
    c.find("#analyse").unwrap().click().unwrap();
    wait(
        c,
        "document.querySelector('#analysis-value')",
        "the analysis",
    );
    js(
        c,
        "const b = document.getElementById('stop-analysis'); if (b) b.click(); return 0;",
    );
    axe(c, &format!("mancala serve ({what})"));
}

#[test]
fn the_board_of_mancala_serve_in_headless_chromium() {
    let required = std::env::var("MANCALA_BROWSER_TEST").is_ok_and(|v| v == "require");
    let (Some(driver), Some(browser)) = (find(&["chromedriver"]), chromium()) else {
        assert!(
            !required,
            "MANCALA_BROWSER_TEST=require, but chromium or chromedriver is missing: run .ci/install-browser"
        );
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED the_board_of_mancala_serve_in_headless_chromium: chromium or chromedriver not found (install them with .ci/install-browser)"
        );
        return;
    };
    let dir = fresh_dir("serve-browser");
    let shots = root().join("target/tmp/serve-shots");
    std::fs::create_dir_all(&shots).unwrap();
    let served = Served::start(&[]);
    let url = served.url.clone();
    let (_driver, port) = start_driver(&driver);
    let c = session(port, &browser, &[]);
    refused_click(&c, &url);
    redu_zigzag(&c, &url, &shots);
    side_line(&c, &url);
    pasted_problem(&c, &url);
    imported_notes(&c, &url);
    lenient_import(&c, &url, &dir);
    analysis(&c, &url, &shots);
    editor(&c, &url, &shots);
    keyboard(&c, &url);
    bechi_match(&c, &url, &dir, &shots);
    engine_match(&c, &url, &dir, &shots);
    engine_set_up(&c, &url);
    axe_with_analysis(&c, &url, "light");
    open(&c, &url, "#game=redu&opener=B&moves=4B%2Bb");
    shot(&c, &shots, "redu");
    c.close().unwrap();
    let dark = session(
        port,
        &browser,
        &["--force-dark-mode", "--force-prefers-reduced-motion"],
    );
    axe_with_analysis(&dark, &url, "dark");
    shot(&dark, &shots, "dark");
    dark.close().unwrap();
}
