"""One module per game; each a small subclass of :class:`referee.engine.Game`."""
