#!/usr/bin/env bash
# edit-pairs.sh ROUNDS — one article's title, then its body, edited at N = 4,000, built by two
# revisions in turn (A, then B; the order flipped each round), each on its own copy of the prepared
# site (its own caches and previous build), the same edit in both: CPU seconds (user + sys), wall,
# peak RSS and the load beside each build. Per-pair differences cancel the machine's drift, which
# is larger than one lever's effect over a few minutes.
#   REV_A=main REV_B=HEAD   the revisions compared (`git archive` snapshots of this repository)
#   SITE=/dev/shm/prep/site-4000   a built site with its caches (bench/scale.sh makes one); copied, never written
#   WORK=/dev/shm/edit-pairs   scratch: the copies (~500 MB each) and results.txt
# Run it under the shared lock: flock /tmp/bench.lock bash bench/edit-pairs.sh 8
set -euo pipefail
PROJECT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SITE=${SITE:-/dev/shm/prep/site-4000}
WORK=${WORK:-/dev/shm/edit-pairs}
ROUNDS=${1:-6}
[[ -x /usr/bin/time ]] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
rm -rf "$WORK" && mkdir -p "$WORK/logs"
for side in A B; do
  rev=REV_$side
  cp -a "$SITE" "$WORK/$side"
  mkdir "$WORK/code-$side"
  git -C "$PROJECT" archive "${!rev:-$([[ $side == A ]] && echo main || echo HEAD)}" | tar -x -C "$WORK/code-$side"
  rm -rf "$WORK/code-$side"/{content,bench,tests,docs}
  cp -a "$WORK/code-$side/." "$WORK/$side/"
  # The copied site's bundled CLI is the code that built it: git archive dates an older revision's
  # files before that bundle, so bin/site.mjs would take it as fresh and run it for this revision.
  rm -rf "$WORK/$side/.site/cli"
  node "$WORK/$side/bin/site.mjs" --help >/dev/null # the launcher's bundling is not a build's time
  node "$WORK/$side/bin/site.mjs" build --root "$WORK/$side" >/dev/null # this revision's own caches and prints
done
article() { ls "$WORK/$1/content/nl/news/$((1000 + 4000 / 4))-"*.md; }
build() { # side case round
  local log=$WORK/logs/$1-$2-$3 load t0 t1
  load=$(uptime | sed 's/.*load average: //')
  t0=$(date +%s%N)
  /usr/bin/time -f "%U %S %M" -o "$log.time" node "$WORK/$1/bin/site.mjs" build --root "$WORK/$1" >"$log.out" 2>&1 || { tail "$log.out" >&2; exit 1; }
  t1=$(date +%s%N)
  read -r user sys rss <"$log.time"
  awk -v a="$t0" -v b="$t1" -v u="$user" -v s="$sys" -v m="$rss" -v n="$1 $2 $3" -v l="$load" \
    'BEGIN{printf "%s wall %.2f cpu %.2f rss %d load %s\n", n, (b-a)/1e9, u+s, m/1024, l}' | tee -a "$WORK/results.txt"
}
for ((round = 1; round <= ROUNDS; round++)); do
  if ((round % 2)); then order="A B"; else order="B A"; fi
  for side in A B; do sed -i "s/^title: \"\(.*\)\"$/title: \"\1 (edit $round)\"/" "$(article $side)"; done
  for side in $order; do build "$side" title "$round"; done
  for side in A B; do sed -i "0,/^## /s//Edited in run $round.\n\n## /" "$(article $side)"; done
  for side in $order; do build "$side" body "$round"; done
done
# Per case: each side's median, and B - A per pair.
for case in title body; do
  awk -v c="$case" '$2 == c { cpu[$1" "$3] = $7; wall[$1" "$3] = $5; if ($3 > n) n = $3 }
    END { for (r = 1; r <= n; r++) { d += cpu["B "r] - cpu["A "r]; w += wall["B "r] - wall["A "r]; if (cpu["B "r] < cpu["A "r]) lower++ }
      printf "%s: B - A per pair, mean CPU %+.3f s, wall %+.3f s; B lower in %d of %d\n", c, d / n, w / n, lower, n }' "$WORK/results.txt"
  for side in A B; do
    printf '  %s median CPU %s s, wall %s s\n' "$side" \
      "$(awk -v s="$side" -v c="$case" '$1 == s && $2 == c {print $7}' "$WORK/results.txt" | sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}')" \
      "$(awk -v s="$side" -v c="$case" '$1 == s && $2 == c {print $5}' "$WORK/results.txt" | sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}')"
  done
done
