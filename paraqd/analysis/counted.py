"""What each number counts, and a number that counts another thing in the paraphrase.

A quantity is a value and the thing it counts: "2 trees" is two trees, "2 rows of trees" two rows (of an
unknown number of trees), "4 piles of quarters" four piles, "14 pencils" fourteen pencils and "14 packs"
fourteen packs. A paraphrase that keeps the value but has it count another thing states another problem,
even when every number, unit and noun is still there.

:func:`counted_things` reads, for every cardinal number of a text that modifies a noun, the noun it counts
(the head of its phrase: "2 *rows* of trees") and that noun's "of" object ("2 rows of *trees*"). A
singulative noun that names one of a thing ("33 *pieces* of candy", "5 *items* of clothing": a closed class of
the grammar, :data:`SINGULATIVES`) counts its "of" object.

:func:`recounted` pairs the numbers of one value in the two texts (the value written as often on each side;
numbers counting the same thing paired first) and reports a pair whose counted things differ: not the same
word, no spelling variant, and, with WordNet (:mod:`.lexicon`), no synonym, more general or more specific word
of the other (a kind of a thing names the same things for a count: "3 books" / "3 novels"); two words
naming persons are left to the entity checks (a problem's people are named many ways: "students", "kids").
The change is reported only where the text shows it is not a rename: the old thing is still named in the
paraphrase ("4 pages" -> "4 chapters" beside "7 pages"), or the new thing is one the question names ("14
pencils" -> "14 packs" in a problem with packs). A container or measure that names the other side's thing is
the same count ("2 chocolates" -> "2 bars of chocolate", "3 pairs of shorts" -> "3 shorts"), except things
counted one by one now counted in groups of them ("2 trees" -> "2 rows of trees": a plural "of" object; not the
side of a grid, "4 trees by 5 trees" -> "4 rows of trees"). A noun renamed throughout
("apples" -> "pears") is the entity check's. Without WordNet only that textual evidence judges, and only
for a noun the question names for another thing.

An amount is also *for* something: "$2 each" is two dollars per cookie, "$2 per dozen" per twelve cookies.
:func:`amount_bases` reads what an amount with a unit is for, right after it (one thing, a count word such as
"dozen", a unit, a period), and :func:`changed_bases` reports an amount of one value and unit whose basis
changed ("40 dollars for a dozen" -> "40 dollars each").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .document import Mention, NumberMention, QuestionDoc
from .lexicon import MORE_GENERAL, MORE_SPECIFIC, SAME, SYNONYM, default_lexicon
from .spelling import spelling_variants
from .terms import LIGHT_NOUNS, MULTIPLIER_FORMS, NOUN_POS, cached, token_lemma

#: nouns that name one of the thing their "of" phrase names: "33 *pieces* of candy" counts candies
SINGULATIVES = frozenset({"piece", "item", "unit", "bit", "one", "individual", "head"})
#: the nouns whose WordNet synonyms name a piece or portion of a thing
_PIECES = ("piece", "portion")
#: the relations under which a word may name what another counts
_SAME_COUNT = frozenset({SAME, SYNONYM, MORE_GENERAL, MORE_SPECIFIC})
#: what may stand between a number and the noun it counts ("6 *extra* pieces", "3 *big red* apples")
_DESCRIBING_POS = frozenset({"ADJ", "NOUN", "PROPN", "VERB", "ADV", "PUNCT"})
_SINGULAR_TAGS = frozenset({"NN", "NNP"})
#: what makes two counts the sides of a grid ("4 trees by 5 trees", "3 x 4 tiles")
_GRID = frozenset({"by", "x", "\u00d7"})


@dataclass(frozen=True)
class Counted:
    """A number and the noun it counts: ``head`` (the token the number modifies), ``of`` (its "of" object,
    or ``None``) and ``thing`` (the token that says what is counted: the head, or the "of" object of a
    singulative)."""

    number: NumberMention
    head: object  # spaCy Token
    of: object | None
    thing: object

    @property
    def key(self) -> str:
        return _key(self.thing)

    def phrase(self) -> set[str]:
        """The lemmas of the counted phrase: the head, its "of" object and their describing words ("2 *rows*
        of *trees*", "20 *adult* *dinosaurs*")."""
        toks = [t for t in (self.head, self.of) if t is not None]
        toks += [c for t in toks for c in t.children if c.dep_ in ("compound", "amod", "nmod")]
        return {_key(t) for t in toks}

    def mention(self, doc: QuestionDoc) -> Mention:
        """The words from the number to the counted noun (or its "of" object): "2 rows of trees"."""
        end_tok = self.of if self.of is not None else self.head
        end = max(end_tok.idx + len(end_tok.text), self.number.end)
        return Mention(self.number.start, end, doc.text[self.number.start:end])


def _of_object(noun):
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of" and prep.i > noun.i:
            obj = next((t for t in prep.children if t.dep_ == "pobj" and t.pos_ in NOUN_POS), None)
            if obj is not None and not any(t.dep_ == "nummod" for t in obj.children):
                return obj
            return None
    return None


def counted_things(doc: QuestionDoc) -> tuple[Counted, ...]:
    """Every cardinal number of ``doc`` that counts a noun after it, with what it counts (module docstring).
    Left out: a number that measures a unit ("3 hours", "$5") or counts a light noun ("the number"), one
    glued to its noun as a modifier ("a 500-page book", "3 12-packs") or counting a singular noun ("a 1000 page
    book", "36 cherry and 48 berry cupcakes": a modifier or an ellipsis), one with more than describing words
    between it and its noun ("1 fewer than 3/4 as many macarons", "4 and 1 person"), and a singulative with
    no "of" phrase ("22 pieces": the thing is said elsewhere)."""
    return cached(doc, "paraqd.analysis.counted", _counted_things)


def _counted_things(doc: QuestionDoc) -> tuple[Counted, ...]:
    if doc.doc is None:
        return ()
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    found = []
    for number in doc.numbers:
        head = _counted_head(doc, number, in_unit)
        if head is None:
            continue
        of = _of_object(head)
        singulative = _singulative(token_lemma(head))
        if singulative and of is None:
            continue
        thing = of if singulative else head
        if thing.idx not in in_unit and token_lemma(thing) not in LIGHT_NOUNS:
            found.append(Counted(number, head, of, thing))
    return tuple(found)


def _singulative(key: str) -> bool:
    """Whether a noun names one piece or portion of a thing (:data:`SINGULATIVES`, or a WordNet synonym of
    "piece" or "portion": "slice", "serving", "helping")."""
    if key in SINGULATIVES:
        return True
    lexicon = default_lexicon()
    return lexicon is not None and any(lexicon.relation(key, word) in (SAME, SYNONYM) for word in _PIECES)


def _counted_head(doc: QuestionDoc, number: NumberMention, in_unit: set[int]):
    """The plural noun ``number`` counts, with only describing words between them; else ``None``."""
    if number.kind != "cardinal" or number.currency or doc.text[number.end:number.end + 1] == "-":
        return None
    span = doc.span(number)
    if span is None:
        return None
    tok = span[-1]
    head = tok.head
    if tok.i + 1 < len(doc.doc) and doc.doc[tok.i + 1].lower_ in MULTIPLIER_FORMS:
        return None  # "4 times as many players": a factor, the number check's
    if tok.dep_ != "nummod" or head.pos_ not in NOUN_POS or head.i <= tok.i or not head.is_alpha:
        return None
    if head.idx in in_unit or token_lemma(head) in LIGHT_NOUNS or (head.tag_ in _SINGULAR_TAGS and number.value != 1):
        return None
    if any(t.pos_ not in _DESCRIBING_POS or (t.pos_ == "PUNCT" and t.text != "-")
           for t in doc.doc[tok.i + 1:head.i]):
        return None
    return head


def _key(tok) -> str:
    """A counted noun's lemma; "people" is the plural of "person"."""
    key = token_lemma(tok)
    return "person" if key == "people" else key


def _same_count(a: str, b: str) -> bool | None:
    """Whether ``b`` may name what ``a`` counts; ``None`` when nothing is known (no WordNet, or it lacks a
    word, or both name people: a problem's people are named many ways, "students", "kids", "passengers",
    and the entity checks judge them)."""
    if a == b or spelling_variants(a, b):
        return True
    lexicon = default_lexicon()
    if lexicon is None:
        return None
    relation = lexicon.relation(a, b)
    if relation is None:
        return None
    if relation in _SAME_COUNT or lexicon.counterpart(a, b) or lexicon.counterpart(b, a):
        return True
    if "person" in lexicon.kinds(a) and "person" in lexicon.kinds(b):
        return None
    return False


def _adjective(word: str, lexicon) -> bool:
    return bool(lexicon.adjective_words(word)[0])


def _words(doc: QuestionDoc, skip: range = range(0)) -> set[str]:
    return {w for t in doc.doc if t.is_alpha and t.i not in skip for w in (t.lower_, _key(t))}


def _changed(question: QuestionDoc, paraphrase: QuestionDoc, q: Counted, p: Counted) -> bool:
    """Whether ``p`` counts another thing than ``q`` and the texts show it is not a rename (module docstring).
    A phrase that still names the other's thing is the same count put another way: a container or a measure
    of it ("2 chocolates" -> "2 bars of chocolate", "3 pairs of shorts" -> "3 shorts") or a kind of it ("20
    adults" -> "20 adult dinosaurs")."""
    if _grouped(question, q, p):
        return True
    if any(_same_count(q.key, w) for w in p.phrase()) or any(_same_count(w, p.key) for w in q.phrase()):
        return False
    lexicon = default_lexicon()
    if lexicon is not None and (_adjective(q.key, lexicon) or _adjective(p.key, lexicon)):
        return False  # "his 15 favourites", "320 others": an adjective standing for the thing it describes
    same = _same_count(q.key, p.key)
    if same:
        return False
    if p.thing.i > 0 and _same_count(q.key, f"{p.thing.nbor(-1).lower_}_{p.thing.lower_}"):
        return False  # "10 pastries" -> "10 baked goods": WordNet's compound of the word before
    q_names_new = p.key in {_key(t) for t in question.doc if t.pos_ in NOUN_POS and t.i != q.thing.i}
    if same is None:  # nothing known about the two words: only a word the question uses for another thing
        return q_names_new
    phrase = range(p.head.i, (p.of.i if p.of is not None else p.head.i) + 1)
    return q_names_new or q.key in _words(paraphrase, skip=phrase)


def _grouped(question: QuestionDoc, q: Counted, p: Counted) -> bool:
    """Whether things counted one by one are counted in groups of them: "2 trees" -> "2 rows of trees" (a
    plural "of" object: a measure of a mass, "2 bars of chocolate", counts the same servings; a grid, "4 trees
    by 5 trees" -> "4 rows of trees", counts the rows along a side)."""
    if q.of is not None or p.of is None or p.thing is not p.head or p.of.tag_ != "NNS":
        return False
    if _same_count(q.key, _key(p.of)) is not True or _same_count(q.key, p.key):
        return False
    nxt = q.head.nbor(1) if q.head.i + 1 < len(question.doc) else None
    return nxt is None or nxt.lower_ not in _GRID


def recounted(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Counted, Counted]]:
    """``(question's, paraphrase's)`` counted numbers of one value whose counted things differ (module
    docstring): "2 trees" -> "2 rows of trees", "4 pages" -> "4 chapters", "14 pencils" -> "14 packs"."""
    if question.doc is None or paraphrase.doc is None:
        return []
    q_all = [n.rounded for n in question.numbers]
    p_all = [n.rounded for n in paraphrase.numbers]
    q_counted, p_counted = counted_things(question), counted_things(paraphrase)
    found = []
    for value in dict.fromkeys(c.number.rounded for c in q_counted):
        if q_all.count(value) != p_all.count(value):
            continue  # a number added or dropped: the number check's
        qs = [c for c in q_counted if c.number.rounded == value]
        ps = [c for c in p_counted if c.number.rounded == value]
        for q in list(qs):  # the same thing counted on both sides first
            match = next((p for p in ps if _same_count(q.key, p.key)), None)
            if match is not None:
                qs.remove(q)
                ps.remove(match)
        if len(qs) != len(ps):
            continue  # counted numbers of this value on one side only: no pairing to trust
        for q, p in zip(qs, ps):
            if _changed(question, paraphrase, q, p):
                found.append((q, p))
    return found


