/// The fixed marker every secret the sandboxes and demo scripts make up begins with: tokens,
/// session data, client session ids, nonces, MACs, bearer tokens, 3-D Secure data, card
/// component payloads.
///
/// No real value begins with it, so a scan of logs, snapshots and command output for the marker
/// finds any sandbox secret that escaped its redaction, whatever its shape (CI runs
/// `scripts/check-no-secrets.py`, which looks for it). The rest of the value keeps the shape the
/// sandbox gave it before (`sbx_secret_002.sandbox-1` for Afterpay's first checkout token).
///
/// ```swift
/// SandboxSecret.make("sandbox-token-1")   // "sbx_secret_sandbox-token-1"
/// XCTAssertFalse(log.contains(SandboxSecret.marker))
/// ```
public enum SandboxSecret {
    /// `sbx_secret_`.
    public static let marker = "sbx_secret_"

    /// `value` with the marker in front.
    public static func make(_ value: String) -> String {
        marker + value
    }
}
