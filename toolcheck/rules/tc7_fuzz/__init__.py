"""TC7: what generated arguments find in schemas, handlers and MCP servers (`toolcheck fuzz` only).

Every finding comes from one fuzz pass over the run's contracts (:mod:`toolcheck.fuzz.driver`, started through
:class:`.index.FuzzIndex` by TC701's rule file); the other codes are registered here with ``scope="emitted"``:
their documentation, severity and options (TC703's ``mutations``, which the driver reads).

Decisions where the issue is silent (also in each rule's documentation):

* A schema that is not valid JSON Schema, or whose `$ref`/regex static checks reject, is not fuzzed (TC705,
  info); a tool fuzz tried and got no example for is an error: the TC111 finding that explains it, else TC706.
* "Declared" is generous for TC703: a shape any branch of a union declares is never reported; a value that
  declares nothing (no `type`, `enum` or `const`) accepting everything is.
* Error codes are checked against `errors` for valid arguments only: for invalid ones, any structured error
  (e.g. check_arguments' `VALIDATION_ERROR`) is the right answer.
* A timeout is not shrunk (each attempt would cost the full timeout) and, for a Python handler, later calls of
  that tool are skipped; a crashed worker is restarted and its case shrunk.
"""
