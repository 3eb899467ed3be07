"""A string the model reads contains an absolute path that reveals the server layout or a user name.

What it does:
Finds absolute paths under `/etc`, `/var`, `/opt`, `/srv`, `/root`, `/mnt`, `/Volumes`, `/usr/local`, `/app`
and `/workspace`, Windows drive paths (`D:\\exports\\...`) and UNC shares (`\\\\fs01\\finance`), home
directories with a real-looking user name (`/home/jsmith/`, `/Users/jane.doe/`, `C:\\Users\\jsmith\\`), and
credentials files (`~/.aws/credentials`, `.ssh/id_rsa`, `/etc/shadow`, ...). Relative paths (`reports/q1.pdf`),
`/tmp/...`, `~/...`, `$HOME/...` and placeholder users (`/home/user/`, `C:\\Users\\<name>\\`, `/Users/{user}/`)
are fine everywhere.

A parameter (or return field) that takes a path — by its name (`path`, `file`, `dir`, `output_path`,
`destination`, ...; not an integer, number or boolean such as `max_files`), its `format` (`path`, `file-path`,
`directory`, ...) or a description that opens by saying
so ("Absolute path of the file to write", "Folder the photos come from") — documents the format of its value,
as a URL parameter does for TC501:
- in its strings only home directories with a user name and credentials files are reported;
- in its description or `examples`, a home directory given as a format is not reported either: introduced in
  its own clause by "e.g.", "such as", "for example", "in the form", ... ("Folder such as /home/marta/photos"), or
  templated with a placeholder segment (`/Users/jsmith/{project}/build`, `/home/jsmith/$PROJECT`);
- a `default`, `const` or `enum` value is the tool's own value, and a plain `examples` entry
  (`/home/jsmith/reports/q1.pdf`) is one someone ran with: a user name there is reported, as is a credentials
  file anywhere ("e.g. ~/.ssh/id_rsa" invites the model to read a key).
The tool description and parameters that do not take a path get none of this: a concrete path there is
reported even after "e.g." (`caption`: "e.g. a line like the ones in /Users/jsmith/captions.txt").

Why is this bad?
Absolute paths tell an attacker where the service, its configuration and its data live and who runs it, and
invite the model to pass such paths back to file tools.

Example:
```yaml
name: export_report
description: Export the monthly report; files are written to /srv/finance/exports/ on the app server.
parameters:
  type: object
  properties:
    month: {type: string, description: Month as YYYY-MM.}
```

Use instead:
```yaml
name: export_report
description: Export the monthly report and return a download link.
parameters:
  type: object
  properties:
    month: {type: string, description: Month as YYYY-MM.}
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, RuleSpec
from .index import LeakFacts, LeaksIndex, leak_hit

RULE = RuleSpec("TC505", "internal-path", severity="warning", scope="contract", index=LeaksIndex)

NOUNS = ("an absolute path", "absolute paths")
HELP = ("Remove the absolute path (the handler knows where its files are); show the format with a relative "
        "example such as `reports/q1.pdf`.")


def check(facts: LeakFacts, options: dict[str, Any]) -> Iterator[Hit]:
    for text, items in facts.matches(RULE.code):
        yield leak_hit(text, items, NOUNS, HELP)
