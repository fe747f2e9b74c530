#!/usr/bin/env python3
"""Builds a large signed IPA for InspectBenchmark: python3 make-large-ipa.py OUT.ipa [MEGABYTES] [DOMAINS]

DOMAINS (optional, comma-separated) replaces the associated domains (the web benchmark claims
loopback hosts with it).

The main executable is a real, non-sparse arm64 iOS Mach-O: a generated C file of 4,000
functions (loops, switches, printf calls with URL strings) is compiled once with clang -O1;
its object is then copied with same-length symbol renames (`_fn_AA_` → `_fn_AB_` …) until the
objects reach MEGABYTES, and ld64.lld links them all. So every page is real machine code,
real C strings, real unwind info and a real symbol table (about 4,000 symbols per 1.5 MB),
the way a large app's executable looks. Selector strings go into __TEXT,__objc_methname. The
app is ad hoc signed by ipasign with XML+DER entitlements and zipped with deflate like an
exported IPA. Deterministic; needs clang/ld64.lld from the Swift toolchain and PyPI `ipasign`.
"""
import itertools
import os
import plistlib
import random
import string
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

TOOLS = Path(os.environ.get("SWIFT_TOOLS", "/opt/swift/usr/bin"))
FUNCTIONS = 4000


def unit_source() -> str:
    # Varied statements and constants (fixed seed) so the code deflates like real code, not 10:1.
    rng = random.Random(20260101)
    statements = [
        "y = y * {a} + (x ^ {b});", "if (y & {m}) y -= z * {a}; else y += x >> {s};", "y ^= (y << {s}) + {b};",
        "for (int k = 0; k < (x & {m}); k++) y = y * {a} + (k ^ {b});", "z += (y > {b}) ? y / ({a} | 1) : {a};",
        "y = (y >> {s}) | (z << {s});", "if (z < {b}) z = z * {a} - y;", "y += table_{{i}}[(x + {a}) & 7];",
    ]
    lines = ["extern int printf(const char *, ...);"]
    for i in range(FUNCTIONS):
        body = []
        for _ in range(rng.randint(3, 9)):
            body.append("  " + rng.choice(statements).format(
                a=rng.randint(3, 1 << 20), b=rng.randint(1, 1 << 30), m=rng.choice([1, 3, 7, 15, 31]), s=rng.randint(1, 13)))
        values = ", ".join(str(rng.randint(0, 1 << 30)) for _ in range(8))
        lines.append(f"static const int table_{i}[8] = {{{values}}};")
        lines.append(f"int fn_AA_{i}(int x, int z) {{\n  int y = x + z;\n" + "\n".join(body).replace("{i}", str(i)) +
                     f"\n  if ((y & 63) == {rng.randint(0, 63)}) y += printf(\"fn_AA_{i} %d at https://example.com/{rng.randint(0, 1 << 40):x}/{i}\\n\", y);\n"
                     "  return y + z;\n}")
    return "\n".join(lines) + "\n"


MAIN = r"""
extern int fn_AA_0(int, int);
__attribute__((used, section("__TEXT,__objc_methname"))) static const char sel1[] =
    "application:continueUserActivity:restorationHandler:";
__attribute__((used, section("__TEXT,__objc_methname"))) static const char sel2[] = "scene:continueUserActivity:";
__attribute__((used, section("__TEXT,__objc_methname"))) static const char sel3[] = "openURL:options:completionHandler:";
int main(int argc, char **argv) { return fn_AA_0(argc, 1); }
"""


def compile_object(t: Path, name: str, source: str) -> Path:
    c, s, o = t / f"{name}.c", t / f"{name}.s", t / f"{name}.o"
    c.write_text(source)
    subprocess.run([TOOLS / "clang", "-O1", "-target", "arm64-apple-ios15.0", "-S", c, "-o", s], check=True)
    # ld64.lld refuses objects carrying an Apple platform load command (notes/toolchain.md).
    s.write_text("".join(line for line in s.read_text().splitlines(True) if not line.strip().startswith(".build_version")))
    subprocess.run([TOOLS / "clang", "-target", "arm64-apple-macho", "-c", s, "-o", o], check=True)
    return o


def main() -> None:
    out = Path(sys.argv[1]).resolve()
    megabytes = int(sys.argv[2]) if len(sys.argv) > 2 else 170
    domains = sys.argv[3].split(",") if len(sys.argv) > 3 else ["applinks:example.com", "applinks:*.example.org"]
    import ipasign  # noqa: PLC0415  (only needed here)

    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        unit = compile_object(t, "unit", unit_source()).read_bytes()
        objects = [compile_object(t, "main", MAIN)]
        codes = ("".join(pair) for pair in itertools.product(string.ascii_uppercase, repeat=2))
        total = 0
        while total < megabytes << 20:
            code = next(codes)
            path = t / f"unit_{code}.o"
            path.write_bytes(unit.replace(b"fn_AA_", f"fn_{code}_".encode()))
            objects.append(path)
            total += len(unit)
        app = t / "Payload" / "Big.app"
        app.mkdir(parents=True)
        subprocess.run([TOOLS / "ld64.lld", "-arch", "arm64", "-platform_version", "ios", "15.0", "17.0",
                        "-e", "_main", "-undefined", "dynamic_lookup", "-o", app / "Big", *objects], check=True)
        entitlements = {
            "application-identifier": "ABCDE12345.com.example.big",
            "com.apple.developer.team-identifier": "ABCDE12345",
            "com.apple.developer.associated-domains": domains,
            "get-task-allow": False,
        }
        (t / "ent.plist").write_bytes(plistlib.dumps(entitlements))
        info = {"CFBundleIdentifier": "com.example.big", "CFBundleExecutable": "Big", "CFBundleVersion": "1",
                "CFBundleShortVersionString": "1.0", "MinimumOSVersion": "15.0",
                "CFBundleURLTypes": [{"CFBundleURLSchemes": ["bigapp"]}]}
        (app / "Info.plist").write_bytes(plistlib.dumps(info, fmt=plistlib.FMT_BINARY))
        ipasign.Key(adhoc=True, entitlements=str(t / "ent.plist")).sign(str(app))
        os.chmod(app / "Big", 0o755)
        executable = (app / "Big").stat().st_size
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_suffix(".partial")
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
            for path in sorted(t.joinpath("Payload").rglob("*")):
                archive.write(path, path.relative_to(t).as_posix())
        partial.replace(out)
    print(f"wrote {out} ({out.stat().st_size} bytes; executable Payload/Big.app/Big {executable} bytes)")


if __name__ == "__main__":
    main()
