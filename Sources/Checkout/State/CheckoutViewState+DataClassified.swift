public import ActionLog

extension CheckoutViewState: DataClassified {
    /// Visits the error a failed load shows.
    public mutating func visitData<V: DataVisitor>(_ visitor: inout V) {
        switch self {
        case .loading, .webCheckout, .nativeCheckout, .confirmingDismissal, .completed, .dismissed:
            break
        case .failed(var error):
            visitor.visit(&error, field: "failed")
            self = .failed(error)
        }
    }
}
