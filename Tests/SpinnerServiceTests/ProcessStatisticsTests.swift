@testable import SpinnerService
import XCTest

/// `process_*` figures from /proc's texts: fields counted after the command name's last
/// parenthesis (a name may hold spaces and parentheses), pages × page size, ticks / Hz.
final class ProcessStatisticsTests: XCTestCase {
    private let statm = "45384 5523 3102 1420 0 11021 0\n"
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    // cutime cstime priority nice threads itrealvalue starttime …
    private let stat = "4242 (spin (d) er) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 50 0 0 20 0 7 0 123400 185896960 5523\n"
    private let system = "cpu  1 2 3 4\nintr 5\nbtime 1796400000\nprocesses 9\n"

    func testTheFiguresAreReadFromTheirFields() throws {
        let figures = try XCTUnwrap(ProcessStatistics.parse(statm: statm, stat: stat, system: system, ticksPerSecond: 100, pageBytes: 4096,
                                                            openDescriptors: 12, maxDescriptors: 1024))
        XCTAssertEqual(figures.residentBytes, 5523 * 4096)
        XCTAssertEqual(figures.virtualBytes, 45384 * 4096)
        XCTAssertEqual(figures.cpuSeconds, 3.0, accuracy: 1e-9)
        XCTAssertEqual(figures.startTime, 1_796_400_000 + 1234, accuracy: 1e-6)
        XCTAssertEqual(figures.openDescriptors, 12)
        XCTAssertEqual(figures.maxDescriptors, 1024)
    }

    func testTruncatedOrForeignTextsGiveNothing() {
        XCTAssertNil(ProcessStatistics.parse(statm: "", stat: stat, system: system, ticksPerSecond: 100, pageBytes: 4096,
                                             openDescriptors: 1, maxDescriptors: 1))
        XCTAssertNil(ProcessStatistics.parse(statm: statm, stat: "4242 (x) S 1 2 3", system: system, ticksPerSecond: 100, pageBytes: 4096,
                                             openDescriptors: 1, maxDescriptors: 1))
        XCTAssertNil(ProcessStatistics.parse(statm: statm, stat: stat, system: "cpu 1 2\n", ticksPerSecond: 100, pageBytes: 4096,
                                             openDescriptors: 1, maxDescriptors: 1))
    }

    func testThisProcessIsRead() throws {
        let figures = try XCTUnwrap(ProcessStatistics.read())
        XCTAssertGreaterThan(figures.residentBytes, 0)
        XCTAssertGreaterThan(figures.openDescriptors, 2)
        XCTAssertLessThanOrEqual(figures.openDescriptors, figures.maxDescriptors)
    }
}
