import Checkout
import Foundation
import StateStore
import XCTest

@testable import ActionLog

/// Fingerprints are made from the canonical bytes written straight from the encoder's tree
/// (`CanonicalEncoder.compactJSONBytes`), no longer from a `CanonicalValue` made first. Every log
/// ever recorded holds fingerprints of the old bytes: these tests hold the two to the same bytes,
/// one for one, over every state of every example log.
final class CanonicalBytesTests: XCTestCase {
    func testEveryStateOfEveryExampleLogWritesTheCanonicalValuesBytes() throws {
        let directory = ExampleLogs.directory
        let files = try ExampleLogs.files()
        XCTAssertGreaterThan(files.count, 10)
        var states = 0
        for file in files {
            let replay = try Replayer(
                path: directory.appendingPathComponent(file).path, reducer: ExtremeValueTests.reducer,
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
            XCTAssertNil(replay.divergence, "\(file) diverges")
            for step in 0...replay.count {
                let state = replay.state(at: step)
                let direct = try CanonicalEncoder.compactJSONBytes(state)
                let throughValue = try CanonicalEncoder.encode(state).compactJSONBytes
                XCTAssertEqual(
                    String(decoding: direct, as: UTF8.self), String(decoding: throughValue, as: UTF8.self),
                    "\(file), state after step \(step)")
                guard direct == throughValue else { return }
                XCTAssertEqual(try Fingerprint.of(state), Fingerprint.of(canonical: try CanonicalEncoder.encode(state)))
                states += 1
            }
        }
        XCTAssertGreaterThan(states, 300)
    }
}

/// Fingerprints are now written by `CanonicalWriter`, streaming, not from the tree: every log
/// ever recorded holds fingerprints of the tree's bytes. The writer must write the same bytes for
/// every state and every action of every example log, and write them itself (were it to give up
/// on a checkout state, the tree would still answer right, but every fingerprint would cost more
/// than before).
final class CanonicalWriterExampleLogTests: XCTestCase {
    func testTheWriterWritesEveryStateAndActionOfEveryExampleLogAsTheTreeDoes() throws {
        let directory = ExampleLogs.directory
        let files = try ExampleLogs.files()
        XCTAssertGreaterThan(files.count, 10)
        var values = 0
        func check<T: Encodable>(_ value: T, _ what: @autoclosure () -> String) throws -> Bool {
            let tree = try CanonicalEncoder.treeCompactJSONBytes(value)
            guard let streamed = CanonicalWriter.bytes(of: value) else {
                XCTFail("the writer gave up on \(what())")
                return false
            }
            XCTAssertEqual(String(decoding: streamed, as: UTF8.self), String(decoding: tree, as: UTF8.self), what())
            values += 1
            return streamed == tree
        }
        for file in files {
            let replay = try Replayer(
                path: directory.appendingPathComponent(file).path, reducer: ExtremeValueTests.reducer,
                schemaVersion: CheckoutLogSchema.version, upgrade: CheckoutLogSchema.upgrade)
            XCTAssertNil(replay.divergence, "\(file) diverges")
            for step in 0...replay.count {
                guard try check(replay.state(at: step), "\(file), state after step \(step)") else { return }
            }
            for (index, step) in replay.steps.enumerated() {
                guard try check(step.action, "\(file), action \(index)") else { return }
            }
        }
        XCTAssertGreaterThan(values, 600)
    }
}
