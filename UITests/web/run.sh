#!/usr/bin/env bash
# Browser, security, accessibility and API-schema tests of `linklab serve`.
#   UITests/web/run.sh PATH/TO/linklab [pytest arguments...]
# Builds nothing: it tests the binary it is given. Installs what it needs if missing (Debian
# chromium, chromium-driver, qpdf; PyPI selenium, pytest, jsonschema, schemathesis,
# axe-selenium-python) and ends with one line "N passed, N failed, N skipped".
# LINKLAB_SCREENSHOTS=docs/screenshots also writes the README's screenshots.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
binary="${1:?usage: UITests/web/run.sh PATH/TO/linklab [pytest args]}"; shift
[ -x "$binary" ] || { echo "run.sh: $binary is not an executable" >&2; exit 2; }
export LINKLAB_BIN="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v qpdf >/dev/null || missing+=(qpdf)
if [ ${#missing[@]} -gt 0 ]; then
  echo "run.sh: installing ${missing[*]}"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >/tmp/linklab-ui-apt.log 2>&1 \
    || { tail -20 /tmp/linklab-ui-apt.log; echo "run.sh: apt-get failed" >&2; exit 2; }
fi
python3 - <<'PY' 2>/dev/null || {
import selenium, pytest, jsonschema, axe_selenium_python  # noqa: F401
import shutil, sys
sys.exit(0 if shutil.which("schemathesis") else 1)
PY
  echo "run.sh: installing PyPI packages"
  python3 -m pip install -q selenium pytest jsonschema schemathesis axe-selenium-python >/tmp/linklab-ui-pip.log 2>&1 \
    || { tail -20 /tmp/linklab-ui-pip.log; echo "run.sh: pip failed" >&2; exit 2; }
}

if [ -n "${LINKLAB_SCREENSHOTS:-}" ]; then  # relative to where run.sh was called from
  mkdir -p "$LINKLAB_SCREENSHOTS" && export LINKLAB_SCREENSHOTS="$(cd "$LINKLAB_SCREENSHOTS" && pwd)"
fi
log="$(mktemp /tmp/linklab-ui-XXXXXX.log)"
# Chromium leaves a scoped_dir in the temporary folder for each browser it cannot tear down
# cleanly; the run gets a temporary folder of its own, removed at the end.
run_tmp="$(mktemp -d /tmp/web-ui-run-XXXXXX)"
export TMPDIR="$run_tmp"
trap 'rm -rf "$run_tmp"' EXIT
cd "$here"
python3 -m pytest -p no:cacheprovider -rfEs -s "$@" . 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
summary="$(grep -E '^=+ .*(passed|failed|error|skipped).* in [0-9.]+s' "$log" | tail -1)"
count() { echo "$summary" | grep -oE "[0-9]+ $1" | grep -oE '[0-9]+' || echo 0; }
passed=$(count passed); failed=$(( $(count failed) + $(count error) )); skipped=$(count skipped)
echo "web: $passed passed, $failed failed, $skipped skipped"
rm -f "$log"  # pytest's output was on the screen; the copy only fed the count
# pytest exits 5 when it ran no test: that is a failure here.
if [ "$status" -eq 5 ] || [ "$passed" -eq 0 ]; then exit 1; fi
exit "$status"
