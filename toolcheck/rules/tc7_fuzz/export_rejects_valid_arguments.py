"""A target's exported schema rejects arguments the contract accepts.

What it does:
For each target of the contract (`--target`, the contract's `targets`, config `targets`, else the default
envelopes) whose export (`toolcheck export`) changes the schema, checks every generated valid instance
against the exported schema, as the model would send it there: an optional property that strict mode made
required is sent as `null`, and an extra property the contract does not declare, which the export closed,
is left out. What is still rejected is reported with the instance and the target. Gemini's legacy
`parameters` (an OpenAPI subset, not JSON Schema) is not checked this way.

Why is this bad?
The model can no longer send a call the tool accepts: part of the contract is unusable on that vendor,
beyond what the documented transforms say (here: strict mode drops `patternProperties`, and the closed
object then refuses every label).

Example:
```yaml
name: tag_photo
description: Tag a photo with labels. Use it when the user asks to label a picture.
risk: write_limited
idempotency_key: request_id
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [request_id, photo_id, labels]
  properties:
    request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
    photo_id: {type: string, minLength: 1, maxLength: 40, description: The photo to tag.}
    labels:
      type: object
      description: Confidence of each label, by label name in lower-case letters.
      minProperties: 1
      patternProperties:
        "^[a-z]+$": {type: number, minimum: 0, maximum: 1}
      additionalProperties: false
```

Use instead:
```yaml
name: tag_photo
description: Tag a photo with labels. Use it when the user asks to label a picture.
risk: write_limited
idempotency_key: request_id
targets: [openai-strict]
parameters:
  type: object
  additionalProperties: false
  required: [request_id, photo_id, labels]
  properties:
    request_id: {type: string, minLength: 8, maxLength: 64, description: Unique key of this change.}
    photo_id: {type: string, minLength: 1, maxLength: 40, description: The photo to tag.}
    labels:
      type: array
      description: The labels to put on the photo, with their confidence.
      items:
        type: object
        additionalProperties: false
        required: [label, confidence]
        properties:
          label: {type: string, pattern: "^[a-z]+$", description: The label, in lower-case letters.}
          confidence: {type: number, minimum: 0, maximum: 1, description: How sure the tagger is.}
```
"""

from __future__ import annotations

from ..base import RuleSpec

RULE = RuleSpec("TC704", "export-rejects-valid-arguments", severity="warning", scope="emitted")
