#!/usr/bin/env python3
"""Writes corpus-strict-json.txt: for each file of ../shared/corpus/aasa/wild, whether a strict
JSON parser accepts the body (after CMS unwrapping with `openssl cms`), as the oracle for
AssociationDocument.deviceAccepts.

Python's json.loads is stricter than Linux Foundation's JSONSerialization (which accepts
trailing commas), but looser than Apple's in two ways, handled here: it accepts NaN/Infinity
(rejected via parse_constant) and top-level scalars (rejected: NSJSONSerialization without
fragmentsAllowed wants an object or array). Duplicate keys are accepted by both (last wins).
Run from the repository root:  python3 Tests/SiteAssociationTests/Golden/make-strict-json-expectations.py
"""
import json, os, subprocess, sys

root = os.path.dirname(os.path.abspath(__file__))
corpus = os.path.normpath(os.path.join(root, "../../../../shared/corpus/aasa/wild"))
if not os.path.isdir(corpus):
    sys.exit(f"corpus not found at {corpus}")

def reject_constant(name):
    raise ValueError(f"{name} is not JSON")

lines = []
for name in sorted(os.listdir(corpus)):
    if not name.endswith(".json"):
        continue
    body = open(os.path.join(corpus, name), "rb").read()
    kind = "json"
    if body[:1] == b"\x30" and b"\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02" in body[:32]:
        kind = "cms"
        body = subprocess.run(["openssl", "cms", "-verify", "-noverify", "-inform", "DER", "-in", os.path.join(corpus, name)],
                              capture_output=True).stdout
    try:
        value = json.loads(body.decode("utf-8"), parse_constant=reject_constant)
        accepted = isinstance(value, (dict, list))
    except Exception:
        accepted = False
    lines.append(f"{name}\t{kind}\t{'accept' if accepted else 'reject'}")
open(os.path.join(root, "corpus-strict-json.txt"), "w").write("\n".join(lines) + "\n")
print(f"wrote {len(lines)} expectations")
