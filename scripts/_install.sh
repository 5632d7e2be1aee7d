# Sourced by scripts/test and scripts/serve (from the repository root): create
# ./.venv and install the project with the exact versions of requirements.lock.
# Reinstalls when pyproject.toml or the lock is newer than the last install.
PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.plateau-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ requirements.lock -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet -c requirements.lock --upgrade pip
  .venv/bin/python -m pip install --quiet -c requirements.lock -e '.[test]'
  touch "$stamp"
fi
