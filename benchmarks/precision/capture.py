#!/usr/bin/env python3
"""Capture `tools/list` from published MCP servers installed outside the repository, over stdio.

    python benchmarks/precision/capture.py --root /work/mcp-servers [SLUG ...]

Each server was installed from its registry by its ordinary client (npm into ROOT/npm/<dir>/node_modules, PyPI
into its own venv ROOT/py-<dir>), never into this repository. The capture speaks JSON-RPC over the server's
stdin/stdout itself (no SDK in between, so nothing is re-serialised): initialize, notifications/initialized,
tools/list (following nextCursor), and saves the `result` object exactly as received to servers/<slug>.json
(pretty-printed; several pages are concatenated into one `tools` array, and the manifest says so). Each server
runs in an empty temporary folder with a temporary HOME and dummy credentials where it needs them only for calls.
The manifest records package, exact version and licence (from the installed package's own metadata), the command,
the date, the tool count and the file's sha256. Servers whose licence does not allow redistributing their tool
definitions are listed as not kept, with no file.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import queue
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVERS_DIR = HERE / "servers"
MANIFEST = SERVERS_DIR / "manifest.json"
PROTOCOL = "2025-06-18"
# Licences that allow redistributing the tool definitions (the package's text) with attribution.
REDISTRIBUTABLE = {"MIT", "Apache-2.0 AND MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "0BSD", "Unlicense", "MPL-2.0"}

# A kubeconfig naming a cluster on this machine that is never contacted (the server reads the file at start).
KUBECONFIG = """apiVersion: v1
kind: Config
clusters: [{name: dummy, cluster: {server: "https://127.0.0.1:6443"}}]
users: [{name: dummy, user: {token: dummy}}]
contexts: [{name: dummy, context: {cluster: dummy, user: dummy}}]
current-context: dummy
"""
# The reference servers' package.json says "SEE LICENSE IN LICENSE" but the packages ship no LICENSE file; their
# README says MIT and the repository's LICENSE (modelcontextprotocol/servers) describes a transition from MIT to
# Apache-2.0 (new contributions Apache-2.0, older ones MIT): both allow redistribution with the notice.
REFERENCE_LICENCE = ("Apache-2.0 AND MIT", "package.json: SEE LICENSE IN LICENSE, no LICENSE file in the package; "
                     "README: MIT; repository LICENSE: MIT to Apache-2.0 transition")

# slug: (ecosystem, package, install dir under ROOT, argv after the executable, extra env, what it is)
# `{sandbox}` in argv is the server's temporary working folder.
SERVERS: dict[str, dict] = {
    "mcp-everything": dict(eco="npm", licence_fallback=REFERENCE_LICENCE, pkg="@modelcontextprotocol/server-everything", bin="mcp-server-everything",
                           args=["stdio"], kind="official reference server (protocol feature demo)"),
    "mcp-filesystem": dict(eco="npm", licence_fallback=REFERENCE_LICENCE, pkg="@modelcontextprotocol/server-filesystem", bin="mcp-server-filesystem",
                           args=["{sandbox}"], kind="official reference server"),
    "mcp-memory": dict(eco="npm", licence_fallback=REFERENCE_LICENCE, pkg="@modelcontextprotocol/server-memory", bin="mcp-server-memory",
                       env={"MEMORY_FILE_PATH": "{sandbox}/memory.jsonl"}, kind="official reference server"),
    "mcp-sequential-thinking": dict(eco="npm", licence_fallback=REFERENCE_LICENCE, pkg="@modelcontextprotocol/server-sequential-thinking",
                                    bin="mcp-server-sequential-thinking", kind="official reference server"),
    "mcp-git": dict(eco="pypi", pkg="mcp-server-git", bin="mcp-server-git", args=["--repository", "{sandbox}/repo"],
                    init_git=True, kind="official reference server"),
    "mcp-fetch": dict(eco="pypi", pkg="mcp-server-fetch", bin="mcp-server-fetch", kind="official reference server"),
    "mcp-time": dict(eco="pypi", pkg="mcp-server-time", bin="mcp-server-time", args=["--local-timezone", "UTC"],
                     kind="official reference server"),
    "mcp-sqlite": dict(eco="pypi", pkg="mcp-server-sqlite", bin="mcp-server-sqlite",
                       args=["--db-path", "{sandbox}/db.sqlite"], kind="reference server (archived)"),
    "github": dict(eco="npm", pkg="@modelcontextprotocol/server-github", bin="mcp-server-github",
                   env={"GITHUB_PERSONAL_ACCESS_TOKEN": "dummy"}, kind="reference GitHub server (archived)"),
    "kubernetes": dict(eco="npm", pkg="mcp-server-kubernetes", bin="mcp-server-kubernetes",
                       env={"KUBECONFIG": "{sandbox}/kubeconfig"}, files={"kubeconfig": KUBECONFIG},
                       kind="Kubernetes server"),
    "playwright": dict(eco="npm", pkg="@playwright/mcp", bin="playwright-mcp", args=["--headless"],
                       kind="Microsoft's browser automation server"),
    "azure": dict(eco="npm", pkg="@azure/mcp", bin="azmcp", args=["server", "start"],
                  kind="Microsoft's Azure server (large vendor)"),
    "notion": dict(eco="npm", pkg="@notionhq/notion-mcp-server", bin="notion-mcp-server",
                   env={"NOTION_TOKEN": "ntn_dummy"}, kind="Notion's first-party server"),
    "stripe": dict(eco="npm", pkg="@stripe/mcp", bin="mcp", args=["--tools=all", "--api-key=sk_test_dummy"],
                   kind="Stripe's first-party server"),
    "supabase": dict(eco="npm", pkg="@supabase/mcp-server-supabase", bin="mcp-server-supabase",
                     args=["--access-token=sbp_dummy"], kind="Supabase's first-party server"),
    "auth0": dict(eco="npm", pkg="@auth0/auth0-mcp-server", bin="auth0-mcp", args=["run"], needs="libsecret-1-0 (apt)",
                  env={"AUTH0_DOMAIN": "dummy.auth0.com", "AUTH0_TOKEN": "dummy"}, kind="Auth0 identity server"),
    "context7": dict(eco="npm", pkg="@upstash/context7-mcp", bin="context7-mcp", kind="Upstash documentation server"),
    "cloudflare": dict(eco="npm", pkg="@cloudflare/mcp-server-cloudflare", bin="mcp-server-cloudflare",
                       args=["run", "0000"], env={"CLOUDFLARE_API_TOKEN": "dummy"}, kind="Cloudflare's server"),
    "mongodb": dict(eco="npm", pkg="mongodb-mcp-server", bin="mongodb-mcp-server",
                    env={"MDB_MCP_TELEMETRY": "disabled"}, kind="MongoDB's first-party server"),
    "semgrep": dict(eco="pypi", pkg="semgrep-mcp", bin="semgrep-mcp", env={"SEMGREP_SEND_METRICS": "off"},
                    # its pinned mcp 1.12 imports a pydantic internal that pydantic 2.11 removed
                    pip_extra=["pydantic<2.11"],
                    kind="Semgrep's security scanning server"),
    "sentry": dict(eco="npm", pkg="@sentry/mcp-server", bin="sentry-mcp", args=["--access-token=dummy"],
                   kind="Sentry's first-party server"),
    "aws-documentation": dict(eco="pypi", pkg="awslabs.aws-documentation-mcp-server",
                              bin="awslabs.aws-documentation-mcp-server", kind="AWS Labs server (large vendor)"),
    "aws-eks": dict(eco="pypi", pkg="awslabs.eks-mcp-server", bin="awslabs.eks-mcp-server",
                    args=["--allow-write", "--allow-sensitive-data-access"],
                    kind="AWS Labs Kubernetes (EKS) server, all tools enabled"),
    "aws-iam": dict(eco="pypi", pkg="awslabs.iam-mcp-server", bin="awslabs.iam-mcp-server",
                    kind="AWS Labs identity (IAM) server"),
}
DUMMY_ENV = {"AWS_ACCESS_KEY_ID": "dummy", "AWS_SECRET_ACCESS_KEY": "dummy", "AWS_REGION": "us-east-1",
             "AWS_DEFAULT_REGION": "us-east-1", "FASTMCP_LOG_LEVEL": "ERROR", "NO_COLOR": "1",
             "DO_NOT_TRACK": "1", "AZURE_MCP_COLLECT_TELEMETRY": "false"}


def install_dir(root: Path, spec: dict) -> Path:
    name = spec["pkg"].lstrip("@").replace("/", "_")
    return root / "npm" / name if spec["eco"] == "npm" else root / ("py-" + spec["pkg"].replace(".", "_"))


def executable(root: Path, spec: dict) -> Path:
    d = install_dir(root, spec)
    return d / "node_modules" / ".bin" / spec["bin"] if spec["eco"] == "npm" else d / "bin" / spec["bin"]


def package_meta(root: Path, spec: dict) -> dict:
    """Version and licence as the installed package itself states them."""
    d = install_dir(root, spec)
    if spec["eco"] == "npm":
        pdir = d / "node_modules" / spec["pkg"]
        pj = json.loads((pdir / "package.json").read_text())
        lic = pj.get("license") or ""
        if isinstance(lic, dict):
            lic = lic.get("type", "")
        lic_text = ""
        if not lic or lic.upper().startswith("SEE LICENSE"):
            for f in sorted(pdir.iterdir()):
                if f.name.upper().startswith(("LICENSE", "LICENCE")):
                    lic_text = f.read_text(errors="replace")
                    lic = _licence_from_text(lic_text) or lic
                    break
        if lic.upper().startswith("SEE LICENSE") and not lic_text and spec.get("licence_fallback"):
            lic, note = spec["licence_fallback"]
            return {"version": pj["version"], "licence": lic, "licence_source": note}
        return {"version": pj["version"], "licence": lic, "licence_source": "package.json"
                + (" + LICENSE file" if lic_text else "")}
    py = d / "bin" / "python"
    code = ("import importlib.metadata as m, json, sys; d = m.metadata(sys.argv[1]); "
            "print(json.dumps({'version': d['Version'], 'expr': d.get('License-Expression'), "
            "'license': d.get('License'), 'cls': d.get_all('Classifier') or []}))")
    out = json.loads(subprocess.run([str(py), "-c", code, spec["pkg"]], capture_output=True, text=True,
                                    check=True).stdout)
    lic = out["expr"] or ""
    src = "License-Expression"
    if not lic:
        cls = [c.split(" :: ")[-1] for c in out["cls"] if c.startswith("License ::")]
        lic = {"MIT License": "MIT", "Apache Software License": "Apache-2.0"}.get(cls[0], cls[0]) if cls else ""
        src = "classifier"
    if not lic and out["license"]:
        lic, src = _licence_from_text(out["license"]) or out["license"].splitlines()[0][:60], "License field"
    return {"version": out["version"], "licence": lic, "licence_source": src}


def _licence_from_text(text: str) -> str:
    head = text[:2000]
    if re.search(r"\bMIT License\b|Permission is hereby granted, free of charge", head):
        return "MIT"
    if re.search(r"Apache License,?\s+Version 2\.0", head):
        return "Apache-2.0"
    if "Redistribution and use in source and binary forms" in head:
        return "BSD-3-Clause" if "Neither the name" in head else "BSD-2-Clause"
    return ""


class Client:
    """A minimal JSON-RPC client over a child's stdio; lines that are not JSON (banners) are skipped."""

    def __init__(self, argv: list[str], cwd: Path, env: dict, errlog: Path):
        self.err = errlog.open("wb")
        self.p = subprocess.Popen(argv, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=self.err, start_new_session=True)
        self.q: queue.Queue = queue.Queue()
        self.skipped = 0
        threading.Thread(target=self._reader, daemon=True).start()
        self.next_id = 1

    def _reader(self):
        for line in self.p.stdout:
            try:
                self.q.put(json.loads(line))
            except ValueError:
                self.skipped += 1
        self.q.put(None)

    def send(self, msg: dict):
        self.p.stdin.write(json.dumps(msg).encode() + b"\n")
        self.p.stdin.flush()

    def request(self, method: str, params: dict, timeout: float) -> dict:
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{method}: no answer in {timeout:g} s")
            try:
                msg = self.q.get(timeout=left)
            except queue.Empty:
                continue
            if msg is None:
                raise RuntimeError(f"{method}: server closed its output (exit {self.p.poll()})")
            if isinstance(msg, dict) and msg.get("id") == rid and "method" not in msg:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg["result"]
            if isinstance(msg, dict) and "method" in msg and "id" in msg:  # a server request (roots, ...): decline
                self.send({"jsonrpc": "2.0", "id": msg["id"], "error": {"code": -32601, "message": "not supported"}})

    def close(self):
        try:
            self.p.stdin.close()
            self.p.wait(5)
        except Exception:
            pass
        if self.p.poll() is None:
            try:
                os.killpg(self.p.pid, 15)
                self.p.wait(5)
            except Exception:
                os.killpg(self.p.pid, 9)
        self.err.close()


