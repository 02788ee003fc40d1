#!/usr/bin/env python3
"""Every target declares the modules it imports (issue 33): reads Package.swift's targets (name,
path, dependencies) and the `import` lines of their Swift files, and names each import of one of
this package's modules, or of a package product, that the target does not declare. A module
reached only through another (imported without being declared) compiles today and breaks the day
that other target stops depending on it.

Some targets are kept pure by what they may import at all (`PURE`, issue 40): the client's core
(`SwipeClientCore`: model, update, view) may import only its table's modules, so lws, curses,
chafa, HTTP and the shells' targets can never reach `update`; and its files may not name the
Foundation and C calls that do file, network, process or thread work (`PURE_FORBIDDEN_NAMES`).

A room store (`STORES`: the `RoomStore`s `SwipeSQLiteStore` and `SwipeMemoryStore`, the
`SharedStore` `SwipeRedisStore`) is held to its table the same way: the seam, the engine's values
and its own storage, never the driver or the transport.

    python3 scripts/check-imports.py        # "imports: 16 targets declare what they import", or the gaps; exit 1 on a gap
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent

# Targets that may import these modules and no other (the standard library aside).
PURE = {
    "SwipeClientCore": {"SwipeCore", "SwipeProtocol", "SwipePictures", "CUTF8Proc", "CFriBidi",
                        "Foundation"},  # Foundation for text and maths only: see PURE_FORBIDDEN_NAMES
}
# Never in a pure target, whatever its table says: the shells' modules and the C libraries of I/O.
PURE_NEVER = {"CLibWebSockets", "CNCursesW", "CTerminalSignals", "CChafa", "CCurl", "CSQLite", "CHiredis",
              "SwipeClient", "SwipeHTTPClient", "SwipeServer", "SwipeStore", "SwipeNotify",
              "FoundationNetworking", "Glibc", "Darwin", "Dispatch", "Logging"}
# Names of file, network, process, clock and thread work a pure target's code may not use.
PURE_FORBIDDEN_NAMES = ["FileManager", "FileHandle", "URLSession", "HTTPGet", "contentsOfFile", "contentsOf:",
                        "fopen", "ProcessInfo", "Thread", "DispatchQueue", "DispatchTime", "Date()", "NSCondition",
                        "getenv", "ioctl", "STDIN_FILENO", "STDOUT_FILENO"]
# A `RoomStore` only keeps and gives back a room's events (issue 40): it may import the seam, the
# room engine's values and its own storage, never the driver, the transport or another store.
STORES = {
    "SwipeSQLiteStore": {"SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipePictures", "SwipeStore", "Foundation", "Dispatch"},
    "SwipeMemoryStore": {"SwipeBackend", "SwipeRooms", "SwipeProtocol"},
    # A `SharedStore` (issue 40): the same, and its own link (hiredis) and log handler.
    "SwipeRedisStore": {"SwipeBackend", "SwipeRooms", "SwipeProtocol", "SwipeCore", "SwipePictures", "SwipeStore", "CHiredis",
                        "Logging", "Foundation"},
}
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
            m = re.match(r"\s*(?:@testable\s+|@_exported\s+|@preconcurrency\s+)?import\s+(\w+)", line)
            if m:
                imported.add(m.group(1))
    # An executable target's tests import it by its module name (dashes become underscores).
    declared = deps | {d.replace("-", "_") for d in deps}
    for module in sorted(imported & {k.replace("-", "_") for k in known} - declared - {name.replace("-", "_")}):
        gaps.append(f"{name} ({path}) imports {module} without declaring it in Package.swift")

# The pure targets: only their table's imports, and no I/O by name (comments aside).
for kind, name, path, deps in targets:
    if name not in PURE:
        continue
    allowed = PURE[name] - PURE_NEVER
    for module in sorted(deps - allowed):
        gaps.append(f"{name} ({path}) depends on {module} in Package.swift: a pure target may use only {', '.join(sorted(allowed))}")
    for file in sorted((root / path).rglob("*.swift")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("//", 1)[0]
            m = re.match(r"\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|func|var|let|protocol|typealias)\s+)?(\w+)", code)
            where = f"{file.relative_to(root)}:{number}"
            if m and m.group(1) not in allowed:
                gaps.append(f"{where}: {name} is pure and may not import {m.group(1)} (it may import {', '.join(sorted(allowed))})")
            for forbidden in PURE_FORBIDDEN_NAMES:
                if forbidden in code:
                    gaps.append(f"{where}: {name} is pure and may not use {forbidden} (file, network, clock or thread work belongs in a shell)")

# The room stores: their table only, so no store reaches the driver's registry, timers or sessions.
for kind, name, path, deps in targets:
    if name not in STORES:
        continue
    for module in sorted(deps - STORES[name]):
        gaps.append(f"{name} ({path}) depends on {module} in Package.swift: a store may use only {', '.join(sorted(STORES[name]))}")
    for file in sorted((root / path).rglob("*.swift")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            m = re.match(r"\s*(?:@\w+\s+)*import\s+(\w+)", line.split("//", 1)[0])
            if m and m.group(1) not in STORES[name]:
                gaps.append(f"{file.relative_to(root)}:{number}: {name} is a store and may not import {m.group(1)}")

if gaps:
    print("\n".join(gaps))
    sys.exit(1)
print(f"imports: {sum(1 for t in targets if t[0] != 'systemLibrary')} targets declare what they import")
