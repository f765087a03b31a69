// spinnerd-fuzz: coverage-guided fuzz targets for spinnerd's parsers and encoders.
//
//     spinnerd-fuzz --list
//     spinnerd-fuzz TARGET [libFuzzer flags…] [CORPUS_DIR…]    (built by `make fuzz`)
//     spinnerd-fuzz TARGET FILE_OR_DIR…                         (any build: replays inputs)
//
// `make fuzz` builds this with `-sanitize=fuzzer,address -DFUZZING`, which links
// libFuzzer; SwiftPM hides libFuzzer's own main, so this main hands the arguments to
// `LLVMFuzzerRunDriver`. Without FUZZING (the ordinary build, `make test`) it runs each
// given input once through the target: the committed corpus and every past finding
// replay as regression tests without the fuzzing toolchain.
#if canImport(Glibc)
import Glibc
#endif

nonisolated(unsafe) var selected: FuzzTarget? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let selected else { return 0 }
    selected.run(size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : [])
    return 0
}

func usage() -> Never {
    print("usage: spinnerd-fuzz TARGET [libFuzzer flags…] [corpus or input…]   (spinnerd-fuzz --list)")
    exit(2)
}

var arguments = CommandLine.arguments
if arguments.count >= 2 && arguments[1] == "--list" {
    for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
    exit(0)
}
// The target is the first argument; it is also put in the environment, because
// libFuzzer's -merge and -fork modes run this program again with its own arguments only.
let environmentTarget = getenv("SPINNERD_FUZZ_TARGET").map { String(cString: $0) }
let target: FuzzTarget
if arguments.count >= 2, let named = FuzzTarget.all.first(where: { $0.name == arguments[1] }) {
    target = named
    arguments.remove(at: 1)
    setenv("SPINNERD_FUZZ_TARGET", named.name, 1)
} else if let environmentTarget, let named = FuzzTarget.all.first(where: { $0.name == environmentTarget }) {
    target = named
} else {
    if arguments.count < 2 { usage() }
    print("spinnerd-fuzz: no target \(arguments[1]); \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
    exit(2)
}
selected = target

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

var count = Int32(arguments.count)
var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
let status = pointers.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    return LLVMFuzzerRunDriver(&count, &argv) { data, size in fuzzOneInput(data, size) }
}
exit(status)
#else
var inputs = 0
for path in arguments.dropFirst() {
    var files: [String] = []
    if let directory = opendir(path) {
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { files.append(path + "/" + name) }
        }
        closedir(directory)
    } else {
        files = [path]
    }
    for file in files.sorted() {
        guard let handle = fopen(file, "rb") else { print("spinnerd-fuzz: cannot read \(file)"); exit(1) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&chunk, 1, chunk.count, handle)
            if n <= 0 { break }
            bytes += chunk[0 ..< n]
        }
        fclose(handle)
        target.run(bytes)
        inputs += 1
    }
}
print("spinnerd-fuzz: \(target.name): \(inputs) inputs replayed, every oracle held")
#endif
