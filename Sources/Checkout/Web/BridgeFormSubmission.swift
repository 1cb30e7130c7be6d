import ActionLog
public import StateStore

/// Forms mode's wire format: how a page whose JavaScript message handlers must stay off (they
/// blocked Apple Pay) sends bridge events, as navigations the app intercepts and cancels.
///
/// Poq's own Forms format is not public; this one is ours. A message is a navigation (a hidden
/// form submitted with `method="get"`, or any navigation) to
///
/// ```
/// poqwebcheckout://bridge/EVENT?data=JSON
/// ```
///
/// - scheme ``scheme`` and host ``host``, both compared ignoring case; no user, port or fragment;
/// - the path is one segment, the event name (`order`, `paymentcompleted`, `error`,
///   `closewebview`, `ping`, `applepay`, or a custom event): 1 to ``maximumEventNameLength``
///   letters, digits, `_`, `-` or `.`, percent-encoded or not;
/// - the query holds exactly one parameter, `data`: the event's data as JSON text (an object or
///   `null`), encoded as a form encodes it (`application/x-www-form-urlencoded`: UTF-8 bytes as
///   `%XX`, a space as `+`; what `encodeURIComponent` writes reads the same);
/// - the data is at most `JSONValue.maximumFoundationBytes` (1 MB) of JSON, nested at most
///   `JSONValue.maximumFoundationDepth` (64) levels; the URL at most ``maximumURLBytes``.
///
/// The format never depends on the request's body (WebKit does not hand a navigation's body to
/// `decidePolicyFor`) or headers: the data travels in the URL. ``pageScript`` is the page's side.
///
/// ```swift
/// BridgeFormSubmission.url(event: "closewebview", data: nil)
/// // poqwebcheckout://bridge/closewebview?data=null
/// BridgeFormSubmission.decode(url: "poqwebcheckout://bridge/order?data=%7B%22total%22%3A5%7D")
/// // .success({"data":{"total":5},"event":"order"})
/// ```
public enum BridgeFormSubmission {
    /// The URL scheme of a submission: `poqwebcheckout`.
    public static let scheme = "poqwebcheckout"
    /// The URL host of a submission: `bridge`.
    public static let host = "bridge"
    /// The query parameter that carries the data: `data`.
    public static let dataParameter = "data"
    /// The longest event name, in characters.
    public static let maximumEventNameLength = 64
    /// The longest URL read, in bytes: room for 1 MB of data with every byte percent-encoded.
    public static let maximumURLBytes = 3 * JSONValue.maximumFoundationBytes + 1024

    /// Whether `url` is a Forms submission, to be cancelled and decoded: its scheme is
    /// ``scheme``. Any other URL is an ordinary navigation.
    public static func isSubmission(_ url: String) -> Bool {
        guard let colon = url.utf8.firstIndex(of: UInt8(ascii: ":")) else { return false }
        return String(url.utf8[..<colon])?.lowercased() == scheme
    }

    /// Decodes a submission URL into the bridge message it carries, `{"data": …, "event": …}` in
    /// the log's canonical order, or says exactly what is wrong with it. Never throws or traps.
    public static func decode(url: String) -> Result<JSONValue, BridgeFormRejection> {
        decode(WebCheckoutNavigationRequest(url: url))
    }

    /// Decodes a navigation request, as the web view hands it, into the bridge message its URL
    /// carries. The method, headers and body are never read for data; a non-`GET` request whose
    /// URL has no data but whose body is not empty is refused as
    /// ``BridgeFormRejection/dataInBody(method:)``, so a form posted by mistake says so.
    public static func decode(_ request: WebCheckoutNavigationRequest) -> Result<JSONValue, BridgeFormRejection> {
        let bytes = Array(request.url.utf8)
        guard bytes.count <= maximumURLBytes else {
            return .failure(.tooLarge(part: "the URL", bytes: bytes.count, limit: maximumURLBytes))
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            return .failure(.malformedURL(reason: "no scheme"))
        }
        let schemeText = String(decoding: bytes[..<colon], as: UTF8.self)
        guard schemeText.lowercased() == scheme else {
            return .failure(.notASubmission(scheme: displayName(schemeText)))
        }
        var index = colon + 1
        guard bytes[index...].starts(with: "//".utf8) else {
            return .failure(.malformedURL(reason: "no \"//\" after the scheme"))
        }
        index += 2
        let authorityEnd = bytes[index...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.endIndex
        let authority = String(decoding: bytes[index..<authorityEnd], as: UTF8.self)
        guard authority.lowercased() == host else { return .failure(.wrongHost(displayName(authority))) }
        guard !bytes[authorityEnd...].contains(UInt8(ascii: "#")) else {
            return .failure(.malformedURL(reason: "it has a fragment"))
        }
        let queryStart = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "?"))
        let pathEnd = queryStart ?? bytes.endIndex

