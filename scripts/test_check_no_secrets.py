#!/usr/bin/env python3
"""Tests of scripts/check-no-secrets.py: it flags each kind of leak and passes redacted values.

Run: python3 scripts/test_check_no_secrets.py   (CI runs it before the scan)
"""
import importlib.util
import io
import os
import tempfile
import unittest
from contextlib import redirect_stdout

_spec = importlib.util.spec_from_file_location(
    "check_no_secrets", os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-no-secrets.py"))
scanner = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(scanner)


def kinds(text):
    return [kind for kind, _ in scanner.find_secrets(text)]


class FlagsEachKindOfLeak(unittest.TestCase):
    def test_card_numbers(self):
        for text in ['{"pan":"4111111111111111"}', '"n":5555555555554444,', "card 4111 1111 1111 1111",
                     "3782-822463-10005"]:
            self.assertIn("card", kinds(text), text)

    def test_the_sandbox_secret_marker_wherever_it_is(self):
        for text in ['"payload":"x sbx_secret_demo-3ds-result"', "clientSessionId sbx_secret_sandbox-client-session-1",
                     "no checkout has the token sbx_secret_002.sandbox-1", '{"_0":"sbx_secret_lookup-3"}']:
            self.assertIn("sandbox-secret", kinds(text), text)

    def test_secret_query_keys_with_a_clear_value_in_any_url(self):
        for key in ["token", "sessionData", "session_id", "sessionId", "clientKey", "nonce", "access_token",
                    "authorization", "Authorization", "orderToken", "RETURNMAC", "redirectResult", "client%5Fsecret",
                    "payment_method_nonce", "code"]:
            for text in [f'"url":"https://a.example/p?{key}=abc123"', f"https://a.example/p?x=1&{key}=abc123",
                         f"myapp://return#{key}=abc123", f'"https:\\/\\/a.example\\/p?{key}=abc123"',
                         f"https://a.example/p?x=1\\u0026{key}=abc123"]:
                self.assertIn("query", kinds(text), text)

    def test_bearer_and_worldline_authorization_headers(self):
        for text in ['"Authorization":"Bearer eyJhbGciOiJIUzI1NiJ9"', "authorization: bearer abc.def.ghi",
                     "Authorization: GCS v1Client:51d29012e6ce4b81"]:
            self.assertIn("bearer", kinds(text), text)

    def test_secret_json_fields_with_a_clear_string(self):
        for key in ["token", "sessionData", "clientKey", "nonce", "paymentMethodNonce", "clientToken",
                    "authorisationToken", "paymentData", "clientSessionId", "returnMAC"]:
            self.assertIn("json-field", kinds(f'{{"{key}":"Ab02b4c0"}}'), key)
        # JSON inside a JSON string, as a bridge message is logged.
        self.assertIn("json-field", kinds(r'{"messageReceived":{"_0":"{\"event\":\"pay\",\"nonce\":\"n-1\"}"}}'))


class PassesWhatIsRedactedOrNotSecret(unittest.TestCase):
    def test_the_redaction_marker_in_every_context(self):
        for text in ['{"token":"[REDACTED]","payload":"[REDACTED]"}', '"sessionData": "[REDACTED]"',
                     '"url":"https://portal.example/checkout/?token=[REDACTED]&locale=en-GB"',
                     "https://a.example/p?access_token=%5BREDACTED%5D", "myapp://cb#access_token=[REDACTED]&x=1",
                     '"Authorization":"Bearer [REDACTED]"', '"headers":{"Authorization":"[REDACTED]"}',
                     # The command line cuts long arguments short: a marker cut short is still one.
                     'payment.outcomeReceived({"url":"https://portal.example/checkout/?token=[REDA…)',
                     # A description in the demo's narration: the URL ends inside the parentheses.
                     "actionRequired(PaymentActionRequest(url: Optional(https://a.example/?token=[REDACTED]), x: nil))"]:
            self.assertEqual(scanner.find_secrets(text), [], text)

    def test_identifiers_and_plain_query_items(self):
        for text in ['"logId":"2866c5d5161628409640150983ddf760"', '"fp":"f36f48ff3ac8fab2"', '"t":1795320361237',
                     '"url":"https://shop.example/confirmation?orderNo=PARSE-2002&cart=cart-1"',
                     '"url":"https://3ds.sandbox.worldline.invalid/challenge?paymentId=sandbox-payment-1"',
                     "analytics: checkout_started kind=native", '{"token":""}', "?token=&page=2",
                     '"sessionPrepared":{"id":"CS1"}', '"kind":"authorization"', '"resultCode":"Authorised"']:
            self.assertEqual(scanner.find_secrets(text), [], text)

    def test_the_secret_key_rules(self):
        for key in ["token", "orderToken", "sessionData", "session_id", "clientKey", "nonce", "access_token",
                    "authorization", "RETURNMAC", "PaRes", "MD"]:
            self.assertTrue(scanner.is_secret_key(key), key)
        for key in ["orderNo", "cart", "status", "locale", "paymentId", "kind", "resultCode", ""]:
            self.assertFalse(scanner.is_secret_key(key), key)


class TheScanExitsNonZeroOnALeak(unittest.TestCase):
    def run_scan(self, files):
        with tempfile.TemporaryDirectory() as directory:
            for name, text in files.items():
                with open(os.path.join(directory, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            output = io.StringIO()
            with redirect_stdout(output):
                status = scanner.main([directory])
            return status, output.getvalue()

    def test_a_clean_folder_passes(self):
        status, output = self.run_scan({"log.jsonl": '{"token":"[REDACTED]","url":"https://a.example/?token=[REDACTED]"}\n'})
        self.assertEqual(status, 0, output)

    def test_a_deliberately_leaked_marker_fails_without_printing_the_secret(self):
        status, output = self.run_scan({
            "clean.jsonl": '{"token":"[REDACTED]"}\n',
            "leak.jsonl": '{"a":1}\n{"message":"no checkout has the token sbx_secret_002.sandbox-1"}\n',
        })
        self.assertEqual(status, 1)
        self.assertIn("sandbox-secret in", output)
        self.assertIn("leak.jsonl:2", output)
        self.assertNotIn("002.sandbox-1", output)

    def test_each_kind_fails_the_scan(self):
        for leak in ['"pan":"4111111111111111"', '"url":"https://a.example/?sessionId=cs_live_1"',
                     '"h":"Bearer abcdef123456"', '"nonce":"tokencc_bc_1"']:
            status, output = self.run_scan({"artifact.txt": leak + "\n"})
            self.assertEqual(status, 1, leak)

    def test_no_path_is_a_usage_error(self):
        with redirect_stdout(io.StringIO()), open(os.devnull, "w") as devnull:
            import sys
            saved, sys.stderr = sys.stderr, devnull
            try:
                self.assertEqual(scanner.main([]), 2)
            finally:
                sys.stderr = saved


if __name__ == "__main__":
    unittest.main()
