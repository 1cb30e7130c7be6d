import CheckoutSandbox
import XCTest

@testable import Checkout

/// The outbox hands answers to the sheet in the order the reducer made them, whatever order the
/// effects that carry them run in.
final class WalletSheetOutboxTests: XCTestCase {
    private static func answer(_ requestID: Int) -> WalletSheetAnswer {
        .paymentMethod(WalletSummaryUpdate(errors: [], summaryItems: []), requestID: requestID)
    }

    func testAnAnswerThatArrivesEarlyWaitsForTheOnesBeforeIt() {
        let sheet = SandboxWalletSheet()
        let outbox = WalletSheetOutbox(sheet: sheet)
        outbox.deliver(Self.answer(3), session: 1, sequence: 2)
        XCTAssertEqual(sheet.answers, [], "held until the first arrives")
        outbox.deliver(Self.answer(2), session: 1, sequence: 1)
        outbox.deliver(Self.answer(4), session: 1, sequence: 3)
        XCTAssertEqual(sheet.answers.map(\.requestID), [2, 3, 4])
    }

    func testAnswersOfAnEarlierSheetOrAlreadyDeliveredAreDropped() {
        let sheet = SandboxWalletSheet()
        let outbox = WalletSheetOutbox(sheet: sheet)
        outbox.deliver(Self.answer(1), session: 1, sequence: 1)
        outbox.deliver(Self.answer(3), session: 1, sequence: 3)  // held: sequence 2 never comes
        outbox.deliver(Self.answer(1), session: 2, sequence: 1)
        outbox.deliver(Self.answer(2), session: 1, sequence: 2)
        outbox.deliver(Self.answer(1), session: 2, sequence: 1)
        XCTAssertEqual(sheet.answers.map(\.requestID), [1, 1], "the first sheet's held answer died with it")
    }

    func testAnswersDeliveredFromManyTasksAtOnceArriveInOrder() async {
        let sheet = SandboxWalletSheet()
        let outbox = WalletSheetOutbox(sheet: sheet)
        await withTaskGroup(of: Void.self) { group in
            for sequence in (1...200).shuffled() {
                group.addTask { outbox.deliver(Self.answer(sequence), session: 1, sequence: sequence) }
            }
        }
        XCTAssertEqual(sheet.answers.map(\.requestID), Array(1...200))
    }
}
