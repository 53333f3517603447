"""One value written two ways, across a question and its paraphrase: "3 dozen" as "3 sets of 12", "3/4 of the
students" as "3 out of every 4 students", "an hour" as "1" (the unit left to the sentence: "2 hours on Mondays
and 1 on Wednesdays"), "a lamp" as "1 lamp" and "1 pound" as "a pound" (:func:`ones_for_articles`: the digit 1 counting a thing the
question introduces with "a" or "an", in a sentence or in a table row "Lamp | 1 | $20"; a thing the question
does not introduce as one, "some lamps", "lamps", or none at all, keeps its 1 a number added), and the count
of the persons or places the question names, "the 3 of them" for Mona, Jasmine and Rachel
(:func:`counts_of_named`: a group that is the subject or the possessor of its clause, never one the things are
shared with or given to; in the asking clause, as many as the persons asked about), a percentage increase as the
factor it multiplies by ("25% longer" / "1.25 times as long") and a share both texts give said again as "a out of
every b" ("30% ... so 3 out of every 10").

:func:`spelt_out` lists them as ``(question values, paraphrase values)``: the number check takes each such pair
off what it reports missing and added, when both sides are still unexplained. :func:`made_vague` lists the
opposite: a number written in place as words that give no value ("1/2 a roll" -> "a bit of a roll").
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

from .asked import asking_clause, find_ask
from .context import is_context_number
from .document import Mention, NumberMention, QuestionDoc
from .lexicon import default_lexicon
from .people import named_holders
from .quantities import quantities
from .rates import rate_periods
from .terms import NOUN_POS, clause_verb, token_lemma

if TYPE_CHECKING:
    from .pair import QuestionPair

_PLAIN = frozenset({"cardinal", "decimal", "fraction"})
#: a count of dozens: "3 dozen", "two dozens"
_DOZEN = re.compile(r"(?<![A-Za-z])dozens?$", re.IGNORECASE)
#: between the two counts of a ratio written as a fraction: "3 *out of every* 4", "2 out of 5"
_OUT_OF = re.compile(r"[ ]+out[ ]+of[ ]+(?:every[ ]+|each[ ]+)?", re.IGNORECASE)
#: an article counting one thing of a unit: "*an* hour", "*a* day"
_ARTICLE = re.compile(r"(?<![A-Za-z])(?:a|an)[ ]+$", re.IGNORECASE)


def _round(value: float) -> float:
    return float(f"{value:.9g}")


def out_of(doc: QuestionDoc) -> list[tuple[NumberMention, NumberMention]]:
    """``(a, b)`` for every "a out of (every) b" of ``doc``, b not 0."""
    numbers = [n for n in doc.numbers if n.kind in _PLAIN]
    return [(a, b) for a, b in zip(numbers, numbers[1:])
            if b.value and _OUT_OF.fullmatch(doc.text[a.end:b.start]) is not None]


def ones_by_article(doc: QuestionDoc) -> int:
    """How many quantities of ``doc`` count one thing of a unit with an article ("an hour on Fridays"), not the
    period of a rate ("$9 an hour") nor one the question asks in ("how much does he earn a week")."""
    periods = {p.end for p, _ in rate_periods(doc)}
    ask = find_ask(doc)
    asked = range(ask.sentence.start, ask.sentence.end) if ask is not None else range(0)
    return sum(1 for q in quantities(doc) if q.number is None and q.value == 1 and not q.period and not q.parts
               and q.unit.end not in periods and q.unit.start not in asked
               and _ARTICLE.search(doc.text, max(0, q.unit.start - 4), q.unit.start) is not None)


#: the articles that introduce one thing: "*a* lamp", "*an* eight-pound trout"
_ONE_ARTICLES = frozenset({"a", "an"})


def _introduced_as_one(doc: QuestionDoc) -> Counter:
    """The lemmas of the nouns ``doc`` introduces with "a" or "an", each as often as it does; "once" is one
    "time" ("ride the go-karts once" = "1 time")."""
    found = Counter(token_lemma(t) for t in doc.doc if t.pos_ in NOUN_POS
                    and any(c.dep_ == "det" and c.lower_ in _ONE_ARTICLES for c in t.children))
    found["time"] += sum(1 for t in doc.doc if t.lower_ == "once")
    return found


def _row_thing(doc: QuestionDoc, number: NumberMention):
    """The noun of the first cell of the table row ``number`` sits in ("Lamp | 1 | $20" -> "Lamp"), or None."""
    start = doc.text.rfind("\n", 0, number.start) + 1
    bar = doc.text.find("|", start)
    if bar < 0 or bar >= number.start or doc.text[start:bar].strip(" \t|") == "":
        return None
    cell = doc.doc.char_span(start, bar, alignment_mode="contract")
    nouns = [t for t in cell if t.pos_ in NOUN_POS] if cell is not None else []
    return nouns[-1] if nouns else None


def _thing_counted(doc: QuestionDoc, number: NumberMention):
    """The noun ``number`` counts: the noun it modifies ("1 lamp"), or its table row's thing."""
    span = doc.span(number)
    if span is None:
        return None
    if span[-1].dep_ == "nummod" and span[-1].head.pos_ in NOUN_POS and span[-1].head.is_alpha:
        return span[-1].head
    after = span[-1].nbor(1) if span[-1].i + 1 < len(doc.doc) else None
    if after is not None and after.is_alpha and after.pos_ in NOUN_POS:
        return after  # a cell the parse reads as no phrase: "Sonja | 1 loaf of bread | $3"
    return _row_thing(doc, number)


