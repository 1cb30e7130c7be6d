/// Random lowercase letters, for ids and file names.
///
/// Letters only (26 of them, 4.7 random bits each): a hexadecimal id can hold a run of digits
/// that passes for a card number, and then every scanner that looks for card numbers in logs (ours
/// in CI, a company's data-loss checks) flags a log that holds none.
enum RandomLetters {
    /// `count` random letters from the system's generator.
    static func make(count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        return String(
            decoding: (0..<count).map { _ in letters[Int.random(in: 0..<letters.count, using: &generator)] },
            as: UTF8.self)
    }
}
