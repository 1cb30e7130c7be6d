import ActionLog
import Foundation
import StateStore
import XCTest

/// A customer record with every shape of field the conveniences take.
private struct Customer: DataClassified, Equatable {
    enum Tier: String { case gold, silver }
    enum Contact: DataClassified, Equatable {
        case email(String)
        case postal(line: String, postcode: String)
        case none

        mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
            switch self {
            case .email(var email):
                visitor.visit(&email, field: "email", as: .personal(.email))
                self = .email(email)
            case .postal(var line, var postcode):
                visitor.enter("postal")
                visitor.visit(&line, field: "line", as: .personal(.nameOrAddress))
                visitor.visit(&postcode, field: "postcode", as: .personal(.postcode))
                visitor.leave()
                self = .postal(line: line, postcode: postcode)
            case .none:
                break
            }
        }
    }

    var id = "c-1"
    var name = "Ada"
    var nickname: String? = "Countess"
    var tier = Tier.gold
    var tags = ["vip", "early"]
    var currencies: Set<String> = ["GBP", "EUR"]
    var contacts: [Contact] = [.email("ada@example.com"), .postal(line: "10 Downing St", postcode: "SW1A 2AA"), .none]
    var card = Sensitive("4111111111111111")
    var headers = ["X-B": Sensitive("b"), "X-A": Sensitive("a")]
    var limits = ["GBP": 2, "EUR": 3]
    var byName: [String: Contact] = ["work": .email("ada@work.example")]
    var homepage = SensitiveURL("https://ada.example/?token=secret&who=ada")
    var notes: JSONValue? = nil

    mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        visitor.visit(&id, field: "id", as: .plain)
        visitor.visit(&name, field: "name", as: .personal(.nameOrAddress))
        visitor.visit(&nickname, field: "nickname", as: .personal(.nameOrAddress))
        visitor.visit(&tier, field: "tier", as: .plain)
        visitor.visit(&tags, field: "tags", as: .plain)
        visitor.visit(&currencies, field: "currencies", as: .plain)
        visitor.visit(&contacts, field: "contacts")
        visitor.visit(&card, field: "card")
        visitor.visit(&headers, field: "headers", keys: .plain)
        visitor.visitKeys(of: &limits, field: "limits", as: .plain)
        visitor.visit(&byName, field: "byName", keys: .plain)
        visitor.visit(&homepage, field: "homepage", as: .personal(.url))
        visitor.visit(&notes, field: "notes", as: .personal(.freeText))
    }
}

/// Replaces every letter and digit of a personal value (a stand-in for a pseudonymiser).
private func scramble(_ text: String, _ dataClass: DataClass) -> String {
    guard dataClass.isPersonal else { return text }
    return String(text.map { $0.isLetter ? "x" : $0.isNumber ? "9" : $0 })
}

final class DataVisitorTests: XCTestCase {
    func testEveryLeafIsVisitedWithItsPathAndClassInDeclarationOrder() {
        var customer = Customer()
        var recorder = LeafRecorder()
        customer.visitData(&recorder)
        XCTAssertEqual(
            recorder.lines,
            [
                "id = c-1 : plain",
                "name = Ada : personal(nameOrAddress)",
                "nickname = Countess : personal(nameOrAddress)",
                "tier = gold : plain",
                "tags.[] = vip : plain",
                "tags.[] = early : plain",
                "currencies.[] = EUR : plain",
                "currencies.[] = GBP : plain",
                "contacts.[].email = ada@example.com : personal(email)",
                "contacts.[].postal.line = 10 Downing St : personal(nameOrAddress)",
                "contacts.[].postal.postcode = SW1A 2AA : personal(postcode)",
                "card : secret",
                "headers.[key] = X-A : plain",
                "headers.[value] : secret",
                "headers.[key] = X-B : plain",
                "headers.[value] : secret",
                "limits.[key] = EUR : plain",
                "limits.[key] = GBP : plain",
                "byName.[key] = work : plain",
                "byName.[value].email = ada@work.example : personal(email)",
                "homepage = https://ada.example/?token=[REDACTED]&who=ada : personal(url)",
            ])
    }

    func testAVisitorRewritesPersonalLeavesInPlaceAndLeavesTheRestAsTheyWere() {
        var customer = Customer()
        var recorder = LeafRecorder(rewrite: scramble)
        customer.visitData(&recorder)
        var expected = Customer()
        expected.name = "xxx"
        expected.nickname = "xxxxxxxx"
        expected.contacts = [.email("xxx@xxxxxxx.xxx"), .postal(line: "99 xxxxxxx xx", postcode: "xx9x 9xx"), .none]
        expected.byName = ["work": .email("xxx@xxxx.xxxxxxx")]
        expected.homepage = SensitiveURL(logged: "xxxxx://xxx.xxxxxxx/?xxxxx=[xxxxxxxx]&xxx=xxx")
        XCTAssertEqual(customer, expected)
    }

    func testARewrittenURLIsReadAsLoggedTextSoItsSecretsStayRedacted() {
        var customer = Customer()
        var recorder = LeafRecorder(rewrite: { text, _ in text.replacingOccurrences(of: "who=ada", with: "who=bob") })
        customer.visitData(&recorder)
        XCTAssertEqual(customer.homepage.redactedString, "https://ada.example/?token=[REDACTED]&who=bob")
        XCTAssertTrue(customer.homepage.isRedacted)
    }

    func testKeysARewriterRenamesMoveTheirValuesAndSetsAreRebuilt() {
        var customer = Customer()
        var recorder = LeafRecorder(rewrite: { text, _ in
            text.hasPrefix("X-") || text.count == 3 ? text.lowercased() : text
        })
        customer.visitData(&recorder)
        XCTAssertEqual(Set(customer.headers.keys), ["x-a", "x-b"])
        XCTAssertEqual(customer.headers["x-a"], Sensitive("a"))
        XCTAssertEqual(customer.limits, ["gbp": 2, "eur": 3])
        XCTAssertEqual(customer.currencies, ["gbp", "eur"])
    }

    func testARawValueRewrittenToNoCaseIsIgnored() {
        var customer = Customer()
        var recorder = LeafRecorder(rewrite: { text, _ in text == "gold" ? "platinum" : text })
        customer.visitData(&recorder)
        XCTAssertEqual(customer.tier, .gold)
        recorder.rewrite = { text, _ in text == "gold" ? "silver" : text }
        customer.visitData(&recorder)
        XCTAssertEqual(customer.tier, .silver)
    }

    func testADataClassifiedValueHasNoRegistrationsUnlessItsTypeSaysSo() {
        XCTAssertEqual(Customer().dataRegistrations, .none)
        XCTAssertNil(DataRegistrations.none.jsonPolicy(named: "anything"))
        let registrations = DataRegistrations(jsonPolicies: ["a": .plain])
        XCTAssertEqual(registrations.jsonPolicy(named: "a"), .plain)
    }

    func testADefaultVisitorVisitsNumbersAsStringsAndSkipsSecretsAndPaths() {
        struct Collector: DataVisitor {
            var registrations = DataRegistrations.none
            var seen: [String] = []
            mutating func visit(_ value: inout String, field: String, as dataClass: DataClass) {
                seen.append(value)
            }
        }
        var customer = Customer()
        customer.notes = .object([JSONMember(key: "n", value: .number("42"))])
        var collector = Collector()
        customer.visitData(&collector)
        XCTAssertEqual(collector.seen.count, 19)
        XCTAssertEqual(collector.seen.last, "42")
        XCTAssertFalse(collector.seen.contains("4111111111111111"))
    }
}
