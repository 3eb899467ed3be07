"""Scaffold a new rule: its file, its fixture folders and the catalogue entry.

    python scripts/add_rule.py CODE NAME FAMILY [--severity S] [--scope S] [--fix F] [--option NAME=TYPE:DEFAULT]

    python scripts/add_rule.py TC308 undeclared-sample-argument tc3_samples --severity warning --scope samples \\
        --option ignore-names=list:[]

FAMILY is a family folder under toolcheck/rules/ (``tc3_samples``) or its code (``TC3``); a new folder
(``tc1_schema``) is created with an ``__init__.py`` and an ``index.py`` stub. The script writes

- ``toolcheck/rules/<family>/<name_with_underscores>.py``: the docstring template (the rule's documentation:
  summary, What it does, Why is this bad?, Example, Use instead, Options), ``RULE = RuleSpec(...)`` with the
  options declared (type and default; add ``min``/``max``/``choices`` and a ``doc`` line) and ``fix="none"``,
  and a ``check(facts, options)`` stub to fill;
- ``tests/rules/<CODE>/fail/example.yaml`` (with the ``# expect: CODE`` marker to move to the line the finding
  is reported at) and ``tests/rules/<CODE>/pass/example.yaml``;
- ``toolcheck/rules/_catalogue.py`` and the README's rule table, regenerated (``scripts/gen_catalogue.py``).

Then: write the docs and the check, replace the starter fixtures with real ones, run
``python scripts/gen_catalogue.py`` again (the README's table shows the docstring's summary line) and
``pytest tests/test_fixtures.py tests/test_rule_docs.py -k CODE``.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DIR = ROOT / "toolcheck" / "rules"
FIXTURES = ROOT / "tests" / "rules"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

TYPES = {"bool": "bool", "int": "int", "float": "float", "str": "str", "list": "list", "dict": "dict"}
SCOPE_FACTS = {
    "contract": ("contract", "the Contract (or the facts the family index gives for it)"),
    "set": ("contracts", "the group's contracts (each Hit names its `subject`)"),
    "samples": ("samples", "the group's samples (each Hit names its `subject`)"),
    "file": ("files", "the group's source files (each Hit names its `subject`)"),
}

RULE_TEMPLATE = '''"""{summary}

What it does:
TODO: what the rule reports, exactly (which keys, which values, where the finding points).

Why is this bad?
TODO: what goes wrong for the model or the host, and for whom.

Example:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  required: [query]
  properties:
    query: {{type: string, description: Words to search for.}}
```

Use instead:
```yaml
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  required: [query]
  properties:
    query: {{type: string, description: Words to search for.}}
