"""docs/commands/serve.md's example is the tool's (issue 26): the counts the page and the API give
for the sample, the answer without a token, and the finding counts the text promises are the
built server's, compared here against the same `linklab serve --offline --aasa Samples/aasa`."""
import json
import re

from conftest import REPO, SAMPLE_IPA, binary_path

import subprocess

DOC = (REPO / "docs" / "commands" / "serve.md").read_text()


def documented_line(suffix, token=True):
    """The JSON line the doc prints after the curl command ending in `suffix`, with or without
    the bearer token."""
    lines = DOC.splitlines()
    for index, line in enumerate(lines):
        if line.startswith("$ curl") and line.rstrip().endswith(suffix) and ("Authorization" in line) == token:
            return json.loads(lines[index + 1])
    raise AssertionError(f"no documented answer for {suffix}")


def test_the_documented_counts_and_messages_are_the_servers(fresh_server):
    document_id = fresh_server.upload(SAMPLE_IPA)
    fresh_server.wait_ready(document_id)

    status, listing = fresh_server.json("GET", "/api/documents")
    assert status == 200
    shown = documented_line("/api/documents")
    ours = listing["documents"][0]
    documented = shown["documents"][0]
    assert set(ours) == set(documented), (sorted(ours), sorted(documented))
    for key in ("bundleID", "counts", "kind", "name", "phase", "phaseText"):
        assert ours[key] == documented[key], (key, ours[key], documented[key])
    assert listing["limit"] == shown["limit"]

    # Without the token: the documented refusal, word for word.
    status, refused = fresh_server.json("GET", "/api/documents", bearer=False)
    assert status == 401, status
    assert refused == documented_line("/api/documents", token=False)

    # "the findings of the app and its domains (31 on the sample)": the listing's total.
    promised = re.search(r"findings of the app and its domains \((\d+) on the sample\)", DOC.replace("\n", " "))
    assert promised, "serve.md no longer states the sample's finding count"
    assert sum(v for k, v in ours["counts"].items() if k != "suppressed") == int(promised.group(1))

    # "as scan --urls Samples/urls.txt does (38)": the URL list through the API, and the CLI.
    with_urls = re.search(r"as `scan --urls Samples/urls\.txt` does \((\d+)\)", DOC.replace("\n", " "))
    assert with_urls, "serve.md no longer states the count with the URL list"
    lines = (REPO / "Samples" / "urls.txt").read_text()
    status, _ = fresh_server.json("POST", f"/api/documents/{document_id}/urls", {"lines": lines})
    assert status == 200, status
    fresh_server.wait_ready(document_id)
    status, document = fresh_server.json("GET", f"/api/documents/{document_id}")
    assert len(document["findings"]) == int(with_urls.group(1))
    scan = subprocess.run([str(binary_path()), "scan", str(SAMPLE_IPA), "--offline", "--aasa", str(REPO / "Samples" / "aasa"),
                           "--urls", str(REPO / "Samples" / "urls.txt"), "--format", "json"],
                          capture_output=True, text=True, cwd=REPO)
    assert len(json.loads(scan.stdout)["findings"]) == int(with_urls.group(1)), scan.stderr
