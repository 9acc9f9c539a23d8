#!/usr/bin/env bash
# `npm test`: every check, each step timed (scripts/ci-phases.sh). Under .ci/run the steps join its table.
set -euo pipefail
cd "$(dirname "$0")/.."
outermost=0
if [ -z "${CI_PHASES_FILE:-}" ]; then outermost=1; fi
# shellcheck source=scripts/ci-phases.sh
source scripts/ci-phases.sh
if [ $outermost -eq 1 ]; then trap 'phase_table >&2 || true' EXIT; fi

phase "lint" npm run --silent lint
# The API document's check and the type check side by side: each uses one core, and neither reads what the other
# writes (the type check's route types are React Router's, under .react-router/).
api_lane() { phase "API reference and lint" npm run --silent lint:api; }
types_lane() { phase "types" npm run --silent typecheck; }
phase "API reference and types, side by side" lanes api api_lane types types_lane
phase "unit and HTTP tests (vitest)" npm run --silent test:unit
phase "production build" npm run --silent build
phase "browser journeys (Playwright)" npx playwright test
