/// The public key response of the Worldline SDK's own tests (spec §2.6), an RSA-2048 SPKI. Nobody here
/// has its private key: use it for format checks, and a Python-generated key for decryption.
enum WorldlineSample {
    static let keyId = "86b64e4e-f43e-4a27-9863-9bbd5b499f82"
    static let publicKey =
        "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAkiJlGL1QjUnGDLpMNBtZPYVtOU121jfFcV4WrZayfw9Ib/1AtPBHP/0ZPocdA23"
        + "zDh6aB+QiOQEkHZlfnelBNnEzEu4ibda3nDdjSrKveSiQPyB5X+u/IS3CR48B/g4QJ+mcMV9hoFt6Hx3R99A0HWMs4um8elQsgB11MsLm"
        + "Gb1SuLo0S1pgL3EcckXfBDNMUBMQ9EtLC9zQW6Y0kx6GFXHgyjNb4yixXfjo194jfhei80sVQ49Y/SHBt/igATGN1l18IBDtO0eWmWeBckw"
        + "bNkpkPLAvJfsfa3JpaxbXwg3rTvVXLrIRhvMYqTsQmrBIJDl7F6igPD98Y1FydbKe5QIDAQAB"
    /// The base64url protected header for `keyId`, as the spec (§6.3) gives it.
    static let encodedHeader =
        "eyJhbGciOiJSU0EtT0FFUCIsICJlbmMiOiJBMjU2Q0JDLUhTNTEyIiwgImtpZCI6Ijg2YjY0ZTRlLWY0M2UtNGEyNy05ODYzLTliYmQ1Yj"
        + "Q5OWY4MiJ9"
}
