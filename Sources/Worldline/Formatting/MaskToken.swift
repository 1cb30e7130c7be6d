/// One piece of a mask such as `{{9999}} {{9999}}`: an opening `{{`, a closing `}}`, or a run of text.
///
/// Splitting follows the SDK's regular expression `\{\{|\}\}|([^\{\}]|\{(?!\{)|\}(?!\}))*`: a run
/// of text ends wherever `{{` or `}}` begins, so a lone `{` or `}` is ordinary text.
enum MaskToken: Equatable {
    case open
    case close
    case text([Character])

    static func tokens(of mask: String) -> [MaskToken] {
        let characters = Array(mask)
        var tokens: [MaskToken] = []
        var run: [Character] = []
        var index = 0
        while index < characters.count {
            let pair = index + 1 < characters.count ? (characters[index], characters[index + 1]) : nil
            if let pair, pair == ("{", "{") || pair == ("}", "}") {
                if !run.isEmpty {
                    tokens.append(.text(run))
                    run = []
                }
                tokens.append(pair.0 == "{" ? .open : .close)
                index += 2
            } else {
                run.append(characters[index])
                index += 1
            }
        }
        if !run.isEmpty { tokens.append(.text(run)) }
        return tokens
    }
}
