#!/usr/bin/env bash
# The whole suite: types, lint, locales, then unit, database and API tests beside the browser tests.
# DATABASE_URL, when set, points the database and API suites at PostgreSQL instead of PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Seconds since the start on each heading, so a slow run shows where its time went.
phase() { echo "== $1 (${SECONDS}s)"; }

phase typecheck && npm run --silent typecheck
phase lint && npm run --silent lint
phase locales && npm run --silent i18n:check

# The browser tests mostly wait on their pages (about a third of the two cores in a run alone),
# while vitest keeps both cores busy: side by side, the two take about as long as the longer one
# instead of their sum. The browser tests' output is printed when both have finished.
e2e_log="$(mktemp)"
phase "browser tests (started in the background, output below)"
npm run --silent test:e2e >"$e2e_log" 2>&1 &
e2e_pid=$!
phase "unit, database and API tests"
vitest_status=0
npx vitest run --project unit --project db --project api || vitest_status=$?
e2e_status=0
wait "$e2e_pid" || e2e_status=$?
phase "browser tests (exit $e2e_status)"
cat "$e2e_log"
rm -f "$e2e_log"
phase done
[ "$vitest_status" -eq 0 ] && [ "$e2e_status" -eq 0 ]
