import ActionLog
import StateStore

/// Short, readable text for actions and state changes, built from the canonical form (so
/// secrets show as `[REDACTED]`, and the text is the same on every platform): ``words(_:limit:)``
/// for people (the replay, the inspector), ``describe(_:limit:)`` for the demo's trace.
enum ActionText {
    /// `native.emailSubmitted("ada@example.com")`, `payment.payTapped`,
    /// `result.checkoutLoaded({…}, requestID: 1)`.
    static func describe(_ action: CanonicalValue, limit: Int = 160) -> String {
        var path: [String] = []
        var value = action
        // Enum cases encode as single-member objects: `{"native":{"_0":{"emailSubmitted":{"_0":"…"}}}}`.
        // Follow the case names (and the `_0` of a case that wraps another enum) down to the
        // arguments.
        while true {
            guard case .object(let members) = value, members.count == 1 else { break }
            let member = members[0]
            if member.key == "_0", isEnumCase(member.value) {
                value = member.value
                continue
            }
            guard !member.key.hasPrefix("_") else { break }
            path.append(member.key)
            value = member.value
            guard case .object(let inner) = value else { break }
            if inner.isEmpty { return path.joined(separator: ".") }
            if inner.count == 1, inner[0].key == "_0", isEnumCase(inner[0].value) { continue }
            break
        }
        let name = path.joined(separator: ".")
        var arguments = ""
        switch value {
        case .object(let members) where !members.isEmpty:
            arguments = members.map { member in
                let text = member.value.compactJSON
                return member.key.hasPrefix("_") ? text : "\(member.key): \(text)"
            }.joined(separator: ", ")
        case .object:
            return name
        default:
            arguments = value.compactJSON
        }
        if arguments.count > limit { arguments = String(arguments.prefix(limit)) + "…" }
        return name.isEmpty ? arguments : "\(name)(\(arguments))"
    }

    /// The action in plain words with its key arguments, as the replay and the inspector show it:
    /// `email entered: ada@example.com`, `update accepted: cart cart-1, 3 items, total 45.95 GBP
    /// (request 3)`, `payment outcome: authorised: 45.95 GBP, sandbox-psp-1 (attempt 1)`.
    ///
    /// Actions are named from their canonical form (so secrets stay `[REDACTED]`); a case without
    /// words of its own reads as its name in words with its arguments in plain text.
    static func words(_ action: CanonicalValue, limit: Int = 100) -> String {
        let (path, arguments) = casePath(of: action)
        let name = path.suffix(2).joined(separator: ".")
        let call = Arguments(members: arguments, limit: max(20, limit - 30))
        return clip(phrases[name]?(call) ?? generic(path.last ?? "", call), limit)
    }

    /// The case names from the root to the innermost case, and that case's arguments.
    static func casePath(
        of action: CanonicalValue
    ) -> (path: [String], arguments: [(key: String, value: CanonicalValue)]) {
        var path: [String] = []
        var value = action
        while case .object(let members) = value, members.count == 1, !members[0].key.hasPrefix("_") {
            path.append(members[0].key)
            guard case .object(let inner) = members[0].value else { return (path, [("_0", members[0].value)]) }
            if inner.count == 1, inner[0].key == "_0", PlainText.isEnumCase(inner[0].value), path.count < 2 {
                value = inner[0].value
                continue
            }
            return (path, inner)
        }
        return (path, [("_0", value)])
    }

    /// An action's arguments, by label (`_0` for the first unlabelled one).
    struct Arguments {
        let members: [(key: String, value: CanonicalValue)]
        let limit: Int

        subscript(_ label: String) -> CanonicalValue? { members.first { $0.key == label }?.value }

        /// The argument as plain text (`nil` when absent).
        func text(_ label: String, limit: Int? = nil) -> String? {
            self[label].map { PlainText.render($0, limit: limit ?? self.limit) }
        }

        /// ` (request 3)`, ` (attempt 1)`: the bookkeeping arguments, after the words.
        var suffix: String {
            var parts: [String] = []
            if let request = text("requestID") { parts.append("request \(request)") }
            if let attempt = text("attempt") { parts.append("attempt \(attempt)") }
            return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
        }

        /// Every argument but the bookkeeping ones, as plain text.
        var rest: String {
            members.filter { $0.key != "requestID" && $0.key != "attempt" }.map { member in
                let value = PlainText.render(member.value, limit: limit)
                return PlainText.isPositional(member.key) ? value : "\(member.key) \(value)"
            }.joined(separator: ", ")
        }
    }

    /// A case without words of its own: `shipping method selected: id standard`.
    private static func generic(_ name: String, _ arguments: Arguments) -> String {
        let rest = arguments.rest
        return spaced(name) + (rest.isEmpty ? "" : ": " + rest) + arguments.suffix
    }

