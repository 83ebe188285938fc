#!/usr/bin/env bash
# The whole suite (docs/testing.md): types, lint, locales, unit, database and API tests, then the
# browser tests. Without DATABASE_URL the database and API tests run on PGlite, the embedded
# database of `npm start`. With DATABASE_URL (as .ci/run sets it) they run on that PostgreSQL,
# and then the files whose outcome can depend on the engine (tests/engine-dependent.json) run on
# PGlite as well; each other file runs once. The browser tests always use the embedded database.
set -euo pipefail
cd "$(dirname "$0")/.."
# Seconds since the start on each heading, and each phase's own seconds, so a slow run shows
# where its time went.
last=0
phase() { echo "== $1 (${SECONDS}s, previous phase $((SECONDS - last))s)"; last=$SECONDS; }
# Each vitest run leaves its files' costs in test-reports/ for scripts/test-cost.ts.
cost() { echo "--reporter=default --reporter=./scripts/vitest-cost-reporter.ts"; }

# Types and lint side by side (one core each); either failing stops the run.
phase "typecheck and lint"
npm run --silent typecheck & types=$!
npm run --silent lint & lint=$!
wait $types
wait $lint
phase locales && npm run --silent i18n:check

rm -rf test-reports
engine=PGlite && [ -n "${DATABASE_URL:-}" ] && engine=PostgreSQL
phase "unit, database and API tests on $engine"
VITEST_COST_FILE=test-reports/unit-db-api.json npx vitest run --project unit --project db --project api $(cost)
if [ -n "${DATABASE_URL:-}" ]; then
  phase "engine-dependent database and API tests on PGlite"
  env -u DATABASE_URL VITEST_COST_FILE=test-reports/engine-pglite.json npx vitest run --project engine $(cost)
fi
phase "browser tests"
env -u DATABASE_URL PLAYWRIGHT_JSON_OUTPUT_FILE=test-reports/e2e.json npm run --silent test:e2e -- --reporter=list,json
phase done
[ -n "${CI_KEEP_REPORTS:-}" ] || npx tsx scripts/test-cost.ts 15
