# Two commands do all the set-up:
#   make demo   create .venv, install paraqd, run the main job on the embedded default model (no download)
#   make test   create .venv, install paraqd with test extras, run ruff (lint + import order) and the test suite
#               (the package's doctests included)
#
# TORCH pins the torch build installed first. The default, torch==2.13.0, is the CPU wheel this project's
# machines carry; elsewhere `make TORCH=torch demo` takes your platform's build (any torch >= 2.1 works).
PYTHON ?= python3
VENV ?= .venv
TORCH ?= torch==2.13.0
BIN := $(VENV)/bin
STAMP := $(VENV)/.paraqd-installed
DEMO_OUT ?= runs/demo

.PHONY: demo test install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet "$(TORCH)"
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	HF_HUB_OFFLINE=1 $(BIN)/python -m paraqd demo --mkdir --output $(DEMO_OUT)

test: $(STAMP)
	$(BIN)/ruff check paraqd tests benchmarks
	HF_HUB_OFFLINE=1 PARAQD_ARTIFACTS=$${PARAQD_ARTIFACTS:-runs/artifacts} $(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) runs .pytest_cache .hypothesis build dist
