/// A weak reference to a widget handler: Afterpay's SDK holds handlers weakly, so a screen
/// that goes away takes its handler with it.
struct WeakWidgetHandler: Sendable {
    weak var handler: (any WidgetHandler)?

    init(_ handler: any WidgetHandler) {
        self.handler = handler
    }
}
