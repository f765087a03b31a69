#if canImport(Glibc)
import Glibc
#endif

/// The process's own figures as Prometheus's client libraries name them (`process_*`),
/// read from `/proc` when /metrics is scraped: nothing is counted between scrapes.
struct ProcessStatistics: Equatable {
    /// Resident memory, in bytes (`/proc/self/statm`'s second field × the page size).
    var residentBytes: Int
    /// Virtual memory, in bytes (`statm`'s first field × the page size).
    var virtualBytes: Int
    /// User and system CPU time, in seconds (`/proc/self/stat`'s utime + stime).
    var cpuSeconds: Double
    /// Open file descriptors (the entries of `/proc/self/fd`).
    var openDescriptors: Int
    /// The descriptor limit (`RLIMIT_NOFILE`'s soft limit).
    var maxDescriptors: Int
    /// When the process started, in seconds since the Unix epoch (the boot time of
    /// `/proc/stat` plus `/proc/self/stat`'s start time).
    var startTime: Double

    /// The figures now; nil where `/proc` cannot be read (not Linux).
    static func read() -> ProcessStatistics? {
        guard let statm = SystemFile.read("/proc/self/statm"), let stat = SystemFile.read("/proc/self/stat"),
              let system = SystemFile.read("/proc/stat") else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK))), page = sysconf(Int32(_SC_PAGESIZE))
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        return parse(statm: statm, stat: stat, system: system, ticksPerSecond: ticks > 0 ? ticks : 100, pageBytes: page,
                     openDescriptors: countDescriptors(), maxDescriptors: Int(clamping: limit.rlim_cur))
    }

    /// The figures from the files' texts.
    static func parse(statm: String, stat: String, system: String, ticksPerSecond: Double, pageBytes: Int,
                      openDescriptors: Int, maxDescriptors: Int) -> ProcessStatistics? {
        let pages = statm.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        // The command name (field 2) is in parentheses and may hold spaces: fields are
        // counted after its closing one, field 3 (state) first.
        guard pages.count >= 2, let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let user = Double(fields[11]), let kernel = Double(fields[12]), let started = Double(fields[19]),
              let boot = system.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }).flatMap({ Double($0.dropFirst(6)) })
        else { return nil }
        return ProcessStatistics(residentBytes: pages[1] * pageBytes, virtualBytes: pages[0] * pageBytes,
                                 cpuSeconds: (user + kernel) / ticksPerSecond, openDescriptors: openDescriptors,
                                 maxDescriptors: maxDescriptors, startTime: boot + started / ticksPerSecond)
    }

    /// The entries of /proc/self/fd (the one `opendir` holds counts, as in Prometheus's
    /// own client libraries).
    private static func countDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 0 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { count += 1 }
        }
        return count
    }
}

/// The process's figures in `/metrics`, read from `/proc` at each scrape (none where it
/// cannot be read).
struct ProcessMetrics: MetricsSource {
    func expose(into exposition: inout Exposition) {
        guard let process = ProcessStatistics.read() else { return }
        exposition.family("process_resident_memory_bytes", .gauge, "Resident memory size in bytes.", process.residentBytes)
        exposition.family("process_virtual_memory_bytes", .gauge, "Virtual memory size in bytes.", process.virtualBytes)
        exposition.family("process_cpu_seconds_total", .counter, "Total user and system CPU time spent in seconds.",
                          [("", Exposition.number(process.cpuSeconds))])
        exposition.family("process_open_fds", .gauge, "Number of open file descriptors.", process.openDescriptors)
        exposition.family("process_max_fds", .gauge, "Maximum number of open file descriptors.", process.maxDescriptors)
        exposition.family("process_start_time_seconds", .gauge, "Start time of the process since unix epoch in seconds.",
                          [("", Exposition.number(process.startTime))])
    }
}
