import ActionLog
import Checkout
import StateStore
import XCTest

/// The checkout's rules and a pseudonymised log agree on when two personal values are the same:
/// the rules compare through `PersonalKind`'s normalisations (or more finely), so pseudonyms
/// that are equal under those normalisations, each keeping its own case and spacing, keep every
/// comparison's outcome.
final class PersonalKindNormalisationTests: XCTestCase {
    private let texts = [
        "", " ", "10 Downing St", "10  downing st ", "\t10 DOWNING\u{A0}St\n", "Zoë", "ZOË", "Zoe\u{308}", "İstanbul",
        "straße", "STRASSE", "sw1a 2aa", "SW1A-2AA", " SW1A2AA ", "ﬁ", "Ada\u{2003}Lovelace", "ada@example.com",
        " Ada@Example.COM ", "+44 20 7946 0000", "+442079460000",
    ]

    func testTheAddressMatcherNormalisesAsTheNameAndPostcodeKindsDo() {
        for text in texts {
            XCTAssertEqual(AddressMatcher.normaliseText(text), PersonalKind.nameOrAddress.normalised(text), text)
            XCTAssertEqual(AddressMatcher.normalisePostcode(text), PersonalKind.postcode.normalised(text), text)
        }
        XCTAssertEqual(AddressMatcher.normaliseText(nil), PersonalKind.nameOrAddress.normalised(""))
    }

    func testTwoAddressesMatchExactlyWhenTheirPersonalFieldsAreEqualUnderTheirKinds() {
        for first in texts {
            for second in texts {
                let a = Address(
                    firstName: first, lastName: "L", line1: "1", city: "C", postcode: first, countryCode: "GB")
                let b = Address(
                    firstName: second, lastName: "L", line1: "1", city: "C", postcode: second, countryCode: "GB")
                let equalUnderKinds =
                    PersonalKind.nameOrAddress.normalised(first) == PersonalKind.nameOrAddress.normalised(second)
                    && PersonalKind.postcode.normalised(first) == PersonalKind.postcode.normalised(second)
                XCTAssertEqual(AddressMatcher.matches(a, b), equalUnderKinds, "\(first) / \(second)")
            }
        }
    }

    /// The wallet planner compares a guest's email as the wallet gave it, trimmed: a finer
    /// equality than `PersonalKind.email`'s (which also ignores case). Pseudonyms equal under the
    /// kind's normalisation that keep each occurrence's case and spacing keep the planner's outcome.
    func testTheWalletPlannersEmailComparisonIsFinerThanTheEmailKinds() {
        var state = CheckoutState(kind: .native)
        state.cart = Cart(
            id: "cart-1", lines: [], totals: CartTotals(subtotal: 0, shipping: 0, discount: 0, total: 0),
            currencyCode: "GBP")
        let emails = [
            "ada@example.com", " ada@example.com\t", "Ada@Example.com", "ada@example.org", "ada @example.com",
        ]
        var finer = 0
        for stateEmail in emails {
            for walletEmail in emails {
                state.email = stateEmail
                let wallet = WalletAuthorization(
                    email: walletEmail, shippingAddress: Fixtures.home,
                    shownTotal: Money(amount: 0, currencyCode: "GBP"),
                    payment: PaymentSubmission(methodID: "applepay", payload: Sensitive("token")))
                let plannerSeesTheSame =
                    ExpressCheckoutPlanner.nextAction(for: wallet, providerID: "sandbox", in: state)
                    != .native(.emailSubmitted(walletEmail))
                let kindSeesTheSame =
                    PersonalKind.email.normalised(stateEmail) == PersonalKind.email.normalised(walletEmail)
                if plannerSeesTheSame {
                    XCTAssertTrue(kindSeesTheSame, "\(stateEmail) / \(walletEmail)")
                } else if kindSeesTheSame {
                    finer += 1
                }
            }
        }
        XCTAssertGreaterThan(finer, 0, "the planner tells apart emails that differ only in case")
    }
}
