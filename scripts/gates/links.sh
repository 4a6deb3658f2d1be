#!/usr/bin/env bash
# Gate (issue 9): every internal link, anchor, image, sitemap URL and redirect target of the
# site resolves. `site check` builds when dist/ is missing or stale, so a clean clone works.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bin/site.mjs check
