"""Static checks of the page's files: the generated Swift file is up to date, no markup sinks,
no inline script or style, and every data-testid hook of `WorkbenchHook` exists."""
import pathlib
import re
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]
ASSETS = REPO / "Web" / "Assets"

HOOKS = ["drop-zone", "file-input", "document-status", "finding", "finding-filter", "tab-app", "tab-domains",
         "tab-urls", "domain", "url-input", "verdict", "triage-status", "triage-note", "triage-save",
         "edit-aasa", "edit-aasa-apply"]
# The export buttons' hooks come with the view (`exports`: the package's ExportFormat.hook), so
# the page's files do not spell them; test_page.py clicks each one in the browser.
EXPORT_HOOKS = ["export-md", "export-html", "export-pdf", "export-json", "export-sarif", "export-session"]
# The cards' hooks come with the view too (each `Panel`'s hook and hooks, each verdict's hooks):
# the package's presentation spells them, panel.js writes whatever it is given.
PANEL_HOOKS = ["bundle"]
PRESENTATION = REPO / "Shared" / "Workbench" / "Presentation"


def test_the_generated_swift_file_is_up_to_date():
    result = subprocess.run([sys.executable, str(REPO / "Web" / "scripts" / "embed-assets.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_generator_is_deterministic(tmp_path):
    outputs = []
    for name in ["a.swift", "b.swift"]:
        subprocess.run([sys.executable, str(REPO / "Web" / "scripts" / "embed-assets.py"), "--output",
                        str(tmp_path / name)], check=True, capture_output=True)
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]
    assert outputs[0] == (REPO / "Web" / "Server" / "Generated" / "EmbeddedAssets.swift").read_bytes()


def test_no_markup_sinks_and_no_inline_code():
    for path in ASSETS.glob("*.js"):
        source = path.read_text()
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                     "setAttribute('on", 'setAttribute("on', "srcdoc"]:
            assert sink not in source, f"{path.name} uses {sink}"
    html = (ASSETS / "index.html").read_text()
    assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None, "inline script"
    assert "<style" not in html and " style=" not in html, "inline style"
    assert re.search(r"\son[a-z]+=", html) is None, "inline event handler"
    assert "linklab-csrf" not in html and "{{" not in html, "the shell carries no secret and no placeholder"


def test_every_hook_of_the_spec_is_in_the_page():
    source = "\n".join(p.read_text() for p in ASSETS.iterdir())
    missing = [hook for hook in HOOKS if f"'data-testid': '{hook}'" not in source
               and f'data-testid="{hook}"' not in source and f"testid: '{hook}'" not in source]
    assert missing == []
    exports = (ASSETS / "exports.js").read_text()
    assert "view.exports.map(makeButton)" in exports and "'data-testid': hook" in exports
    export_format = (REPO / "Shared" / "Reports" / "ExportFormat.swift").read_text()
    assert 'case .session: "export-session"' in export_format and 'default: "export-\\(rawValue)"' in export_format
    assert all(f'case {name}' in export_format or f'= "{hook[len("export-"):]}"' in export_format
               for hook, name in zip(EXPORT_HOOKS, ["markdown", "html", "pdf", "json", "sarif", "session"]))
    presentation = "\n".join(p.read_text() for p in PRESENTATION.glob("*.swift"))
    panel = (ASSETS / "panel.js").read_text()
    assert "'data-testid': panel.hook" in panel and "hookAttributes(panel.hooks)" in panel
    assert [hook for hook in PANEL_HOOKS if f'hook: "{hook}"' not in presentation] == []
    for attribute in ["data-finding-id", "data-severity", "data-fingerprint", "data-triage", "data-bundle-id",
                      "data-host", "data-state", "data-app-id", "data-decision", "data-phase"]:
        name = attribute[len("data-"):]
        camel = re.sub(r"-([a-z])", lambda m: m.group(1).upper(), name)
        # Written by the page, or a hook of the view's (`hooks: ["bundle-id": …]`) that the page writes.
        assert (f"'{attribute}'" in source or f".dataset.{camel}" in source
                or f'"{name}":' in presentation and "hookAttributes(" in source), attribute
