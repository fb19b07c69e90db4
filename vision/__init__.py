"""Card vision: frame sources, card detection and identification, the tracker that
turns frames into game-log events (issues 5 and 6). Never imported by ``referee``."""
