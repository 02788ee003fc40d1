#!/usr/bin/env python3
"""Every target declares the modules it imports (issue 33): reads Package.swift's targets (name,
path, dependencies) and the `import` lines of their Swift files, and names each import of one of
this package's modules, or of a package product, that the target does not declare. A module
reached only through another (imported without being declared) compiles today and breaks the day
that other target stops depending on it.

    python3 scripts/check-imports.py        # "imports: 16 targets declare what they import", or the gaps; exit 1 on a gap
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
package = (root / "Package.swift").read_text()

# Each target call: .target( / .executableTarget( / .testTarget( / .systemLibrary( up to its matching ")".
targets = []
for match in re.finditer(r"\.(target|executableTarget|testTarget|systemLibrary)\(", package):
    depth, i = 0, match.end() - 1
    while True:
        if package[i] == "(":
            depth += 1
        elif package[i] == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    text = package[match.end():i]
    name = re.search(r'name:\s*"([^"]+)"', text).group(1)
    path = re.search(r'path:\s*"([^"]+)"', text)
    kind = match.group(1)
    default = {"testTarget": f"Tests/{name}"}.get(kind, f"Sources/{name}")
    deps_text = re.search(r"dependencies:\s*\[(.*?)\]\s*(,|$)", text, re.S)
    deps = set()
    if deps_text:
        deps |= set(re.findall(r'(?<!name: )"([^"]+)"', re.sub(r"\.product\([^)]*\)", "", deps_text.group(1))))
        deps |= set(re.findall(r'\.product\(name:\s*"([^"]+)"', deps_text.group(1)))
    targets.append((kind, name, path.group(1) if path else default, deps))

own = {name for _, name, _, _ in targets}
products = set(re.findall(r'\.product\(name:\s*"([^"]+)"', package))
# swift-metrics' CoreMetrics and the like: a product's module may be imported by the product's name.
known = own | products
gaps = []
for kind, name, path, deps in targets:
    if kind == "systemLibrary":
        continue
    imported = set()
    for file in (root / path).rglob("*.swift"):
        for line in file.read_text(encoding="utf-8").splitlines():
            m = re.match(r"\s*(?:@testable\s+)?import\s+(\w+)", line)
            if m:
                imported.add(m.group(1))
    # An executable target's tests import it by its module name (dashes become underscores).
    declared = deps | {d.replace("-", "_") for d in deps}
    for module in sorted(imported & {k.replace("-", "_") for k in known} - declared - {name.replace("-", "_")}):
        gaps.append(f"{name} ({path}) imports {module} without declaring it in Package.swift")

if gaps:
    print("\n".join(gaps))
    sys.exit(1)
print(f"imports: {sum(1 for t in targets if t[0] != 'systemLibrary')} targets declare what they import")
