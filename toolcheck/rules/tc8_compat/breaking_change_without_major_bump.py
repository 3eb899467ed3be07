"""A contract with a `version` has a breaking change but no major version bump.

What it does:
When the old and the new contract both carry a semantic `version`, and the tool has a breaking change
(TC801-TC812 with a verified witness, among the enabled rules), the new version must be a major bump
(1.4.2 → 2.0.0). Below 1.0.0 a minor bump is enough (0.3.1 → 0.4.0), as Cargo and npm read `^0.x`;
semver itself promises nothing for 0.x. Changes within one prerelease series (2.0.0-rc.1 → 2.0.0-rc.2
or 2.0.0) are allowed. Changes of disabled rules (`--ignore`) do not count.

Why is this bad?
Clients pin versions and upgrade within a major version automatically: a breaking change under a minor
or patch bump reaches them unannounced.

Example:
```yaml file=old/search.yaml
name: search_gifts
version: "1.4.0"
description: Search the gift catalogue.
parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 200}}}
```
```yaml file=new/search.yaml
name: search_gifts
version: "1.5.0"
description: Search the gift catalogue.
parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 100}}}
```

Use instead:
```yaml file=old/search.yaml
name: search_gifts
version: "1.4.0"
description: Search the gift catalogue.
parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 200}}}
```
```yaml file=new/search.yaml
name: search_gifts
version: "2.0.0"
description: Search the gift catalogue.
parameters: {type: object, required: [query], properties: {query: {type: string, maxLength: 100}}}
```

Options:
`rules.TC840.zero-major` (default `minor`): below 1.0.0, `minor` accepts a minor bump for a breaking
change; `major` requires 1.0.0.
`rules.TC840.unknown-as-breaking` (default false): count undecided changes (TC830) and breaking changes
without a verified witness (TC813-TC815) as breaking.
"""

from __future__ import annotations

from ..base import Option, RuleSpec

OPTIONS = {
    "zero-major": Option(str, "minor", "below 1.0.0: `minor` accepts a minor bump for a breaking change, `major` "
                                       "requires 1.0.0"),
    "unknown-as-breaking": Option(bool, False, "count undecided changes (TC830) and unverified breaking changes "
                                               "(TC813-TC815) as breaking"),
}
RULE = RuleSpec("TC840", "breaking-change-without-major-bump", severity="error", scope="emitted", options=OPTIONS)
