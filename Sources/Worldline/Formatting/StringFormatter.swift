/// Applies and removes display masks such as `{{9999}} {{9999}} {{9999}} {{9999}} {{999}}`.
///
/// A mask is literal text with placeholder sections in double braces. Inside braces `9` takes one
/// digit, `a` one lowercase letter, `A` one uppercase letter and `*` any character; any other
/// character inside braces takes nothing. Outside braces every character is a literal.
///
/// The algorithm is the SDK's, kept exactly so that a field formats the same on every platform:
/// - a completed group is followed by its literal separator (`"4111"` → `"4111 "`,
///   `"12"` → `"12/"`), but only the first incomplete token may append a trailing literal;
/// - input that does not fit a placeholder is dropped (and the cursor is not moved for it, except
///   that it never ends up past the end of the result);
/// - input beyond the end of the mask is dropped;
/// - an input character equal to the literal at that place is consumed as that literal
///   (`"1234"` with `+31 {{99}} {{99}}` → `"+31 23 4"`).
///
/// ```swift
/// let formatter = StringFormatter()
/// formatter.formatString("41111", mask: "{{9999}} {{9999}}", cursorPosition: 5)
/// // (formatted: "4111 1", cursorPosition: 6)
/// formatter.unformatString("4111 1", mask: "{{9999}} {{9999}}")  // "41111"
/// ```
public struct StringFormatter: Sendable {
    /// Creates a formatter. It has no state; one can be shared freely.
    public init() {}

    /// Formats `string` with `mask`, moving `cursorPosition` (an offset in `string`, counted in
    /// characters) to the matching offset in the result.
    ///
    /// A cursor outside `0...string.count` is taken as the nearest end: past the end it formats
    /// exactly as at the end, and one of `Int.max` no longer overflows as the mask's literals
    /// move it on; a negative one is 0, so the offset returned is always in the result.
    ///
    /// - Returns: The masked text and the cursor offset in it.
    public func formatString(
        _ string: String, mask: String, cursorPosition: Int
    ) -> (
        formatted: String, cursorPosition: Int
    ) {
        let input = Array(string)
        var cursor = min(max(cursorPosition, 0), input.count)
        var copyFromMask = true
        var appendRestOfMask = true
        var stringIndex = 0
        var result = ""
        for token in MaskToken.tokens(of: mask) {
            switch token {
            case .open: copyFromMask = false
            case .close: copyFromMask = true
            case .text(let maskCharacters):
                var maskIndex = 0
                while stringIndex < input.count, maskIndex < maskCharacters.count {
                    let maskCharacter = maskCharacters[maskIndex]
                    let inputCharacter = input[stringIndex]
                    if copyFromMask {
                        result.append(maskCharacter)
                        if inputCharacter == maskCharacter {
                            stringIndex += 1
                        } else if cursor >= stringIndex {
                            cursor += 1
                        }
                        maskIndex += 1
                    } else {
                        if Self.character(inputCharacter, fits: maskCharacter) {
                            result.append(inputCharacter)
                            maskIndex += 1
                        }
                        stringIndex += 1
                    }
                }
                if appendRestOfMask, maskIndex < maskCharacters.count {
                    if copyFromMask {
                        let rest = maskCharacters[maskIndex...]
                        result.append(contentsOf: rest)
                        if cursor >= stringIndex { cursor += rest.count }
                    }
                    appendRestOfMask = false
                }
            }
        }
        // The SDK leaves the cursor where it is for dropped input, so it can point past the end
        // (`"4a11"` with cursor 4 formats to `"411"`); a text field would trap on that. We clamp.
        return (result, min(cursor, result.count))
    }

    /// Formats `string` with `mask` (cursor at 0).
    public func formatString(_ string: String, mask: String) -> String {
        formatString(string, mask: mask, cursorPosition: 0).formatted
    }

    /// Removes the literals of `mask` from `string`, keeping what the placeholders took.
    ///
    /// Works on masked and on unmasked input alike: the input is formatted first.
    public func unformatString(_ string: String, mask: String) -> String {
        let masked = Array(formatString(string, mask: mask))
        var offset = 0
        var insideBraces = false
        var result = ""
        for token in MaskToken.tokens(of: mask) {
            switch token {
            case .open: insideBraces = true
            case .close: insideBraces = false
            case .text(let maskCharacters):
                let length = min(masked.count - offset, maskCharacters.count)
                if insideBraces { result.append(contentsOf: masked[offset..<offset + length]) }
                offset += length
            }
        }
        return result
    }

    /// Replaces every placeholder by `*`, keeping braces and literals, so that any stored value
    /// fits: `{{9999}}/{{aaaa}}` → `{{****}}/{{****}}`. Used for account-on-file labels, whose
    /// values are already partly masked (`************1111`).
    public func relaxMask(_ mask: String) -> String {
        var insideBraces = false
        var result = ""
        for token in MaskToken.tokens(of: mask) {
            switch token {
            case .open:
                insideBraces = true
                result += "{{"
            case .close:
                insideBraces = false
                result += "}}"
            case .text(let characters):
                result += insideBraces ? String(repeating: "*", count: characters.count) : String(characters)
            }
        }
        return result
    }

    private static func character(_ character: Character, fits placeholder: Character) -> Bool {
        // `isASCII` first: a digit with a combining mark sorts between "0" and "9" but is no digit.
        switch placeholder {
        case "9": return character.isASCII && ("0"..."9").contains(character)
        case "a": return character.isASCII && ("a"..."z").contains(character)
        case "A": return character.isASCII && ("A"..."Z").contains(character)
        case "*": return true
        default: return false
        }
    }
}
