import ActionLog
import Foundation
import StateStore

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
