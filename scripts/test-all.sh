#!/usr/bin/env bash
# The whole suite: types, lint, locales, unit, database and API tests, then the browser tests.
# DATABASE_URL, when set, points the database and API suites at PostgreSQL instead of PGlite.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck" && npm run --silent typecheck
echo "== lint" && npm run --silent lint
echo "== locales" && npm run --silent i18n:check
echo "== unit, database and API tests" && npx vitest run --project unit --project db --project api
echo "== browser tests" && npm run --silent test:e2e
