#!/usr/bin/env bash
# scale.sh [N...] — `site build` on the site with N generated news articles per language, cold
# (no caches, no previous build) and warm (nothing changed), RUNS times each, beside Hugo and
# Eleventy building the same N Markdown files (../shared/bench/peers.sh, same machine, same run).
# Prints Markdown tables; copy them into bench/RESULTS.md.
#   WORK=/dev/shm/site-bench   scratch (tmpfs gives steadier figures; see peers.sh)
#   RUNS=3  PEERS="hugo eleventy"  (PEERS= to skip the peers)
#   EFFORT=2   the site's images.effort for this run (default: as site.config.yaml says)
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
SHARED=${SHARED:-$PROJECT/../shared/bench}
WORK=${WORK:-/dev/shm/site-bench}
RUNS=${RUNS:-3}
PEERS=${PEERS-hugo eleventy}
SIZES=("${@:-1000 4000}")
[[ -x /usr/bin/time ]] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
mkdir -p "$WORK"

median() { sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
# run_timed LOG CMD... — wall seconds and peak RSS (MB) of CMD into LOG.{wall,rss}
run_timed() {
  local log=$1; shift
  local t0 t1
  t0=$(date +%s%N)
  /usr/bin/time -v -o "$log.time" "$@" >"$log.out" 2>&1 || { echo "failed: $*" >&2; tail -20 "$log.out" >&2; exit 1; }
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f\n",(b-a)/1e9}' >"$log.wall"
  awk -F': ' '/Maximum resident set size/{printf "%.0f\n", $2/1024}' "$log.time" >"$log.rss"
}

for N in ${SIZES[@]}; do
  content=$WORK/content-$N
  site=$WORK/site-$N
  [[ -d $content && $(find "$content" -maxdepth 1 -name '*.md' | wc -l) -eq $N ]] || node "$SHARED/gen-content.mjs" "$N" "$content" >&2
  # Benchmarks the committed tree (git archive HEAD), not whatever is half-edited in the work tree.
  snapshot=$WORK/project; rm -rf "$snapshot"; mkdir -p "$snapshot"
  git -C "$PROJECT" archive HEAD | tar -x -C "$snapshot"
  ln -sfn "$PROJECT/node_modules" "$snapshot/node_modules"
  node "$snapshot/bench/make-scale-site.mjs" "$content" "$site" >&2
  [[ -z ${EFFORT:-} ]] || sed -i "s/^  quality: \([0-9]*\)$/  quality: \1\n  effort: $EFFORT/" "$site/site.config.yaml"
  logs=$WORK/logs-$N; mkdir -p "$logs"
  for ((i = 1; i <= RUNS; i++)); do
    rm -rf "$site/.site" "$site/dist" "$site/.dist-builds"
    sync
    run_timed "$logs/cold-$i" node "$site/bin/site.mjs" build --root "$site"
    run_timed "$logs/warm-$i" node "$site/bin/site.mjs" build --root "$site"
    # Cold again, but with the image cache of the run before (as a CI that keeps .site/cache/images).
    for entry in "$site/.site"/* "$site/.site/cache"/*; do
      [[ $entry == "$site/.site/cache" || $entry == "$site/.site/cache/images" ]] || rm -rf "$entry"
    done
    rm -rf "$site/dist" "$site/.dist-builds"
    run_timed "$logs/images-kept-$i" node "$site/bin/site.mjs" build --root "$site"
  done
  pages=$(find -L "$site/dist/public" -name '*.html' | wc -l)
  cold=$(cat "$logs"/cold-*.wall | median); warm=$(cat "$logs"/warm-*.wall | median)
  cold_rss=$(cat "$logs"/cold-*.rss | median); warm_rss=$(cat "$logs"/warm-*.rss | median)
  kept=$(cat "$logs"/images-kept-*.wall | median); kept_rss=$(cat "$logs"/images-kept-*.rss | median)
  printf '\n### site build, %s articles per language (%s HTML files)%s\n\n' "$N" "$pages" "${EFFORT:+, images.effort $EFFORT}"
  printf '| build | median wall s | per HTML page ms | peak RSS MB |\n|---|---|---|---|\n'
  awk -v c="$cold" -v w="$warm" -v k="$kept" -v p="$pages" -v cr="$cold_rss" -v wr="$warm_rss" -v kr="$kept_rss" 'BEGIN{
    printf "| cold (no caches) | %.2f | %.3f | %s |\n| cold, image cache kept | %.2f | %.3f | %s |\n| warm (nothing changed) | %.2f | %.3f | %s |\n", c, c*1000/p, cr, k, k*1000/p, kr, w, w*1000/p, wr }'
  echo
  echo "stage timings of the last cold run:"; sed -n '/^  config/,$p' "$logs/cold-$RUNS.out"
  if [[ -n $PEERS ]]; then
    (cd "$PROJECT" && WORK=$WORK TOOLS="$PEERS" RUNS=$RUNS bash "$SHARED/peers.sh" "$N")
  fi
done