def counted_key(doc: QuestionDoc, number: NumberMention) -> str | None:
    """What ``number`` counts, by lemma: the noun it counts (:func:`counted_things`) or, a part of a set, its
    "of" object ("*2 of these buckets*", "3 of the packs"); ``None`` when it counts no noun read here."""
    found = next((c.key for c in counted_things(doc) if c.number.start == number.start), None)
    span = doc.span(number) if found is None and number.kind == "cardinal" else None
    if span is None:
        return found
    tok = span[-1]
    if tok.dep_ == "nummod":
        return None
    of = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    obj = next((c for c in of.children if c.dep_ == "pobj" and c.pos_ in NOUN_POS), None) if of is not None else None
    return _key(obj) if obj is not None and token_lemma(obj) not in LIGHT_NOUNS else None


def repeat_counting_other_thing(question: QuestionDoc, paraphrase: QuestionDoc, q_mentions, p_mentions,
                                computed: frozenset[str]) -> NumberMention | None:
    """The mention of a value the paraphrase writes more often than the question that counts a thing of the
    problem (``computed``: the nouns the question computes with) no mention of the value in the question
    counts: "an 8 piece bucket and *2* sides" -> "... Monty already has *2* of these buckets" (a new quantity of
    buckets). Every question mention must count a noun; a word WordNet does not know, or two words naming
    people, are taken for the same thing (:func:`_same_count`)."""
    if len(p_mentions) <= len(q_mentions):
        return None
    q_keys = [counted_key(question, m) for m in q_mentions]
    if None in q_keys:
        return None
    for mention in p_mentions:
        key = counted_key(paraphrase, mention)
        if key is not None and key in computed and all(_same_count(q, key) is False for q in q_keys):
            return mention
    return None


