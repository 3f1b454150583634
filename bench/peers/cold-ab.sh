#!/bin/bash
# A/B cold start of the app's main process on Node 24.11 + compile cache: two copies of the app made
# by bench:peers:runtimes (bench/.data/runtimes/app-node24), differing only in dist/app (the bundle).
# usage: bench/peers/cold-ab.sh <jobs> <rounds> name=dir-of-dist-app[:index-file] ...
# (an index file per variant when their schemas differ: an older app refuses a newer file)
set -e
cd "$(dirname "$0")/../.."
R=bench/.data/runtimes; JOBS=$1; ROUNDS=$2; shift 2
INDEX_DEFAULT=$PWD/bench/.data/index-$JOBS-s42.sqlite
names=()
for spec in "$@"; do
  n=${spec%%=*}; rest=${spec#*=}; d=${rest%%:*}; INDEX=${rest#*:}; [ "$INDEX" = "$rest" ] && INDEX=$INDEX_DEFAULT; names+=($n)
  rm -rf $R/ab-$n $R/ud-$n; cp -r $R/app-node24 $R/ab-$n; rm -rf $R/ab-$n/dist/app; cp -r $d $R/ab-$n/dist/app
  mkdir $R/ud-$n; ln -s $INDEX $R/ud-$n/index.sqlite
done
run() { JOBINDEX_FAKE_USER_DATA=$R/ud-$1 $R/node-24.11.1/bin/node dist/bench/peers/app-child.js $R/ab-$1; }
for n in "${names[@]}"; do run $n >/dev/null; done   # warm-up: compile caches, user file
OUT=$(mktemp)
for ((i=1; i<=ROUNDS; i++)); do
  order=("${names[@]}"); (( i % 2 == 0 )) && order=($(printf '%s\n' "${names[@]}" | tac))
  for n in "${order[@]}"; do echo "$n $(cut -d' ' -f1 /proc/loadavg) $(run $n)"; done
done | tee $OUT
# Per variant: median and range of process start → first answer (ms), and the load seen.
node -e '
const by = {};
for (const l of require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n")) {
  const [n, load, json] = l.split(" ");
  (by[n] ??= { ms: [], load: [] }).ms.push(JSON.parse(json).coldStartMs);
  by[n].load.push(+load);
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
for (const [n, v] of Object.entries(by))
  console.log(`${n}: median ${med(v.ms).toFixed(0)} ms (${Math.min(...v.ms).toFixed(0)}–${Math.max(...v.ms).toFixed(0)}), n=${v.ms.length}, load ${Math.min(...v.load)}–${Math.max(...v.load)}`);
' $OUT
rm $OUT
