import Checkout
import CheckoutSandbox
import Foundation
import StateStore
import StateStoreTesting
import StoreTestSupport
import XCTest

/// Random wallet sheet sessions (contact and method changes, unknown methods, cards, right and
/// wrong authorisations, backend failures, slow answers, the clock moving, declines, dismissals)
/// keep the sheet's promises: every callback the engine takes is answered exactly once, answers
/// reach the sheet in request order, nothing is left pending, and nothing is paid but the total
/// the sheet showed, once.
///
/// Each session runs from a seed; a failure prints it. To rerun one:
/// `CHECKOUT_PROPERTY_SEED=1234 swift test --filter WalletSheetPropertyTests`.
final class WalletSheetPropertyTests: XCTestCase {
    private let sessions = 150
    private let steps = 18

    func testRandomSheetSessionsAnswerEveryCallbackOnceInOrderAndPayOnlyTheShownTotal() async {
        let seeds: [UInt64]
        if let text = ProcessInfo.processInfo.environment["CHECKOUT_PROPERTY_SEED"], let seed = UInt64(text) {
            seeds = [seed]
        } else {
            var master = SplitMix64(seed: 0x5EE7)
            seeds = (0..<sessions).map { _ in master.next() }
        }
        var totals = Tally()
        for seed in seeds {
            let outcome = await run(seed: seed)
            totals.add(outcome.tally)
            if let violation = outcome.violation {
                XCTFail(
                    "seed \(seed): \(violation)\nreproduce with CHECKOUT_PROPERTY_SEED=\(seed)\nsteps:\n"
                        + outcome.trail.joined(separator: "\n"))
                return
            }
        }
        // The generator must reach the paths the property is about.
        if seeds.count > 1 {
            XCTAssertGreaterThan(totals.paid, sessions / 10, "too few sessions paid")
            XCTAssertGreaterThan(totals.refusedAuthorizations, sessions / 5, "too few authorisations refused")
            XCTAssertGreaterThan(totals.timedOut, sessions / 10, "too few updates timed out")
            XCTAssertGreaterThan(totals.ignored, sessions / 10, "too few callbacks left unanswered")
        }
    }

    private struct Tally {
        var paid = 0
        var refusedAuthorizations = 0
        var timedOut = 0
        var ignored = 0

        mutating func add(_ other: Tally) {
            paid += other.paid
            refusedAuthorizations += other.refusedAuthorizations
            timedOut += other.timedOut
            ignored += other.ignored
        }
    }

    private struct Outcome {
        var violation: String?
        var trail: [String]
        var tally: Tally
    }

    private static let contacts = [
        WalletSheetRun.london, WalletSheetRun.paris,
        PartialAddress(city: "Cupertino", postcode: "95014", countryCode: "US"),
        PartialAddress(city: "Tokyo", postcode: "100-0001", countryCode: "JP"),
        PartialAddress(city: "Nowhere", postcode: "", countryCode: ""),
    ]
    private static let methods = ["standard", "express", "international", "next-week"]
    private static let faults: [CheckoutAPIError] = [
        .timeout, .server(status: 500, message: nil), .conflict(message: nil), .cartExpired,
        .client(status: 422, message: "no"),
    ]
    private static let behaviours: [SandboxPaymentProvider.Behaviour] = [
        .approve, .approve, .decline(reason: "Do not honour"), .pending, .challengeThenApprove,
        .errorResult(message: "Refused"), .cancel,
    ]

    private static func fullAddress(of partial: PartialAddress?) -> Address {
        switch partial?.countryCode {
        case "FR": return Fixtures.paris
        case "US": return Fixtures.work
        case "JP":
            return Address(
                firstName: "Ada", lastName: "Lovelace", line1: "1 Chiyoda", city: "Tokyo", postcode: "100-0001",
                countryCode: "JP")
        default: return Fixtures.home
        }
    }

