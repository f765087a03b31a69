import Foundation
@testable import SpinnerService
import SpinnerModel
import UnitSupport
import XCTest

/// HMAC-SHA256 through Nettle against RFC 4231's known answers, and signatures of the
/// canonical form (signed mode through the real server is in IntegrationTests).
final class URLSigningTests: XCTestCase {
    private func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index ..< next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// RFC 4231 test cases 1–4, 6 and 7 (case 5 is a truncated output).
    func testHMACSHA256MatchesRFC4231() {
        let cases: [(key: [UInt8], data: [UInt8], digest: String)] = [
            ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
            (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
            ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
             "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
            (bytes(hex: "0102030405060708090a0b0c0d0e0f10111213141516171819"), [UInt8](repeating: 0xcd, count: 50),
             "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
            ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
            ([UInt8](repeating: 0xaa, count: 131),
             Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
        ]
        for (index, test) in cases.enumerated() {
            XCTAssertEqual(hex(URLSigning.hmac(key: test.key, message: test.data)), test.digest, "RFC 4231 case \(index)")
        }
    }

    func testSignaturesFollowTheCanonicalFormAndEveryKeyVerifies() throws {
        let old = try XCTUnwrap(URLSigning(keys: ["an old key of 24 bytes!!"]))
        let rotated = try XCTUnwrap(URLSigning(list: "a brand new key - 26 bytes,an old key of 24 bytes!!"))
        let form = try SpinnerRequest.parse(kind: "dots", format: .gif, query: [("size", "40")]).canonicalForm
        let same = try SpinnerRequest.parse(kind: "dots", format: nil, query: [("format", "gif"), ("size", "40.0"), ("fps", "30")]).canonicalForm
        XCTAssertEqual(form, same)
        let signature = old.signature(of: form)
        XCTAssertEqual(signature.count, 43, "base64url of 32 bytes, unpadded")
        XCTAssertTrue(old.verifies(signature, of: same))
        XCTAssertTrue(rotated.verifies(signature, of: form), "the old key still verifies after a new one is added")
        XCTAssertTrue(rotated.verifies(rotated.signature(of: form), of: form))
        XCTAssertFalse(old.verifies(rotated.signature(of: form), of: form))
        XCTAssertFalse(old.verifies(signature, of: form + "x"))
        XCTAssertFalse(old.verifies(String(signature.dropLast()), of: form))
        XCTAssertNil(URLSigning(keys: ["short"]), "keys under 16 bytes are refused")
        XCTAssertNil(URLSigning(list: ""))
    }
}
