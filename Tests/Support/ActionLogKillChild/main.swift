import ActionLog
// A child process for the action log's kill test (Tests/ActionLogTests/ActionLogKillTests).
//
//     action-log-kill-child PATH
//
// Records actions as fast as it can into PATH with a durable recorder, and after each
// `dispatch` returns prints the sequence number it acknowledged, flushed at once. The test kills
// it with SIGKILL at a random moment and checks that every acknowledged record is in the log.
import Foundation
import StateStore

struct LoadState: StoreState, Codable, Equatable {
    enum Action: Codable, Sendable, Equatable {
        case append(index: Int, text: String)
    }
    var count = 0
    var last = ""
}

let reducer = Reducer<LoadState, LoadState.Action>.pure { state, action in
    switch action {
    case .append(_, let text):
        state.count += 1
        state.last = text
    }
}

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: action-log-kill-child PATH\n".utf8))
    exit(2)
}
do {
    let recorder = try ActionRecorder(
        path: CommandLine.arguments[1], initialState: LoadState(), mode: .durable,
        configuration: ActionLogConfiguration(fingerprintInterval: 16))
    let store = Store(reducer: reducer, state: LoadState(), middleware: [recorder.middleware])
    let acknowledgements = FileHandle.standardOutput
    var index = 0
    while true {
        index += 1
        // Lines of varying length, so kills land at every kind of offset.
        store.dispatch(.append(index: index, text: String(repeating: "x", count: index % 97)))
        // Unbuffered: once the number is out, the record was in the OS before.
        acknowledgements.write(Data("\(index)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
