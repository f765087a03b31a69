@testable import SpinnerService
import XCTest

/// The memory limit is found wherever the process runs: from `/proc/self/cgroup` and the
/// hierarchy's mount in `/proc/self/mountinfo`, the smallest limit from the process's cgroup
/// up to the mount's root, under cgroup v1 and v2; none when every level is unlimited.
/// Each case is a fixture tree of the files the kernel shows.
final class CgroupMemoryLimitTests: XCTestCase {
    private let mib = 1 << 20
    private let v1Mounts = """
        31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
        32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
        35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
        41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
        """
    private let v2Mounts = "29 23 0:26 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot"

    private func find(_ files: [String: String]) -> CgroupMemoryLimit? {
        CgroupMemoryLimit.find { files[$0] }
    }

    /// cgroup v1, a systemd unit with `MemoryMax=` in a slice: the unit's own limit when it
    /// is the smaller, the slice's when that is.
    func testANestedV1CgroupTakesTheSmallestLimitOnTheWayUp() {
        var files = [
            "/proc/self/cgroup": "9:name=systemd:/system.slice/spinnerd.service\n4:memory:/system.slice/spinnerd.service\n1:cpu:/\n0::/\n",
            "/proc/self/mountinfo": v1Mounts,
            "/sys/fs/cgroup/memory/system.slice/spinnerd.service/memory.limit_in_bytes": "536870912\n",
            "/sys/fs/cgroup/memory/system.slice/memory.limit_in_bytes": "1073741824\n",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
        ]
        XCTAssertEqual(find(files), CgroupMemoryLimit(bytes: 512 * mib, file: "/sys/fs/cgroup/memory/system.slice/spinnerd.service/memory.limit_in_bytes"))
        files["/sys/fs/cgroup/memory/system.slice/memory.limit_in_bytes"] = "268435456\n"
        XCTAssertEqual(find(files)?.bytes, 256 * mib)
        XCTAssertEqual(find(files)?.file, "/sys/fs/cgroup/memory/system.slice/memory.limit_in_bytes")
    }

    /// cgroup v2 nested: the process's own cgroup says `max`, its parent holds the limit.
    func testANestedV2CgroupReadsItsParentsLimit() {
        let files = [
            "/proc/self/cgroup": "0::/user.slice/user-1000.slice/app.scope\n",
            "/proc/self/mountinfo": v2Mounts,
            "/sys/fs/cgroup/user.slice/user-1000.slice/app.scope/memory.max": "max\n",
            "/sys/fs/cgroup/user.slice/user-1000.slice/memory.max": "805306368\n",
            "/sys/fs/cgroup/user.slice/memory.max": "max\n",
        ]
        XCTAssertEqual(find(files), CgroupMemoryLimit(bytes: 768 * mib, file: "/sys/fs/cgroup/user.slice/user-1000.slice/memory.max"))
    }

    /// A container with its own cgroup namespace sees itself at the root (what podman and
    /// Docker on cgroup v2 give): the root's file.
    func testAContainerNamespaceRootIsRead() {
        let files = ["/proc/self/cgroup": "0::/\n", "/proc/self/mountinfo": v2Mounts, "/sys/fs/cgroup/memory.max": "536870912\n"]
        XCTAssertEqual(find(files), CgroupMemoryLimit(bytes: 512 * mib, file: "/sys/fs/cgroup/memory.max"))
    }

    /// A v1 container without a namespace: its cgroup's directory is bind-mounted at the
    /// hierarchy's usual place (the mount's root is the cgroup's path).
    func testABindMountedV1CgroupIsReadAtTheMountPoint() {
        let files = [
            "/proc/self/cgroup": "12:memory:/docker/0123abcd\n",
            "/proc/self/mountinfo": "700 690 0:32 /docker/0123abcd /sys/fs/cgroup/memory ro,nosuid - cgroup cgroup rw,memory\n",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes": "1073741824\n",
        ]
        XCTAssertEqual(find(files), CgroupMemoryLimit(bytes: 1024 * mib, file: "/sys/fs/cgroup/memory/memory.limit_in_bytes"))
    }

    /// The hybrid layout of Debian 12 hosts like this one: the memory controller is in v1;
    /// the unified hierarchy has no `memory.max` and adds nothing.
    func testTheHybridLayoutReadsTheV1MemoryHierarchy() {
        let files = [
            "/proc/self/cgroup": "4:memory:/process_api/abc\n0::/\n",
            "/proc/self/mountinfo": v1Mounts,
            "/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes": "402653184\n",
            "/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes": "9223372036854771712\n",
        ]
        XCTAssertEqual(find(files)?.bytes, 384 * mib)
    }

    /// Unlimited at every level (v1's near-2^63, v2's `max`), nothing readable, or garbage: no limit.
    func testUnlimitedOrUnreadableMeansNoLimit() {
        XCTAssertNil(find([
            "/proc/self/cgroup": "4:memory:/a\n0::/b\n", "/proc/self/mountinfo": v1Mounts + "\n" + v2Mounts,
            "/sys/fs/cgroup/memory/a/memory.limit_in_bytes": "9223372036854771712\n",
            "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
            "/sys/fs/cgroup/b/memory.max": "max\n", "/sys/fs/cgroup/memory.max": "max\n",
        ]))
        XCTAssertNil(find([:]))
        XCTAssertNil(find(["/proc/self/cgroup": "garbage", "/proc/self/mountinfo": "garbage - more", "/sys/fs/cgroup/memory.max": "12x"]))
        XCTAssertNil(find(["/proc/self/cgroup": "0::/\n", "/proc/self/mountinfo": v2Mounts, "/sys/fs/cgroup/memory.max": "0\n"]))
    }

    /// Without /proc (a sandbox), where a container's own namespace puts its limit.
    func testWithoutProcTheRootFilesAreRead() {
        XCTAssertEqual(find(["/sys/fs/cgroup/memory.max": "536870912\n"])?.bytes, 512 * mib)
        XCTAssertEqual(find(["/sys/fs/cgroup/memory/memory.limit_in_bytes": "1073741824\n"])?.bytes, 1024 * mib)
    }

    /// mountinfo escapes spaces in paths (`\040`); the path is read back as it is.
    func testEscapedMountPointsAreUnescaped() {
        let files = [
            "/proc/self/cgroup": "0::/\n",
            "/proc/self/mountinfo": "29 23 0:26 / /run/my\\040cgroup rw - cgroup2 cgroup2 rw\n",
            "/run/my cgroup/memory.max": "536870912\n",
        ]
        XCTAssertEqual(find(files)?.file, "/run/my cgroup/memory.max")
    }

    /// The real files of the machine running the tests parse (whatever their limit).
    func testTheRealFilesParse() throws {
        let cgroup = try XCTUnwrap(SystemFile.read("/proc/self/cgroup"))
        XCTAssertFalse(CgroupMembership.parse(cgroup).isEmpty, cgroup)
        let mounts = try XCTUnwrap(SystemFile.read("/proc/self/mountinfo"))
        XCTAssertFalse(CgroupMount.parse(mounts).isEmpty, "no cgroup mount found")
    }
}
