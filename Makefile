# `make demo` and `make test` work on a fresh machine with nothing but Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench check clean pictures

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/enemy-move resolve scenarios/gloomhaven/demo.yaml

test: $(STAMP)
	$(BIN)/ruff check enemy_move tests bench
	$(BIN)/ruff format --check enemy_move tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest

check: $(STAMP)
	$(BIN)/enemy-move check scenarios

bench: $(STAMP)
	$(BIN)/python bench/bench.py

# The pictures shown in the docs (one per ruleset); rerun after a drawing change.
pictures: $(STAMP)
	$(BIN)/enemy-move resolve scenarios/gloomhaven/demo.yaml --svg docs/pictures/gloomhaven.svg --json > /dev/null
	$(BIN)/enemy-move resolve scenarios/perditions-mouth/phase-05-acolyte-opens-door-for-guard.yaml --svg docs/pictures/perditions-mouth.svg --json > /dev/null
	$(BIN)/enemy-move resolve scenarios/agemonia/ag6-double-line-detour.yaml --svg docs/pictures/agemonia.svg --json > /dev/null
	$(BIN)/enemy-move resolve scenarios/cloudspire/cs6-terrain-forest-player.yaml --svg docs/pictures/cloudspire.svg --json > /dev/null

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