def capture(root: Path, slug: str, spec: dict, timeout: float) -> tuple[dict, dict]:
    exe = executable(root, spec)
    with tempfile.TemporaryDirectory(prefix=f"mcp-{slug}-") as tmp:
        sandbox = Path(tmp)
        (sandbox / "home").mkdir()
        for name, content in spec.get("files", {}).items():
            (sandbox / name).write_text(content)
        if spec.get("init_git"):
            (sandbox / "repo").mkdir()
            subprocess.run(["git", "init", "-q", str(sandbox / "repo")], check=True)
        sub = lambda s: s.replace("{sandbox}", str(sandbox))  # noqa: E731
        args = [sub(a) for a in spec.get("args", [])]
        env = {"PATH": f"{exe.parent}:{os.environ.get('PATH', '/usr/bin:/bin')}", "HOME": str(sandbox / "home"),
               "LANG": "C.UTF-8", **DUMMY_ENV, **{k: sub(v) for k, v in spec.get("env", {}).items()}}
        c = Client([str(exe), *args], sandbox, env, sandbox / "stderr.log")
        try:
            init = c.request("initialize", {"protocolVersion": PROTOCOL, "capabilities": {},
                                            "clientInfo": {"name": "toolcheck-precision-capture", "version": "1"}},
                             timeout)
            c.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            pages, cursor = [], None
            for _ in range(100):
                res = c.request("tools/list", {"cursor": cursor} if cursor else {}, timeout)
                pages.append(res)
                cursor = res.get("nextCursor")
                if not cursor:
                    break
        except Exception as e:
            tail = (sandbox / "stderr.log").read_text(errors="replace")[-800:]
            raise RuntimeError(f"{e}; stderr: {tail}") from None
        finally:
            c.close()
        result = pages[0] if len(pages) == 1 else {"tools": [t for p in pages for t in p.get("tools", [])]}
        shown = " ".join([f"<{spec['eco']}:{spec['pkg']}>/{spec['bin']}",
                          *[a.replace(str(sandbox), "$SANDBOX") for a in args]])
        env_shown = {k: v.replace(str(sandbox), "$SANDBOX") for k, v in spec.get("env", {}).items()}
        info = {"pages": len(pages), "command": shown, "env": env_shown,
                "server_info": init.get("serverInfo"), "protocol_version": init.get("protocolVersion"),
                "non_json_stdout_lines": c.skipped}
        return result, info


