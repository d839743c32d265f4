"""The README's Python session runs, with the output it shows (doctest), from the repository's
root as a reader would run it; so does its Dask example, in a process of its own (Dask's worker
processes import the script's ``__main__``), with what it prints compared."""

import doctest
import os
import re
import subprocess
import sys

from conftest import REPO


def block(text, marker, lang):
    found = re.search(r"<!-- {0} -->\n```{1}\n(.*?)```\n<!-- /{0} -->".format(marker, lang), text, re.S)
    assert found, "README.md has the {} between its markers".format(marker)
    return found.group(1)


def test_the_readme_session_runs_as_written():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block(text, "python-session", "pycon"), {}, "README session", "README.md", 0)
    assert len(test.examples) > 20
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here = os.getcwd()
    os.chdir(REPO)
    try:
        runner.run(test)
    finally:
        os.chdir(here)
    assert runner.failures == 0, "the README session's output differs (see above)"


def test_the_readme_dask_example_runs_as_written(tmp_path):
    # Issue 37, item 4: it named files that do not exist and ended in a traceback.
    text = (REPO / "README.md").read_text(encoding="utf-8")
    script = tmp_path / "dask_example.py"
    script.write_text(block(text, "dask-example", "python"), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, timeout=600, check=False
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == block(text, "dask-output", "text")
