# CardNight: `make run` serves the site, `make test` runs the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 8000
PURE_TESTS := tests/engine tests/scoring/rules tests/tables/test_rotation_rule.py \
	tests/tables/test_rotation_properties.py

.PHONY: run test test-fast ci install install-dev venv-check lint migrations-check deploy-check bench bench-servers flurry load messages screenshots clean help

help:
	@echo "make run    - set up (first time) and serve CardNight on http://$(HOST):$(PORT)/"
	@echo "make test   - run the whole test suite"
	@echo "make test-fast - the pure cores and the tests that depend on what changed (SINCE=ref)"
	@echo "make ci     - exactly what CI runs (.ci/run)"
	@echo "make lint   - ruff, the import contracts (lint-imports) and mypy --strict on the pure cores"
	@echo "make bench  - print speed figures"
	@echo "make flurry - every table reports within a minute while 400 phones poll (SQLite, PostgreSQL + Redis)"
	@echo "make screenshots - refresh the organizer guide's pictures in docs/img/"

NEW_ENOUGH := -c 'import sys; sys.exit(sys.version_info < (3, 11))'

$(BIN)/python:
	@$(PYTHON) $(NEW_ENOUGH) 2>/dev/null || { \
	  echo "CardNight needs Python 3.11 or newer, and '$(PYTHON)' is $$($(PYTHON) --version 2>&1)."; \
	  echo "Install a newer Python, then run: make run PYTHON=python3.12 (its name on this computer)"; \
	  exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Offline after a `git pull` that changed the pins: the packages installed
# before are kept (pip changes nothing when it cannot fetch), and the site
# is served with them.
$(VENV)/.installed: requirements.txt | $(BIN)/python
	@if $(BIN)/pip install --quiet -r requirements.txt; then touch $@; \
	elif [ -e $@ ]; then echo "Could not fetch the new packages: an upgrade needs the internet once. Serving with the ones installed before."; \
	else exit 1; fi

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed

# A .venv made by a Python older than 3.11 could never install: made again.
venv-check:
	@if [ -x $(BIN)/python ] && ! $(BIN)/python $(NEW_ENOUGH); then \
	  echo "$(VENV) was made by $$($(BIN)/python --version 2>&1), too old: making it again."; \
	  rm -rf $(VENV); fi

install: venv-check
	@$(MAKE) --no-print-directory $(VENV)/.installed
install-dev: venv-check
	@$(MAKE) --no-print-directory $(VENV)/.installed-dev

run: install
	exec $(BIN)/python -m cardnight serve --host $(HOST) --port $(PORT) --access-log

test: install-dev
	$(BIN)/python -m pytest

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy

# The quick loop: the pure cores and the non-browser tests that depend, by the
# import graph, on the files changed since the branch left main (on main: since
# the last commit; SINCE=<ref> for another start), committed or not, untracked
# files included (CHANGED="<files>" names them instead). `bench/changed_tests.py
# --why` says why each test file is chosen.
test-fast: install-dev
	@changed=$$($(BIN)/python bench/changed_tests.py $(if $(SINCE),--since $(SINCE)) $(CHANGED)) && \
	$(BIN)/python -m pytest -q -m "not browser" $(PURE_TESTS) $$changed

# Exactly what CI runs (.ci/run), on this machine.
ci:
	bash .ci/run

migrations-check: install-dev
	$(BIN)/python manage.py makemigrations --check --dry-run

deploy-check: install-dev
	CARDNIGHT_HTTPS=true DEBUG=false SECRET_KEY=$$(head -c 48 /dev/urandom | base64) \
		$(BIN)/python manage.py check --deploy --fail-level WARNING

bench: install-dev
	$(BIN)/python bench/run.py

bench-servers: install-dev
	$(BIN)/python bench/servers.py

# The full flurry (`make bench` runs a short one: SQLite, results within 20 s).
flurry: install-dev
	$(BIN)/python bench/flurry_bench.py --seconds 60 --db both

screenshots: install-dev
	CARDNIGHT_SCREENSHOTS=1 $(BIN)/python -m pytest -q -m screenshots tests/test_screenshots.py

load: install-dev
	$(BIN)/python bench/load.py

messages: install-dev
	$(BIN)/python manage.py makemessages -l fr --ignore '.venv/*' --ignore 'var/*'
	$(BIN)/python manage.py compilemessages -l fr --ignore '.venv/*'

clean:
	rm -rf $(VENV) var/staticfiles .pytest_cache .ruff_cache test-artifacts
