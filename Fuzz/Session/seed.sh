#!/usr/bin/env bash
# Seeds the session fuzzer with real saved sessions (Fuzz/Session/seeds/*.linklab: the sample
# saved by `linklab scan --save`, written before sessions kept drafts), and the same sample with
# a `drafts` part (a triage draft and a what-if draft, as the Mac app saves them), made here.
# Fuzz/Session/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/Session/seed.sh DIR}
mkdir -p "$dir"
for f in Fuzz/Session/seeds/*.linklab Tests/Fixtures/session/fuzz-*.bin; do
  [ -e "$f" ] && cp "$f" "$dir/"
done
# A probe-results file (the target stamps each line with its kit's digest).
printf 'P001\tvulnerable\tloaded the page\tx\nP003\texpected\t\tx\n# comment\n' > "$dir/probe-results.tsv"
command -v python3 > /dev/null || exit 0
python3 - Fuzz/Session/seeds/sample.linklab "$dir/sample-drafts.linklab" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as handle:
    session = json.load(handle)
fingerprint = session["findings"][0]["fingerprint"] if session["findings"] else "AASA-007:0"
host = session["hosts"][0]["host"]
session["drafts"] = {
    "triage": {fingerprint: {"status": "accepted-risk", "note": "asked the client"}},
    "whatIf": {host: '{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/v2/*"}]}]}}'},
}
with open(sys.argv[2], "w", encoding="utf-8") as handle:
    json.dump(session, handle, indent=2, sort_keys=True)
    handle.write("\n")
PY
exit 0
