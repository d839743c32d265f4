"""Ctrl-C reaches Python during the long calls (issue 34, item 4), an endless input ends with the
record limit's error, and long sowings do not hold the GIL (item 15).

Each long call is given work that takes far longer than the test allows (a minute and more, on
any machine), a SIGINT is sent to this process a moment after it starts, and the test asserts
that it raised ``KeyboardInterrupt`` within half the call's normal time: a call that does not
listen runs to its end first."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import mancala_games as mg

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")

# Normal time of each long call below, at the least, in seconds; the interrupt must come well
# within it.
LONG = 60.0


def seconds_to_interrupt(call):
    """Runs ``call`` with a SIGINT sent to this process 0.3 s after it starts: the seconds until
    ``KeyboardInterrupt`` came out of it."""
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
            time.sleep(0)  # a signal left pending by the call is raised here at the latest
    finally:
        timer.cancel()
    return time.perf_counter() - start


@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_perft(threads):
    # Giuthi 2x8 perft 9: billions of paths, minutes with any number of threads.
    pos = mg.Position("giuthi")
    assert seconds_to_interrupt(lambda: pos.perft(9, threads=threads)) < LONG / 2


def test_ctrl_c_stops_perft_with_a_table():
    pos = mg.Position("giuthi")
    assert seconds_to_interrupt(lambda: pos.perft_divide(9, threads=2, hash="16M")) < LONG / 2


def test_ctrl_c_stops_analyse():
    # Giuthi's start is not proved in a minute: the search runs to its time limit.
    assert seconds_to_interrupt(lambda: mg.analyse("giuthi", time=LONG)) < LONG / 2


def test_ctrl_c_stops_annotate():
    game = mg.Game("giuthi")
    for _ in range(4):
        game.push(game.position.legal_moves[0])
    record = next(mg.read_string(game.record()))
    assert record.valid
    # Four plies of Giuthi's opening at LONG / 4 seconds each.
    assert seconds_to_interrupt(lambda: record.annotate(time=LONG / 4)) < LONG / 2


def test_a_call_that_is_not_interrupted_gives_its_answer():
    # The watch over signals changes nothing else: the same counts and values, and the process's
    # Ctrl-C handling left as it was.
    pos = mg.Position("bechi")
    assert [pos.perft(d) for d in range(4)] == [1, 4, 16, 64]
    assert mg.analyse("bechi 0,2*,0/3*,0,1* B store=20,10 opener=B", depth=10).value == -14
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def run_python(code, timeout):
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout, check=False
    )


needs_dev_zero = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")


@needs_dev_zero
@pytest.mark.parametrize("form", ["auto", "notation", "json"])
def test_an_endless_input_ends_with_the_record_limit(form):
    # /dev/zero has no line end: its first record passes the 1 MiB limit (spec/notation.md §3.5)
    # and is reported there, rather than read for ever.
    code = (
        "import mancala_games as mg\n"
        "r = next(mg.read_file('/dev/zero', format={!r}))\n"
        "print(r.index, r.line, [p.kind for p in r.problems])\n".format(form)
    )
    out = run_python(code, timeout=LONG)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "1 1 ['too-large']\n"


@needs_dev_zero
def test_ctrl_c_stops_reading_an_endless_input():
    # After its first record, /dev/zero is skipped up to a next record that never comes: Ctrl-C
    # ends the reading, and the iteration with it.
    code = (
        "import os, signal, threading, mancala_games as mg\n"
        "records = mg.read_file('/dev/zero')\n"
        "next(records)\n"
        "threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
        "try:\n"
        "    next(records)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', list(records))\n"
    )
    out = run_python(code, timeout=LONG)
    assert out.returncode == 0, out.stderr
    assert out.stdout == "interrupted []\n"


# Uugg 2x7: the start 4B sows 18.7 million laps before it is proved endless (U15; README,
# Limits), about 0.3 s. Each call runs in a process of its own: a start proved endless is
# remembered, and would be quick the second time.
LONG_SOWING = "uugg 1,2,6,2,3,1,0/3,4,1,10,8,14,1 B opener=B"
TICKS = """
import threading, time
import mancala_games as mg
pos = mg.Position({pos!r})
ticks, done = [0], threading.Event()
def tick():
    while not done.is_set():
        ticks[0] += 1
        time.sleep(0.001)
t = threading.Thread(target=tick)
t.start()
time.sleep(0.05)
before = ticks[0]
try:
    {call}
except mg.IllegalMoveError:
    pass
during = ticks[0] - before
done.set()
t.join()
print(during)
"""


@pytest.mark.parametrize("call", ["pos.legal_moves", "pos.play('4B')", "pos.is_legal('4B')", "pos.children()"])
def test_long_sowings_release_the_gil(call):
    out = run_python(TICKS.format(pos=LONG_SOWING, call=call), timeout=LONG)
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) > 5, "another thread ran while the sowing was proved endless"