    private func run(seed: UInt64) async -> Outcome {
        var random = SplitMix64(seed: seed)
        let run = WalletSheetRun()
        var trail: [String] = []
        var tally = Tally()
        /// The callbacks the engine took (not ignored), by session, with the total an
        /// authorisation said the sheet showed.
        var taken: [Int: Set<Int>] = [:]
        var authorizedTotals: [Int: Money] = [:]
        var nextID = 0
        /// Where each presentation's answers begin among those the sheet received.
        var presentations = [0]
        await run.open()
        // PassKit asks for the shopper's default contact as the sheet opens.
        nextID = 1
        await run.send(.shippingContactSelected(Self.contacts.randomElement(using: &random)!, requestID: 1))
        taken[run.walletSheet?.session ?? 0, default: []].insert(1)
        trail.append("open, contact 1")

        for _ in 0..<steps {
            let session = run.walletSheet?.session ?? 0
            // Mostly the next id; sometimes one already used.
            let requestID = Int.random(in: 0..<10, using: &random) == 0 ? max(nextID - 1, 1) : nextID + 1
            nextID = max(nextID, requestID)
            var callback: WalletSheetAction?
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25:
                callback = .shippingContactSelected(Self.contacts.randomElement(using: &random)!, requestID: requestID)
            case 25..<45:
                callback = .shippingMethodSelected(
                    id: Self.methods.randomElement(using: &random)!, requestID: requestID)
            case 45..<50:
                callback = .paymentMethodSelected(WalletPaymentMethod(kind: .credit), requestID: requestID)
            case 50..<66:
                let shown = run.walletSheet?.shownTotal ?? money("42")
                let total = Int.random(in: 0..<4, using: &random) > 0 || shown.amount < 1 ? shown : money("1")
                // The full contact of the partial one the sheet last gave; sometimes another, or
                // one without a postcode.
                var address = Self.fullAddress(of: run.walletSheet?.partialAddress)
                if Int.random(in: 0..<6, using: &random) == 0 { address = Fixtures.paris }
                if Int.random(in: 0..<6, using: &random) == 0 { address.postcode = "" }
                authorizedTotals[requestID] = total
                await run.provider.setBehaviour(Self.behaviours.randomElement(using: &random)!)
                callback = .paymentAuthorized(
                    WalletSheetRun.authorization(
                        total: total, address: address,
                        methodID: Bool.random(using: &random) ? nil : Self.methods.randomElement(using: &random)),
                    requestID: requestID)
            case 66..<74:
                await run.api.sandbox.failNextCalls(with: Self.faults.randomElement(using: &random)!)
                trail.append("the next call fails")
            case 74..<84:
                let delay = Duration.seconds(Int.random(in: 1...30, using: &random))
                run.api.delayNextSheetCall(by: delay)
                trail.append("the next sheet call takes \(delay)")
            case 84..<94:
                let time = Duration.seconds(Int.random(in: 1...25, using: &random))
                await run.clock.advance(by: time)
                trail.append("\(time) pass")
            case 94..<96:
                await run.send(.sheetDismissed)
                trail.append("dismissed")
            default:
                presentations.append(run.answers.count)
                await run.open()
                nextID = 0
                trail.append("presented again")
            }
            if let callback {
                // The rule: a callback of an open sheet is taken unless its id is not greater than
                // one seen, or an authorisation is being processed.
                let sheetBefore = run.walletSheet
                let outOfOrder = sheetBefore?.lastRequestID.map { requestID <= $0 } ?? false
                let isIgnored = sheetBefore != nil && (outOfOrder || sheetBefore?.status == .authorizing)
                await run.send(callback)
                trail.append("\(callback)")
                if isIgnored {
                    tally.ignored += 1
                    if run.walletSheet?.lastIgnored?.requestID != requestID {
                        return Outcome(violation: "\(requestID) not recorded as ignored", trail: trail, tally: tally)
                    }
                } else if sheetBefore != nil {
                    taken[session, default: []].insert(requestID)
                }
            }
            if let violation = await check(run, authorizedTotals: authorizedTotals, presentations: presentations) {
                return Outcome(violation: violation, trail: trail, tally: tally)
            }
        }
        // Let every timer and slow answer finish.
        await run.clock.advance(by: .seconds(120))
        if let violation = await check(run, authorizedTotals: authorizedTotals, presentations: presentations) {
            return Outcome(violation: violation, trail: trail, tally: tally)
        }
        if let sheet = run.walletSheet, sheet.status != .dismissed {
            if sheet.pending != nil { return Outcome(violation: "left pending: \(sheet)", trail: trail, tally: tally) }
            if sheet.status == .authorizing {
                return Outcome(violation: "stuck authorising", trail: trail, tally: tally)
            }
            let answered = Set(run.answers.map(\.requestID))
            let current = taken[sheet.session] ?? []
            if !current.isSubset(of: answered) {
                return Outcome(
                    violation: "never answered: \(current.subtracting(answered).sorted())", trail: trail, tally: tally)
            }
        }
        for answer in run.answers {
            if case .authorization(let result, _) = answer {
                if result.status == .success { tally.paid += 1 } else { tally.refusedAuthorizations += 1 }

            }
            if answer.errors.contains(.updateTimedOut) { tally.timedOut += 1 }
        }
        return Outcome(violation: nil, trail: trail, tally: tally)
    }

    /// The invariants, after every step.
    private func check(
        _ run: WalletSheetRun, authorizedTotals: [Int: Money], presentations: [Int]
    ) async -> String? {
        // Answers reach each sheet in request order, each once (a sheet presented again starts
        // its ids again; the test store lets every answer of the last one arrive first).
        let answers = run.answers
        for (index, start) in presentations.enumerated() {
            let end = index + 1 < presentations.count ? presentations[index + 1] : answers.count
            let ids = answers[start..<end].map(\.requestID)
            if zip(ids, ids.dropFirst()).contains(where: { $0 >= $1 }) {
                return "sheet \(index + 1) received answers to \(ids)"
            }
        }
        // Nothing is paid but an authorised total, and only once.
        let prepared = await run.provider.receivedCalls.compactMap { call -> Money? in
            if case .prepare(let request) = call { return request.amount } else { return nil }
        }
        let authorized = Set(authorizedTotals.values)
        if let stray = prepared.first(where: { !authorized.contains($0) }) {
            return "the provider was asked for \(stray), which no authorisation showed (\(authorized))"
        }
        if let order = run.state.completedOrder {
            guard let total = order.total, authorized.contains(total) else {
                return "an order of \(order.total.map(\.description) ?? "nothing") was not an authorised total"
            }
            let successes = run.answers.filter {
                if case .authorization(let result, _) = $0 { result.status == .success } else { false }
            }
            if successes.count > 1 { return "\(successes.count) successful authorisations" }
        }
        if let amount = run.state.payment.amount, run.state.payment.phase.locksCheckout,
            amount != run.state.displayedTotal
        {
            return "paying \(amount) while the checkout shows \(run.state.displayedTotal.map(\.description) ?? "none")"
        }
        return nil
    }
}
