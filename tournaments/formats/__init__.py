"""Format engines: rounds and table assignments, the cut, and playoff brackets.

Pure Python (no Django, no ORM, no settings), so every rule here is tested in
milliseconds without a database. A service loads rows, calls one engine and
saves what it returns; the engines never read or write anything themselves.

Modules:

- ``pairing``: the shared value types (``Pairing``, ``RoundDraw``), the flags
  that explain a pairing, history helpers and ``render_schedule`` (plain text).
- ``errors``: ``FormatError`` (400), ``PairingError`` and ``BracketError`` (409).
- ``round_robin``: circle method (``round_robin``) and fixed-seat rotation
  (``rotation``), whole schedules up front.
- ``random_draw``: the next club-night round, no repeat opponents, fair sit-outs.
- ``swiss``: the next Swiss round, score groups, no rematches, one bye at most.
- ``tables``: table numbers for a round, fixed tables honoured.
- ``cut``: ACC rule 13, one in four qualify (``qualifiers_for``, ``cut``).
- ``brackets``: single and double elimination with explicit winner/loser links,
  consolation, and ``advance`` to move winners along.

Entrants are opaque hashable ids (entry primary keys); ``None`` is never an
entrant, it marks a bye.
"""
