/// How much a ``TestStore`` insists you assert.
public enum Exhaustivity: Sendable, Equatable {
    /// Every state change, every action an effect sends, and the end of every effect must be
    /// asserted; anything left unasserted fails the test. The default, for unit tests.
    case on
    /// Only what you assert is checked: unasserted state changes, actions nobody received and
    /// effects still running at the end pass. A wrong assertion still fails. For integration tests
    /// that care about a few outcomes of a long flow.
    case off
}
