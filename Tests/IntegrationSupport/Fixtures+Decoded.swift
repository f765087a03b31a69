import Concurrency
import Foundation
import UnitSupport

extension Fixtures {
    /// The RGBA bytes Pillow decodes from every frame of `path`, composited.
    public static func decodedFrames(_ path: String, in directory: TemporaryDirectory) throws -> [[UInt8]] {
        let frames = directory.path("frames-" + UUID().uuidString)
        try Decoders.extractFrames(path, into: frames)
        let names = try FileManager.default.contentsOfDirectory(atPath: frames).sorted()
        return try names.map { name in
            let result = try ExternalTool.run("python3", Repository.imageTool + ["rgba", frames + "/" + name])
            guard result.status == 0 else { throw DecoderFailure(message: "imagetool rgba \(name): \(result.errorText)") }
            return [UInt8](result.output)
        }
    }
}
