"""TC4: description and naming quality (TC401-TC413; TC430, overlapping tools, reads the model of :mod:`toolcheck.overlap`).

A model picks a tool by reading its name and description, and fills its arguments by reading the parameter names
and descriptions. These rules look for text that makes it guess: empty or placeholder descriptions, generic or
inconsistently styled names, undocumented or vaguely named parameters, values listed in prose instead of an
`enum`, one tool doing several unrelated jobs, and text aimed at the model that looks like tool poisoning.

Chinese, Japanese and Korean text is handled on purpose, not by accident:

- lengths are counted in words, and a run of characters from a script written without spaces (CJK, kana,
  Hangul, Thai...) counts one word per two characters (天気を取得する, 7 characters, is about "get the weather",
  3 words);
- the placeholder list holds CJK placeholders (说明, 待定, 未定, なし...);
- the usage-hint and value-list rules know CJK cue words (用于, 适用, 場合, とき; 可选值, いずれか, 「a」または「b」);
- the rules that read English grammar (restated names, coordinated verbs) only read text with Latin words, and the
  multi-action rule reads Japanese サ変 verbs (検索し、注文して、送信します) separately.

Names a vendor forbids are TC2's. One rule per module; everything is a few regular expressions and set lookups
per string, compiled once at import. The facts several rules read (the description's words, one walk of the
parameters, whether the description is a placeholder, the run's tool names) are computed once per contract by
:mod:`.index`.
"""
