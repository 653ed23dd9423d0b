# Two commands for a newcomer: `make lab` opens the playground, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# The browser test drives Debian's Chromium (never a browser downloaded by playwright install).
CHROMIUM := /usr/bin/chromium

.PHONY: lab test lint bench browser present screenshots soak test-lessons lite results

# Classroom mode: the lessons as apps (code hidden, panels live); NB=notebooks/03_....ipynb for one.
NB ?= notebooks
PORT ?= 8866

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's declaration changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,lite,test,cluster]'
	touch $@ $(VENV)/.installed $(VENV)/.installed-lite

lab: $(VENV)/.installed
	$(BIN)/jupyter lab --ip=127.0.0.1 $(ROOT_FLAG) notebooks/00_welcome.ipynb

present: $(VENV)/.installed
	@echo "Classroom mode: open http://127.0.0.1:$(PORT)/ in the browser (Ctrl+C stops it)."
	$(BIN)/voila $(NB) --no-browser --port=$(PORT) --Voila.ip=127.0.0.1

# The no-install site of every lesson, for the browser (build/lite; serve it from any static host).
# PYODIDE_URL=.../pyodide.js takes the Pyodide runtime from there instead of Pyodide's CDN.
$(VENV)/.installed-lite: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,lite]'
	touch $@

lite: $(VENV)/.installed-lite
	$(BIN)/python lite/build.py build/lite $(if $(PYODIDE_URL),--pyodide-url $(PYODIDE_URL),)

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# Install Chromium only when it is missing and we may (root, apt); nothing to do when present.
browser:
	@if [ -x $(CHROMIUM) ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; } \
		|| echo "note: installing chromium failed: the browser tests will be skipped (under CI=true they fail)"; \
	else \
		echo "note: $(CHROMIUM) is missing (install Debian's chromium as root): the browser tests will be skipped (under CI=true they fail)"; \
	fi

# Both cores: each test file goes whole to one worker (the lessons share one JupyterLab).
test: lint browser
	$(BIN)/python -m pytest -n auto --dist loadfile

# The README's pictures, from real panels in JupyterLab (docs/images/*.png); fails without Chromium.
SHOTS := 03_tiebreak or 04_tiebreak or 13_tsubasa or 22_challengers or 32_arc
screenshots: $(VENV)/.installed-test browser
	PLAYGROUND_SCREENSHOT=1 CI=true $(BIN)/python -m pytest -q -p no:cacheprovider \
		tests/test_browser_notebooks.py -k "$(SHOTS)"

# Only the lessons: each run in JupyterLab in Chromium and its panels worked (also in make test).
test-lessons: $(VENV)/.installed-test browser
	CI=true $(BIN)/python -m pytest -q -m all_lessons tests/test_browser_notebooks.py

# One table (printed, and as bench-results/bench.csv): engines, odds (and icepool), panels, memory.
bench: $(VENV)/.installed-test
	$(BIN)/python -m playground.bench

# The lessons' long seeded runs, played again and kept in data/results/remembered.json (after a
# change to an engine, its data or a measure: tests/test_remembered.py says when it is due).
results: $(VENV)/.installed-test
	$(BIN)/python -m playground.bench.record

# The soak (not in make test): seeded random-rules games of every game over every core, each step
# checked; a table per game. GAMES=100 for a quick run.
GAMES ?= 10000
soak: $(VENV)/.installed
	$(BIN)/python -m playground.soak --games $(GAMES)
