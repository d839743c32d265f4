"""The README's Python session runs, with the output it shows (doctest), from the repository's
root as a reader would run it."""

import doctest
import os
import re

from conftest import REPO


def test_the_readme_session_runs_as_written():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- python-session -->\n```pycon\n(.*?)```\n<!-- /python-session -->", text, re.S)
    assert block, "README.md has the Python session between its markers"
    parser = doctest.DocTestParser()
    test = parser.get_doctest(block.group(1), {}, "README session", "README.md", 0)
    assert len(test.examples) > 20
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    here = os.getcwd()
    os.chdir(REPO)
    try:
        runner.run(test)
    finally:
        os.chdir(here)
    assert runner.failures == 0, "the README session's output differs (see above)"
