import CheckoutCrypto
import Foundation
import LogPrivacy
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys: random ones, kept ones in files (mode checks, sizes, never overwritten), and the bytes
/// never shown.
final class PseudonymKeyTests: XCTestCase {
    func testRandomKeysDifferAndHaveNoKeyID() throws {
        let first = try PseudonymKey.random()
        let second = try PseudonymKey.random()
        XCTAssertFalse(first.isKept)
        XCTAssertNil(first.keyID, "a random key is never named")
        var one = Pseudonymiser(key: first)
        var other = Pseudonymiser(key: second)
        let value = "Jane Margaret Doe-Smithson"
        XCTAssertNotEqual(
            try one.pseudonym(for: value, kind: .nameOrAddress), try other.pseudonym(for: value, kind: .nameOrAddress))
    }

    func testKeyIDIsTheFirstEightBytesOfTheKeyedLabelInHex() throws {
        let key = try Fixtures.key()
        let expected = try HMACSHA512.authenticationCode(
            for: Array("CheckoutEngine pseudonym key id v1".utf8), key: Array(0..<32))
        XCTAssertEqual(key.keyID, expected.prefix(8).map { String(format: "%02x", $0) }.joined())
        XCTAssertEqual(key.keyID?.count, 16)
        XCTAssertNotEqual(try Fixtures.key(1).keyID, key.keyID)
    }

    func testDescriptionDumpAndMirrorNeverShowTheBytes() throws {
        let key = try PseudonymKey(bytes: [UInt8](repeating: 0xAB, count: 32))
        var dumped = ""
        dump(key, to: &dumped)
        let shown =
            [key.description, key.debugDescription, String(describing: key), String(reflecting: key), dumped]
            + Mirror(reflecting: key).children.map { String(describing: $0.value) }
        for text in shown {
            XCTAssertFalse(text.contains("171"), "the byte in decimal: \(text)")
            XCTAssertFalse(text.lowercased().contains("abab"), "the bytes in hex: \(text)")
        }
        XCTAssertTrue(key.description.contains(key.keyID ?? "missing"))
    }

    func testWriteCreatesAFileWithModeSixHundredThatReadsBackAsTheSameKey() throws {
        let url = try Fixtures.temporaryDirectory(for: self).appendingPathComponent("team.key")
        let key = try PseudonymKey.random()
        try key.write(to: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try Data(contentsOf: url).count, PseudonymKey.minimumByteCount)
        let kept = try PseudonymKey(contentsOf: url)
        XCTAssertTrue(kept.isKept)
        XCTAssertNotNil(kept.keyID)
        var written = Pseudonymiser(key: key)
        var read = Pseudonymiser(key: kept)
        XCTAssertEqual(
            try written.pseudonym(for: "jane@example.com", kind: .email),
            try read.pseudonym(for: "jane@example.com", kind: .email))
    }

    func testWriteNeverOverwritesAnExistingFile() throws {
        let url = try Fixtures.temporaryDirectory(for: self).appendingPathComponent("team.key")
        try Data("precious".utf8).write(to: url)
        XCTAssertThrowsError(try PseudonymKey.random().write(to: url)) { error in
            XCTAssertEqual(error as? PseudonymKeyError, .fileExists(path: url.path))
        }
        XCTAssertEqual(try Data(contentsOf: url), Data("precious".utf8))
    }

    func testReadRefusesAFileTheGroupOrOthersMayReadOrWrite() throws {
        let url = try Fixtures.temporaryDirectory(for: self).appendingPathComponent("team.key")
        try Data(repeating: 7, count: 32).write(to: url)
        for mode in [0o644, 0o640, 0o604, 0o620, 0o602, 0o666] {
            XCTAssertEqual(chmod(url.path, mode_t(mode)), 0)
            XCTAssertThrowsError(try PseudonymKey(contentsOf: url)) { error in
                XCTAssertEqual(
                    error as? PseudonymKeyError,
                    .accessibleByOthers(path: url.path, mode: "0" + String(mode, radix: 8)))
                XCTAssertTrue(String(describing: error).contains(url.path))
            }
        }
        for mode in [0o600, 0o400, 0o700] {
            XCTAssertEqual(chmod(url.path, mode_t(mode)), 0)
            XCTAssertNoThrow(try PseudonymKey(contentsOf: url), "mode \(String(mode, radix: 8))")
        }
    }

    func testReadRefusesKeysTooShortOrTooLong() throws {
        let directory = try Fixtures.temporaryDirectory(for: self)
        for (count, expected) in [
            (31, PseudonymKeyError.tooShort(path: directory.path + "/31.key", byteCount: 31, minimum: 32)),
            (5000, .tooLong(path: directory.path + "/5000.key", byteCount: 5000, maximum: 4096)),
        ] {
            let url = directory.appendingPathComponent("\(count).key")
            XCTAssertTrue(
                FileManager.default.createFile(
                    atPath: url.path, contents: Data(repeating: 1, count: count), attributes: [.posixPermissions: 0o600]
                ))
            XCTAssertThrowsError(try PseudonymKey(contentsOf: url)) { error in
                XCTAssertEqual(error as? PseudonymKeyError, expected)
            }
        }
        XCTAssertThrowsError(try PseudonymKey(bytes: [1, 2, 3])) { error in
            XCTAssertEqual(error as? PseudonymKeyError, .tooShort(path: nil, byteCount: 3, minimum: 32))
        }
    }

    func testReadRefusesWhatIsNotARegularFileWithoutWaiting() throws {
        let directory = try Fixtures.temporaryDirectory(for: self)
        XCTAssertThrowsError(try PseudonymKey(contentsOf: directory)) { error in
            XCTAssertEqual(error as? PseudonymKeyError, .notARegularFile(path: directory.path))
        }
        // A FIFO would block a plain open until a writer came.
        let fifo = directory.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        XCTAssertThrowsError(try PseudonymKey(contentsOf: fifo)) { error in
            XCTAssertEqual(error as? PseudonymKeyError, .notARegularFile(path: fifo.path))
        }
        let missing = directory.appendingPathComponent("missing.key")
        XCTAssertThrowsError(try PseudonymKey(contentsOf: missing)) { error in
            guard case .cannotRead(let path, let reason)? = error as? PseudonymKeyError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(path, missing.path)
            XCTAssertFalse(reason.isEmpty)
        }
    }

    func testWriteIntoAMissingDirectoryFailsNamingThePath() throws {
        let url = try Fixtures.temporaryDirectory(for: self).appendingPathComponent("absent/team.key")
        XCTAssertThrowsError(try PseudonymKey.random().write(to: url)) { error in
            guard case .cannotWrite(let path, _)? = error as? PseudonymKeyError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(path, url.path)
        }
    }
}