def install(root: Path, slug: str, version: str) -> int:
    """Install one server at an exact version under ROOT with the registry's own client."""
    spec = SERVERS[slug]
    d = install_dir(root, spec)
    d.mkdir(parents=True, exist_ok=True)
    if spec["eco"] == "npm":
        if not (d / "package.json").exists():
            (d / "package.json").write_text('{"private": true}\n')
        cmd = [["npm", "install", "--no-audit", "--no-fund", f"{spec['pkg']}@{version}"]]
    else:
        if not (d / "bin" / "python").exists():
            subprocess.run([sys.executable, "-m", "venv", str(d)], check=True)
        cmd = [[str(d / "bin" / "pip"), "install", "-q", f"{spec['pkg']}=={version}", *spec.get("pip_extra", [])]]
    for c in cmd:
        r = subprocess.run(c, cwd=d)
        if r.returncode:
            return r.returncode
    if spec.get("needs"):
        print(f"{slug}: also needs {spec['needs']}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=Path("/work/mcp-servers"), help="where the servers are installed")
    ap.add_argument("--timeout", type=float, default=90.0)
    ap.add_argument("--install", action="store_true",
                    help="install each server at the version the manifest records (npm / pip), then stop")
    ap.add_argument("slugs", nargs="*", help="only these servers (default: all)")
    a = ap.parse_args(argv)
    if a.install:
        m = json.loads(MANIFEST.read_text())
        entries = {**m["not_kept"], **m["servers"]}
        return max([install(a.root, s, entries[s]["version"]) for s in (a.slugs or entries) if s in SERVERS] or [0])
    manifest = json.loads(MANIFEST.read_text()) if MANIFEST.exists() else {"servers": {}, "not_kept": {}}
    rc = 0
    for slug in a.slugs or SERVERS:
        spec = SERVERS[slug]
        try:
            meta = package_meta(a.root, spec)
        except Exception as e:
            print(f"{slug}: not installed ({e})", file=sys.stderr)
            rc = 1
            continue
        entry = {"package": spec["pkg"], "registry": spec["eco"], "version": meta["version"],
                 "licence": meta["licence"], "licence_source": meta["licence_source"], "kind": spec["kind"]}
        if meta["licence"] not in REDISTRIBUTABLE:
            manifest["servers"].pop(slug, None)
            manifest["not_kept"][slug] = {**entry, "why": (f"licence {meta['licence']!r} is not one that allows "
                                          "redistributing the tool definitions" if meta["licence"] else
                                          "the package states no licence (no License field, classifier or file)")}
            (SERVERS_DIR / f"{slug}.json").unlink(missing_ok=True)
            print(f"{slug}: not kept (licence {meta['licence']})")
            continue
        try:
            result, info = capture(a.root, slug, spec, a.timeout)
        except Exception as e:
            manifest["servers"].pop(slug, None)
            manifest["not_kept"][slug] = {**entry, "why": f"capture failed here: {str(e)[:300]}"}
            print(f"{slug}: FAILED {e}", file=sys.stderr)
            rc = 1
            continue
        text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
        path = SERVERS_DIR / f"{slug}.json"
        path.write_text(text, encoding="utf-8")
        manifest["not_kept"].pop(slug, None)
        manifest["servers"][slug] = {**entry, **info, "captured": dt.date.today().isoformat(),
                                     "tools": len(result.get("tools", [])),
                                     "sha256": hashlib.sha256(text.encode()).hexdigest(), "file": path.name}
        print(f"{slug}: {len(result.get('tools', []))} tools ({spec['pkg']} {meta['version']}, {meta['licence']})")
    manifest["servers"] = dict(sorted(manifest["servers"].items()))
    manifest["not_kept"] = dict(sorted(manifest["not_kept"].items()))
    MANIFEST.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