        let event: String
        switch eventName(bytes, authorityEnd..<pathEnd) {
        case .success(let name): event = name
        case .failure(let rejection): return .failure(rejection)
        }

        var dataRange: Range<Int>?
        if let queryStart {
            var itemStart = queryStart + 1
            while itemStart <= bytes.endIndex {
                let itemEnd = bytes[itemStart...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
                defer { itemStart = itemEnd + 1 }
                guard itemStart < itemEnd else { continue }  // an empty item, as `a&&b` holds
                let equals = bytes[itemStart..<itemEnd].firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
                guard let name = formDecoded(bytes, itemStart..<equals) else {
                    return .failure(
                        .invalidPercentEncoding(part: "a parameter name", offset: badEscape(bytes, itemStart..<equals)))
                }
                guard name == dataParameter else { return .failure(.unexpectedParameter(displayName(name))) }
                guard dataRange == nil else { return .failure(.duplicatedParameter(dataParameter)) }
                dataRange = min(equals + 1, itemEnd)..<itemEnd
            }
        }
        guard let dataRange else {
            let method = request.method.uppercased()
            if method != "GET", let body = request.body, !body.isEmpty {
                return .failure(.dataInBody(method: displayName(method)))
            }
            return .failure(.missingParameter(dataParameter))
        }
        switch data(bytes, dataRange) {
        case .success(let data):
            return .success(
                .object([JSONMember(key: "data", value: data), JSONMember(key: "event", value: .string(event))]))
        case .failure(let rejection):
            return .failure(rejection)
        }
    }

    /// The submission URL for `event` with `data` (`nil` for none), as the page's form builds
    /// it: what ``decode(_:)`` reads back as the same message.
    ///
    /// ```swift
    /// BridgeFormSubmission.url(event: "order", data: .object([JSONMember(key: "total", value: .number("5"))]))
    /// // poqwebcheckout://bridge/order?data=%7B%22total%22%3A5%7D
    /// ```
    public static func url(event: String, data: JSONValue?) -> String {
        "\(scheme)://\(host)/\(formEncoded(event))?\(dataParameter)=\(formEncoded((data ?? .null).jsonText))"
    }

    /// The page's side of Forms mode: a script that defines
    /// `window.poqWebCheckoutForms.send(name, data)`, which sends one bridge message as a hidden
    /// form submitted with `method="get"` to ``url(event:data:)``'s URL (the browser encodes the
    /// data as ``decode(_:)`` reads it). Messages are queued and submitted one per turn of the
    /// event loop, because a second navigation started in the same turn can replace the first
    /// before the app is asked about it.
    ///
    /// A page's bridge library does the same when the `poq.webcheckout.platform` cookie is
    /// `forms`; a host can also inject this script (a `WKUserScript` at document end).
    public static let pageScript = """
        (function () {
          if (window.poqWebCheckoutForms) { return; }
          var queue = [];
          var busy = false;
          function submitNext() {
            if (busy || queue.length === 0) { return; }
            busy = true;
            var message = queue.shift();
            var form = document.createElement('form');
            form.method = 'get';
            form.acceptCharset = 'UTF-8';
            form.action = '\(scheme)://\(host)/' + encodeURIComponent(message.name);
            form.style.display = 'none';
            var input = document.createElement('input');
            input.type = 'hidden';
            input.name = '\(dataParameter)';
            input.value = JSON.stringify(message.data === undefined ? null : message.data);
            form.appendChild(input);
            document.body.appendChild(form);
            form.submit();
            document.body.removeChild(form);
            setTimeout(function () { busy = false; submitNext(); }, 0);
          }
          window.poqWebCheckoutForms = {
            send: function (name, data) { queue.push({ name: String(name), data: data }); submitNext(); }
          };
        })();
        """