```
{options_doc}"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..base import Hit, Option, RuleSpec
{index_import}
RULE = RuleSpec(
    "{code}", "{name}", severity="{severity}", scope="{scope}", {index_arg}fix="{fix}",
    options={{{options}}},
)


def check({param}: Any, options: dict[str, Any]) -> Iterator[Hit]:
    """Yield a Hit(pointer, message, help) per problem; the pointer is relative to the {param_what}."""
    # {facts_doc}
    yield from ()
'''

INIT_TEMPLATE = '''"""{code}: {title}.

TODO: what the family checks, and what its rules share (see index.py).
"""
'''

INDEX_TEMPLATE = '''"""{code}'s facts: one walk computing what several rules of the family share (see toolcheck/rules/base.py)."""

from __future__ import annotations

from typing import Any

from ..base import Index, RunView


class {cls}(Index):
    """Built once per run; ``facts(item)`` gives the rules their facts for one checked item."""

    def __init__(self, run: RunView) -> None:
        super().__init__(run)

    def facts(self, item: Any) -> Any:
        return item
'''

FAIL_FIXTURE = """# {code} {name}: a case that must raise the finding. Put the marker on the line it is reported at.
name: search_docs  # expect: {code}
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  required: [query]
  properties:
    query: {{type: string, description: Words to search for.}}
"""

PASS_FIXTURE = """# {code} {name}: a case that must not raise it.
name: search_docs
description: Search the product documentation by keyword and return matching pages.
risk: read_only
parameters:
  type: object
  required: [query]
  properties:
    query: {type: string, description: Words to search for.}
"""


class ScaffoldError(Exception):
    pass


def _family_dir(family: str, code: str) -> tuple[Path, bool]:
    """(folder, whether it must be created)."""
    digit = code[2]
    if re.fullmatch(r"TC\d", family.upper()):
        found = sorted(RULES_DIR.glob(f"tc{family[2]}_*"))
        found = [p for p in found if p.is_dir()]
        if not found:
            raise ScaffoldError(f"no folder for family {family.upper()} yet: name one, e.g. tc{family[2]}_<topic>")
        family = found[0].name
    if not re.fullmatch(r"tc[0-8]_[a-z0-9_]+", family):
        raise ScaffoldError(f"bad family folder {family!r} (e.g. tc3_samples)")
    if family[2] != digit:
        raise ScaffoldError(f"{code} is not a code of family {family}")
    path = RULES_DIR / family
    return path, not path.is_dir()


def _option(spec: str) -> tuple[str, str, str]:
    """``name=type:default`` -> (name, type, default as Python source)."""
    m = re.fullmatch(r"([a-z0-9]+(?:-[a-z0-9]+)*)=(\w+):(.*)", spec)
    if not m or m.group(2) not in TYPES:
        raise ScaffoldError(f"bad --option {spec!r} (NAME=TYPE:DEFAULT, TYPE one of {', '.join(TYPES)})")
    name, typ, default = m.groups()
    if typ == "bool":
        default = {"true": "True", "false": "False"}.get(default.lower(), default)
    elif typ == "str" and not (default.startswith(("'", '"'))):
        default = repr(default)
    try:
        value = ast.literal_eval(default)
    except (ValueError, SyntaxError):
        raise ScaffoldError(f"--option {name}: the default {default!r} is not a Python literal") from None
    want = {"bool": bool, "int": int, "float": (int, float), "str": str, "list": list, "dict": dict}[typ]
    if not isinstance(value, want) or (typ in ("int", "float") and isinstance(value, bool)):
        raise ScaffoldError(f"--option {name}: the default {default} is not a {typ}")
    return name, typ, repr(value)


def scaffold(code: str, name: str, family: str, severity: str = "error", scope: str = "contract",
             fix: str = "none", options: list[str] | None = None, summary: str | None = None) -> list[Path]:
    from toolcheck.rules import load_rules
    from toolcheck.rules.base import CODE_RE, FIXES, NAME_RE, SCOPES, SEVERITIES

    code = code.upper()
    if not CODE_RE.match(code):
        raise ScaffoldError(f"bad rule code {code!r} (TC followed by three digits, family 0-8)")
    if not NAME_RE.match(name):
        raise ScaffoldError(f"bad rule name {name!r} (kebab-case, naming the flagged pattern)")
    if severity not in SEVERITIES or scope not in SCOPES or scope == "emitted" or fix not in FIXES:
        raise ScaffoldError("bad --severity, --scope or --fix")
    rules = load_rules()
    if code in rules:
        raise ScaffoldError(f"{code} is taken ({rules[code].name}); codes are never reused")
    if any(r.name == name for r in rules.values()):
        raise ScaffoldError(f"the name {name} is taken")
    fam_dir, new_family = _family_dir(family, code)
    module = name.replace("-", "_")
    rule_file = fam_dir / f"{module}.py"
    if rule_file.exists():
        raise ScaffoldError(f"{rule_file} exists")
    fix_dir = FIXTURES / code
    if fix_dir.exists():
        raise ScaffoldError(f"{fix_dir} exists")
    opts = [_option(o) for o in options or ()]
    written: list[Path] = []
    if new_family:
        fam_dir.mkdir(parents=True)
        from toolcheck.rules import FAMILIES

        (fam_dir / "__init__.py").write_text(INIT_TEMPLATE.format(code=code[:3], title=FAMILIES[code[:3]]),
                                             encoding="utf-8")
        cls = "".join(w.capitalize() for w in fam_dir.name.split("_")[1:]) + "Index"
        (fam_dir / "index.py").write_text(INDEX_TEMPLATE.format(code=code[:3], cls=cls), encoding="utf-8")
        written += [fam_dir / "__init__.py", fam_dir / "index.py"]
    index_import, index_arg = "", ""
    index_py = fam_dir / "index.py"
    if index_py.exists():
        classes = [n.name for n in ast.parse(index_py.read_text(encoding="utf-8")).body
                   if isinstance(n, ast.ClassDef) and n.name.endswith("Index")]
        if classes:
            index_import = f"from .index import {classes[0]}\n"
            index_arg = f"index={classes[0]}, "
    param, param_what = SCOPE_FACTS[scope]
    facts_doc = (f"facts: what {index_arg[6:-2]}.facts() gives for {param_what}" if index_arg
                 else f"{param}: {param_what}")
    options_src = "".join(f'\n        "{n}": Option({t}, {d}, "TODO: one line on what it changes"),' for n, t, d in opts)
    options_src = options_src + "\n    " if options_src else ""
    options_doc = ""
    if opts:
        options_doc = "\nOptions:\n" + "\n".join(f"`rules.{code}.{n}` (default `{d}`): TODO." for n, _, d in opts)
        options_doc += "\n"
    text = RULE_TEMPLATE.format(
        summary=summary or f"TODO: one line saying what is wrong ({name}).", code=code, name=name,
        severity=severity, scope=scope, fix=fix, index_import=index_import, index_arg=index_arg,
        options=options_src, options_doc=options_doc, param="facts" if index_arg else param,
        param_what="checked item" if scope == "contract" else "Hit's subject", facts_doc=facts_doc)
    rule_file.write_text(text, encoding="utf-8")
    written.append(rule_file)
    for kind, body in (("fail", FAIL_FIXTURE), ("pass", PASS_FIXTURE)):
        d = fix_dir / kind
        d.mkdir(parents=True)
        (d / "example.yaml").write_text(body.format(code=code, name=name) if kind == "fail" else
                                        body.replace("{code}", code).replace("{name}", name), encoding="utf-8")
        written.append(d / "example.yaml")
    import subprocess

    subprocess.run([sys.executable, str(ROOT / "scripts" / "gen_catalogue.py")], check=True, cwd=ROOT)
    written.append(RULES_DIR / "_catalogue.py")
    return written


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("code")
    ap.add_argument("name")
    ap.add_argument("family")
    ap.add_argument("--severity", default="error")
    ap.add_argument("--scope", default="contract")
    ap.add_argument("--fix", default="none", help="safe | unsafe | none: whether `toolcheck --fix` can repair it")
    ap.add_argument("--option", action="append", default=[], help="NAME=TYPE:DEFAULT, e.g. max-items=int:5")
    ap.add_argument("--summary", help="the docstring's first line")
    args = ap.parse_args()
    try:
        written = scaffold(args.code, args.name, args.family, args.severity, args.scope, args.fix, args.option,
                           args.summary)
    except ScaffoldError as e:
        print(f"add_rule: {e}", file=sys.stderr)
        return 2
    for p in written:
        print(f"wrote {p.relative_to(ROOT)}")
    print(f"next: fill the docstring and check(), replace the starter fixtures, then\n"
          f"  python scripts/gen_catalogue.py   # the README's rule table shows the docstring's summary\n"
          f"  pytest tests/test_fixtures.py tests/test_rule_docs.py -k {args.code.upper()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
