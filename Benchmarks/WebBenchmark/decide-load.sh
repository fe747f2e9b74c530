#!/bin/bash
# /decide under load (issue 21, deliverable 4): `linklab serve --offline` with one document
# opened on Samples/aasa/example.com.json, then `wrk` (Debian package `wrk`) POSTing one traced
# URL over 32 keep-alive connections from 2 threads. Prints requests/s, p50/p99 and the
# server's own CPU per request (utime + stime of the server process over the run ÷ requests),
# which depends much less on the neighbours' load than the throughput does.
#   Benchmarks/WebBenchmark/decide-load.sh [LINKLAB] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
linklab=${1:-.build/release/linklab}
seconds=${2:-10}
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
mkfifo "$work/out"
"$linklab" serve --offline > "$work/out" 2>/dev/null &
server=$!
read -r line < "$work/out"
base=$(echo "$line" | sed -E 's#.*(http://127\.0\.0\.1:[0-9]+)/\?token=.*#\1#')
token=$(echo "$line" | sed -E 's#.*token=([0-9a-f]{32}).*#\1#')
id=$(curl -sf -X POST -H "Authorization: Bearer $token" -H "X-LinkLab-Domain: example.com" \
    --data-binary @Samples/aasa/example.com.json "$base/api/documents" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
cat > "$work/decide.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"url": "https://example.com/shop/item/42?ref=mail", "trace": true}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $token"
LUA
ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
before=$(ticks)
out=$(wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/decide.lua" "$base/api/documents/$id/decide")
after=$(ticks)
echo "$out" | grep -E "Requests/sec| 50%| 99%|requests in"
requests=$(echo "$out" | awk '/requests in/ {print $1}')
python3 -c "print('server CPU per request: %.1f us' % (($after - $before) * 1e6 / $(getconf CLK_TCK) / $requests))"
