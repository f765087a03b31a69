"""nginx's `hash $request_uri consistent` ring, computed exactly as its
ngx_http_upstream_hash_module does (160 points per server, each crc32(HOST \\0 PORT
PREV_HASH); a key's point is the first at or after its crc32, wrapping). The capacity
model and its replay send URLs to replicas with it; the cluster test checks it against
nginx."""
import zlib
from bisect import bisect_left


def nginx_chash_points(servers):
    """nginx's consistent-hash ring for `servers` ("host:port" as written in `server`),
    weight 1 each: sorted (hash, server index), as ngx_http_upstream_update_chash."""
    points = []
    for index, server in enumerate(servers):
        host, _, port = server.rpartition(":")
        if not port.isdigit() or not host:
            host, port = server, ""
        base = zlib.crc32(host.encode() + b"\0" + port.encode())
        previous = 0
        for _ in range(160):
            value = zlib.crc32(previous.to_bytes(4, "little"), base)
            points.append((value, index))
            previous = value
    points.sort()
    deduplicated = []
    for point in points:
        if not deduplicated or deduplicated[-1][0] != point[0]:
            deduplicated.append(point)
    return deduplicated


class Ring:
    """Which server a key's crc32 goes to: the first point at or after it, wrapping."""

    def __init__(self, servers):
        points = nginx_chash_points(servers)
        self.hashes = [h for h, _ in points]
        self.owners = [i for _, i in points]

    def owner(self, key_hash):
        index = bisect_left(self.hashes, key_hash)
        return self.owners[index % len(self.hashes)]


def replica_names(count):
    """The `server` names of `count` replicas as the fronts list them: spinnerd-1:8080, …"""
    return [f"spinnerd-{i + 1}:8080" for i in range(count)]