    // MARK: Reading the parts

    private static func eventName(_ bytes: [UInt8], _ path: Range<Int>) -> Result<String, BridgeFormRejection> {
        guard path.count > 1 else { return .failure(.invalidEvent(reason: "missing (the path is empty)")) }
        let segment = path.lowerBound + 1..<path.upperBound
        guard !bytes[segment].contains(UInt8(ascii: "/")) else {
            return .failure(.invalidEvent(reason: "the path has more than one segment"))
        }
        // A path keeps `+` as it is: only a query encodes a space as `+`.
        guard let name = percentDecoded(bytes, segment, plusIsSpace: false) else {
            return .failure(.invalidPercentEncoding(part: "the event", offset: badEscape(bytes, segment)))
        }
        guard let text = String(validating: name, as: UTF8.self), !text.isEmpty,
            text.unicodeScalars.count <= maximumEventNameLength,
            text.unicodeScalars.allSatisfy({ $0.isNameCharacter })
        else {
            return .failure(
                .invalidEvent(
                    reason:
                        "not a name of 1 to \(maximumEventNameLength) letters, digits, '_', '-' or '.' (\(name.count) bytes)"
                ))
        }
        return .success(text)
    }

    private static func data(_ bytes: [UInt8], _ range: Range<Int>) -> Result<JSONValue, BridgeFormRejection> {
        guard let decoded = percentDecoded(bytes, range, plusIsSpace: true) else {
            return .failure(.invalidPercentEncoding(part: "data", offset: badEscape(bytes, range)))
        }
        guard decoded.count <= JSONValue.maximumFoundationBytes else {
            return .failure(.tooLarge(part: "data", bytes: decoded.count, limit: JSONValue.maximumFoundationBytes))
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            return .failure(.invalidData(reason: "not UTF-8 text"))
        }
        guard let value = try? JSONParser.parse(text) else {
            return .failure(.invalidData(reason: "not JSON (\(decoded.count) bytes)"))
        }
        if let place = value.placeDeeperThan(JSONValue.maximumFoundationDepth) {
            return .failure(
                .invalidData(reason: "nested deeper than \(JSONValue.maximumFoundationDepth) levels at \(place)"))
        }
        switch value {
        case .null, .object: return .success(value.inCanonicalOrder)
        default: return .failure(.invalidData(reason: "\(value.kindName), not an object or null"))
        }
    }

    /// A name from a page quoted only when it is a short identifier (it cannot then be a card
    /// number or a secret); otherwise only its length.
    static func displayName(_ text: String) -> String {
        let scalars = text.unicodeScalars
        if let first = scalars.first, first.isASCIILetter, scalars.count <= 32, scalars.allSatisfy(\.isNameCharacter) {
            return "\"\(text)\""
        }
        return "(\(text.utf8.count) bytes)"
    }

    // MARK: Percent-encoding

    /// The bytes `%XX`-decoded (and `+` as a space when `plusIsSpace`), or `nil` at a `%` not
    /// followed by two hexadecimal digits.
    static func percentDecoded(_ bytes: [UInt8], _ range: Range<Int>, plusIsSpace: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return output
    }

    /// The offset of the first bad `%` escape in `range`.
    private static func badEscape(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil
                else { return index }
                index += 3
            } else {
                index += 1
            }
        }
        return range.lowerBound
    }

    private static func formDecoded(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        percentDecoded(bytes, range, plusIsSpace: true).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The value of an ASCII hexadecimal digit (a byte of 0x80 or more is a Latin-1 character,
    /// never a digit).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
    }

    /// `text` as a form encodes a value: letters, digits and `*-._` as they are, a space as `+`,
    /// every other UTF-8 byte as `%XX`.
    static func formEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }

    /// A letter, digit, `_`, `-` or `.` of ASCII: what an event or parameter name is made of.
    fileprivate var isNameCharacter: Bool {
        isASCIILetter || ("0"..."9").contains(self) || self == "_" || self == "-" || self == "."
    }
}
