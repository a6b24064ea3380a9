"""``python -m bench.ab``'s set-ups, read from the command line as ``PATH[@VAR=value,...]``."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.ab import Setup


def test_a_setup_names_its_tree_processes_and_settings() -> None:
    setup = Setup.parse("/tmp/base@PROCS=2,SERVE_CPU=auto,WEB_THREADS=3")
    assert setup.tree == Path("/tmp/base")
    assert setup.processes == 2
    assert setup.env == {"SERVE_CPU": "auto", "WEB_THREADS": "3"}  # PROCS is the tool's, not the servers'
    # Each server gets its own core, numbered as make serve numbers them.
    assert [setup.process_env(k)["SERVE_CPU"] for k in range(2)] == ["0", "1"]
    assert setup.process_env(1)["WEB_THREADS"] == "3"


def test_a_bare_tree_is_one_process_as_it_is() -> None:
    setup = Setup.parse("/tmp/base")
    assert (setup.processes, setup.env, setup.process_env(0)) == (1, {}, {})


def test_a_setting_without_a_value_is_refused() -> None:
    with pytest.raises(ValueError, match="'WEB_THREADS' in '/tmp/base@WEB_THREADS' is not VAR=value"):
        Setup.parse("/tmp/base@WEB_THREADS")
