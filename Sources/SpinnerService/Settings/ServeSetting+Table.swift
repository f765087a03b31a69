import HTTPServer
import SpinnerModel

extension ServeSetting {
    /// Every `spinnerd serve` setting, in the order `--help` and docs/operations.md list them.
    public static let all: [ServeSetting] = [
        integer("port", "PORT", 0 ... 65_535, "0 picks a free port", \.port),
        ServeSetting(name: "admin-port", variable: "SPINNERD_ADMIN_PORT", placeholder: "PORT|off", defaultText: "off",
                     summary: "serve `/metrics` and `/healthz` on this port too (same `--host`; 0 picks a free one), for scrapers and "
                         + "probes, and answer `/metrics` 404 on `--port`, so a public front never passes the metrics on; `off`: "
                         + "every route on `--port`",
                     isSwitch: false) { settings, value in
            if value == "off" {
                settings.adminPort = nil
                return nil
            }
            guard let port = Int(value), (0 ... 65_535).contains(port) else { return "--admin-port must be a port (0…65535) or off" }
            settings.adminPort = port
            return nil
        },
        ServeSetting(name: "host", variable: "HOST", placeholder: defaults.host, defaultText: defaults.host, summary: "IPv4 address to bind",
                     isSwitch: false) { settings, value in
            guard !value.isEmpty else { return "--host must be an IPv4 address" }
            settings.host = value
            return nil
        },
        bytes("cache-bytes", "SPINNERD_CACHE_BYTES", 0 ... (1 << 40), placeholder: String(ServeSettings.defaultCacheBytes),
                default: "\(ServeSettings.defaultCacheBytes); under a memory limit, at most a quarter of what it leaves (see below)",
                "bound of the image cache, in bytes (`64Mi` and the like as for `--memory-limit`; LRU; the URLs that found each image "
                    + "count too)", must: "a byte count (0…2^40; 64Mi, 1G, 512m)", \.cacheBytes),
        integer("workers", "SPINNERD_WORKERS", 1 ... 256, placeholder: "N", default: "cores", "threads of the quick render lane",
                \.lanes.quickWorkers),
        integer("render-queue", "SPINNERD_RENDER_QUEUE", 1 ... 100_000,
                "quick renders that may wait; beyond, 503", \.lanes.quickQueue),
        integer("event-loops", "SPINNERD_EVENT_LOOPS", 1 ... 64, placeholder: "N", default: "min(2, cores)", "epoll threads",
                \.eventLoops),
        derived("max-connections", "SPINNERD_MAX_CONNECTIONS", 1 ... 1_000_000, default: "from the descriptor limit",
                "connections served at once (see below)", must: "positive", \.maxConnections),
        derived("max-connections-per-client", "SPINNERD_MAX_CONNECTIONS_PER_CLIENT", 0 ... 1_000_000,
                default: "max-connections / 8, at least 8 and at most 256",
                "connections one client address may hold (a `--trusted-proxies` front: no limit, it bounds its clients' itself); `0` for no limit",
                must: "0 (no limit) or more", \.maxConnectionsPerClient),
        seconds("request-timeout", "SPINNERD_REQUEST_TIMEOUT",
                "seconds to send a request head, counted from accept (408, or a quiet close for a socket that sent nothing)",
                \.requestTimeout),
        seconds("idle-timeout", "SPINNERD_IDLE_TIMEOUT",
                "seconds an idle keep-alive connection stays, and a client that stopped reading may keep its answers waiting",
                \.idleTimeout),
        integer("max-pixel-frames", "SPINNERD_MAX_PIXEL_FRAMES", 1 ... 1_000_000_000,
                "render budget: most pixels × frames of one animation", must: "positive (at most 10^9)", \.budget.maxPixelFrames),
        integer("max-frames", "SPINNERD_MAX_FRAMES", 1 ... 100_000,
                "render budget: most frames of one animation", must: "positive (at most 100000)", \.budget.maxFrames),
        ServeSetting(name: "max-render-seconds", variable: "SPINNERD_MAX_RENDER_SECONDS", placeholder: String(defaults.budget.maxRenderSeconds),
                     defaultText: String(defaults.budget.maxRenderSeconds),
                     summary: "render budget: longest estimated render, in seconds of one core", isSwitch: false) { settings, value in
            guard let number = Double(value), number > 0, number <= 3600 else { return "--max-render-seconds must be seconds (more than 0, at most 3600)" }
            settings.budget.maxRenderSeconds = number
            return nil
        },
        integer("heavy-workers", "SPINNERD_HEAVY_WORKERS", 1 ... 256, placeholder: "N", default: "cores / 2, at least 1",
                "threads of the heavy render lane", \.lanes.heavyWorkers),
        integer("heavy-queue", "SPINNERD_HEAVY_QUEUE", 0 ... 10_000,
                "heavy renders that may wait; beyond, 503", \.lanes.heavyQueue),
        integer("heavy-renders-per-client", "SPINNERD_HEAVY_RENDERS_PER_CLIENT", 0 ... 10_000,
                "heavy renders one client may have waiting or running (the client the access log names: through a `--trusted-proxies` front, the one it forwarded for); beyond, 503; `0` for no limit",
                must: "0 (no limit) or more (at most 10000)", \.lanes.heavyPerClient),
        seconds("render-timeout", "SPINNERD_RENDER_TIMEOUT", "seconds a render may run before it is stopped and answered 503",
                \.renderTimeout),
        seconds("queue-timeout", "SPINNERD_QUEUE_TIMEOUT",
                "seconds a render may wait for a thread (and, under a memory limit, for memory) before it is answered 503 with "
                    + "`Retry-After`; every admitted request is answered within this plus `--render-timeout`",
                \.queueTimeout),
        bytes("memory-limit", "SPINNERD_MEMORY_LIMIT", 1 ... (1 << 50),
              default: "the cgroup's",
              "bytes the process may use, plain or as Kubernetes and podman write them (`1Gi`, `512Mi`, `1G`, `512m`); renders wait for "
                  + "memory rather than pass it (see \"Memory under a limit\"); the smaller of this and the cgroup's (the smallest limit "
                  + "of the process's memory cgroup and those above it) is kept",
              must: "a byte count (1…2^50; 1Gi, 512Mi, 1G, 512m)", \.memoryLimit),
        ServeSetting(name: "signing-key", variable: "SPINNERD_SIGNING_KEY", placeholder: "KEY[,OLD_KEY…]", defaultText: "none",
                     summary: "signed mode: one or more comma-separated keys (\(URLSigning.minimumKeyLength) bytes or more); spinner URLs "
                         + "must carry a valid `sig=` (see \"Signed URLs\")",
                     isSwitch: false) { settings, value in
            guard let signing = URLSigning(list: value) else {
                return "--signing-key must be one or more comma-separated keys of at least \(URLSigning.minimumKeyLength) bytes"
            }
            settings.signing = signing
            return nil
        },
        toggle("gallery", "SPINNERD_GALLERY", default: "on, off in signed mode",
               "serve the gallery at `/`; `--gallery` turns it on in signed mode, `--gallery=false` off", \.gallery),
        wholeSeconds("error-max-age", "SPINNERD_ERROR_MAX_AGE", 0 ... 86_400,
                "seconds a front or CDN may keep a 400, 403 or 404 (`Cache-Control: public, max-age=…`), so floods of bad URLs stop "
                    + "there; `0`: `no-store`. 503s are never cached",
                must: "0…86400 seconds", \.errorMaxAge),
        toggle("prerender", "SPINNERD_PRERENDER",
               "render every kind's default image in every format in the background at start (quick lane, only while no request "
                   + "waits, one at a time; readiness is not delayed), so their first visitors find them cached; `--prerender=false` off",
               \.prerender),
        toggle("provisional", "SPINNERD_PROVISIONAL",
               "answer a new APNG, GIF or WebP URL at once with a quick encode (`Cache-Control: public, max-age=60`, its own "
                   + "ETag) and make the final encode behind it (one at a time, at the lowest CPU priority), which replaces it in the cache "
                   + "with `immutable`; a kind's default APNG is kept compressed by zopfli. `--provisional=false`: one final "
                   + "encode per URL, which the first visitor waits for", \.provisional),
        ServeSetting(name: "background-cpu", variable: "SPINNERD_BACKGROUND_CPU", placeholder: "CORES|off", defaultText: "off",
                     summary: "the CPU the final encodes may take on average, in cores (0.05…64), so that an autoscaler sees only "
                         + "what visitors cause (the manifests: 0.25, under the HPA's target); `off`: what the machine leaves idle, "
                         + "at the lowest priority",
                     isSwitch: false) { settings, value in
            if value == "off" {
                settings.backgroundCPU = nil
                return nil
            }
            guard let cores = Double(value), cores.isFinite, (0.05 ... 64).contains(cores), value.allSatisfy({ $0.isNumber || $0 == "." })
            else { return "--background-cpu must be cores (0.05…64) or off" }
            settings.backgroundCPU = cores
            return nil
        },
        integer("final-queue", "SPINNERD_FINAL_QUEUE", 1 ... 100_000,
                "final encodes that may wait behind provisional answers; beyond, one is dropped (its provisional answer stays, "
                    + "and its next request queues it again)", \.finalQueue),
        ServeSetting(name: "log-level", variable: "SPINNERD_LOG_LEVEL", placeholder: LogLevel.allCases.map(\.rawValue).joined(separator: "|"),
                     defaultText: defaults.logLevel.rawValue,
                     summary: "`info` writes a line per answer (`--log-format`) but the probes' and scrapes' (`/healthz`, `/metrics`: "
                         + "`debug` writes those too), and warnings and errors; `warn` only answers with a 5xx status, warnings and "
                         + "errors; `error` only those answers and errors; `none` nothing. The start-up, drain and stop lines are "
                         + "written at every level but `none`",
                     isSwitch: false) { settings, value in
            guard let level = LogLevel(rawValue: value) else { return "--log-level must be debug, info, warn, error or none" }
            settings.logLevel = level
            return nil
        },
        ServeSetting(name: "log-format", variable: "SPINNERD_LOG_FORMAT", placeholder: LogFormat.allCases.map(\.rawValue).joined(separator: "|"),
                     defaultText: defaults.logFormat.rawValue,
                     summary: "`text`: an answer as `TIME CLIENT \"METHOD TARGET VERSION\" STATUS BYTES MSms NOTE \"USER-AGENT\" [id=REQUEST-ID]` "
                         + "(NOTE: `cache=hit`, `cache=miss`, `reason=…` of a refusal, or `-`), anything else as `spinnerd: …`; `json`: "
                         + "every line one object with `time`, `level` and `msg`, an answer's with `client`, `peer`, `method`, `path`, "
                         + "`protocol`, `status`, `bytes`, `duration_ms`, `cache` or `reason`, `user_agent` and `request_id` (a front's "
                         + "`X-Request-ID`). A `sig=` value is cut to its first 8 characters",
                     isSwitch: false) { settings, value in
            guard let format = LogFormat(rawValue: value) else { return "--log-format must be text or json" }
            settings.logFormat = format
            return nil
        },
        ServeSetting(name: "ready-file", variable: "SPINNERD_READY_FILE", placeholder: "PATH", defaultText: "none",
                     summary: "once listening, write one JSON object here — `version`, `pid`, `host`, `port` and `admin_port` (null "
                         + "without one) — whole (a temporary file renamed over it): how tests and tools find a `--port 0` server",
                     isSwitch: false) { settings, value in
            guard !value.isEmpty, !value.utf8.contains(0) else { return "--ready-file must be a file path" }
            settings.readyFile = value
            return nil
        },
        ServeSetting(name: "trusted-proxies", variable: "SPINNERD_TRUSTED_PROXIES", placeholder: "CIDR[,CIDR…]", defaultText: "none",
                     summary: "fronts (IPv4 addresses or networks, comma-separated) whose `X-Forwarded-For` names the client, in the "
                         + "log and for `--heavy-renders-per-client`; exempt from `--max-connections-per-client`; from any other peer "
                         + "the header is ignored",
                     isSwitch: false) { settings, value in
            guard let proxies = TrustedProxies(list: value) else {
                return "--trusted-proxies must be IPv4 addresses or networks (10.0.0.0/8), comma-separated"
            }
            settings.trustedProxies = proxies
            return nil
        },
    ]

    /// docs/operations.md's table of the settings (a test holds the page to it).
    public static var markdownTable: String {
        (["| flag | default | |", "|---|---|---|"] + all.map { setting in
            "| `--\(setting.name)` (`\(setting.variable)`) | \(setting.defaultText) | \(setting.summary) |"
        }).joined(separator: "\n")
    }

    /// The usage line's flags: `[--port 8080] [--host 0.0.0.0] … [--gallery] …`, wrapped
    /// to lines of at most `width` characters after the first.
    public static func usageFlags(width: Int = 100) -> [String] {
        var lines: [String] = []
        var line = ""
        for setting in all {
            let word = setting.isSwitch ? "[--\(setting.name)]" : "[--\(setting.name) \(setting.placeholder)]"
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
