import ActionLog

/// How each kind of value becomes its pseudonym, in its normalised form (the form every occurrence
/// of the value shares). ``OccurrenceRenderer`` then gives each occurrence its own case and spacing.
///
/// - Names and addresses, postcodes, free text: every character mapped (``MappedCharacter``).
/// - Email addresses: the local part and the domain separately, the `@` and dots kept. The local
///   part's choices come from the whole address, the domain's from the domain alone, so every
///   address at one domain shares one pseudonymous domain within an export. The top-level domain
///   (the last label, when it is ASCII letters, digits and hyphens) stays: it names a registry, not
///   a person, and a plausibility rule may look at it.
/// - Phone numbers: a leading `+` or `00` and the country calling code after it stay (ITU-T E.164
///   code lengths); every other digit is mapped.
///
/// `attempt` selects the candidate: attempt 0 is the first, each redraw takes the next.
enum PseudonymScheme {
    static func map(
        _ normalised: String, kind: PersonalKind, attempt: Int, key: PseudonymKey
    ) throws -> [MappedCharacter] {
        let characters = Array(normalised)
        switch kind {
        case .email:
            return try mapEmail(characters, normalised: normalised, attempt: attempt, key: key)
        case .phone:
            let kept = PhonePrefix.length(of: characters)
            return characters[..<kept].map(MappedCharacter.kept)
                + (try mapSegment(characters[kept...], label: "phone", attempt: attempt, value: normalised, key: key))
        case .nameOrAddress, .postcode, .freeText, .url:
            return try mapSegment(characters[...], label: kind.rawValue, attempt: attempt, value: normalised, key: key)
        }
    }

    private static func mapEmail(
        _ characters: [Character], normalised: String, attempt: Int, key: PseudonymKey
    ) throws -> [MappedCharacter] {
        // No `@` at all (an implausible address): the whole value is mapped as a local part.
        guard let at = characters.lastIndex(of: "@") else {
            return try mapSegment(characters[...], label: "email.local", attempt: attempt, value: normalised, key: key)
        }
        let local = try mapSegment(
            characters[..<at], label: "email.local", attempt: attempt, value: normalised, key: key)
        let domain = characters[(at + 1)...]
        let domainValue = String(domain)
        var topLevel = domain.endIndex
        if let dot = domain.lastIndex(of: "."), dot > domain.startIndex, dot + 1 < domain.endIndex,
            domain[(dot + 1)...].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            topLevel = dot
        }
        // The domain's choices do not depend on the attempt: redrawing one address must not move
        // every other address at its domain.
        let mappedDomain = try mapSegment(
            domain[..<topLevel], label: "email.domain", attempt: 0, value: domainValue, key: key)
        return local + [.kept("@")] + mappedDomain + domain[topLevel...].map(MappedCharacter.kept)
    }

    /// Maps `characters` with choices drawn from the stream of (`label`, `attempt`, `value`); a
    /// segment with nothing to replace costs no HMAC.
    private static func mapSegment(
        _ characters: ArraySlice<Character>, label: String, attempt: Int, value: String, key: PseudonymKey
    ) throws -> [MappedCharacter] {
        let roles = characters.map(CharacterRole.init)
        guard roles.contains(where: \.isReplaced) else { return characters.map(MappedCharacter.kept) }
        var stream = try KeyedStream(key: key, label: label, attempt: attempt, value: value)
        var mapped: [MappedCharacter] = []
        mapped.reserveCapacity(characters.count)
        for (role, character) in zip(roles, characters) {
            mapped.append(try role.mapped(character, stream: &stream))
        }
        return mapped
    }
}

/// The part of a phone number a pseudonym keeps: a leading `+` or `00` (the international
/// prefix) and the country calling code after it.
enum PhonePrefix {
    /// The two-digit country calling codes of ITU-T E.164; 1 and 7 are the one-digit codes, every
    /// other code has three digits.
    private static let twoDigitCodes: Set<Int> = [
        20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58,
        60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
    ]

    /// How many leading characters of a normalised phone number stay: the prefix and the code,
    /// or 0 if the number does not start with `+` or `00`.
    static func length(of characters: [Character]) -> Int {
        let prefix: Int
        if characters.first == "+" {
            prefix = 1
        } else if characters.count >= 2, characters[0] == "0", characters[1] == "0" {
            prefix = 2
        } else {
            return 0
        }
        let digits = characters[prefix...].prefix(3).prefix { $0.isASCII && $0.isNumber }
            .compactMap(\.wholeNumberValue)
        guard let first = digits.first else { return prefix }
        if first == 1 || first == 7 { return prefix + 1 }
        guard digits.count >= 2 else { return prefix + digits.count }
        return prefix + (twoDigitCodes.contains(first * 10 + digits[1]) ? 2 : digits.count)
    }
}
