"""Run every benchmark under bench/ in turn: ``python -m bench [--quick]``.

Each benchmark is a module ``bench/bench_*.py`` runnable on its own with
``python -m bench.<name> [--quick]``; it prints its figures next to the
baseline it measured in the same run. ``--quick`` is the smoke mode for CI.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    wanted = [a for a in argv if not a.startswith("-")]
    names = sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py"))
    if wanted:
        names = [n for n in names if n in wanted or n.removeprefix("bench_") in wanted]
    failed: list[str] = []
    for name in names:
        print(f"\n===== {name}{' (quick)' if quick else ''} =====", flush=True)
        cmd = [sys.executable, "-m", f"bench.{name}", *(["--quick"] if quick else [])]
        if subprocess.run(cmd, check=False).returncode != 0:
            failed.append(name)
    if failed:
        print(f"\nbenchmarks that failed to run or found wrong results: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
