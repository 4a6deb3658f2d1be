#!/usr/bin/env bash
# Issue 4: JavaScript per page of the real build within budget (DESIGN.md "Budgets"): no script on
# a page without islands, at most 15 KB gzipped on any other (login excepted). Checks dist/, the
# build the other gates read too: after the first gate's build it is up to date (a second build of
# its own cost CI a whole build).
set -euo pipefail
cd "$(dirname "$0")/../.."
out=dist
node bin/site.mjs build --out "$out" >/dev/null
node scripts/js-budget.mjs "$out"
