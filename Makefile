# Entry points: `make demo`, `make test`, `make lint`, `make bench`.
# Each target creates its virtual environment and installs what it needs when missing:
# .venv for the default python3, one per version for another (`make test PYTHON=python3.12`
# uses .venv-3.12), so the versions never share one.
PYTHON ?= python3
ifeq ($(PYTHON),python3)
VENV ?= .venv
else
VENV ?= .venv-$(shell $(PYTHON) -c 'import sys; print("%d.%d" % sys.version_info[:2])')
endif
BIN := $(VENV)/bin
# A path entry, not an import hook: no start-up cost for the editable install.
EDITABLE := --config-settings editable_mode=compat

.PHONY: demo test lint bench never-stuck screenshots i18n clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e . $(EDITABLE)
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]' $(EDITABLE)
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]' $(EDITABLE)
	touch $@

demo: $(VENV)/.installed
	$(BIN)/grizzled demo

# PYTEST_ARGS: more words for pytest (.ci/run: -m "not once" under its later Pythons).
PYTEST_ARGS ?=
test: $(VENV)/.installed-test
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check domain app tracker projections cli voice web tests bench
	$(BIN)/ruff format --check domain app tracker projections cli voice web tests bench
	$(BIN)/mypy

# The budgets of issue 7 (docs/performance.md): a table and bench/results.json, in under
# 5 minutes; campaign fixtures are built once into bench/.cache/. Not part of `make test`.
bench: $(VENV)/.installed-test
	$(BIN)/python -m bench

# Issue 44: random play with every module and variant, a way on after every action (as the
# engine and as a real table see it); prints how many positions it checked.
# `make never-stuck CHAPTERS=500` plays more.
CHAPTERS ?= 100
never-stuck: $(VENV)/.installed-test
	$(BIN)/python -m tests.domain.test_never_stuck $(CHAPTERS)

# docs/companion/*.png: the companion at 390x844 in Debian's Chromium, keeper and viewer,
# light and dark (tests/browser/shots.py).
screenshots: $(VENV)/.installed-test
	$(BIN)/python -m tests.browser.shots

# Issue 45: extract every message of the voice, the CLI and the pages (babel.cfg), update
# each language's catalogue from it, and compile the .mo the program reads (checked in:
# tests/voice/test_catalogue.py says when one is out of date).
i18n: $(VENV)/.installed-test
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --width=100 \
		-k N_ -k W_ -k Counted:1,2 -k _ -k ngettext:1,2 -k pgettext:1c,2 \
		--project=grizzled-tracker -o voice/locale/grizzled.pot .
	$(BIN)/pybabel update --no-fuzzy-matching --width=100 -D grizzled -i voice/locale/grizzled.pot \
		-d voice/locale
	$(BIN)/python -m voice.typography voice/locale/fr/LC_MESSAGES/grizzled.po
	$(BIN)/pybabel compile -D grizzled -d voice/locale

clean:
	rm -rf .venv .venv-3.* build *.egg-info .pytest_cache .mypy_cache .ruff_cache bench/.cache
