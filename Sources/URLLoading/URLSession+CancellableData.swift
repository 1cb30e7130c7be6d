public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension URLSession {
    /// Loads `request`'s body and response, as `data(for:)` does, and can be cancelled safely on
    /// every platform: a cancelled task gets `URLError(.cancelled)` at once.
    ///
    /// Why not `data(for:)`: on Linux, FoundationNetworking's `data(for:)` cancels its
    /// `URLSessionDataTask` when the calling task is cancelled, and that cancel races the load's
    /// own ending. Measured here (Swift 6.3.1, a local server, cancels at random moments): some
    /// runs crash in `URLSession.behaviour(for:)` ("Trying to access a behaviour for a task that
    /// in not in the registry", the cancel arriving after the load ended) and others never return
    /// (the cancel arriving before the load started). So here the calling task's cancellation
    /// ends the wait, not the load: on Linux the load runs on to its end or its timeout and its
    /// answer is dropped; on Apple platforms, whose `URLSession` cancels safely, it is cancelled.
    ///
    /// ```swift
    /// let (data, response) = try await URLSession.shared.cancellableData(for: request)
    /// ```
    public func cancellableData(for request: URLRequest) async throws -> (Data, URLResponse) {
        let load = PendingLoad()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Data, URLResponse), any Error>) in
                guard load.begin(continuation) else { return }
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        load.finish(.failure(error))
                    } else if let response {
                        load.finish(.success((data ?? Data(), response)))
                    } else {
                        load.finish(.failure(URLError(.badServerResponse)))
                    }
                }
                load.started(task)
                task.resume()
            }
        } onCancel: {
            load.cancel()
        }
    }
}

/// One load's continuation, resumed exactly once: by the load's completion or by cancellation,
/// whichever comes first.
private final class PendingLoad: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    private var isCancelled = false
    private var task: URLSessionDataTask?

    /// Keeps `continuation`; `false` (and resumed with `URLError(.cancelled)`) when the calling
    /// task was cancelled before the load began.
    func begin(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) -> Bool {
        let cancelled = lock.withLock {
            if !isCancelled { self.continuation = continuation }
            return isCancelled
        }
        if cancelled { continuation.resume(throwing: URLError(.cancelled)) }
        return !cancelled
    }

    /// Remembers the load's task, for cancelling it where that is safe.
    func started(_ task: URLSessionDataTask) {
        lock.withLock { self.task = task }
    }

    /// Hands the load's result to the waiting task, if it still waits.
    func finish(_ result: Result<(Data, URLResponse), any Error>) {
        let waiting = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }

    /// Ends the wait with `URLError(.cancelled)`; the load is cancelled too where that is safe.
    func cancel() {
        let (waiting, task) = lock.withLock {
            isCancelled = true
            defer { continuation = nil }
            return (continuation, self.task)
        }
        waiting?.resume(throwing: URLError(.cancelled))
        #if canImport(FoundationNetworking)
        _ = task  // FoundationNetworking's cancel races the load's ending (see above): the load runs on.
        #else
        task?.cancel()
        #endif
    }
}
