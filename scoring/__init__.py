"""The cribbage scoring engine.

Engine modules (``cards``, ``show``, ``play``, ``rules``, ``stats``...) are pure Python:
no Django import, testable in milliseconds. The Django app around them holds only
thin adapters: management commands, API views, the hand calculator page.
"""
