#!/usr/bin/env python3
"""No file of the Rust sources imports, through others, from itself (a step of `make test`).

Reads every crate of crates/*/src, src-tauri/src and tests/src from its roots (lib.rs,
main.rs, src/bin/*.rs, src/bin/*/main.rs), following `mod NAME;` (and `#[path = "…"]`)
to the files, so each file has its module path. In each file it reads the paths that
name the crate's own modules: `use` declarations (`crate::`, `super::`, `self::`, a
child module's name) and paths written inline (`crate::a::b(…)`, `super::X`,
`checks::fold`). Comments and strings are skipped; a macro's body is read as code.

A path goes to the file of its longest module prefix; when the name after the module
is not defined there but imported by it (`pub use child::Thing;`, or any `use`: a child
may name its parent's private imports), it goes on to where that import leads, so a
child naming `super::Thing` that its parent merely re-exports from a sibling depends on
the sibling. Declaring a module (`mod child;`) is no import; `use child::X` is.

Every strongly connected set of files of more than one (an import circle) is printed
with the names that tie each file to the next, and the exit status is 1 when there is
one. Test code (`#[cfg(test)]`, inline or in a file) counts like any other.

Not seen, or seen coarsely: items a macro defines (a path to one goes to the file of
its module, which is where such a macro is usually called), paths a macro builds from
its pieces (`$crate::…`), paths in strings (serde's `deserialize_with = "a::b"`), a
glob import's names unless the glob's module defines or imports them, and `#[path]`
inside an inline module (a warning says so). A `use` inside a function counts for its
whole module. A file no `mod` reaches is named in a warning and not read.

Usage: scripts/check-circles.py [-v]   (-v: also the files read and their edges)
"""

import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_DIRS = sorted(ROOT.glob("crates/*/src")) + [ROOT / "src-tauri/src", ROOT / "tests/src"]
ITEM_KEYWORDS = {"fn", "struct", "enum", "trait", "type", "const", "static", "union"}

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
NUMBER = re.compile(r"[0-9][0-9A-Za-z_]*")
RAW_STRING = re.compile(r'(?:br|cr|r)(#*)"')
BLANKS = re.compile(r"[ \t\r]+")


def tokens(text):
    """Identifiers, string literals (as ('str', value)) and punctuation; comments,
    numbers, characters and lifetimes are dropped. Yields (kind, value, line)."""
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r":
            i = BLANKS.match(text, i).end()
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    line += text[i] == "\n"
                    i += 1
        elif c == '"' or (c in "bc" and text.startswith('"', i + 1)):
            start = i + 1 if c == '"' else i + 2
            j = start
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            value = text[start:j]
            line += value.count("\n")
            yield "str", value, line
            i = j + 1
        elif c in "bcr" and (m := RAW_STRING.match(text, i)) is not None:
            close = '"' + m.group(1)
            j = text.find(close, m.end())
            j = n if j < 0 else j
            value = text[m.end() : j]
            line += value.count("\n")
            yield "str", value, line
            i = j + len(close)
        elif c == "'" or (c == "b" and text.startswith("'", i + 1)):
            q = i if c == "'" else i + 1
            if text.startswith("\\", q + 1):
                j = q + 1
                while j < n and text[j] != "'":
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
            elif q + 2 < n and text[q + 2] == "'":
                i = q + 3
            else:  # a lifetime or a label
                m = IDENT.match(text, q + 1)
                i = m.end() if m else q + 1
        elif text.startswith("r#", i) and IDENT.match(text, i + 2):
            m = IDENT.match(text, i + 2)
            yield "id", m.group(), line
            i = m.end()
        elif (m := IDENT.match(text, i)) is not None:
            yield "id", m.group(), line
            i = m.end()
        elif (m := NUMBER.match(text, i)) is not None:
            i = m.end()
        elif text.startswith("::", i):
            yield "p", "::", line
            i += 2
        else:
            yield "p", c, line
            i += 1


class Module:
    def __init__(self, path, file, parent):
        self.path = path  # (crate root file, segment, …)
        self.file = file
        self.parent = parent
        self.children = {}  # name -> Module
        self.items = set()
        self.uses = {}  # name it binds -> path as written in this module
        self.globs = []  # paths of its `use …::*`, as written


