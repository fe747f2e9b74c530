#!/usr/bin/env bash
# Seeds the session fuzzer with real saved sessions (Fuzz/Session/seeds/*.linklab: the sample
# saved by `linklab scan --save`, written before sessions kept drafts), and the same sample with
# a `drafts` part (a triage draft and a what-if draft, as the Mac app saves them), and the two-app
# sample with an Android device record, made here, and `pm get-app-links` output.
# Fuzz/Session/seed.sh DIR
set -euo pipefail
dir=${1:?usage: Fuzz/Session/seed.sh DIR}
mkdir -p "$dir"
for f in Fuzz/Session/seeds/*.linklab Tests/Fixtures/session/fuzz-*.bin; do
  [ -e "$f" ] && cp "$f" "$dir/"
done
# A probe-results file (the target stamps each line with its kit's digest).
printf 'P001\tvulnerable\tloaded the page\tx\nP003\texpected\t\tx\n# comment\n' > "$dir/probe-results.tsv"
# `pm get-app-links` output (the target also imports the bytes as an Android device record).
cp Tests/Fixtures/devicetools/pm-get-app-links-users.txt "$dir/pm-get-app-links-users.txt"
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
# The two-app sample with the Android device record a session keeps (`android.deviceState`).
python3 - Fuzz/Session/seeds/sample-both.linklab "$dir/sample-both-device.linklab" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as handle:
    session = json.load(handle)
package = session["android"]["apk"]["manifest"]["packageName"]
session["android"]["deviceState"] = {
    "package": package,
    "state": {
        "package": package, "id": "2c62f23a-087a-4c4b-be25-bc02f719dafc",
        "signatures": [":".join(["07"] * 32)],
        "domains": [{"host": "example.com", "state": "verified"}, {"host": "shop.example.com", "state": "1024"},
                    {"host": "*.example.org", "state": "none"}],
        "users": [{"id": 0, "linkHandlingAllowed": True, "enabled": ["shop.example.com"],
                   "disabled": ["example.com", "*.example.org"]}],
    },
}
with open(sys.argv[2], "w", encoding="utf-8") as handle:
    json.dump(session, handle, indent=2, sort_keys=True)
    handle.write("\n")
PY
# The sample with a probe part: an attacker host and an outcome of another kit (stale, never applied).
python3 - Fuzz/Session/seeds/sample.linklab "$dir/sample-probes.linklab" <<'PY'
import json, sys
with open(sys.argv[1], encoding="utf-8") as handle:
    session = json.load(handle)
session["probes"] = {"attackerHost": "tester.example.net", "outcomes": [
    {"id": "P001", "outcome": "vulnerable", "note": "loaded the page", "kit": "0123456789abcdef",
     "url": "https://example.com/buy/sample", "recordedAt": "2026-01-01T00:00:00Z"}]}
with open(sys.argv[2], "w", encoding="utf-8") as handle:
    json.dump(session, handle, indent=2, sort_keys=True)
    handle.write("\n")
PY
exit 0