def ones_for_articles(question: QuestionDoc, paraphrase: QuestionDoc, own_articles: bool = False) -> int:
    """How many digits 1 of ``paraphrase`` count a thing ``question`` introduces with "a" or "an" ("an
    eight-pound trout" -> "1 trout 8 lb"; "a table that costs $50" -> "Table | 1 | $50"), each such
    thing of the question used once: the article said as a number. A unit the paraphrase still introduces
    with an article as often explains no 1 it measures ("1/5 of an ounce" on both sides, then "weighs 1
    ounce"). Called with the texts the other way round, the 1s of the question that the paraphrase says with
    an article ("1 pound" -> "a pound"); then (``own_articles``) a thing the side with the 1 introduces with an
    article as often says no 1."""
    if question.doc is None or paraphrase.doc is None:
        return 0
    introduced, kept = _introduced_as_one(question), _introduced_as_one(paraphrase)
    measured = set() if own_articles else {q.number.start for q in quantities(paraphrase) if q.number is not None}
    if own_articles:
        # the things the paraphrase still introduces with an article of its own are no article turned into a
        # 1 ("A bag costs $4. Ana buys 1 bag" -> "A bag costs $4. Ana buys bags": the 1 is gone)
        introduced -= kept
    found = 0
    for number in paraphrase.numbers:
        if number.value != 1 or number.written != "digits" or number.kind != "cardinal" or number.currency:
            continue
        thing = _thing_counted(paraphrase, number)
        if thing is not None and number.start in measured and kept[token_lemma(thing)] >= introduced[
                token_lemma(thing)]:
            continue
        if thing is not None and introduced[token_lemma(thing)] > 0:
            introduced[token_lemma(thing)] -= 1
            found += 1
    return found


#: WordNet's lexicographer files of nouns for who or where a problem's names are: "people", "friends", "towns"
_NAMED_KINDS = frozenset({"person", "group", "location"})


def _group_counted(doc: QuestionDoc, number: NumberMention):
    """The word for the group ``number`` counts: the noun it modifies ("*three* towns", "*four* people's ages"),
    or the personal pronoun of "the 3 of *them*"; None otherwise."""
    span = doc.span(number)
    if span is None:
        return None
    tok = span[-1]
    if tok.dep_ == "nummod" and tok.head.pos_ == "NOUN":
        return tok.head
    pronouns = [c for p in tok.children if p.dep_ == "prep" and p.lower_ == "of"
                for c in p.children if c.dep_ == "pobj" and c.tag_ == "PRP"]
    return pronouns[0] if pronouns else None


