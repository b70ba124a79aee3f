"""The format engines stay plain Python: no Django, no ORM, no settings (STYLE.md)."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import tournaments.formats

PACKAGE = Path(tournaments.formats.__file__).parent


def test_no_module_imports_django():
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(n == "django" or n.startswith(("django.", "rest_framework")) for n in names), path
            assert not any(n.startswith("tournaments.") and not n.startswith("tournaments.formats") for n in names), path


def test_engines_import_and_run_without_django_settings():
    script = (
        "import sys\n"
        "from tournaments.formats import brackets, cut, random_draw, round_robin, swiss, tables\n"
        "swiss.swiss_round([(1, 0), (2, 0)], number=1)\n"
        "assert not any(m == 'django' or m.startswith('django.') for m in sys.modules), 'django loaded'\n"
    )
    root = PACKAGE.parent.parent
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=root, capture_output=True, text=True,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)}, check=False,
    )
    assert result.returncode == 0, result.stderr
