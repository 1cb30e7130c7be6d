import Afterpay
import Foundation

/// A widget handler that writes down every call, for assertions.
final class RecordingWidgetHandler: WidgetHandler, @unchecked Sendable {
    enum Call: Equatable {
        case ready(isValid: Bool, amountDueToday: Money, checksum: String?)
        case changed(WidgetStatus)
        case error(errorCode: String?, message: String?)
        case failure(String)
    }

    private let lock = NSLock()
    private var recorded: [Call] = []

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ call: Call) {
        lock.lock()
        recorded.append(call)
        lock.unlock()
    }

    func onReady(isValid: Bool, amountDueToday: Money, paymentScheduleChecksum: String?) {
        record(.ready(isValid: isValid, amountDueToday: amountDueToday, checksum: paymentScheduleChecksum))
    }

    func onChanged(status: WidgetStatus) {
        record(.changed(status))
    }

    func onError(errorCode: String?, message: String?) {
        record(.error(errorCode: errorCode, message: message))
    }

    func onFailure(error: any Error) {
        record(.failure("\(error)"))
    }
}