class Reader:
    def __init__(self):
        self.modules = {}  # path tuple -> Module
        self.refs = []  # (module, written path, line)
        self.files = set()
        self.warnings = []

    def read_crate(self, root_file):
        root = Module((str(root_file.relative_to(ROOT)),), root_file, None)
        self.modules[root.path] = root
        self.read_file(root_file, root, root_file.parent)

    def read_file(self, file, module, child_dir):
        """Reads one file as `module`; its `mod NAME;` children live in `child_dir`."""
        self.files.add(file)
        toks = list(tokens(file.read_text(encoding="utf-8")))
        # A scope: (module, brace depth at which its items sit, folder of its children).
        scopes = [(module, 0, child_dir)]
        depth = 0
        pending_path = None
        i = 0
        while i < len(toks):
            kind, value, line = toks[i]
            scope, scope_depth, scope_dir = scopes[-1]
            nxt = toks[i + 1] if i + 1 < len(toks) else ("", "", line)
            if kind == "p" and value == "#" and i + 4 < len(toks):
                # #[path = "…"], for the `mod NAME;` it stands before
                attribute = [t[1] for t in toks[i + 1 : i + 4]]
                if attribute == ["[", "path", "="] and toks[i + 4][0] == "str":
                    pending_path = toks[i + 4][1]
                i += 1
                continue
            if kind == "p" and value == "{":
                depth += 1
            elif kind == "p" and value == "}":
                depth -= 1
                if len(scopes) > 1 and depth < scope_depth:
                    scopes.pop()
            elif kind == "p" and value == ";":
                pending_path = None
            elif kind == "id" and value == "mod" and nxt[0] == "id":
                name = nxt[1]
                after = toks[i + 2][1] if i + 2 < len(toks) else ""
                child = self.modules.get(scope.path + (name,))
                if child is None:
                    child = Module(scope.path + (name,), file, scope)
                    self.modules[child.path] = child
                scope.children[name] = child
                if after == ";":
                    if pending_path is not None:
                        if len(scopes) > 1:
                            where = f"{rel(file)}:{line}"
                            self.warnings.append(f"{where}: #[path] in an inline module: not read")
                            pending_path = None
                            i += 3
                            continue
                        target = (file.parent / pending_path).resolve()
                        sub_dir = target.parent
                    else:
                        target = scope_dir / f"{name}.rs"
                        sub_dir = scope_dir / name
                        if not target.exists():
                            target = scope_dir / name / "mod.rs"
                    if target.name == "mod.rs":
                        sub_dir = target.parent
                    if target.exists():
                        child.file = target
                        self.read_file(target, child, sub_dir)
                    else:
                        self.warnings.append(f"{rel(file)}:{line}: no file for `mod {name};`")
                    pending_path = None
                    i += 3
                    continue
                if after == "{":
                    depth += 1
                    scopes.append((child, depth, scope_dir / name))
                    pending_path = None
                    i += 3
                    continue
            elif kind == "id" and value == "use" and (i == 0 or toks[i - 1][1] != "::"):
                j, trees = parse_use(toks, i + 1)
                for written, name in trees:
                    if name == "*":
                        scope.globs.append(written)
                    elif name != "_":
                        scope.uses[name] = written
                    self.refs.append((scope, written, line))
                i = j
                continue
            elif kind == "id" and value in ITEM_KEYWORDS and nxt[0] == "id":
                # Not `const _`, `const fn`, `static mut`.
                if depth == scope_depth and nxt[1] not in ("_", "fn", "mut"):
                    scope.items.add(nxt[1])
            elif kind == "id" and value == "macro_rules" and i + 2 < len(toks):
                if depth == scope_depth and toks[i + 2][0] == "id":
                    scope.items.add(toks[i + 2][1])
            elif kind == "id" and nxt[1] == "::" and not (i > 0 and toks[i - 1][1] in ("::", "$")):
                written = [value]
                j = i + 1
                while j + 1 < len(toks) and toks[j][1] == "::" and toks[j + 1][0] == "id":
                    written.append(toks[j + 1][1])
                    j += 2
                if i >= 2 and toks[i - 1][1] == "in" and toks[i - 2][1] == "(":
                    i = j  # a visibility, `pub(in crate::a)`
                    continue
                self.refs.append((scope, tuple(written), line))
                i = j
                continue
            i += 1


def parse_use(toks, i):
    """The paths of a use tree starting at toks[i], each with the name it binds
    (`*` for a glob); and the index after its `;`."""
    out = []

    def tree(i, prefix):
        written = list(prefix)
        if toks[i][1] == "::":
            i += 1
        while True:
            kind, value, _ = toks[i]
            if value == "*":
                out.append((tuple(written), "*"))
                return i + 1
            if value == "{":
                i += 1
                while toks[i][1] != "}":
                    i = tree(i, written)
                    if toks[i][1] == ",":
                        i += 1
                return i + 1
            if kind != "id":
                return i + 1
            if value == "self" and toks[i + 1][1] != "::":
                # `a::{self, …}`: the module `a` itself
                name = written[-1] if written else "self"
                i += 1
            else:
                written.append(value)
                name = value
                i += 1
                if toks[i][1] == "::":
                    i += 1
                    continue
            if toks[i][1] == "as":
                name = toks[i + 1][1]
                i += 2
            out.append((tuple(written), name))
            return i

    while toks[i][1] != ";":
        i = tree(i, [])
        if toks[i][1] == ",":
            i += 1
    return i + 1, out


