#!/usr/bin/env bash
# Compiles a module's sources once for every fuzz target that contains them (Fuzz/README.md):
#   Fuzz/core.sh MODULE SOURCE... [-- FLAG...]     (run from the repository root)
# builds .build-fuzz/cores/MODULEFuzzCore.objs/*.o and MODULEFuzzCore.swiftmodule with
# -sanitize=fuzzer,address -parse-as-library -O -g and the driver's default file-by-file
# compilation, as the targets compiled these sources before, so its code is coverage-instrumented
# like a target's own. FLAGs are added (search paths of prebuilt modules).
# In scratch copies of the sources, `import SiteAssociation` reads `import SiteAssociationFuzzCore`
# (the instrumented core, built first by the caller). A digest of the compiler, the flags, the
# sources and every module they import is kept beside the object: an unchanged core is reused,
# anything else recompiles it; a lock makes concurrent callers (Fuzz/run-all.sh) wait for one.
# A target then compiles its main.swift in its own module with `@_exported import MODULEFuzzCore`
# and links the objects (Fuzz/README.md, "Shared instrumented modules"). SWIFTC names the compiler.
set -euo pipefail
swiftc=${SWIFTC:-swiftc}
module=${1:?usage: Fuzz/core.sh MODULE SOURCE... [-- FLAG...]}
shift
sources=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do sources+=("$1"); shift; done
if [ $# -gt 0 ]; then shift; fi
flags=(-sanitize=fuzzer,address -parse-as-library -O -g "$@")
core=.build-fuzz/cores
name="${module}FuzzCore"
mkdir -p "$core"
exec 9> "$core/$name.lock"
flock 9
new="$core/$name.sources.new"
rm -rf "$new"
mkdir -p "$new"
for f in "${sources[@]}"; do
  sed 's/^import SiteAssociation$/import SiteAssociationFuzzCore/' "$f" > "$new/$(basename "$f")"
done
# The modules the sources import, looked up where the compiler looks (the -I folders of FLAG).
search=("$core")
previous=
for flag in "${flags[@]}"; do
  if [ "$previous" = -I ]; then search+=("$flag"); fi
  previous=$flag
done
digest=$(
  {
    "$swiftc" --version 2>&1
    printf '%s\n' "$module" "${flags[@]}"
    (cd "$new" && sha256sum -- *.swift)
    for imported in $(sed -n 's/^import \([A-Za-z_][A-Za-z0-9_]*\)$/\1/p' "$new"/*.swift | sort -u); do
      for dir in "${search[@]}"; do
        if [ -e "$dir/$imported.swiftmodule" ]; then
          find "$dir/$imported.swiftmodule" -type f -print0 | sort -z | xargs -0 sha256sum
        fi
      done
    done
  } | sha256sum | cut -d' ' -f1
)
if [ "$(cat "$core/$name.digest" 2>/dev/null)" = "$digest" ] && [ -d "$core/$name.objs" ]; then
  rm -rf "$new"
  exit 0
fi
echo "fuzz: compiling the instrumented $module module ($core/$name.objs)" >&2
rm -rf "$core/$name.sources" "$core/$name.digest" "$core/$name.objs" \
  "$core/$name".{o,swiftmodule,swiftdoc,swiftsourceinfo}
mv "$new" "$core/$name.sources"
mkdir -p "$core/$name.objs"
# One object per source file, named in an output file map.
{
  printf '{\n'
  for f in "$core/$name.sources"/*.swift; do
    printf '  "%s": {"object": "%s"},\n' "$f" "$core/$name.objs/$(basename "$f" .swift).o"
  done
  printf '  "": {}\n}\n'
} > "$core/$name.output-file-map.json"
"$swiftc" "${flags[@]}" -c -module-name "$name" -module-cache-path "$core/module-cache" \
  -I "$core" -emit-module -emit-module-path "$core/$name.swiftmodule" \
  -output-file-map "$core/$name.output-file-map.json" "$core/$name.sources"/*.swift
echo "$digest" > "$core/$name.digest"