# -- what an amount is for ---------------------------------------------------------------------------------------

#: count words that name how many things an amount is for ("$5 a dozen", "$3 per pair")
COUNT_WORDS = {"dozen": 12, "pair": 2, "half-dozen": 6, "score": 20, "gross": 144}
#: one thing: "$2 each", "$2 apiece", "$2 a piece"
ONE = 1
_BASIS_WORD = re.compile(r"\s*(?:per|for\s+(?:a|an|each|every|one)|an?|every|each)\s+(?P<word>[A-Za-z]+(?:-[A-Za-z]+)?)",
                         re.IGNORECASE)
_BASIS_ONE = re.compile(r"\s*(?:each|apiece|a\s+piece)(?![A-Za-z])", re.IGNORECASE)


def amount_bases(doc: QuestionDoc) -> list[tuple[tuple[float, str], Mention, int | str]]:
    """``((value, unit), the words, basis)`` for every amount with a unit that says what it is for, right
    after it: one thing (:data:`ONE`: "$2 each", "$2 apiece", "$2 per cookie", "$3 for a book"), a number of
    things ("$5 a dozen", "40 dollars for a dozen", "$3 per pair": :data:`COUNT_WORDS`), a unit ("$4 per
    pound", "$10 an hour") or a period (WordNet's time nouns: "$50 every weekday"). An amount of time is left
    out: its "each" is each day or session ("3 hours each")."""
    from .quantities import quantities

    if doc.doc is None:
        return []
    by_start = {t.idx: t for t in doc.doc}
    units = {u.start: u for u in doc.units}
    found = []
    for quantity in quantities(doc):
        if quantity.number is None or quantity.unit.category == "Time":
            continue  # "3 hours each": each day or session, a period (the rate checks')
        end = max(quantity.number.end, quantity.unit.end)
        basis, stop = _basis(doc, end, by_start, units)
        if basis is not None:
            found.append(((round(quantity.value, 6), quantity.unit.unit.name),
                          Mention(quantity.start, stop, doc.text[quantity.start:stop]), basis))
    return found


