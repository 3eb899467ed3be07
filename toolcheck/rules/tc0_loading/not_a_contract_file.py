"""A file named for checking is recognisably not a contract file, or not a YAML/JSON file at all.

What it does:
Files found by walking a folder that are recognisably something else are skipped: toolcheck's own
configuration, a pre-commit configuration or hook list, `package.json` and lockfiles, `tsconfig.json`,
`pyproject.toml`, GitHub Actions workflows and other CI configurations, Docker Compose files, Kubernetes
manifests, OpenAPI documents, toolcheck baselines, and a few more, by name (`toolcheck lint --show-files`
lists them) or, whatever the name, by an unmistakable shape (`repos:` of a pre-commit config, `on:` and
`jobs:` of a workflow, `services:` with images, `compilerOptions`, `apiVersion` and `kind`, ...). A file of
that kind *named* on the command line or in `paths` gets this one finding instead of a contract's worth of
missing keys, and so does a named file that is not YAML, JSON or JSON Lines (`script.py`). Nothing else is
checked in it. With `--force-exclude` (the pre-commit hooks) named files are skipped like walked ones.

Why is this bad?
Checking a workflow or a package manifest as a contract reports a dozen false errors (no `name`, unknown
key `repos`, ...) and hides that nothing was checked; a file toolcheck cannot read at all is not a
"string document".

Example:
```yaml file=.pre-commit-config.yaml args=.pre-commit-config.yaml
repos:
  - repo: https://github.com/toolcheck/toolcheck
    rev: v0.1.0
    hooks:
      - id: toolcheck-lint
```

Use instead:
```yaml file=.pre-commit-config.yaml args=.
repos:
  - repo: https://github.com/toolcheck/toolcheck
    rev: v0.1.0
    hooks:
      - id: toolcheck-lint
```
and run `toolcheck lint` on the contracts, or on the whole folder (`toolcheck lint .`): found by walking,
the pre-commit configuration is skipped.
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC017", "not-a-contract-file", scope="emitted")
