#!/usr/bin/env python3
"""Helpers of scripts/typecheck-app: availability domains and Objective-C near misses.

    typecheck_app_support.py surface SRC_DIR DST_DIR MODULE...
        Copies AppCheck/Surface/MODULE/*.swift into DST_DIR/src/MODULE/, each
        `@available(macOS N, *)` with N above the deployment target rewritten to
        `@available(macOS<N>)`: a custom availability domain (Linux Swift ignores macOS
        availability; a custom domain it checks). The domains are declared, one per version, in
        a C module DST_DIR/MacOSVersions (clang's availability_domain.h); their names are
        written to DST_DIR/domains, one per line.
    typecheck_app_support.py sources DOMAINS_FILE OUT_DIR FILE...
        Prints the files to compile, one per line: FILE itself when it names no macOS version,
        otherwise a copy in OUT_DIR with `#available(macOS N, *)` / `@available(macOS N, *)`
        rewritten to the domains up to N (diagnostics keep FILE's path and lines).
    typecheck_app_support.py near-miss SURFACE_SRC_DIR FILE...
        Reports, as compiler errors, each method of a type conforming to a protocol the surface
        marks `// typecheck-app: objc-optional` whose name nearly matches one of that protocol's
        requirements without matching any: Objective-C calls only the requirement's selector, so
        such a method is never called (Swift on a Mac warns; here it is an error). Exit 1 if any.

The deployment target is DEPLOYMENT below (the Xcode project's MACOSX_DEPLOYMENT_TARGET).
"""
import os
import re
import sys
from pathlib import Path

DEPLOYMENT = (14, 0)
MARKER = "// typecheck-app: objc-optional"


def version(text: str) -> tuple:
    parts = [int(p) for p in text.split(".")]
    return tuple((parts + [0, 0])[:2])


def domain(v: tuple) -> str:
    return f"macOS{v[0]}_{v[1]}"


AVAILABLE_ATTR = re.compile(r"@available\(\s*macOS\s+(\d+(?:\.\d+)*)\s*,\s*\*\s*\)")
AVAILABLE_COND = re.compile(r"#(available|unavailable)\(([^()]*)\)")


def surface(src: str, dst: str, modules: list) -> int:
    found = set()
    for module in modules:
        out = Path(dst) / "src" / module
        out.mkdir(parents=True, exist_ok=True)
        for file in sorted((Path(src) / module).glob("*.swift")):
            text = file.read_text(encoding="utf-8")

            def attr(match):
                v = version(match.group(1))
                if v <= DEPLOYMENT:
                    return match.group(0)
                found.add(v)
                return f"@available({domain(v)})"

            rewritten = AVAILABLE_ATTR.sub(attr, text)
            if rewritten != text:
                rewritten = f'import MacOSVersions\n#sourceLocation(file: "{file}", line: 1)\n' + rewritten
            (out / file.name).write_text(rewritten, encoding="utf-8")
    names = [domain(v) for v in sorted(found)]
    Path(dst, "domains").write_text("".join(n + "\n" for n in names), encoding="utf-8")
    c_module = Path(dst, "MacOSVersions")
    c_module.mkdir(parents=True, exist_ok=True)
    (c_module / "module.modulemap").write_text('module MacOSVersions {\n  header "MacOSVersions.h"\n  export *\n}\n')
    (c_module / "MacOSVersions.h").write_text(
        "// macOS versions above the deployment target, as availability domains (typecheck-app).\n"
        "#include <availability_domain.h>\n"
        + "".join(f"int typecheck_app_{n}(void);\nCLANG_DYNAMIC_AVAILABILITY_DOMAIN({n}, typecheck_app_{n});\n"
                  for n in names))
    return 0


def sources(domains_file: str, out_dir: str, files: list) -> int:
    domains = []
    for line in Path(domains_file).read_text(encoding="utf-8").split():
        major, minor = line[len("macOS"):].split("_")
        domains.append((int(major), int(minor)))
    for index, name in enumerate(files):
        text = Path(name).read_text(encoding="utf-8")
        if "available(macOS" not in text.replace(" ", ""):
            print(name)
            continue

        def upto(v):
            return [domain(d) for d in sorted(domains) if d <= v]

        def attr(match):
            names = upto(version(match.group(1)))
            return " ".join(f"@available({n})" for n in names) if names else match.group(0)

        def cond(match):
            kind, args = match.group(1), match.group(2)
            macos = re.search(r"macOS\s+(\d+(?:\.\d+)*)", args)
            names = upto(version(macos.group(1))) if macos else []
            if not names:
                return match.group(0)
            if kind == "unavailable":
                return f"#unavailable({names[-1]})"
            return ", ".join(f"#available({n})" for n in names)

        rewritten = AVAILABLE_COND.sub(cond, AVAILABLE_ATTR.sub(attr, text))
        path = Path(out_dir) / f"{index:04d}" / (Path(name).stem + ".availability.swift")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f'import MacOSVersions\n#sourceLocation(file: "{name}", line: 1)\n' + rewritten,
                        encoding="utf-8")
        print(path)
    return 0


