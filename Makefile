# `make demo` and `make test` work on a fresh machine with nothing but Python 3.11+.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-lowest test-all bench check clean pictures constraints bytecode

# Pinned versions of the test tools (and everything else installed here): constraints.txt.
CONSTRAINTS := constraints.txt

# The install is quiet: its log goes to $(VENV)/install.log and is shown only when it fails.
$(STAMP): pyproject.toml $(CONSTRAINTS) enemy_move/_version.py
	@echo "setting up $(VENV) (the first time takes about a minute; log: $(VENV)/install.log)"
	@$(PYTHON) -m venv $(VENV)
	@$(BIN)/python -m pip install --quiet -c $(CONSTRAINTS) -e '.[test]' > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@touch $(STAMP)

# An editable install leaves the package's bytecode uncompiled: compiled once here (and again only for files
# changed since), every run starts 30-40 ms sooner. pip compiles it itself for a wheel install (pipx install .).
# Then what bytecode cannot hold: the code dataclasses generate (enemy_move/dataclass_code.py, 30 ms a run) and
# each ruleset's scenario validator (enemy_move/models/validators.py, 13 ms); a wheel install writes them on its first run.
bytecode: $(STAMP)
	@$(BIN)/python -m compileall -q enemy_move > /dev/null
	@$(BIN)/python -c "from enemy_move.models.validators import prepare_all; prepare_all()"
	@$(BIN)/python -c "from enemy_move.dataclass_code import prepare; prepare()"

demo: $(STAMP) bytecode
	$(BIN)/enemy-move resolve scenarios/gloomhaven/demo.yaml

# The tests are type-checked too, for wrong calls and misread results; a test function needs no annotations, and the
# package's own modules are checked (strictly) by the first mypy, so the second reports only the tests' mistakes.
MYPY_TESTS := --follow-imports=silent --allow-untyped-defs --allow-untyped-calls --allow-incomplete-defs --allow-any-generics --no-warn-return-any
test: $(STAMP) bytecode
	$(BIN)/ruff check enemy_move tests bench tools setup.py
	$(BIN)/ruff format --check enemy_move tests bench tools setup.py
	$(BIN)/mypy
	$(BIN)/mypy $(MYPY_TESTS) tests
	$(BIN)/python -m pytest

# The lowest version of every dependency pyproject.toml allows (tools/lowest_constraints.py), in a venv of its own,
# the package installed as a user gets it (a wheel, not editable): the demo twice (its start-up cache written,
# then read: the file is not rewritten and the answer is the same bytes), --after (ruamel.yaml), a docs page
# (rich Markdown), check over every scenario and the table page (tools/serve_smoke.py). CI runs it after `make test`.
LOWEST := .venv-lowest
LOW := env -u PYTHONDONTWRITEBYTECODE $(LOWEST)/bin/enemy-move
test-lowest:
	@rm -rf $(LOWEST) && $(PYTHON) -m venv $(LOWEST)
	@$(PYTHON) tools/lowest_constraints.py pyproject.toml > $(LOWEST)/constraints.txt
	@echo "installing the lowest versions pyproject.toml allows: $$(tr '\n' ' ' < $(LOWEST)/constraints.txt)(log: $(LOWEST)/install.log)"
	@$(LOWEST)/bin/python -m pip install --quiet -c $(LOWEST)/constraints.txt . > $(LOWEST)/install.log 2>&1 || { cat $(LOWEST)/install.log; exit 1; }
	@$(LOWEST)/bin/python -m pip list --format=freeze 2>/dev/null | grep -i -E "^(typer|click|rich|pydantic|pydantic.core|pyyaml|ruamel.yaml|textual|starlette|uvicorn|segno)==" | tr '\n' ' '; echo
	$(LOW) resolve scenarios/gloomhaven/demo.yaml --json > $(LOWEST)/demo-1.json
	@cp "$$(find $(LOWEST)/lib -name 'dataclass_code.*.marshal')" $(LOWEST)/cache-1 || { echo "the first run wrote no start-up cache"; exit 1; }
	$(LOW) resolve scenarios/gloomhaven/demo.yaml --json > $(LOWEST)/demo-2.json
	cmp $(LOWEST)/demo-1.json $(LOWEST)/demo-2.json
	@cmp -s $(LOWEST)/cache-1 "$$(find $(LOWEST)/lib -name 'dataclass_code.*.marshal')" || { echo "the second run rewrote the start-up cache"; exit 1; }
	$(LOW) resolve scenarios/gloomhaven/demo.yaml --after $(LOWEST)/next-round.yaml > /dev/null
	$(LOW) docs scenario-format > /dev/null
	$(LOW) check scenarios
	$(LOWEST)/bin/python tools/serve_smoke.py $(LOWEST)/bin/enemy-move

