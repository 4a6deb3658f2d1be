#!/usr/bin/env bash
# scale.sh [N...] — `site build` per Markdown source: N sources (bench/gen-articles.mjs: N/2 Dutch
# news articles and their N/2 English translations, realistic bodies) added to this site, beside
# Hugo and Eleventy building the SAME N files (../shared/bench/peers.sh reads $WORK/content-N) in
# the same run. Cases, RUNS times each: cold (no caches, no previous build); nothing changed; one
# article's title edited; one article's body edited; cold with the image caches kept
# (.site/cache/images and .site/cache/cards, as a CI that keeps them); cold with all of .site/cache
# kept (a CI that keeps the folder). Wall time and peak RSS.
# Prints Markdown tables (and the load of the machine); copy them into bench/RESULTS.md.
#   WORK=/dev/shm/site-bench   scratch (tmpfs gives steadier figures; see peers.sh)
#   RUNS=3  PEERS="hugo eleventy"  (PEERS= to skip the peers)
#   EFFORT=2   the site's images.effort for this run (default: as site.config.yaml says)
#   PROFILE=1  also write --cpu-prof profiles (main thread and workers) to $WORK/profiles-N/<case>
#   REV=main   the revision benchmarked (default HEAD: the committed tree)
# Run it under the shared lock: flock /tmp/bench.lock bash bench/scale.sh 1000 4000
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PROJECT=$(cd "$HERE/.." && pwd)
# ../shared/bench beside the main checkout (also when run from a git worktree elsewhere)
SHARED=${SHARED:-$(cd "$(git -C "$PROJECT" rev-parse --path-format=absolute --git-common-dir)/../.." && pwd)/shared/bench}
WORK=${WORK:-/dev/shm/site-bench}
RUNS=${RUNS:-3}
PEERS=${PEERS-hugo eleventy}
SIZES=("${@:-1000 4000}")
[[ -x /usr/bin/time ]] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
mkdir -p "$WORK"

median() { sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
# run_timed LOG CMD... — wall seconds and peak RSS (MB) of CMD into LOG.{wall,rss}, the load beside it
run_timed() {
  local log=$1; shift
  local t0 t1 prof=()
  [[ -z ${PROFILE:-} ]] || { rm -rf "$log.prof"; prof=(--cpu-prof --cpu-prof-dir="$log.prof"); }
  uptime >"$log.load"
  t0=$(date +%s%N)
  /usr/bin/time -v -o "$log.time" node "${prof[@]}" "$@" >"$log.out" 2>&1 || { echo "failed: $*" >&2; tail -20 "$log.out" >&2; exit 1; }
  t1=$(date +%s%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f\n",(b-a)/1e9}' >"$log.wall"
  awk -F': ' '/Maximum resident set size/{printf "%.0f\n", $2/1024}' "$log.time" >"$log.rss"
}

for N in ${SIZES[@]}; do
  content=$WORK/content-$N
  site=$WORK/site-$N
  # Always regenerated (deterministic, untimed): peers.sh would otherwise keep another generator's N files.
  node "$HERE/gen-articles.mjs" "$N" "$content" >&2
  # Benchmarks a committed tree (git archive $REV), not whatever is half-edited in the work tree.
  snapshot=$WORK/project; rm -rf "$snapshot"; mkdir -p "$snapshot"
  git -C "$PROJECT" archive "${REV:-HEAD}" | tar -x -C "$snapshot"
  ln -sfn "$PROJECT/node_modules" "$snapshot/node_modules"
  rm -rf "$site"
  node "$snapshot/bench/make-scale-site.mjs" "$content" "$site" >&2
  [[ -z ${EFFORT:-} ]] || sed -i "s/^  quality: \([0-9]*\)$/  quality: \1\n  effort: $EFFORT/" "$site/site.config.yaml"
  # The article edited: one in the middle of the news (its listing page, feeds and search change too).
  article=$(ls "$site/content/nl/news/$((1000 + N / 4))-"*.md)
  cp "$article" "$WORK/article.orig"
  logs=$WORK/logs-$N; rm -rf "$logs"; mkdir -p "$logs"
  build=("$site/bin/site.mjs" build --root "$site")
  for ((i = 1; i <= RUNS; i++)); do
    rm -rf "$site/.site" "$site/dist" "$site/.dist-builds"
    node "$site/bin/site.mjs" --help >/dev/null # the launcher's one-off bundling is not the build's time
    sync
    run_timed "$logs/cold-$i" "${build[@]}"
    run_timed "$logs/unchanged-$i" "${build[@]}"
    sed -i "s/^title: \"\(.*\)\"$/title: \"\1 (edit $i)\"/" "$article"
    run_timed "$logs/title-$i" "${build[@]}"
    sed -i "0,/^## /s//Edited in run $i.\n\n## /" "$article"
    run_timed "$logs/body-$i" "${build[@]}"
    cp "$WORK/article.orig" "$article"
    # Cold again, but with the image caches of the run before (as a CI that keeps them).
    for entry in "$site/.site"/* "$site/.site/cache"/*; do
      case $entry in "$site/.site/cache" | "$site/.site/cache/images" | "$site/.site/cache/cards" | "$site/.site/cli") ;; *) rm -rf "$entry" ;; esac
    done
    rm -rf "$site/dist" "$site/.dist-builds"
    run_timed "$logs/kept-$i" "${build[@]}"
    # Cold again with every cache kept (.site/cache: images, cards, Markdown, search, feeds, bundles),
    # as a CI that keeps the whole folder: no previous build to reuse.
    for entry in "$site/.site"/*; do
      case $entry in "$site/.site/cache" | "$site/.site/cli") ;; *) rm -rf "$entry" ;; esac
    done
    rm -rf "$site/dist" "$site/.dist-builds"
    run_timed "$logs/cached-$i" "${build[@]}"
  done
  pages=$(find -L "$site/dist/public" -name '*.html' | wc -l)
  printf '\n### site build, %s Markdown sources (%s HTML files)%s, %s\n\n' "$N" "$pages" "${EFFORT:+, images.effort $EFFORT}" "$(date -u +%Y-%m-%dT%H:%MZ)"
  printf '| build | median wall s | per source ms | peak RSS MB | all runs s | load (1 min) before each run |\n|---|---:|---:|---:|---|---|\n'
  for case in cold:"cold, no caches" kept:"cold, image caches kept" cached:"cold, all of .site/cache kept" unchanged:"nothing changed" title:"one article's title edited" body:"one article's body edited"; do
    key=${case%%:*}
    wall=$(cat "$logs/$key"-*.wall | median); rss=$(cat "$logs/$key"-*.rss | median)
    all=$(cat "$logs/$key"-*.wall | tr '\n' ' ')
    loads=$(for f in "$logs/$key"-*.load; do sed 's/.*load average: \([0-9.]*\),.*/\1/' "$f"; done | tr '\n' ' ')
    awk -v c="${case#*:}" -v w="$wall" -v n="$N" -v r="$rss" -v a="$all" -v l="$loads" \
      'BEGIN{printf "| %s | %.2f | %.3f | %s | %s| %s|\n", c, w, w*1000/n, r, a, l}'
  done
  echo
  echo "stage timings of the last cold run:"; sed -n '/^  \(config\|load\) /,$p' "$logs/cold-$RUNS.out"
  echo "stage timings of the last build with image caches kept:"; sed -n '/^  \(config\|load\) /,$p' "$logs/kept-$RUNS.out"
  echo "stage timings of the last build with all caches kept:"; sed -n '/^  \(config\|load\) /,$p' "$logs/cached-$RUNS.out"
  echo "stage timings of the last title edit:"; sed -n '/^  \(config\|load\) /,$p' "$logs/title-$RUNS.out"
  if [[ -n $PEERS ]]; then
    (cd "$PROJECT" && WORK=$WORK TOOLS="$PEERS" RUNS=$RUNS QUIET_WAIT=${QUIET_WAIT:-30} bash "$SHARED/peers.sh" "$N")
  fi
done