# MARK: Near misses

def blank_comments_and_strings(text: str) -> str:
    """The text with comments and string literal contents replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"')
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append('"' + " " * (j - i - 2) + '"' if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def matching(text: str, start: int, open_char: str, close_char: str) -> int:
    """The index of the bracket closing the one at `start`."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == open_char:
            depth += 1
        elif text[i] == close_char:
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def split_top_level(text: str) -> list:
    parts, depth, current = [], 0, []
    for c in text:
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        if c == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
    if "".join(current).strip():
        parts.append("".join(current))
    return parts


def labels(params: str) -> list:
    result = []
    for param in split_top_level(params):
        head = param.split(":", 1)[0].split()
        head = [t for t in head if not t.startswith("@")]
        if head:
            result.append(head[0])
    return result


FUNC = re.compile(r"\bfunc\s+(\w+)\s*(?:<[^>(]*>)?\s*\(")
TYPE_DECL = re.compile(r"\b(?:class|struct|enum|actor|extension)\s+[\w.]+(?:\s*<[^>{]*>)?\s*:\s*([^{]+?)\s*\{")


def functions(body: str, offset: int, top_level_only: bool):
    """(name, labels, start offset, modifiers) of each `func` in `body`."""
    for match in FUNC.finditer(body):
        if top_level_only:
            prefix = body[:match.start()]
            if prefix.count("{") - prefix.count("}") != 0:
                continue
        open_paren = match.end() - 1
        close = matching(body, open_paren, "(", ")")
        line_start = body.rfind("\n", 0, match.start()) + 1
        modifiers = body[line_start:match.start()]
        yield match.group(1), labels(body[open_paren + 1:close]), offset + match.start(), modifiers


def full_name(base: str, names: list) -> str:
    return f"{base}({''.join(n + ':' for n in names)})"


def protocols(surface_src: str) -> dict:
    """Requirements of each protocol marked objc-optional: name -> [(base, labels)]."""
    result = {}
    for file in sorted(Path(surface_src).rglob("*.swift")):
        raw = file.read_text(encoding="utf-8")
        text = blank_comments_and_strings(raw)
        for marker in re.finditer(re.escape(MARKER), raw):
            decl = re.compile(r"\bprotocol\s+(\w+)[^{]*\{").search(text, marker.end())
            if not decl:
                continue
            close = matching(text, decl.end() - 1, "{", "}")
            body = text[decl.end():close]
            result[decl.group(1)] = [(name, names) for name, names, _, _ in functions(body, 0, False)]
    return result


def distance(a: str, b: str) -> int:
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def near(base: str, names: list, requirement: tuple) -> bool:
    req_base, req_names = requirement
    if len(names) != len(req_names):
        return False
    if base == req_base:
        return names != req_names
    return distance(base, req_base) <= max(1, len(req_base) // 8)


def near_miss(surface_src: str, files: list) -> int:
    marked = protocols(surface_src)
    errors = 0
    for name in files:
        raw = Path(name).read_text(encoding="utf-8")
        text = blank_comments_and_strings(raw)
        for decl in TYPE_DECL.finditer(text):
            conformed = [p.strip().split(".")[-1] for p in decl.group(1).split("where")[0].split(",")]
            conformed = [p for p in conformed if p in marked]
            if not conformed:
                continue
            close = matching(text, decl.end() - 1, "{", "}")
            requirements = [(p, r) for p in conformed for r in marked[p]]
            exact = {full_name(*r) for _, r in requirements}
            for base, names, offset, modifiers in functions(text[decl.end():close], decl.end(), True):
                if full_name(base, names) in exact or re.search(r"\b(private|fileprivate|static|class)\b", modifiers):
                    continue
                for protocol, requirement in requirements:
                    if near(base, names, requirement):
                        line = text.count("\n", 0, offset) + 1
                        column = offset - text.rfind("\n", 0, offset)
                        print(f"{name}:{line}:{column}: error: instance method '{full_name(base, names)}' nearly "
                              f"matches optional requirement '{full_name(*requirement)}' of protocol '{protocol}'")
                        print(f"{name}:{line}:{column}: note: Objective-C calls only the requirement's selector, so "
                              f"this method is never called (Swift warns on a Mac; typecheck-app makes it an error)")
                        errors += 1
                        break
    return 1 if errors else 0


def main(argv: list) -> int:
    if len(argv) >= 4 and argv[1] == "surface":
        return surface(argv[2], argv[3], argv[4:])
    if len(argv) >= 4 and argv[1] == "sources":
        return sources(argv[2], argv[3], argv[4:])
    if len(argv) >= 3 and argv[1] == "near-miss":
        return near_miss(argv[2], argv[3:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
