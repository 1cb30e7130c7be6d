import ActionLog
import Checkout
import Foundation

/// The inspector's page for one log: a single HTML file with its style, script and data inside
/// (no network, no other file), in the spirit of Redux DevTools.
///
/// Safety: the log's text reaches the page only inside the data's JSON, where every `<`, `>` and
/// `&` is a `\u` escape (see ``InspectorData/scriptSafe(_:)``), and the script writes it into the
/// page as text, never as HTML. A content security policy allows only the page's own style and
/// script (a fresh nonce each time) and no network at all, so even a string that broke out could
/// not run or fetch anything.
enum InspectorPage {
    /// The page of a replayed log, as UTF-8; `progress` hears of every 256th step and the last.
    /// With a masking `personalData`, every personal value the page holds (its data, the words
    /// and journeys the search looks through) is a marker.
    static func html(
        for replay: Replayer<CheckoutState>, name: String, personalData: PersonalDataView,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> [UInt8] {
        var walk = try JourneyWalk(replay, personalData: personalData)
        var data = InspectorData(name: name, replay: replay, walk: walk)
        while let step = try walk.next() {
            data.append(step)
            if step.number % 256 == 0 || step.number == replay.count { progress(step.number, replay.count) }
        }
        return assemble(title: name, data: data.json(), actions: data.actionsJSON(), nonce: nonce())
    }

    /// The page around its data.
    static func assemble(title: String, data: [UInt8], actions: [UInt8], nonce: String) -> [UInt8] {
        let head = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; \
            style-src 'nonce-\(nonce)'; script-src 'nonce-\(nonce)'; img-src data:; base-uri 'none'; form-action 'none'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="checkout inspect">
            <title>\(escapedHTML(title)) · checkout inspector</title>
            <style nonce="\(nonce)">
            \(style)</style>
            </head>
            <body>
            \(body)<script type="application/json" id="inspector-data">
            """
        // The script runs as soon as the parser reaches it, so the page shows before the
        // actions (most of a long log's bytes, needed only by the Action tab) have been read.
        let middle = """

            </script>
            <script nonce="\(nonce)">
            \(script)</script>
            <script type="application/json" id="inspector-actions">
            """
        let tail = """

            </script>
            </body>
            </html>

            """
        return Array(head.utf8) + data + Array(middle.utf8) + actions + Array(tail.utf8)
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `'` as character references.
    static func escapedHTML(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A fresh random nonce for the page's content security policy.
    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt32, radix: 36) }.joined()
    }
}
