"""Shared fixtures: the repository (for the corpus) and the `mancala` command (for comparisons).

`cargo xtask test` runs this suite with MANCALA_BIN set to the command it built; run by hand,
`cargo build -p mancala` first (target/debug/mancala is found) or set MANCALA_BIN.
"""

import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS = REPO / "corpus"


@pytest.fixture(scope="session")
def mancala_bin() -> str:
    given = os.environ.get("MANCALA_BIN")
    path = pathlib.Path(given) if given else REPO / "target" / "debug" / "mancala"
    if not path.is_file():
        pytest.fail(
            "the mancala command is needed to compare with it: run `cargo build -p mancala` "
            "or set MANCALA_BIN (cargo xtask test does both)"
        )
    return str(path)


@pytest.fixture(scope="session")
def cli(mancala_bin):
    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run(
            [mancala_bin, *args], input=stdin, capture_output=True, text=True, check=False
        )

    return run
