# The two commands of the README. Each does its own set-up: a virtual environment in
# .venv (installing Debian's python3-venv first where the system Python lacks it) and
# the project with its pip packages. The web board's tests need Debian's chromium and
# the chalk font (fonts-comic-neue), which `make test` installs when missing.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

WEB_APT := chromium fonts-comic-neue
# Card art for vision (rendered at test time, never committed) and its SVG renderer.
VISION_APT := gnome-cards-data kdegames-card-data-kf5 librsvg2-bin
# The Pi service: systemd-analyze checks the unit, shellcheck its install script.
SERVICE_APT := systemd shellcheck

.PHONY: demo test serve lint bench clean

demo: $(STAMP)
	scripts/apt-install $(VISION_APT)
	$(BIN)/jassref demo

test: $(STAMP)
	scripts/apt-install $(WEB_APT) $(VISION_APT) $(SERVICE_APT)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

serve: $(STAMP)
	scripts/apt-install fonts-comic-neue
	$(BIN)/jassref serve --log game.jsonl

bench: $(STAMP)
	$(BIN)/python benchmarks/referee_check.py
	$(BIN)/python benchmarks/webui_load.py

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "jassref needs Python 3.11 or newer ($(PYTHON) is older)"; exit 1; }
	@$(PYTHON) -m venv --help >/dev/null 2>&1 && $(PYTHON) -c 'import ensurepip' 2>/dev/null || \
		scripts/apt-install python3-venv
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .ruff_cache
