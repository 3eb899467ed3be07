"""SARIF 2.1.0 for code-scanning UIs. Columns are UTF-16 code units, as SARIF requires."""

from __future__ import annotations

import json

from ..rules import RULES

_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
INFO_URI = "https://github.com/toolcheck/toolcheck"


def _utf16_col(line_text: str, col: int) -> int:
    prefix = line_text[: max(col - 1, 0)]
    return len(prefix.encode("utf-16-le", "surrogatepass")) // 2 + 1


def utf16_column(sf, line: int, col: int) -> int:
    """A character column as UTF-16 code units (SARIF's unit) on that line of the source file."""
    if sf is None or not sf.text or col <= 1:
        return col
    text = sf.line_text(line)
    if text.isascii():
        return col
    return _utf16_col(text, col)


def _artifact(path: str, line, column=None) -> dict:
    """A physicalLocation: a repository file relative to %SRCROOT% with its region; a document that exists only in
    memory (a live MCP server's `tools/list`, shown as `mcp:<server>`) as that absolute URI, without a region."""
    if line is None:
        from urllib.parse import quote

        return {"artifactLocation": {"uri": quote(path, safe=":/@!$&'()*+,;=-._~")}}
    region = {"startLine": max(int(line), 1)}
    if column is not None:
        region["startColumn"] = column
    return {"artifactLocation": {"uri": path, "uriBaseId": "%SRCROOT%"}, "region": region}


def render_sarif(result, version: str) -> str:
    used = sorted({f.code for f in result.findings})
    index = {c: i for i, c in enumerate(used)}
    rules = []
    for c in used:
        r = RULES[c]
        rules.append({
            "id": c,
            "name": r.name,
            "shortDescription": {"text": r.summary},
            "fullDescription": {"text": r.doc},
            "helpUri": r.url or f"{INFO_URI}#rules",
            "defaultConfiguration": {"level": _LEVEL[r.severity]},
            "properties": {"family": r.family},
        })
    results = []
    for f in result.findings:
        sf = f.extra.get("file")
        if f.line is None:
            col16 = None
        elif f.extra.get("utf16_column") is not None:
            col16 = f.extra["utf16_column"]
        else:
            col16 = utf16_column(sf, f.line, f.column)
        props = {"tool": f.tool, "pointer": f.pointer, "help": f.help, "severity": f.severity}
        if f.target:
            props["target"] = f.target
        if f.fixable is not None:
            props["fixable"] = f.fixable
        if f.data is not None:
            props["data"] = f.data
        res = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _LEVEL[f.severity],
            "message": {"text": f"{f.message} — {f.help}"},
            "locations": [{
                "physicalLocation": _artifact(f.file, f.line, col16),
                "logicalLocations": [{"fullyQualifiedName": (f.tool or "") + f.pointer, "kind": "member"}],
            }],
            "properties": props,
        }
        if f.related:
            res["relatedLocations"] = [
                {"id": i, "physicalLocation": _artifact(r["file"], r.get("line", 1)),
                 "message": {"text": f"{r.get('tool') or ''} {r.get('pointer', '')}".strip() or "related"}}
                for i, r in enumerate(f.related) if isinstance(r, dict) and r.get("file")
            ]
        results.append(res)
    doc = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "toolcheck", "version": version, "semanticVersion": version,
                                "informationUri": INFO_URI, "rules": rules}},
            "columnKind": "utf16CodeUnits",
            "originalUriBaseIds": {"%SRCROOT%": {"uri": "./"}},
            "results": results,
        }],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False, default=str) + "\n"
