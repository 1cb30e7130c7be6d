import ActionLog
import Foundation
import StateStore
import XCTest

// Editing log lines the way a forger or a damaged disk would: checksums detect accidents, not
// forgery, so hostile-input tests make each edited line's checksum (and an edited header's
// fingerprint) right again.

/// `body` (a line without its checksum member and closing brace) with its checksum appended.
func sealed(_ body: String) -> String {
    let hex = String(LineChecksum.compute(body), radix: 16)
    return body + #","crc":""# + String(repeating: "0", count: 8 - hex.count) + hex + "\"}"
}

/// A line's text with its checksum recomputed for its new bytes.
func resealed(_ line: String) -> String {
    guard let marker = line.range(of: #","crc":""#, options: .backwards) else { return line }
    return sealed(String(line[..<marker.lowerBound]))
}

/// A header line whose `fp` is made right again for its (edited) `state`, and resealed: what a
/// forger does so that only the reducer can notice.
func refingerprintedHeader(_ line: String) throws -> String {
    let header = try JSONParser.parse(line)
    guard let state = header["state"], let marker = line.range(of: #","fp":""#, options: .backwards) else {
        return resealed(line)
    }
    let fingerprint = Fingerprint.of(canonical: CanonicalValue(state))
    let rest = line[marker.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return resealed(line) }
    return resealed(String(line[..<marker.upperBound]) + "\(fingerprint)" + String(rest[end...]))
}

/// A copy of `native-guest` whose third record carries a fingerprint no reducer reproduces (its
/// checksum made right again): `--verify` and the inspector report a divergence at step 3.
func tamperedLog(in directory: URL) throws -> String {
    let source = repositoryRoot.appendingPathComponent("Examples/Logs/native-guest.jsonl")
    var lines = try String(contentsOf: source, encoding: .utf8).split(separator: "\n").map(String.init)
    var third = lines[3]
    let fingerprint = try XCTUnwrap(third.range(of: #""fp":"[0-9a-f]{16}""#, options: .regularExpression))
    third.replaceSubrange(fingerprint, with: #""fp":"0123456789abcdef""#)
    lines[3] = resealed(third)
    let path = directory.appendingPathComponent("tampered.jsonl").path
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
