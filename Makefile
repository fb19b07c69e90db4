# The two commands of the README. Each does its own set-up: a virtual environment in
# .venv (installing Debian's python3-venv first where the system Python lacks it) and
# the project with its pip packages. Later issues add the apt packages they need here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench clean

demo: $(STAMP)
	$(BIN)/jassref demo

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/referee_check.py

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
