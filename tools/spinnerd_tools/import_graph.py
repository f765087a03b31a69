"""The import graph of a package's modules, read from their source (ast, nothing imported),
and its cycles: scripts/check-python.sh holds spinnerd_tools to none.

Every import counts, those inside a function too: an import put off into a function only
hides a cycle until the function runs (browser.py's jobs once imported the page checks that
way, which imported their helpers back from it).

    python3 -m spinnerd_tools.import_graph [PACKAGE_DIRECTORY]

prints each module's imports within the package and exits 1 if any cycle is found (each
printed as a → b → a); the directory defaults to spinnerd_tools' own. Standard library only.
"""
import ast
import os
import sys


def modules(directory):
    """{module name: source path} of the package's top-level modules."""
    return {name[:-3]: os.path.join(directory, name) for name in sorted(os.listdir(directory))
            if name.endswith(".py")}


def imports(path, package, names):
    """The modules of the package (`names`, called `package` by absolute imports) that the
    file at `path` imports, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read(), path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == package and len(parts) > 1:
                    found.add(parts[1])
        elif isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".") if node.module else []
            if node.level == 1 or (node.level == 0 and parts[:1] == [package]):
                inner = parts if node.level == 1 else parts[1:]
                if inner:
                    found.add(inner[0])  # from .x import y, from package.x import y
                else:
                    found.update(alias.name for alias in node.names)  # from . import x
    return sorted(found & set(names))


def graph(directory, package=None):
    """{module: [modules of the package it imports]} for the package in `directory`."""
    package = package or os.path.basename(os.path.normpath(directory))
    names = modules(directory)
    return {name: [other for other in imports(path, package, names) if other != name] for name, path in names.items()}


def cycles(edges):
    """Each cycle of `edges` once, as a list of modules from and back to its first (a
    depth-first search; a cycle is reported where it closes)."""
    found, state, stack = [], {}, []

    def visit(name):
        state[name] = "open"
        stack.append(name)
        for other in edges.get(name, []):
            if state.get(other) == "open":
                found.append(stack[stack.index(other):] + [other])
            elif other not in state:
                visit(other)
        stack.pop()
        state[name] = "done"

    for name in sorted(edges):
        if name not in state:
            visit(name)
    return found


def main(arguments):
    directory = arguments[0] if arguments else os.path.dirname(os.path.abspath(__file__))
    edges = graph(directory)
    if not edges:
        print(f"import_graph: no modules in {directory}")
        return 1
    for name, others in edges.items():
        print(f"  {name}: {', '.join(others) or '-'}")
    found = cycles(edges)
    for cycle in found:
        print("import cycle: " + " → ".join(cycle))
    print(f"import_graph: {len(edges)} modules, {sum(map(len, edges.values()))} imports within the package, "
          f"{len(found)} cycles")
    return 1 if found else 0


if __name__ == "__main__":
    if sys.argv[1:] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main(sys.argv[1:]))
