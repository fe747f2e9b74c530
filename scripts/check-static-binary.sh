#!/usr/bin/env bash
# Checks that a linklab built with the static Swift standard library runs on a machine without
# Swift. Builds it (swift build -c release --static-swift-stdlib, in .build-static) unless a
# binary is given, copies it out of the build tree, then:
#   1. ldd lists no Swift runtime library (libswift*, Foundation, Dispatch, ICU) and nothing missing;
#   2. it runs with an empty environment (env -i: no Swift on PATH, LD_LIBRARY_PATH unset) and,
#      as root where unshare works, with the Swift toolchain's folder hidden behind an empty tmpfs;
#   3. there it does the README's first job: the offline sample scan with Markdown and PDF reports.
#
#   scripts/check-static-binary.sh [BINARY]
# Slow the first time (a release build of every dependency: measured in docs/install.md).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

binary=${1:-}
if [ -z "$binary" ]; then
  flags=(-c release --static-swift-stdlib --product linklab --scratch-path .build-static)
  swift build "${flags[@]}"
  binary="$(swift build "${flags[@]}" --show-bin-path)/linklab"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/linklab"
fail() { echo "static binary: FAILED: $*" >&2; exit 1; }

libraries=$(ldd "$work/linklab" 2>&1 || true)
echo "$libraries" | sed 's/^/  ldd: /'
if echo "$libraries" | grep -Eiq 'libswift|libFoundation|libdispatch|libBlocksRuntime|_FoundationICU|not found'; then
  fail "it needs a Swift runtime library (see the ldd lines above)"
fi

# The folder holding the toolchain that built it (…/usr/bin/swift → …), hidden in step 2.
toolchain=""
if command -v swift >/dev/null 2>&1; then
  toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")
fi

cat > "$work/job.sh" <<'JOB'
set -eu
cd "$1"
bin=$2/linklab
out=$2/out
mkdir -p "$out"
"$bin" --version
"$bin" scan Samples/LinkLabSample.ipa --offline --aasa Samples/aasa --urls Samples/urls.txt \
  --report "$out/report.md" --report "$out/report.pdf" > "$out/stdout.txt"
head -n 1 "$out/stdout.txt" | grep -q '^LinkLab  com.example.app  ABCDE12345.com.example.app'
test -s "$out/report.md"
head -c 5 "$out/report.pdf" | grep -q '%PDF-'
"$bin" match --aasa Samples/aasa/example.com.json https://example.com/buy/42 | grep -q ' match '
echo "ran the sample scan: $(grep -c '' "$out/stdout.txt") lines of output, reports written"
JOB

hidden=no
if [ "$(id -u)" = 0 ] && [ -n "$toolchain" ] && [ "$toolchain" != / ] \
   && unshare --mount true 2>/dev/null; then
  unshare --mount --propagation private sh -c \
    'mount -t tmpfs none "$1" && exec env -i HOME="$3" PATH=/usr/bin:/bin sh "$3/job.sh" "$2" "$3"' \
    sh "$toolchain" "$repo" "$work" || fail "it did not run with $toolchain hidden"
  hidden=yes
else
  env -i HOME="$work" PATH=/usr/bin:/bin sh "$work/job.sh" "$repo" "$work" || fail "it did not run with env -i"
fi
size=$(du -h "$work/linklab" | cut -f1)
echo "static binary: OK ($size; no Swift library in ldd; ran with env -i$([ "$hidden" = yes ] && echo ", $toolchain hidden"))"
