# Two commands for a newcomer: `make lab` opens the playground, `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test lint bench

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's declaration changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

lab: $(VENV)/.installed
	$(BIN)/jupyter lab --ip=127.0.0.1 $(ROOT_FLAG) notebooks/00_welcome.ipynb

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python benchmarks/tiebreak_bench.py
