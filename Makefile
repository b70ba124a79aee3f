# Two commands set up a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: run test venv migrate demo lint bench clean

# The venv is rebuilt only when requirements.txt changes, so running twice is cheap.
$(VENV)/.installed: requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Pegboard needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	@touch $@

venv: $(VENV)/.installed

migrate: venv
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo_event

run: demo
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

lint: venv
	$(VENV)/bin/ruff check .

test: venv lint
	$(PY) -m pytest

bench: venv
	$(PY) bench/run_all.py

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache .ruff_cache .hypothesis
