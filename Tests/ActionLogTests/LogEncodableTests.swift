import ActionLog
import Foundation
import StateStore
import XCTest

/// A state whose actions have a hand-written ``LogEncodable`` fast path, to show the recorder
/// takes it, that it writes what `Encodable` writes, and that `Encodable` writes whenever it
/// refuses.
struct EncodingShopState: StoreState, Codable, Equatable {
    struct Line: Codable, Equatable, Sendable, LogEncodable {
        var sku: String
        var quantity: Int
        var price: Decimal
        var note: String?
        var isGift: Bool

        func encode(to log: inout LogWriter) throws {
            log.beginObject()
            log.member("sku", sku)
            log.member("quantity", quantity)
            log.member("price", price)
            log.member("note", ifPresent: note)
            log.member("isGift", isGift)
            log.endObject()
        }
    }

    enum Action: Codable, Equatable, Sendable, LogEncodable {
        case cleared
        case lineAdded(Line, position: Int)
        case linesReplaced([Line])
        case noted(String?)
        case stamped(Date)
        /// Refused by the fast path, to show the fallback.
        case rare(Int)

        func encode(to log: inout LogWriter) throws {
            FastPathCounter.shared.increment()
            switch self {
            case .cleared: log.enumCase("cleared") { _ in }
            case .lineAdded(let line, let position):
                try log.enumCase("lineAdded") {
                    try $0.member("_0", line)
                    $0.member("position", position)
                }
            case .linesReplaced(let lines):
                try log.enumCase("linesReplaced") {
                    $0.key("_0")
                    try $0.array(lines)
                }
            case .noted(let note): log.enumCase("noted") { $0.member("_0", ifPresent: note) }
            // A member without a fast path goes through `Encodable`.
            case .stamped(let date): try log.enumCase("stamped") { try $0.member("_0", date) }
            case .rare: throw LogValue.Mismatch("no fast path for rare")
            }
        }
    }

    var lines: [Line] = []
    var note: String?
    var rare = 0
}

let encodingShopReducer = Reducer<EncodingShopState, EncodingShopState.Action>.pure { state, action in
    switch action {
    case .cleared: state.lines = []
    case .lineAdded(let line, let position): state.lines.insert(line, at: min(position, state.lines.count))
    case .linesReplaced(let lines): state.lines = lines
    case .noted(let note): state.note = note
    case .stamped: break
    case .rare(let value): state.rare = value
    }
}

final class LogEncodableTests: XCTestCase {
    let actions: [EncodingShopState.Action] = [
        .lineAdded(.init(sku: "tee", quantity: 2, price: Decimal(string: "12.50")!, isGift: false), position: 0),
        .lineAdded(
            .init(sku: "caf\u{E9} \"q\" \\ \u{1}", quantity: -1, price: 0, note: "gift\nwrap\t\r", isGift: true),
            position: 5),
        .noted("leave at the door"),
        .noted(nil),
        .linesReplaced([
            .init(sku: "a", quantity: 1, price: Decimal(string: "0.000001")!, isGift: false),
            .init(sku: "b", quantity: Int.min, price: Decimal(string: "-7")!, note: "", isGift: true),
        ]),
        .linesReplaced([]),
        .stamped(Date(timeIntervalSince1970: 1_700_000_000.25)),
        .rare(3),
        .cleared,
    ]

    func testTheFastPathWritesWhatEncodableWritesForEveryAction() throws {
        for action in actions {
            let encodable = try LogEncoding.encodableJSON(action)
            if case .rare = action {
                XCTAssertThrowsError(try LogEncoding.json(action))
            } else {
                XCTAssertEqual(try LogEncoding.json(action), encodable)
            }
        }
    }

    func testTheRecorderTakesTheFastPathAndFallsBackToEncodableWhenItRefuses() throws {
        let directory = try makeTemporaryDirectory(self)
        let path = directory.appendingPathComponent("fast-encode.jsonl").path
        let recorder = try ActionRecorder(path: path, initialState: EncodingShopState(), mode: .durable)
        let store = Store(reducer: encodingShopReducer, state: EncodingShopState(), middleware: [recorder.middleware])
        let before = FastPathCounter.shared.value
        for _ in 0..<20 { for action in actions { store.dispatch(action) } }
        try recorder.close()
        XCTAssertEqual(FastPathCounter.shared.value - before, 20 * actions.count, "every action went to the fast path")

        let replay = try Replayer(path: path, reducer: encodingShopReducer)
        XCTAssertNil(replay.divergence)
        XCTAssertEqual(replay.steps.map(\.action), Array(repeating: actions, count: 20).flatMap { $0 })
        XCTAssertEqual(replay.finalState, store.state)
    }
}
