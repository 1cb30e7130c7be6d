public import ActionLog

extension PaymentGuardViolation: DataClassified {
    /// Visits the amounts, the currency codes and who rejected one (plain: a provider's id or
    /// `merchant`).
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .nonPositiveAmount(var money):
            visitor.visit(&money, field: "nonPositiveAmount")
            self = .nonPositiveAmount(money)
        case .notANumber(var money):
            visitor.visit(&money, field: "notANumber")
            self = .notANumber(money)
        case .unknownCurrency(var code):
            visitor.visit(&code, field: "unknownCurrency", as: .plain)
            self = .unknownCurrency(code)
        case .unsupportedCurrency(var code, var rejectedBy):
            visitor.enter("unsupportedCurrency")
            visitor.visit(&code, field: "0", as: .plain)
            visitor.visit(&rejectedBy, field: "rejectedBy", as: .plain)
            visitor.leave()
            self = .unsupportedCurrency(code, rejectedBy: rejectedBy)
        case .amountOutOfRange(var money):
            visitor.visit(&money, field: "amountOutOfRange")
            self = .amountOutOfRange(money)
        case .totalChanged(var from, var to):
            visitor.enter("totalChanged")
            visitor.visit(&from, field: "from")
            visitor.visit(&to, field: "to")
            visitor.leave()
            self = .totalChanged(from: from, to: to)
        case .amountNotShown(var asked, var shown):
            visitor.enter("amountNotShown")
            visitor.visit(&asked, field: "asked")
            visitor.visit(&shown, field: "shown")
            visitor.leave()
            self = .amountNotShown(asked: asked, shown: shown)
        case .noTotal, .widgetNotReady:
            break
        }
    }
}