def _names_a_group(group) -> bool:
    """Whether ``group`` is a word for persons, a group or places (WordNet; a personal pronoun always)."""
    if group.tag_ == "PRP":
        return True
    lexicon = default_lexicon()
    return lexicon is not None and any(k in _NAMED_KINDS for k in lexicon.kinds(token_lemma(group), senses=1))


def _holds_no_number(doc: QuestionDoc, group, number: NumberMention) -> bool:
    """Whether the clause of ``group`` (within its sentence and line: a table's title is not its rows) states no
    number but ``number``: the group is counted, not given a quantity of its own ("Two coaches ran 3 miles
    each" gives one)."""
    clause = clause_verb(group)
    line = (doc.text.rfind("\n", 0, number.start) + 1, doc.text.find("\n", number.end) % (len(doc.text) + 1))
    inside = {t.i for t in clause.subtree if line[0] <= t.idx < line[1] and t.sent == group.sent}
    spans = (doc.span(n) for n in doc.numbers if n is not number)
    return not any(span is not None and span[0].i in inside for span in spans)


#: the roles of a group that is who acts or whose quantity it is: the subject or the possessor of its clause
_OWN_ROLES = frozenset({"nsubj", "nsubjpass", "poss"})
#: the plural personal pronouns that ask about every person of the problem ("how many did *they* bring?")
_ALL_OF_THEM = frozenset({"they", "them", "we", "us"})


def _asking_offsets(doc: QuestionDoc) -> tuple[int, int]:
    """Where the asking clause of ``doc`` is ("If Uma is 9, *how old is Nora?*"), as character offsets, within
    its last line (a table's rows above the question are no part of it)."""
    where = asking_clause(doc)
    if where is None:
        return 0, 0
    return max(where.start, doc.text.rfind("\n", 0, max(where.end - 1, 0)) + 1), where.end


def _in_ask(doc: QuestionDoc, number: NumberMention) -> bool:
    start, end = _asking_offsets(doc)
    return start <= number.start < end


def _asked_persons(question: QuestionDoc) -> int:
    """How many persons the question asks about: the names of its asking clause ("how many cookies did *Mona*,
    *Jasmine* and *Rachel* bring?"), or, when it asks about "they" or "them", every person it names holding a
    quantity (:func:`~paraqd.analysis.people.named_holders`)."""
    start, end = _asking_offsets(question)
    names = _asked_names(question)
    if not names and any(start <= t.idx < end and t.tag_ == "PRP" and t.lower_ in _ALL_OF_THEM for t in question.doc):
        return len(named_holders(question))
    return len(names)


def _own_group(number_tok, group) -> bool:
    """Whether the counted group is the subject or the possessor of its clause ("*the 3 of them* brought",
    "*four people's* ages", "*three places* are compared"): who acts or whose quantity it is. A group the things
    are shared with, given to or acted upon ("with 2 friends", "to each of 3 cousins") is other persons."""
    holder = number_tok if group.tag_ == "PRP" else group
    return holder.dep_ in _OWN_ROLES


def counts_of_named(question: QuestionDoc, paraphrase: QuestionDoc) -> int:
    """How many numbers of ``paraphrase`` count the persons or places ``question`` names, again: "the 3 of them"
    for Mona, Jasmine and Rachel, "four people's ages", "three towns are compared". The number counts a word for
    persons, a group or places that is the subject or the possessor of its clause and whose clause gives it no
    other quantity; its value is, in the asking clause, the number of persons the question asks about (a
    count of others there changes what is asked), elsewhere the number of names the question has that hold a
    quantity or are asked about (:func:`~paraqd.analysis.people.named_holders`; two or more). A plain count of
    persons the context rule notes ("*Three* cousins swapped stamps", :func:`~paraqd.analysis.context.is_context_number`)
    is left to that note. The names restated as their
    count (at most once)."""
    if question.doc is None or paraphrase.doc is None:
        return 0
    return 1 if restated_count(question, paraphrase) is not None else 0


