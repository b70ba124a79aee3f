"""Tournament models (filled in by the events/results work)."""
from __future__ import annotations
