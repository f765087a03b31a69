"""The catalog's lists for the Makefile and the shell scripts, one name a line, in catalog
order, read from the binary (`spinnerd kinds --json`) so that no script restates them:

  python3 -m spinnerd_tools.catalog BINARY kinds         the kinds (circular, activity, …)
  python3 -m spinnerd_tools.catalog BINARY formats       the formats' names (svg, apng, …, lottie)
  python3 -m spinnerd_tools.catalog BINARY extensions    the formats' file extensions (…, json for Lottie)
  python3 -m spinnerd_tools.catalog BINARY styles KIND   KIND's premade styles (none for a kind without)

It needs only the standard library: the Makefile runs it with PYTHONPATH=tools before the
package is installed.
"""
import sys

from .harness import catalog


def names(document, what, kind=None):
    """The list `what` names (kinds, formats, extensions, styles) from a catalog `document`;
    for styles, those of `kind`. An unknown list or kind is a SystemExit."""
    if what == "kinds":
        return [entry["name"] for entry in document["kinds"]]
    if what == "formats":
        return [entry["name"] for entry in document["formats"]]
    if what == "extensions":
        return [entry["extension"] for entry in document["formats"]]
    if what == "styles":
        found = [entry for entry in document["kinds"] if entry["name"] == kind]
        if not found:
            raise SystemExit(f"catalog: no kind {kind!r}")
        return list(found[0].get("styles", []))
    raise SystemExit(f"catalog: no list {what!r} (kinds, formats, extensions, styles KIND)")


def main(argv):
    """Prints the list argv asks for, one name a line; usage (exit 2) on a wrong call."""
    if argv[1:] in (["-h"], ["--help"]):
        print(__doc__)
        return 0
    if len(argv) < 3 or (argv[2] == "styles") != (len(argv) == 4) or len(argv) > 4:
        print(__doc__, file=sys.stderr)
        return 2
    for name in names(catalog(argv[1]), argv[2], argv[3] if len(argv) == 4 else None):
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
