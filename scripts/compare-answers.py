#!/usr/bin/env python3
"""Asks two spinnerd binaries the same requests and reports every answer that differs
(status, headers but Date, body): the proof that a change meant to keep outputs leaves
them byte-identical. Each binary runs with `--prerender=false --provisional=false
--gallery`, so every answer is the final one and nothing depends on timing.

    scripts/compare-answers.py OLD_BINARY NEW_BINARY [--ignore PATH …]

Exit 0 when every answer is the same, 1 otherwise (each difference printed).
"""
import argparse
import http.client
import itertools
import json
import sys

from spinnerd_tools.harness import Server

FORMATS = ["svg", "lottie", "png", "gif", "apng", "webp"]
VARIANTS = ["", "?stroke=15&duration=1&style=accent", "?color=red&theme=dark&size=48", "?speed=2&background=1b2a3a",
            "?colour=red", "?size=99999", "?format=json", "?sig=abc",
            # lossy, and gradients (a stroke and a track), each format's palette and its writer
            "?quality=60", "?quality=80&color=linear-gradient(90deg,systemPurple,systemRed)",
            "?color=conic-gradient(red,yellow,lime)&size=32", "?track=radial-gradient(ffffff%2040%25,systemTeal)&quality=90"]
OTHERS = ["/", "/index.html", "/spinners", "/spinners/", "/openapi.yaml", "/healthz", "/nothing", "/spinner/",
          "/spinner/circuler.gif", "/spinner/circular.jpeg", "/spinner/circular/x", "/spinner/circular.GIF"]


def requests(kinds):
    """(method, target, headers) for every request both binaries are asked."""
    for kind, format, variant in itertools.product(kinds, FORMATS, VARIANTS):
        yield "GET", f"/spinner/{kind}.{format}{variant}", {}
    for kind in kinds:
        yield "GET", f"/spinner/{kind}", {}
        yield "HEAD", f"/spinner/{kind}.gif", {}
        yield "GET", f"/spinner/{kind}.svg", {"Accept-Encoding": "gzip"}
        yield "GET", f"/spinner/{kind}.svg?size=64", {"Accept-Encoding": "gzip, br"}
        yield "POST", f"/spinner/{kind}.svg", {}
    for target in OTHERS:
        yield "GET", target, {}
        yield "HEAD", target, {}
        yield "DELETE", target, {}


def ask(port, method, target, headers):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request(method, target, headers=headers)
    response = connection.getresponse()
    body = response.read()
    fields = [(name, value) for name, value in response.getheaders() if name.lower() != "date"]
    connection.close()
    return response.status, fields, body


def answers(binary, asked):
    server = Server(binary, args=["--prerender=false", "--provisional=false", "--gallery"], settle=False, production_deadlines=True)
    try:
        # Each request twice: the second is the cached answer (the prepared path).
        first = [(request, ask(server.port, *request)) for request in asked]
        second = [(request, ask(server.port, *request)) for request in asked]
        conditional = [((method, target, "If-None-Match"), ask(server.port, method, target, dict(headers, **{"If-None-Match": dict(fields)["ETag"]})))
                       for (method, target, headers), (_, fields, _) in first
                       if method == "GET" and "ETag" in dict(fields)]
    finally:
        server.stop()
    return first + second + conditional


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--ignore", action="append", default=[], help="a target whose answers may differ")
    arguments = parser.parse_args()
    server = Server(arguments.new, settle=False, production_deadlines=True)
    try:
        kinds = [kind["name"] for kind in json.loads(ask(server.port, "GET", "/spinners", {})[2])["kinds"]]
    finally:
        server.stop()
    asked = list(requests(kinds))
    old, new = answers(arguments.old, asked), answers(arguments.new, asked)
    differing = 0
    for ((method, target, headers), a), (asked_new, b) in zip(old, new):
        label = f"{method} {target} {headers}"
        if (method, target) != asked_new[:2]:
            print(f"differs: {label} asked against {asked_new}")
            differing += 1
            continue
        if a == b or target.split("?")[0] in arguments.ignore:
            continue
        differing += 1
        print(f"differs: {label}: status {a[0]} → {b[0]}; " + ("headers differ; " if a[1] != b[1] else "")
              + ("bodies differ" if a[2] != b[2] else "same body"))
        if a[1] != b[1]:
            print("   old:", a[1], "\n   new:", b[1])
    if len(old) != len(new):
        print(f"differs: {len(old)} answers against {len(new)}")
        differing += 1
    print(f"{len(old)} answers compared, {differing} differ"
          + (f" (ignoring {', '.join(arguments.ignore)})" if arguments.ignore else ""))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
