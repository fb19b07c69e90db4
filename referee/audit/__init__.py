"""Evidence that the camera-case auditor is right: random games with injected
violations, an independent judge of them, and the comparison.

- :mod:`referee.audit.games` and the per-game generators write random games of every
  variant with illegal plays and false declarations injected at random, each written
  twice: with the ``deal`` (hands known) and without it (the camera case).
- :mod:`referee.audit.oracle` judges those games from the rule texts alone, sharing no
  rule code with the referee: what really happened (from the known hands) and the
  first event of the camera log whose observations prove each violation.
- :mod:`referee.audit.harness` feeds both logs to the referee and counts injected,
  provable and caught violations, false flags and early flags.
"""
