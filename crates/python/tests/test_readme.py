"""The Python sessions of the README and the guide (`docs/guide/*.md`) run, with the output they
show (doctest), from the repository's root as a reader would run them: every block fenced `pycon`
(docs/guide/testing.md, "The examples of the documents"); so does the guide's Dask example, in a
process of its own (Dask's worker processes import the script's ``__main__``), with what it prints
compared."""

import doctest
import os
import re
import subprocess
import sys

from conftest import REPO


def documents():
    """README.md, then the guide's chapters in name order."""
    return [REPO / "README.md"] + sorted((REPO / "docs" / "guide").glob("*.md"))


def sessions(path):
    """The `pycon` blocks of a document, indentation removed (a block may stand in a list item)."""
    text = path.read_text(encoding="utf-8")
    out = []
    for m in re.finditer(r"^( *)```pycon\n(.*?)^\1```$", text, re.S | re.M):
        indent = len(m.group(1))
        out.append("".join(line[indent:] + "\n" for line in m.group(2).splitlines()))
    return out


def run(block, name):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here = os.getcwd()
    os.chdir(REPO)
    try:
        runner.run(test)
    finally:
        os.chdir(here)
    return len(test.examples), runner.failures


def block(text, marker, lang):
    found = re.search(r"<!-- {0} -->\n```{1}\n(.*?)```\n<!-- /{0} -->".format(marker, lang), text, re.S)
    assert found, "docs/guide/python.md has the {} between its markers".format(marker)
    return found.group(1)


def test_the_guides_dask_example_runs_as_written(tmp_path):
    # Issue 37, item 4: it named files that do not exist and ended in a traceback.
    text = (REPO / "docs" / "guide" / "python.md").read_text(encoding="utf-8")
    script = tmp_path / "dask_example.py"
    script.write_text(block(text, "dask-example", "python"), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, timeout=600, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == block(text, "dask-output", "text")


def test_every_session_of_the_documents_runs_as_written():
    examples = 0
    failed = []
    for path in documents():
        for k, block in enumerate(sessions(path)):
            name = f"{path.relative_to(REPO)} session {k + 1}"
            n, failures = run(block, name)
            examples += n
            if failures:
                failed.append(name)
    assert not failed, f"output differs (see above): {failed}"
    # The guide's long session (docs/guide/python.md) and the README's.
    assert examples > 20


def test_the_readme_shows_a_session():
    assert sessions(REPO / "README.md"), "README.md shows a Python session"
    assert len(sessions(REPO / "docs" / "guide" / "python.md")[0].splitlines()) > 40
