"""Run every benchmark in bench/ (files named bench_*.py) and print their reports.

Usage: ``.venv/bin/python bench/run_all.py`` (or ``make bench``). Each benchmark
prints its own figures and the target it is held to; docs/benchmarks.md records them.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    failures = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        failures += subprocess.call([sys.executable, str(script)], cwd=HERE.parent) != 0
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
