#!/usr/bin/env python3
"""extract-seeds.py TARGET DIR: cuts fuzz seeds out of Tests/Fixtures/android/*.apk —
AndroidManifest.xml (AndroidXML), resources.arsc (AndroidARSC), the APK Signing Block and
assetlinks files (AndroidSigning)."""
import glob
import os
import struct
import sys
import zipfile

target, out = sys.argv[1], sys.argv[2]
for path in sorted(glob.glob("Tests/Fixtures/android/*.apk")):
    base = os.path.basename(path)
    with zipfile.ZipFile(path) as z:
        if target == "AndroidXML":
            open(os.path.join(out, base + ".xml"), "wb").write(z.read("AndroidManifest.xml"))
        elif target == "AndroidARSC":
            open(os.path.join(out, base + ".arsc"), "wb").write(z.read("resources.arsc"))
    if target == "AndroidSigning":
        data = open(path, "rb").read()
        eocd = data.rfind(b"PK\x05\x06")
        cd = struct.unpack("<I", data[eocd + 16:eocd + 20])[0]
        if data[cd - 16:cd] == b"APK Sig Block 42":
            size = struct.unpack("<Q", data[cd - 24:cd - 16])[0]
            open(os.path.join(out, base + ".sigblock"), "wb").write(data[cd - size - 8:cd])
if target == "AndroidSigning":
    for path in glob.glob("Tests/Fixtures/android/assetlinks/*.json"):
        open(os.path.join(out, os.path.basename(path)), "wb").write(open(path, "rb").read())