    /// `useShippingAsBillingTapped` → `use shipping as billing tapped`.
    static func spaced(_ name: String) -> String {
        var text = ""
        for character in name {
            if character.isUppercase, !text.isEmpty, text.last != " " { text += " " }
            text += character.lowercased()
        }
        return text
    }

    /// Cuts `text` at a word boundary to `limit` characters.
    private static func clip(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = text.prefix(max(0, limit - 1))
        if let space = cut.lastIndex(of: " ") { cut = cut[..<space] }
        return cut + "…"
    }

    /// The words of the actions a support engineer meets most, by `group.case`.
    private static let phrases: [String: @Sendable (Arguments) -> String] = [
        "common.started": { _ in "checkout started" },
        "common.loadProgressChanged": { arguments in
            "page loading: " + (percent(arguments["_0"]) ?? arguments.rest)
        },
        "common.dismissTapped": { _ in "shopper tapped close" },
        "common.dismissConfirmed": { _ in "shopper confirmed leaving the checkout" },
        "common.dismissCancelled": { _ in "shopper chose to stay" },
        "common.errorDismissed": { arguments in "error \(arguments.text("id") ?? "?") dismissed" },
        "common.retryTapped": { arguments in "shopper tapped retry (error \(arguments.text("errorID") ?? "?"))" },
        "common.userChanged": { arguments in "user changed: " + (arguments.text("_0") ?? "") },
        "common.relaunched": { arguments in
            guard case .object(let source)? = arguments["_0"], let log = source.first, log.key == "log" else {
                return "app relaunched: the checkout goes on from its saved state"
            }
            return "app relaunched: the checkout goes on from log " + fields(log.value, ["logID"]) + " after step "
                + fields(log.value, ["lastSequence"])
        },
        "common.dynamicContentLoaded": { arguments in
            "content loaded into slot \(arguments.text("slotID") ?? "?")"
                + (arguments.text("content", limit: 60).map { ": \($0)" } ?? "")
        },
        "bridge.messageReceived": { arguments in "page message " + bridgeMessage(arguments["_0"], arguments.limit) },
        "bridge.messagePosted": { arguments in "page posted " + bridgeMessage(arguments["_0"], arguments.limit) },
        "bridge.messageUnreadable": { arguments in "unreadable page message: " + (arguments.text("reason") ?? "") },
        "parse.pageLoaded": { arguments in
            guard case .object(let page)? = arguments["_0"] else { return "page loaded" }
            let fields = Dictionary(page, uniquingKeysWith: { $1 })
            let url = fields["url"].map { PlainText.render($0, limit: 80) } ?? "?"
            guard case .string(let title)? = fields["title"] else { return "page loaded: \(url)" }
            return "page loaded: \(url) " + CanonicalValue.string(title).compactJSON
        },
        "native.emailSubmitted": { arguments in "email entered: " + (arguments.text("_0") ?? "") },
        "native.editShippingContactTapped": { _ in "shopper opened the delivery address" },
        "native.editBillingContactTapped": { _ in "shopper opened the billing address" },
        "native.addressBookEntrySelected": { arguments in "address book entry chosen: " + (arguments.text("id") ?? "")
        },
        "native.addNewAddressTapped": { _ in "shopper tapped add a new address" },
        "native.addressFormSubmitted": { arguments in "address submitted: " + address(arguments["_0"]) },
        "native.addressEditorClosed": { _ in "address editor closed" },
        "native.useShippingAsBillingTapped": { _ in "billing address: same as delivery" },
        "native.shippingMethodSelected": { arguments in "shipping method chosen: " + (arguments.text("id") ?? "") },
        "payment.providerSelected": { arguments in "payment provider chosen: " + (arguments.text("id") ?? "") },
        "payment.methodSelected": { arguments in "payment method chosen: " + (arguments.text("id") ?? "") },
        "payment.payTapped": { _ in "shopper tapped pay" },
        "payment.intentCreated": { arguments in
            "payment intent created: " + fields(arguments["_0"], ["reference", "amount"]) + arguments.suffix
        },
        "payment.intentFailed": { arguments in
            "payment intent failed: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "payment.sessionPrepared": { arguments in
            "payment session ready: " + fields(arguments["_0"], ["id", "amount"]) + methods(arguments["_0"])
                + arguments.suffix
        },
        "payment.submitted": { arguments in
            let method = fields(arguments["_0"], ["methodID"])
            let shown = fields(arguments["_0"], ["displayDescription"])
            return "shopper submitted the payment: " + (shown.isEmpty ? "" : shown + " ") + "(method \(method))"
        },
        "payment.actionCompleted": { _ in "payment action completed" },
        "payment.actionFinishedWithoutDetails": { _ in "payment action finished without details" },
        "payment.dropInCompleted": { arguments in
            let method = fields(arguments["_0"], ["methodID"])
            return "the drop-in reported its payment: " + fields(arguments["_0"], ["resultCode"])
                + (method.isEmpty ? "" : " (method \(method))")
        },
        "payment.dropInFailed": { arguments in "the drop-in failed: " + (arguments.text("message") ?? "") },
        "payment.outcomeReceived": { arguments in
            "payment outcome: " + outcome(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "payment.providerFailed": { arguments in
            "payment provider failed: " + fields(arguments["_0"], ["kind", "message"]) + arguments.suffix
        },
        "payment.declineAcknowledged": { _ in "shopper acknowledged the decline" },
        "payment.cancelTapped": { _ in "shopper cancelled the payment" },
        "payment.appWentAway": { _ in "the app went to the background during the payment" },
        "payment.timedOut": { _ in "payment timed out" },
        "payment.retryTapped": { _ in "shopper tapped retry payment" },
        "payment.abortTapped": { _ in "shopper gave up the payment" },
        "payment.confirmationRequested": { _ in "payment confirmation requested" },
        "payment.widgetStatusChanged": { arguments in "payment widget: " + (arguments.text("_0") ?? "") },
        "result.checkoutLoaded": { arguments in "checkout loaded: " + details(arguments["_0"]) + arguments.suffix },
        "result.checkoutLoadFailed": { arguments in
            "checkout failed to load: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "result.webSessionLoaded": { arguments in
            "web session ready: " + fields(arguments["_0"], ["reference", "url"]) + arguments.suffix
        },
        "result.webSessionFailed": { arguments in
            "web session failed: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "result.updateAccepted": { arguments in "update accepted: " + details(arguments["_0"]) + arguments.suffix },
        "result.updateFailed": { arguments in
            "update failed: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "result.checkoutRestored": { arguments in
            "checkout restored: " + details(arguments["_0"]) + arguments.suffix
        },
        "result.restoreFailed": { arguments in
            "restore failed: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "result.checkoutRefreshed": { arguments in
            "checkout refreshed: " + details(arguments["_0"]) + arguments.suffix
        },
        "result.refreshFailed": { arguments in
            "refresh failed: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
        "result.completionRecorded": { arguments in "order completion recorded" + arguments.suffix },
        "result.completionRecordFailed": { arguments in
            "order completion not recorded: " + caseWords(arguments["_0"], arguments.limit) + arguments.suffix
        },
    ]

    /// `30%` for a fraction.
    private static func percent(_ value: CanonicalValue?) -> String? {
        guard case .number(let text)? = value, let fraction = Double(text), fraction.isFinite else { return nil }
        return "\(Int((fraction * 100).rounded()))%"
    }

    /// Named fields of an object, as plain values: `payment-1, 45.95 GBP`.
    private static func fields(_ value: CanonicalValue?, _ names: [String]) -> String {
        guard case .object(let members)? = value else { return value.map { PlainText.render($0, limit: 80) } ?? "" }
        return names.compactMap { name in
            members.first { $0.key == name }.map { PlainText.render($0.value, limit: 80) }
        }.joined(separator: ", ")
    }

    /// ` with Card, PayPal`: a payment session's methods by name.
    private static func methods(_ session: CanonicalValue?) -> String {
        guard case .object(let members)? = session,
            case .array(let methods)? = members.first(where: { $0.key == "methods" })?.value,
            !methods.isEmpty
        else { return "" }
        let names = methods.map { method -> String in
            guard case .object(let fields) = method, let name = fields.first(where: { $0.key == "name" }) else {
                return PlainText.render(method, limit: 30)
            }
            return PlainText.render(name.value, limit: 30)
        }
        return " with " + names.joined(separator: ", ")
    }

    /// `Ada Lovelace, 10 Downing Street, London SW1A 2AA, GB`.
    private static func address(_ value: CanonicalValue?) -> String {
        guard case .object(let members)? = value else { return value.map { PlainText.render($0, limit: 80) } ?? "" }
        func field(_ name: String) -> String? {
            guard case .string(let text)? = members.first(where: { $0.key == name })?.value, !text.isEmpty else {
                return nil
            }
            return text
        }
        let name = [field("firstName"), field("lastName")].compactMap { $0 }.joined(separator: " ")
        let town = [field("city"), field("postcode")].compactMap { $0 }.joined(separator: " ")
        return [name, field("line1"), field("line2"), town, field("countryCode")].compactMap { $0 }.filter {
            !$0.isEmpty
        }.joined(separator: ", ")
    }

    /// `cart cart-1, 3 items, total 42.00 GBP`: what checkout details the backend sent.
    private static func details(_ value: CanonicalValue?) -> String {
        guard case .object(let members)? = value,
            case .object(let cart)? = members.first(where: { $0.key == "cart" })?.value
        else { return value.map { PlainText.render($0, limit: 80) } ?? "" }
        func member(_ object: [(key: String, value: CanonicalValue)], _ name: String) -> CanonicalValue? {
            object.first { $0.key == name }?.value
        }
        var parts: [String] = []
        if let id = member(cart, "id") { parts.append("cart " + PlainText.render(id, limit: 40)) }
        if case .array(let lines)? = member(cart, "lines") {
            var items = 0
            for case .object(let line) in lines {
                if case .number(let text)? = member(line, "quantity"), let quantity = Int(text) {
                    items = items.addingReportingOverflow(quantity).partialValue
                }
            }
            parts.append(items == 1 ? "1 item" : "\(items) items")
        }
        if case .object(let totals)? = member(cart, "totals"), case .string(let total)? = member(totals, "total"),
            case .string(let currency)? = member(cart, "currencyCode")
        {
            parts.append("total \(PlainText.amount(total, currency: currency)) \(currency)")
        }
        return parts.joined(separator: ", ")
    }

    /// An enum value as words: `cartExpired`, `conflict: expected 45.95 GBP, …`.
    private static func caseWords(_ value: CanonicalValue?, _ limit: Int) -> String {
        guard let value else { return "" }
        guard PlainText.isEnumCase(value), case .object(let members) = value,
            case .object(let arguments) = members[0].value
        else { return PlainText.render(value, limit: limit) }
        let values = arguments.map { PlainText.render($0.value, limit: limit) }
        return members[0].key + (values.isEmpty ? "" : ": " + values.joined(separator: ", "))
    }

    /// A payment outcome: `authorised: 45.95 GBP, sandbox-psp-1`, `actionRequired: threeDSChallenge`.
    private static func outcome(_ value: CanonicalValue?, _ limit: Int) -> String {
        guard let value, PlainText.isEnumCase(value), case .object(let members) = value,
            case .object(let arguments) = members[0].value
        else { return value.map { PlainText.render($0, limit: limit) } ?? "" }
        let name = members[0].key
        var parts: [String] = []
        for argument in arguments {
            if case .object(let fields) = argument.value, fields.contains(where: { $0.key == "providerReference" }) {
                parts.append(Self.fields(argument.value, ["amount", "providerReference"]))
            } else if case .object(let fields) = argument.value, fields.contains(where: { $0.key == "kind" }) {
                parts.append(Self.fields(argument.value, ["kind"]))
            } else {
                parts.append(PlainText.render(argument.value, limit: limit))
            }
        }
        return name + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
    }

    /// A web page's message: its event name and data (`"order": {currency: GBP, total: 45.95}`), or
    /// the text as it came when it is not JSON.
    private static func bridgeMessage(_ value: CanonicalValue?, _ limit: Int) -> String {
        guard let value else { return "" }
        let message: CanonicalValue
        if case .string(let text) = value {
            guard let parsed = try? JSONParser.parse(text) else { return PlainText.render(value, limit: limit) }
            message = CanonicalValue(parsed)
        } else {
            message = value
        }
        guard case .object(let members) = message, let event = members.first(where: { $0.key == "event" }) else {
            return PlainText.render(message, limit: limit, enumCases: false)
        }
        let rest = members.filter { $0.key != "event" }
        let data: String
        if rest.count == 1, rest[0].key == "data" {
            data = PlainText.render(rest[0].value, limit: limit, enumCases: false)
        } else if rest.isEmpty {
            data = ""
        } else {
            data = PlainText.render(.object(rest), limit: limit, enumCases: false)
        }
        return PlainText.render(event.value, limit: 40) + (data.isEmpty ? "" : ": " + data)
    }

    /// Whether a value looks like an encoded enum case: one member, a name, an object value.
    private static func isEnumCase(_ value: CanonicalValue) -> Bool {
        guard case .object(let members) = value, members.count == 1, !members[0].key.hasPrefix("_") else {
            return false
        }
        if case .object = members[0].value { return true }
        return false
    }

    /// The changed lines between two rendered states (`- path: old`, `+ path: new`), no context.
    static func changes(from before: [String], to after: [String]) -> [(removed: Bool, text: String)] {
        LineDiff(old: before, new: after, context: 0).hunks.flatMap { hunk in
            hunk.lines.compactMap { line -> (Bool, String)? in
                switch line {
                case .unchanged: return nil
                case .removed(let text): return (true, text)
                case .added(let text): return (false, text)
                }
            }
        }
    }
}
