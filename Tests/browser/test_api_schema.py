"""The OpenAPI document against the running server: schemathesis generates requests for
every operation (bounded examples) and checks that no response is a 5xx and that every
response matches its schema and content type.

Run: python3 Tests/browser/test_api_schema.py  (make test runs it after swift test).
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from harness import ROOT, Server  # noqa: E402


def main():
    server = Server()
    try:
        # The token goes in schemathesis's config file (read from its working directory),
        # not on its command line, where every user of the machine could read it.
        with open(os.path.join(server.directory, "schemathesis.toml"), "w") as config:
            config.write(f'headers = {{ Authorization = "Bearer {server.token}" }}\n')
        command = [
            sys.executable, "-m", "schemathesis.cli", "run", os.path.join(ROOT, "docs", "openapi.yaml"),
            "--url", server.url + "/api/v1",
            "--checks", "not_a_server_error,response_schema_conformance,content_type_conformance",
            # The event stream never ends by design; its catch-up twin /events is checked.
            "--exclude-path", "/events/stream",
            "--phases", os.environ.get("SCHEMATHESIS_PHASES", "examples,fuzzing,stateful"),
            "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "15"),
            "--seed", os.environ.get("SCHEMATHESIS_SEED", "20240320"),
            "--workers", "2", "--no-color", "--warnings", "off",
            "--report-dir", os.path.join(server.directory, "report"),
        ]
        before = server.api("GET", "/ledger")["position"]
        result = subprocess.run(command, cwd=server.directory, capture_output=True, text=True, timeout=600)
        output = result.stdout + result.stderr
        print("\n".join(output.splitlines()[-25:]))
        ok = result.returncode == 0
        # Its writes landed, so it did send the token (without it every request is a 401,
        # which would pass the checks above and test nothing).
        after = server.api("GET", "/ledger")["position"]
        if after <= before:
            print(f"schemathesis recorded nothing (position {before} → {after}): was the token sent?")
            ok = False
        print(f"schemathesis: {1 if ok else 0} passed, {0 if ok else 1} failed")
        return 0 if ok else 1
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
