"""Writes: one function per action, ``<noun>_<verb>``, keyword-only, in a transaction.

``events`` sets up events, entries, stages and matches; ``results`` records what
happens at the table (reports, confirmations, disputes, forfeits); ``claims`` stores
hand claims with the scoring engine's verdict.
"""
