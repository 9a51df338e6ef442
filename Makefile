# Everything a fresh machine needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_RUN := $(VENV)/.installed-run
STAMP_DEV := $(VENV)/.installed-dev
AXE := node_modules/axe-core/axe.min.js
HOST ?= 127.0.0.1
PORT ?= 8000
# Python keeps compiled modules, and pytest its rewritten test modules, in __pycache__/
# (git-ignored); where the environment forbids it (PYTHONDONTWRITEBYTECODE), every process
# compiles them again: the server's start and each pytest worker's collection.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run play test check lint typecheck pytest dist compiled pytest-compiled compiled-tests system-deps bench playthroughs catalogs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The package's files: `make run` installs them again (compiled) when one changes.
SOURCES := $(shell find src hatch_build.py scripts/compile.py -type f -not -path '*/__pycache__/*' -not -name '*.so' 2>/dev/null)

# `make run` installs what a user installs: a wheel with the engines compiled by mypyc
# (hatch_build.py; pure Python where no C compiler is present), rebuilt when a source
# changes. Where the developer's editable install is (make test, make check), it stays:
# its edits run as they are saved, on the pure-Python build. The recipe is not echoed:
# the changed-file list it reads names every source.
$(STAMP_RUN): pyproject.toml $(SOURCES) | $(BIN)/python
	@if [ -f $(STAMP_DEV) ]; then \
		case " $? " in *" pyproject.toml "*) $(BIN)/python -m pip install --quiet -e . ;; esac ; \
	else \
		echo "installing ludoteca (the engines are compiled where a C compiler is found: a few minutes)" ; \
		$(BIN)/python -m pip install --quiet . ; \
	fi
	touch $@

# The example game plugin (examples/plugin-game) is installed like any outside game:
# the tests run the conformance suite, a simulation, a bot event and its board on it.
$(STAMP_DEV): pyproject.toml examples/plugin-game/pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c scripts/torch-cpu.txt -e '.[dev,ray]'
	$(BIN)/python -m pip install --quiet -e examples/plugin-game
	touch $@ $(STAMP_RUN)

## run: the main job: the web app on http://127.0.0.1:8000 (SQLite file ludoteca-web.db);
## `make run PORT=8080` for another port
run: $(STAMP_RUN)
	$(BIN)/ludoteca serve --host $(HOST) --port $(PORT)

## play: Toinc in the terminal against the computer
play: $(STAMP_RUN)
	$(BIN)/ludoteca play toinc --seat 0=human --seat 1=heuristic

## test: everything CI checks. Lint, types and the user's wheel side by side on the two
## cores (lint is seconds, the types half a minute, the wheel's compiling about a minute:
## one process each, which alone would leave a core idle); then the tests on both cores
## (the install tests take that sdist and wheel); then the compiled build's pass, on the
## wheel's modules.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck dist
	$(MAKE) --no-print-directory pytest TEST_DIST=$(CURDIR)/build/dist
	$(MAKE) --no-print-directory compiled-tests

## check: the fast tier, under 3 minutes: lint, types, import contracts and the tests not
## marked slow (no browser, fresh install, Ray cluster, PostgreSQL or long run: make test's)
check: $(STAMP_DEV)
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck
	HYPOTHESIS_PROFILE=check LUDOTECA_CONFORMANCE_SEEDS=1 $(BIN)/pytest -n 2 --dist worksteal -q -m "not slow"

lint: $(STAMP_DEV)
	$(BIN)/ruff check src tests benchmarks examples scripts hatch_build.py
	$(BIN)/ruff format --check src tests benchmarks examples scripts hatch_build.py
	$(BIN)/lint-imports --no-cache

typecheck: $(STAMP_DEV)
	$(BIN)/mypy

# axe-core (npm, pinned in package-lock.json): the browser suite's accessibility checks.
$(AXE): package.json package-lock.json | system-deps
	npm ci --no-audit --no-fund --silent
	touch $@

## system-deps: Debian's Chromium (browser tests), PostgreSQL (persistence tests), Node.js (npm)
system-deps:
	bash scripts/system-deps.sh

# The tests run on SQLite and on a throw-away PostgreSQL server on loopback. With
# TEST_DIST, the install tests take the sdist and wheel there instead of building them.
TEST_DIST ?=
pytest: $(STAMP_DEV) system-deps $(AXE)
	LUDOTECA_TEST_DIST=$(TEST_DIST) PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 bash scripts/with-postgres.sh $(BIN)/pytest -n 2 --dist worksteal -q --durations=15 -m "not random_games"

## compiled: the optional build, the engines' rule modules compiled with mypyc (build/compiled)
compiled: $(STAMP_DEV) system-deps
	$(BIN)/python scripts/compile.py build/compiled

# dist: what a packager builds (the sdist, then the wheel from it, compiled by
# hatch_build.py where a C compiler is present) in build/dist, and the wheel's modules
# unpacked in build/compiled (its metadata left out: the editable install has it), where
# the compiled pass below imports them.
dist: $(STAMP_DEV) system-deps
	rm -rf build/dist build/compiled
	$(BIN)/python -m build --outdir build/dist .
	$(BIN)/python -c "import zipfile; from pathlib import Path; \
		wheel = zipfile.ZipFile(next(Path('build/dist').glob('*.whl'))); \
		wheel.extractall('build/compiled', [n for n in wheel.namelist() if '.dist-info/' not in n])"

# The compiled build plays the golden playthroughs, passes the conformance suite (one seed)
# and plays each game's long random-game property runs (`random_games`, left out above).
pytest-compiled: compiled
	$(MAKE) --no-print-directory compiled-tests

# The compiled build is what users install (hatch_build.py): the web app, the command line,
# the plugins' games (Python subclasses of the compiled core) and the research interop
# run on it too.
compiled-tests:
	LUDOTECA_EXPECT_COMPILED=1 LUDOTECA_CONFORMANCE_SEEDS=1 PYTHONPATH=build/compiled $(BIN)/pytest -n 2 --dist worksteal -q -p no:cacheprovider \
		tests/test_compiled_build.py tests/playthroughs tests/conformance $(wildcard tests/games/*/test_properties.py)
	LUDOTECA_EXPECT_COMPILED=1 PYTHONPATH=build/compiled $(BIN)/pytest -n 2 --dist worksteal -q -p no:cacheprovider \
		-m "not slow" tests/web tests/cli tests/plugins tests/interop tests/core

## playthroughs: rewrite the golden playthroughs after a deliberate rule change
playthroughs: $(STAMP_DEV)
	$(BIN)/python -m tests.playthroughs.record

## catalogs: bring every language's catalog (src/ludoteca/locale/*.po, each game's games/<game>/locale/*.po, the example plugin's) in step
catalogs: $(STAMP_DEV)
	$(BIN)/python -m ludoteca.catalogs
	$(BIN)/python -m ludoteca.catalogs check
	$(BIN)/python -m ludoteca.catalogs update --package examples/plugin-game/src/ludoteca_kalah
	$(BIN)/python -m ludoteca.catalogs check --package examples/plugin-game/src/ludoteca_kalah

bench: $(STAMP_RUN)
	$(BIN)/ludoteca bench toinc --seconds 10

clean:
	rm -rf $(VENV) node_modules build .pytest_cache .mypy_cache .ruff_cache .hypothesis
