# The two commands: `make run` (set up and serve) and `make test` (the suite).
SHELL := /bin/bash
PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# The JavaScript linter and axe-core for the browser tests (package.json, pinned by package-lock.json), in node_modules.
NODE_STAMP := node_modules/.installed
# `make test` runs the suite on every core (pytest-xdist: one worker per logical CPU); TEST_WORKERS=0
# runs it in one process. --dist load, not loadgroup or loadscope: those key tests by node id, which
# schemathesis gives all its operations alike, and 32 of its 33 tests silently never ran.
TEST_WORKERS ?= logical

.PHONY: run serve test worker lint bench bench-quick setup migrate clean browser

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed ($(PYTHON) not found)"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "Node.js and npm are needed for make lint (apt-get install nodejs npm)"; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

setup: $(STAMP)

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_gamedata

run: migrate
	$(PY) manage.py collectstatic --noinput -v0
	@echo "Create an admin user with: $(PY) manage.py createsuperuser  (then open /admin/)"
	$(PY) -m companion.serve

# Production layout on one machine: SERVE_PROCESSES (2) servers on ports PORT (8001), PORT+1, ...
# and a Celery worker with beat, stopped together (deploy/serve.sh); nginx: deploy/nginx.conf.
serve: migrate
	$(PY) manage.py collectstatic --noinput -v0
	PY=$(PY) CELERY=$(VENV)/bin/celery deploy/serve.sh

worker: migrate
	$(VENV)/bin/celery -A companion worker --beat --loglevel=info --concurrency=2

test: $(STAMP) $(NODE_STAMP)
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) -m pytest -n $(TEST_WORKERS) --dist load

lint: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy .
	$(VENV)/bin/djlint . --lint
	node_modules/.bin/biome lint --error-on-warnings
	$(PY) manage.py makemigrations --check --dry-run

# Benchmarks print their figures and the baseline measured in the same run.
bench: $(STAMP)
	$(PY) -m bench

bench-quick: $(STAMP)
	$(PY) -m bench --quick

# Every folder's translation catalogues from the code, compiled (docs/decisions/german.md).
messages: $(STAMP)
	$(PY) manage.py catalogues

clean:
	rm -rf $(VENV) node_modules staticfiles db.sqlite3 .pytest_cache .mypy_cache .ruff_cache
