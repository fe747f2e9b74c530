#!/usr/bin/env python3
"""Builds a large signed IPA for InspectBenchmark: python3 make-large-ipa.py OUT.ipa [MEGABYTES] [DOMAINS]

DOMAINS (optional, comma-separated) replaces the associated domains (the web benchmark claims
loopback hosts with it).

The main executable is a real arm64 iOS Mach-O linked by ld64.lld whose __TEXT,__text holds
MEGABYTES of pseudo-random filler (about 2.5:1 under deflate, like real code), plus selector
strings in __TEXT,__objc_methname, ad hoc signed by ipasign with XML+DER entitlements, zipped
with deflate like an exported IPA. Deterministic (fixed seed); needs PyPI `ipasign`.
"""
import os
import plistlib
import random
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

TOOLS = Path(os.environ.get("SWIFT_TOOLS", "/opt/swift/usr/bin"))
ROOT = Path(__file__).resolve().parents[2]


def filler(path: Path, megabytes: int) -> None:
    rng = random.Random(20260101)
    # Map random bytes onto 8 values: ~3 bits of entropy per byte, deflates about 2.5:1.
    table = bytes(rng.choice(b"\x00\x01\x08\x10\x1f\x20\x91\xd6") for _ in range(256))
    with path.open("wb") as out:
        for _ in range(megabytes):
            out.write(rng.randbytes(1 << 20).translate(table))


def main() -> None:
    out = Path(sys.argv[1]).resolve()
    megabytes = int(sys.argv[2]) if len(sys.argv) > 2 else 120
    domains = sys.argv[3].split(",") if len(sys.argv) > 3 else ["applinks:example.com", "applinks:*.example.org"]
    import ipasign  # noqa: PLC0415  (only needed here)

    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        filler(t / "filler.bin", megabytes)
        (t / "big.s").write_text(
            "\t.section __TEXT,__text,regular,pure_instructions\n"
            "\t.globl _main\n\t.p2align 2\n_main:\n\tmov w0, #0\n\tret\n"
            f'\t.incbin "{t / "filler.bin"}"\n'
            "\t.section __TEXT,__objc_methname,cstring_literals\n"
            '\t.asciz "application:continueUserActivity:restorationHandler:"\n'
            '\t.asciz "scene:continueUserActivity:"\n'
            '\t.asciz "openURL:options:completionHandler:"\n'
        )
        subprocess.run([TOOLS / "clang", "-target", "arm64-apple-macho", "-c", t / "big.s", "-o", t / "big.o"], check=True)
        app = t / "Payload" / "Big.app"
        app.mkdir(parents=True)
        subprocess.run([TOOLS / "ld64.lld", "-arch", "arm64", "-platform_version", "ios", "15.0", "17.0",
                        "-e", "_main", "-undefined", "dynamic_lookup", "-o", app / "Big", t / "big.o"], check=True)
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
        out.parent.mkdir(parents=True, exist_ok=True)
        partial = out.with_suffix(".partial")
        with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
            for path in sorted(t.joinpath("Payload").rglob("*")):
                archive.write(path, path.relative_to(t).as_posix())
        partial.replace(out)
    print(f"wrote {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
