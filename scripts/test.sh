#!/usr/bin/env bash
# `npm test`: every check, each step timed (scripts/ci-phases.sh). Under .ci/run the steps join its table.
set -euo pipefail
cd "$(dirname "$0")/.."
outermost=0
if [ -z "${CI_PHASES_FILE:-}" ]; then outermost=1; fi
# shellcheck source=scripts/ci-phases.sh
source scripts/ci-phases.sh
if [ $outermost -eq 1 ]; then trap 'phase_table >&2 || true' EXIT; fi

# Real PostgreSQL and Redis, as CI has them: without TEST_DATABASE_URL, the machine's own server at 127.0.0.1:5432 (a
# database for this run, dropped after it with those the tests made beside it), so that a local run proves what CI
# proves. TEST_DATABASE_URL set empty asks for PGlite alone; with no server answering, the PostgreSQL-only tests are
# skipped and the run says so at its start and its end.
if [ $outermost -eq 1 ] && [ -z "${TEST_DATABASE_URL+set}" ]; then
  if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && psql -h 127.0.0.1 -U postgres -d postgres -qc "create database nightcap_test_$$" >/dev/null 2>&1; then
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/nightcap_test_$$"
    if [ -z "${TEST_REDIS_URL+set}" ] && redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
      export TEST_REDIS_URL="redis://127.0.0.1:6379"
    fi
    echo "testing on PostgreSQL too: ${TEST_DATABASE_URL}${TEST_REDIS_URL:+ and Redis at ${TEST_REDIS_URL}}"
    drop_run_databases() {
      local db
      for db in $(psql -h 127.0.0.1 -U postgres -d postgres -Atc "select datname from pg_database where datname = 'nightcap_test_$$' or datname like 'nightcap\_test\_$$\_%'" 2>/dev/null); do
        psql -h 127.0.0.1 -U postgres -d postgres -qc "drop database if exists ${db} with (force)" >/dev/null 2>&1 || true
      done
    }
    trap 'drop_run_databases; phase_table >&2 || true' EXIT
  else
    postgres_note="No PostgreSQL answered at 127.0.0.1:5432 and TEST_DATABASE_URL is not set: the tests that need PostgreSQL"
    echo "${postgres_note} will be skipped (docs/TESTING.md)." >&2
    trap 'phase_table >&2 || true; echo "${postgres_note} were skipped (docs/TESTING.md)." >&2' EXIT
  fi
fi

phase "lint" npm run --silent lint
# The API document's check and the type check side by side: each uses one core, and neither reads what the other
# writes (the type check's route types are React Router's, under .react-router/).
api_lane() { phase "API reference and lint" npm run --silent lint:api; }
types_lane() { phase "types" npm run --silent typecheck; }
phase "API reference and types, side by side" lanes api api_lane types types_lane
phase "unit and HTTP tests (vitest)" npm run --silent test:unit
phase "production build" npm run --silent build
phase "browser journeys (Playwright)" npx playwright test
