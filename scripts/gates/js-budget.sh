#!/usr/bin/env bash
# Issue 4: JavaScript per page of the real build within budget (DESIGN.md "Budgets"): no script on
# a page without islands, at most 15 KB gzipped on any other (login excepted). Builds into its own
# folder so it never touches dist/; the image cache makes the build quick.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.site/gate-js-budget/dist
node bin/site.mjs build --out "$out" >/dev/null
node scripts/js-budget.mjs "$out"
