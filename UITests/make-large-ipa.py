#!/usr/bin/env python3
"""Makes a large IPA for the Mac app's memory check: python3 UITests/make-large-ipa.py OUT.ipa [MiB]

Copies every entry of Samples/LinkLabSample.ipa and adds a STORED (uncompressed) padding file
of MiB mebibytes (default 1536) inside the app bundle, so the archive is a valid IPA the engine
inspects and hashes end to end. The padding is zeros written in chunks (no large buffer).
"""
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
out = Path(sys.argv[1])
mebibytes = int(sys.argv[2]) if len(sys.argv) > 2 else 1536

with zipfile.ZipFile(ROOT / "Samples/LinkLabSample.ipa") as source, \
        zipfile.ZipFile(out, "w", allowZip64=True) as target:
    app_dir = next(n.split("/")[1] for n in source.namelist() if n.startswith("Payload/") and n.count("/") >= 2)
    for info in source.infolist():
        target.writestr(info, source.read(info.filename))
    padding = zipfile.ZipInfo(f"Payload/{app_dir}/Padding.bin")
    padding.compress_type = zipfile.ZIP_STORED
    chunk = bytes(1 << 20)
    with target.open(padding, "w", force_zip64=True) as stream:
        for _ in range(mebibytes):
            stream.write(chunk)
print(out, out.stat().st_size)
