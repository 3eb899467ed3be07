"""LazyJsonIndex (positions found on demand) agrees with the full scanner on every pointer of any document."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from toolcheck.loading.positions import LazyJsonIndex, index_json
from toolcheck.model.pointer import escape_pointer_token
from toolcheck.model.positions import PositionIndex

keys = st.text(alphabet=st.sampled_from('ab"\\/~é \n\t'), max_size=4)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=6))
docs = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                      st.dictionaries(keys, inner, max_size=4)), max_leaves=25)


def _pointers(value, base=""):
    yield base
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _pointers(v, base + "/" + escape_pointer_token(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _pointers(v, f"{base}/{i}")


@settings(max_examples=300, deadline=None, derandomize=True)
@given(docs, st.sampled_from([None, 2, "\t"]), st.booleans())
def test_lazy_index_matches_full_index(doc, indent, ensure_ascii):
    text = json.dumps(doc, indent=indent, ensure_ascii=ensure_ascii)
    full = PositionIndex()
    index_json(text, full)
    lazy = LazyJsonIndex(text, unique_keys=True)
    slow = LazyJsonIndex(text, unique_keys=False)
    ptrs = list(_pointers(doc))
    for order in (ptrs, ptrs[::-1]):  # resuming a stopped scan must not depend on the order of questions
        lazy = LazyJsonIndex(text, unique_keys=True)
        for p in order:
            for prefer_key in (True, False):
                want = full.locate(p, prefer_key)
                assert lazy.locate(p, prefer_key) == want, (p, text)
                assert slow.locate(p, prefer_key) == want, (p, text)
    # a pointer into nothing lands on the deepest node that exists
    for p in ptrs:
        assert lazy.locate(p + "/missing~1key") == full.locate(p)


def test_repeated_keys_resolve_to_the_last_one():
    text = '{"a": 1, "b": {"x": 1}, "a": {"y": 2}}'
    idx = LazyJsonIndex(text, unique_keys=False)
    assert idx.locate("/a") == (1, 25)
    assert idx.locate("/a/y") == (1, 31)


def test_json_lines_offsets():
    text = '  {"k": [1, {"z": "é"}]}'
    idx = LazyJsonIndex(text, line_offset=4, col_offset=0, prefix="/4", unique_keys=True)
    assert idx.locate("/4/k/1/z") == (5, 14)
    assert idx.locate("/4/k/1/z", prefer_key=False) == (5, 19)
    assert idx.locate("/4/k/7") == (5, 4)  # no element 7: the key `k`