def _basis(doc: QuestionDoc, end: int, by_start, units) -> tuple[int | str | None, int]:
    """The basis written right after ``end`` and where it ends (see :func:`amount_bases`)."""
    match = _BASIS_WORD.match(doc.text, end)
    if match is not None:
        word_start, word = match.start("word"), match.group("word").lower()
        if word in COUNT_WORDS:
            return COUNT_WORDS[word], match.end()
        if word_start in units:
            return units[word_start].unit.name, units[word_start].end
        tok = by_start.get(word_start)
        if tok is not None and tok.pos_ == "NOUN" and token_lemma(tok) not in LIGHT_NOUNS:
            lexicon = default_lexicon()
            if lexicon is not None and "time" in lexicon.kinds(token_lemma(tok)):
                return token_lemma(tok), match.end()  # "$50 every weekday": a period
            return ONE, match.end()
    match = _BASIS_ONE.match(doc.text, end)
    if match is not None:
        return ONE, match.end()
    return None, end


def changed_bases(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[Mention, Mention]]:
    """Amounts of one value and unit, written once on each side, whose basis changed: ``(question's words,
    paraphrase's words)`` for "$2 each" -> "$2 per dozen", "40 dollars for a dozen" -> "40 dollars each"
    (another number of things for the same money). Two units of time are :func:`~.rates.changed_rates`'."""
    q_bases, p_bases = amount_bases(question), amount_bases(paraphrase)
    if not q_bases or not p_bases:
        return []
    from .quantities import quantities

    def written(doc):
        keys = [(round(q.value, 6), q.unit.unit.name) for q in quantities(doc) if q.number is not None]
        return {k: keys.count(k) for k in keys}

    q_written, p_written = written(question), written(paraphrase)
    p_by_key = {key: (m, basis) for key, m, basis in p_bases}
    found = []
    for key, q_m, q_basis in q_bases:
        if key not in p_by_key or q_written.get(key) != 1 or p_written.get(key) != 1:
            continue
        p_m, p_basis = p_by_key[key]
        if q_basis != p_basis and not (isinstance(q_basis, str) and isinstance(p_basis, str)):
            found.append((q_m, p_m))
    return found