def rel(path):
    return str(Path(path).relative_to(ROOT))


class Resolver:
    def __init__(self, reader):
        self.modules = reader.modules

    def absolute(self, scope, written, seen=()):
        """The module-absolute path of a path written in `scope`, or None when it names
        another crate, the standard library, a local or a generic."""
        first = written[0]
        if first == "crate":
            root = scope
            while root.parent is not None:
                root = root.parent
            return root.path + tuple(written[1:])
        if first == "super":
            here, rest = scope, list(written)
            while rest and rest[0] == "super":
                here = here.parent
                rest.pop(0)
                if here is None:
                    return None
            if rest and rest[0] == "self":
                rest.pop(0)
            return here.path + tuple(rest)
        if first == "self":
            return scope.path + tuple(written[1:])
        if first in scope.children or first in scope.items:
            return scope.path + tuple(written)
        if first in scope.uses and (id(scope), first) not in seen:
            base = self.absolute(scope, scope.uses[first], seen + ((id(scope), first),))
            if base is not None:
                return base + tuple(written[1:])
        return None

    def module_of(self, path):
        for cut in range(len(path), 0, -1):
            module = self.modules.get(path[:cut])
            if module is not None:
                return module, path[cut:]
        return None, path

    def target(self, path, depth=0):
        """(file, name) that a module-absolute path leads to, or None."""
        module, rest = self.module_of(path)
        if module is None:
            return None
        if not rest:
            return module.file, path[-1]
        name = rest[0]
        if name in module.items or name in module.children or depth > 20:
            return module.file, name
        if name in module.uses:
            onward = self.absolute(module, module.uses[name])
            if onward is None:
                return None  # it re-exports another crate's
            return self.target(onward + tuple(rest[1:]), depth + 1)
        for glob in module.globs:
            base = self.absolute(module, glob)
            if base is None:
                continue
            source, _ = self.module_of(base)
            if source is not None and (name in source.items or name in source.uses):
                return self.target(base + tuple(rest), depth + 1)
        return module.file, name


def circles(graph):
    """Strongly connected components of more than one file (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for succ in edges:
                if succ not in index:
                    index[succ] = low[succ] = counter[0]
                    counter[0] += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph.get(succ, ())))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def main():
    verbose = "-v" in sys.argv[1:]
    reader = Reader()
    for source in SOURCE_DIRS:
        roots = [source / "lib.rs", source / "main.rs"]
        roots += sorted((source / "bin").glob("*.rs")) + sorted((source / "bin").glob("*/main.rs"))
        for root in roots:
            if root.exists():
                reader.read_crate(root)
    resolver = Resolver(reader)
    # file -> file -> {name: first line}
    edges = defaultdict(lambda: defaultdict(dict))
    for scope, written, line in reader.refs:
        path = resolver.absolute(scope, written)
        if path is None:
            continue
        hit = resolver.target(path)
        if hit is None:
            continue
        target, name = hit
        if target != scope.file:
            edges[scope.file][target].setdefault(name, line)
    graph = {f: set(t) for f, t in edges.items()}
    for warning in reader.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    read = {f.resolve() for f in reader.files}
    for source in SOURCE_DIRS:
        for path in sorted(source.rglob("*.rs")):
            if path.resolve() not in read:
                print(f"warning: no `mod` reaches {rel(path)}: not read", file=sys.stderr)
    if verbose:
        for f in sorted(edges):
            for t in sorted(edges[f]):
                print(f"{rel(f)} -> {rel(t)}: {', '.join(sorted(edges[f][t]))}")
    found = circles(graph)
    for component in found:
        members = set(component)
        print(f"import circle among {len(component)} files:")
        for f in component:
            for t in sorted(edges[f]):
                if t in members:
                    ties = ", ".join(f"{n} (line {ln})" for n, ln in sorted(edges[f][t].items()))
                    print(f"  {rel(f)} -> {rel(t)}: {ties}")
    count = len(reader.files)
    if found:
        print(f"{len(found)} import circle(s) among the {count} Rust files read")
        return 1
    print(f"no import circle among the {count} Rust files read")
    return 0


if __name__ == "__main__":
    sys.exit(main())