# The whole suite on every Python 3.11+ that pyenv or the PATH offers (a venv each: .venv-3.12, ...); the
# default venv's Python runs `make test` as usual.
test-all: test
	@for version in $$($(PYTHON) tools/pythons.py --others "$$($(BIN)/python -c 'import sys; print(sys.executable)')"); do \
		python="$${version#*=}"; name="$${version%%=*}"; venv=.venv-$$name; \
		echo "== Python $$name ($$python)"; \
		if [ ! -f $$venv/.installed ] || [ pyproject.toml -nt $$venv/.installed ] || [ $(CONSTRAINTS) -nt $$venv/.installed ]; then \
			rm -rf $$venv && $$python -m venv $$venv && \
			$$venv/bin/python -m pip install --quiet -c $(CONSTRAINTS) -e '.[test]' > $$venv/install.log 2>&1 || { cat $$venv/install.log; exit 1; }; \
			touch $$venv/.installed; \
		fi; \
		$$venv/bin/python -m pytest -p no:cacheprovider || exit 1; \
	done

check: $(STAMP) bytecode
	$(BIN)/enemy-move check scenarios

# `make bench` measures gloom side by side with ../shared/reference/gloom-server when it is there (bench/gloom_side.py);
# GLOOM=/path/to/gloom measures against another gloom;
# BENCH_ARGS=--quick for a short run (one run each, a few heavy files, two points per growth series).
bench: $(STAMP) bytecode
	$(BIN)/python bench/bench.py $(if $(GLOOM),--gloom "$(GLOOM)") $(BENCH_ARGS)
	$(BIN)/python bench/serve_bench.py

# The pictures shown in the docs (one per ruleset); rerun after a drawing change.
pictures: $(STAMP)
	$(BIN)/enemy-move resolve scenarios/gloomhaven/demo.yaml --svg docs/pictures/gloomhaven.svg --json > /dev/null
	$(BIN)/enemy-move resolve scenarios/perditions-mouth/phase-05-acolyte-opens-door-for-guard.yaml --svg docs/pictures/perditions-mouth.svg --json > /dev/null
	$(BIN)/enemy-move resolve scenarios/agemonia/ag6-double-line-detour.yaml --svg docs/pictures/agemonia.svg --json > /dev/null
	$(BIN)/enemy-move resolve scenarios/cloudspire/cs6-terrain-forest-player.yaml --svg docs/pictures/cloudspire.svg --json > /dev/null

# Refresh the pins to today's newest versions; then run `make test` and commit constraints.txt.
constraints:
	rm -rf .venv-pins && $(PYTHON) -m venv .venv-pins && .venv-pins/bin/python -m pip install --quiet -e '.[test]' && (sed -n '1,2p' $(CONSTRAINTS) && .venv-pins/bin/python -m pip freeze --exclude-editable) > $(CONSTRAINTS).new && mv $(CONSTRAINTS).new $(CONSTRAINTS) && rm -rf .venv-pins

clean:
	rm -rf $(VENV) $(LOWEST) .venv-3.* build *.egg-info .pytest_cache .hypothesis