def restated_count(question: QuestionDoc, paraphrase: QuestionDoc) -> float | None:
    """The value of the first number :func:`counts_of_named` takes, or ``None``."""
    named = len(named_holders(question) | _asked_names(question))
    asked = _asked_persons(question)
    for number in paraphrase.numbers:
        if number.kind != "cardinal" or number.currency or number.value < 2:
            continue
        in_ask = _in_ask(paraphrase, number)
        if number.value != (asked if in_ask else named):
            continue
        group = _group_counted(paraphrase, number)
        if group is None or not _names_a_group(group) or not _own_group(paraphrase.span(number)[-1], group):
            continue
        if not _holds_no_number(paraphrase, group, number):
            continue
        if not in_ask and is_context_number(question, paraphrase, number):
            continue  # a note of its own: "*Three* cousins met to swap stamps"
        return number.value
    return None


def _asked_names(question: QuestionDoc) -> frozenset[str]:
    """The names of the question's asking clause (lowercased)."""
    start, end = _asking_offsets(question)
    return frozenset(t.lower_ for t in question.doc if start <= t.idx < end
                     and t.pos_ == "PROPN" and t.is_alpha and t.is_title)


def spelt_out(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """The values one side writes as others on the other side, as ``(question values, paraphrase values)``
    (plain values, rounded as :attr:`NumberMention.rounded`): a count of dozens and its count and twelve, a
    fraction and the two counts of "a out of b", an article counting one and the number 1."""
    forms = []
    for doc, first in ((question, True), (paraphrase, False)):
        for n in doc.numbers:
            if n.kind == "cardinal" and _DOZEN.search(n.text) and n.value != 144:
                whole, parts = (n.rounded,), (_round(n.value / 12), 12.0)
                forms.append((whole, parts) if first else (parts, whole))
        for a, b in out_of(doc):
            whole, parts = (_round(a.value / b.value),), (a.rounded, b.rounded)
            forms.append((parts, whole) if first else (whole, parts))
    # an article of the question counting one of a unit explains a 1 only where the paraphrase writes fewer
    # such articles ("1/5 of an ounce" kept on both sides explains no new "1 ounce")
    by_article = max(0, ones_by_article(question) - ones_by_article(paraphrase))
    forms += [((), (1.0,))] * (by_article + ones_for_articles(question, paraphrase))
    forms += [((1.0,), ())] * ones_for_articles(paraphrase, question, own_articles=True)  # "1 pound" -> "a pound", "1 time" -> "once"
    forms += _percents_as_factors(question, paraphrase)
    forms += [(q_values, p_values) for p_values, q_values in _percents_as_factors(paraphrase, question)]
    forms += _ratios_restated(question, paraphrase)
    forms += [(q_values, p_values) for p_values, q_values in _ratios_restated(paraphrase, question)]
    restated = restated_count(question, paraphrase) if question.doc is not None and paraphrase.doc is not None else None
    if restated is not None:
        forms.append(((), (float(restated),)))
    return forms


#: the comparatives "more" measures with "as much" / "as many" ("50% more" = "1.5 times as much")
_AS_MUCH = frozenset({"much", "many"})


def _percents_as_factors(doc: QuestionDoc, other: QuestionDoc) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """A percentage increase of ``doc`` ("*50%* longer", "*20%* more") written in ``other`` as the factor it
    multiplies by, before "times as" and the same adjective ("*one and a half* times as long", "*1.2* times as
    much"): ``((p / 100,), (1 + p / 100,))`` for each. A decrease ("20% shorter") and a factor of another
    adjective are no such pair."""
    if doc.doc is None or other.doc is None:
        return []
    forms = []
    for n in doc.numbers:
        span = doc.span(n)
        if n.kind != "percent" or span is None or span.end >= len(doc.doc):
            continue
        comparative = doc.doc[span.end]
        if comparative.tag_ not in ("JJR", "RBR"):
            continue
        bases = _AS_MUCH if comparative.lower_ == "more" else {comparative.lemma_.lower()}
        factor = _round(1 + n.value / 100)
        for m in other.numbers:
            after = other.text[m.end:m.end + 40].lower().split()
            if (m.kind in _PLAIN and m.rounded == factor and len(after) >= 3 and after[:2] == ["times", "as"]
                    and after[2].strip(".,;:!?") in bases):
                forms.append(((_round(n.value / 100),), (m.rounded,)))
                break
    return forms


def _ratios_restated(doc: QuestionDoc, other: QuestionDoc) -> list[tuple[tuple[float, ...], tuple[float, ...]]]:
    """An "a out of (every) b" of ``other`` that says again a share both texts give ("10% of his weight. That is
    *10 out of every 100* pounds"): ``((), (a, b))`` for each, where a/b is the value of a percentage or
    fraction of ``doc`` that ``other`` writes too. The ratio restates the share; it adds no value."""
    given = _shares(doc) & _shares(other)
    return [((), (a.rounded, b.rounded)) for a, b in out_of(other) if _round(a.value / b.value) in given]


def _shares(doc: QuestionDoc) -> set[float]:
    """The values of ``doc``'s percentages and fractions, as plain numbers (10% -> 0.1)."""
    return {_round(n.value / 100 if n.kind == "percent" else n.value)
            for n in doc.numbers if n.kind in ("percent", "fraction")}


# -- a value written as no value -----------------------------------------------------------------------------------

#: words that refer back to an amount already given (closed class): "the *same* number", "*as* many", "*all* of
#: them", "*both*", "*each*"
_SAME_AMOUNT = frozenset({"same", "as", "all", "both", "each", "every", "equal", "equally"})
#: WordNet concepts of a noun that names a value itself ("a *pair* of socks", "a *trio*") or a unit
_DEFINITE = frozenset({"definite_quantity.n.01", "number.n.02", "set.n.01", "fundamental_quantity.n.01"})


def _gives_no_value(tokens) -> bool:
    """Whether ``tokens`` (words written in place of a number) give no value: no number, no word for the same
    amount (:data:`_SAME_AMOUNT`, a personal or demonstrative pronoun, a definite article) and, with WordNet, no
    noun that names a value itself ("a pair of")."""
    lexicon = default_lexicon()
    for tok in tokens:
        if tok.like_num or tok.pos_ == "NUM" or tok.lower_ in _SAME_AMOUNT:
            return False
        if set(tok.morph.get("PronType")) & {"Prs", "Dem"} or "Def" in tok.morph.get("Definite"):
            return False
        if tok.pos_ == "NOUN" and lexicon is not None and any(
                above & _DEFINITE for above, _ants in lexicon.verb_senses(tok.lemma_.lower(), 2, "n")):
            return False
    return any(tok.is_alpha for tok in tokens)


def made_vague(pair: QuestionPair) -> list[tuple[NumberMention, Mention]]:
    """``(question number, the paraphrase's words)`` for each number of the question the paraphrase wrote in place
    (an aligned substitution of up to three words, :meth:`~paraqd.analysis.pair.QuestionPair.aligned_substitutions`)
    as words that give no value: "1/2 a roll" -> "*a bit of* a roll", "4 books" -> "*a few* books"; not "the same
    number", "as many", "all of them" (:func:`_gives_no_value`)."""
    question, paraphrase = pair.question, pair.paraphrase
    spans = [(n, question.span(n)) for n in question.numbers if n.kind != "ordinal"]
    found = []
    for i1, i2, j1, j2 in pair.aligned_substitutions(3):
        inside = [n for n, span in spans if span is not None and i1 <= span.start and span.end <= i2]
        words = paraphrase.doc[j1:j2]
        if len(inside) == 1 and _gives_no_value(words):
            end = words[-1].idx + len(words[-1].text)
            found.append((inside[0], Mention(words[0].idx, end, paraphrase.text[words[0].idx:end])))
    return found
