#!/usr/bin/env python3
"""Differential test of the request parser against llhttp (Node's parser, through
httptools): the same mutated requests go to a running release spinnerd and to llhttp,
and spinnerd must accept none that llhttp refuses. A lenient reading where a proxy in
front is strict (or the reverse) is how requests are smuggled.

spinnerd "accepts" a request when its first answer comes from the routes (any status
but the transport's refusals 400, 408, 413, 414, 431, 501, 505); llhttp accepts it when
the first message completes before any error. Every request goes on its own connection,
followed by a FIN, so an incomplete one ends at once.

    parser_differential.py [--binary PATH] [--cases N] [--seed S]
"""
import argparse
import random
import re
import socket
import sys

import httptools

from spinnerd_tools.harness import Server

REFUSALS = {400, 408, 413, 414, 431, 501, 505}

SEEDS = [
    b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /healthz?x=1&y=%41 HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nConnection: keep-alive\r\n\r\nabc",
    b"HEAD /healthz HTTP/1.0\r\nUser-Agent: differential\r\nAccept: */*\r\n\r\n",
    b"POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\nContent-Length: 0\r\n\r\n",
    b"GET http://t/healthz HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip, deflate\r\nIf-None-Match: \"x\"\r\n\r\n",
]

# Forms that proxies and servers have read differently (request smuggling), and plain mistakes.
STRUCTURED = [
    b"GET /healthz HTTP/1.1\nHost: t\n\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\n\n",
    b"GET /healthz HTTP/1.1\r\r\nHost: t\r\n\r\n",
    b"\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3, 3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3,,3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: +3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 3 \r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length : 3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length:\t3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 0x3\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 003\r\n\r\nabc",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999999999999\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\n Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nX: a\r\n b\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nX: a\x00b\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nX: a\rb\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nX: a\x7fb\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\n: x\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: t\r\nX\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHo st: t\r\n\r\n",
    b"GET /healthz HTTP/1.1 \r\nHost: t\r\n\r\n",
    b"GET  /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET\t/healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /health\xffz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET /healthz HTTP/1.2\r\nHost: t\r\n\r\n",
    b"GET /healthz http/1.1\r\nHost: t\r\n\r\n",
    b"get /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"FOO /healthz HTTP/1.1\r\nHost: t\r\n\r\n",
    b"GET ?a HTTP/1.1\r\nHost: t\r\n\r\n",
    b"OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n",
]

INTERESTING = [b"\r", b"\n", b"\r\n", b" ", b"\t", b"\x00", b"\x01", b"\x7f", b"\x80", b"\xff", b":", b",", b";", b"\"",
               b"Content-Length: 3\r\n", b"Content-Length: 0\r\n", b"Transfer-Encoding: chunked\r\n", b"Host: x\r\n",
               b"\r\n\r\n", b"HTTP/1.1", b"HTTP/1.0", b"0", b"3", b"-", b"+", b"a", b"%", b"?", b"#", b"/", b"\\"]


def mutate(rng, seed):
    data = bytearray(seed)
    for _ in range(rng.randint(1, 3)):
        operation = rng.randrange(6)
        position = rng.randrange(len(data) + 1)
        if operation == 0:
            data[position:position] = rng.choice(INTERESTING)
        elif operation == 1 and data:
            del data[position:position + rng.randint(1, 3)]
        elif operation == 2 and position < len(data):
            data[position:position + 1] = rng.choice(INTERESTING)[:1]
        elif operation == 3:
            lines = bytes(data).split(b"\r\n")
            index = rng.randrange(len(lines))
            lines.insert(index, lines[index])
            data = bytearray(b"\r\n".join(lines))
        elif operation == 4 and position < len(data):
            end = min(len(data), position + rng.randint(1, 8))
            data[position:end] = bytes(data[position:end]).swapcase()
        elif operation == 5 and position < len(data):
            data[position] = rng.randrange(256)
    return bytes(data)


class Messages:
    def __init__(self):
        self.completed = 0

    def on_message_complete(self):
        self.completed += 1


def llhttp_accepts(request):
    messages = Messages()
    parser = httptools.HttpRequestParser(messages)
    try:
        parser.feed_data(request)
    except httptools.HttpParserUpgrade:
        return True  # CONNECT or Upgrade: the message itself was read
    except httptools.HttpParserError:
        return messages.completed > 0
    return messages.completed > 0


def spinnerd_answer(port, request):
    """The status of spinnerd's first answer, or None when it closed without one."""
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        s.sendall(request)
        s.shutdown(socket.SHUT_WR)
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except (ConnectionResetError, BrokenPipeError):
        return None
    finally:
        s.close()
    match = re.match(rb"HTTP/1\.[01] (\d{3}) ", data)
    return int(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/spinnerd")
    parser.add_argument("--cases", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=9)
    arguments = parser.parse_args()
    server = Server(arguments.binary, args=["--max-connections-per-client", "0"], log_level="warn")
    try:
        port = server.port
        rng = random.Random(arguments.seed)
        requests = list(SEEDS) + STRUCTURED + [mutate(rng, rng.choice(SEEDS)) for _ in range(arguments.cases)]
        tally = {"both accept": 0, "both refuse": 0, "only llhttp accepts": 0, "only spinnerd accepts": 0}
        lenient = []
        for request in requests:
            ours = spinnerd_answer(port, request)
            accepted = ours is not None and ours not in REFUSALS
            theirs = llhttp_accepts(request)
            key = ("both accept" if theirs else "only spinnerd accepts") if accepted else \
                  ("only llhttp accepts" if theirs else "both refuse")
            tally[key] += 1
            if accepted and not theirs:
                lenient.append((request, ours))
        print(f"parser differential: {len(requests)} requests ({len(SEEDS)} seeds, {len(STRUCTURED)} known forms, "
              f"{arguments.cases} mutations, seed {arguments.seed}): {tally}")
        for request, status in lenient[:20]:
            print(f"  spinnerd answered {status}, llhttp refused: {request!r}")
        if lenient:
            print("parser differential: FAILED (spinnerd accepted what llhttp refuses)")
            return 1
        if tally["both accept"] < len(SEEDS):
            print("parser differential: FAILED (the seeds themselves were not accepted)")
            return 1
        print("parser differential: spinnerd accepts nothing llhttp refuses")
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
