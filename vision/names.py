"""The names the vision commands offer as choices, and the error a user can fix, in a
module that imports no OpenCV.

``jassref`` builds every command's parser when it starts. Were these names imported
from the modules that use them, OpenCV and numpy would be loaded for every command,
``jassref run`` after a power cut among them: about half a second more before the
board answers on this machine, more on a Pi (docs/benchmarks.md, "The table service").
"""

from __future__ import annotations

from referee.variants.frantsfuus import FrantsfuusGame
from referee.variants.schmaus import SchmausGame
from referee.variants.smousjas import SmousjasGame
from referee.variants.talon import TalonGame

SIDES = ("bottom", "right", "top", "left")
"""Sides of the mat in counter-clockwise order as the picture shows them."""
MAT_NAMES = ("table", "carpet", "rug")
"""What rendered cards lie on (:data:`vision.scenes.MATS`)."""
TALON_GAMES: dict[str, type[TalonGame]] = {
    "schmaus": SchmausGame,
    "frantsfuus": FrantsfuusGame,
    "smousjas": SmousjasGame,
}
VARIANTS = ("schieber", *TALON_GAMES)
"""The games a table video can be rendered of."""


class VisionUserError(Exception):
    """A problem the user can fix; printed as one line."""
