"""JUnit XML: one test case per tool (and one per file for findings outside any tool)."""

from __future__ import annotations

import re
from xml.etree import ElementTree as ET

# characters XML 1.0 cannot hold, even escaped (control characters, lone surrogates, U+FFFE/U+FFFF): written as
# their \uXXXX escape, so that a NUL in a tool name cannot make the whole report unreadable
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _x(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\u{ord(m.group()):04x}", text) if _NOT_XML.search(text) else text



def render_junit(result) -> str:
    cases: dict[tuple[str, str], list] = {}
    for path, name in result.tool_index():
        cases.setdefault((path, name), [])
    for f in result.findings:
        cases.setdefault((f.file, f.tool or "(file)"), []).append(f)
    suites = ET.Element("testsuites", name="toolcheck")
    suite = ET.SubElement(suites, "testsuite", name="toolcheck")
    failures = errors = 0
    in_memory = {sf.path for sf in getattr(result, "files", ()) if not sf.located}  # `mcp:<server>`: no file
    for (path, tool), fs in sorted(cases.items()):
        tc = ET.SubElement(suite, "testcase", classname=_x(path), name=_x(tool))
        if path not in in_memory:
            tc.set("file", _x(path))
        failing = [f for f in fs if f.severity in ("error", "warning")]
        if failing:
            failures += 1
            worst = "error" if any(f.severity == "error" for f in failing) else "warning"
            # the message counts what the element's text lists: every finding of the case, info included
            codes = "; ".join(f.code for f in fs[:10]) + ("; ..." if len(fs) > 10 else "")
            el = ET.SubElement(tc, "failure", type=worst, message=_x(f"{_tally(fs)}: {codes}"))
            el.text = _x("\n".join(
                f"{f.where}: {f.code} {f.severity} {f.message} [{f.pointer}] help: {f.help}"
                for f in fs
            ))
        elif fs:
            so = ET.SubElement(tc, "system-out")
            so.text = _x("\n".join(f"{f.where}: {f.code} {f.severity} {f.message}" for f in fs))
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    suites.set("tests", str(len(cases)))
    suites.set("failures", str(failures))
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _tally(fs: list) -> str:
    """"9 findings (5 errors, 3 warnings, 1 info)"."""
    n = {sev: sum(1 for f in fs if f.severity == sev) for sev in ("error", "warning", "info")}
    parts = [f"{n['error']} error{'s' if n['error'] != 1 else ''}",
             f"{n['warning']} warning{'s' if n['warning'] != 1 else ''}", f"{n['info']} info"]
    return f"{len(fs)} finding{'s' if len(fs) != 1 else ''} ({', '.join(p for p in parts if not p.startswith('0 '))})"
