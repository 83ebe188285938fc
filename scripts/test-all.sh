#!/usr/bin/env bash
# The whole suite: types, lint, locales, unit, database and API tests, then the browser tests.
# DATABASE_URL, when set, points the database and API suites at PostgreSQL instead of PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."
# Seconds since the start on each heading, so a slow run shows where its time went.
phase() { echo "== $1 (${SECONDS}s)"; }

phase typecheck && npm run --silent typecheck
phase lint && npm run --silent lint
phase locales && npm run --silent i18n:check

# Each run leaves a JSON report in test-reports/; scripts/test-cost.ts prints the slowest files.
rm -rf test-reports
phase "unit, database and API tests" && npx vitest run --project unit --project db --project api \
  --reporter=default --reporter=json --outputFile.json=test-reports/unit-db-api.json
phase "browser tests" && PLAYWRIGHT_JSON_OUTPUT_FILE=test-reports/e2e.json npm run --silent test:e2e -- --reporter=list,json
phase done
[ -n "${CI_KEEP_REPORTS:-}" ] || npx tsx scripts/test-cost.ts 15
