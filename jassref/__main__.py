"""``python -m jassref`` is the ``jassref`` command."""

import sys

from jassref.cli import main

sys.exit(main())
