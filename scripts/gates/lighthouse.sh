#!/usr/bin/env bash
# Gate (issue 9): Lighthouse (mobile) on one page of each kind, served by `site serve` on
# loopback; fails under 95 in any category. The script builds dist/ first when it is stale.
set -euo pipefail
cd "$(dirname "$0")/../.."
node scripts/lighthouse.mjs --min 95
