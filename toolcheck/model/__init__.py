"""The plain data every stage shares: findings (:mod:`.findings`), JSON Pointers (:mod:`.pointer`), source maps
(:mod:`.positions`: JSON Pointer -> line and column) and the JSON value model (:mod:`.jsontypes`: one
``json_type``, one canonical equality). Nothing here imports the rest of toolcheck."""
