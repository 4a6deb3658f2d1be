#!/usr/bin/env bash
# Gate (issue 9): every page of the site is valid HTML under .htmlvalidate.mjs. Builds first;
# the build does nothing when dist/ is already what the sources make.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bin/site.mjs build --json >/dev/null
node scripts/gates/html-validate.mjs dist/public
