"""The asked quantity as information: *whose* quantity a question asks for, and *which aggregate* of it.

A question asks for one quantity of its story. Besides the thing counted and its unit (the noun and units of
:class:`~paraqd.analysis.asked.Ask`), the asking clause says

- **the aggregate** (:data:`AGGREGATES`): the total ("in all", "altogether", "combined"), what remains
  ("left", "remaining", "still"), a difference ("how many more ... than"), a part per item or per period
  ("each", "per", "every"), the state at the start ("at first", "originally", "before") or now ("now",
  "currently"). These words are a small closed class of the question's grammar, not of its story: the same
  words ask the same aggregate in any problem;
- **the owner**: the people or things whose quantity it is, named in the clause ("does *Samuel* have"), or a
  group ("do *they* spend", "the two of them", "Gina and Tom");
- **the time points** it restricts to: the weekdays it names ("on *Thursday*").

:func:`asked_quantity` reads these once per question (:class:`AskedQuantity`); :func:`money_asked` says
whether a question asks for a sum of money, :func:`compares` whether its asking clause compares two quantities,
:func:`story_words` which words its story names outside that clause. What a paraphrase's question changed of
them is :mod:`paraqd.analysis.asked_changes`'s and its siblings' (:mod:`.asked_shape`, :mod:`.asked_kind`,
:mod:`.asked_moves`, :mod:`.asked_members`, :mod:`.asked_per`, :mod:`.asked_group`, :mod:`.asked_moments`...), each
returning the one record of such a change, :class:`AskedChange`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .asked import Ask, find_ask, story_tokens
from .document import Mention, QuestionDoc
from .lexicon import default_lexicon
from .terms import SUBJECT_DEPS, WEEKDAYS, cached, token_mention

#: the aggregates a question can ask of a quantity
TOTAL, REMAINING, DIFFERENCE, EACH, INITIAL, NOW = "total", "remaining", "difference", "each", "initial", "now"
#: how the question's grammar names each aggregate (closed-class words: quantifiers, particles, time adverbs)
AGGREGATES: dict[str, str] = {
    "total": TOTAL, "altogether": TOTAL, "together": TOTAL, "combined": TOTAL, "overall": TOTAL, "all": TOTAL,
    "sum": TOTAL, "entire": TOTAL, "whole": TOTAL,
    "left": REMAINING, "remain": REMAINING, "remaining": REMAINING, "remainder": REMAINING, "rest": REMAINING,
    "leftover": REMAINING, "still": REMAINING,
    "difference": DIFFERENCE, "exceed": DIFFERENCE,
    "each": EACH, "per": EACH, "every": EACH, "apiece": EACH, "average": EACH, "hourly": EACH, "daily": EACH,
    "weekly": EACH, "monthly": EACH, "yearly": EACH, "annually": EACH,
    "initially": INITIAL, "originally": INITIAL, "before": INITIAL, "beginning": INITIAL, "earlier": INITIAL,
    "now": NOW, "currently": NOW, "presently": NOW,
}
#: pairs of aggregates that are different quantities of one story: the total is not what remains, nor a part
#: per item, nor a difference; the start is not the end. "Now" is the state at the end: it excludes only
#: the start ("how many are there now" may be the total or what remains)
CONFLICTS = frozenset(frozenset(p) for p in (
    (TOTAL, REMAINING), (TOTAL, DIFFERENCE), (TOTAL, EACH), (TOTAL, INITIAL),
    (REMAINING, DIFFERENCE), (REMAINING, EACH), (REMAINING, INITIAL),
    (DIFFERENCE, EACH), (DIFFERENCE, INITIAL), (EACH, INITIAL), (NOW, INITIAL),
))
#: pronouns and quantifiers that make the owner a group ("how much do *they* spend", "*both* of them")
GROUP_WORDS = frozenset({"they", "them", "we", "us", "both"})
COMPARATIVE_TAGS = frozenset({"JJR", "RBR"})
#: a condition inside the asking clause ("... *assuming all the boxes hold 5*"): not the asked quantity
_CONDITION_DEPS = frozenset({"advcl"})
#: "total" before these nouns is the phrase of "how many" ("the total number of units" asks what "how many
#: units" asks), not an aggregate said against another
_COUNT_NOUNS = frozenset({"number", "amount", "count"})
#: subordinators that compare inside the asked quantity rather than open a condition ("how many more cakes
#: *than* pastries did he sell", which the parser may read with "than" as a clause's marker)
_COMPARING_MARKS = frozenset({"than", "as"})


@dataclass(frozen=True)
class AskedQuantity:
    """What a question asks, read from its asking clause (:attr:`Ask.clause`): the aggregates named (each
    with its first mention), the names of the story in it, the weekdays it names, whether its owner is a
    group, and the names that are its subject."""

    ask: Ask
    aggregates: dict[str, Mention]
    names: dict[str, Mention]
    days: dict[str, Mention]
    group: Mention | None
    #: the names that are the subject of the asking clause ("how much does *Samuel* have")
    owners: dict[str, Mention]

    @property
    def whole(self) -> Mention | None:
        """The word that asks for a whole: the total aggregate ("*in all*", "*total*"), else the group that owns
        the asked quantity ("*they*", "*both*"); ``None`` when it asks for no whole. A paraphrase asking for a
        part of the question's whole asks with none (:mod:`.asked_changes`, :mod:`.asked_members`)."""
        return self.aggregates.get(TOTAL) or self.group


def asked_quantity(doc: QuestionDoc) -> AskedQuantity | None:
    """The :class:`AskedQuantity` of ``doc`` (computed once per document), or ``None`` when it asks
    nothing."""
    return cached(doc, "paraqd.asked_quantity", _asked_quantity)


def clause_tokens(doc: QuestionDoc, ask: Ask) -> tuple[list, set[int]]:
    """The tokens of the asking clause, and the indices of those that say the asked quantity: up to the first
    word that opens a subordinate clause ("if", "until", "given that": conditions of the problem, "... *if
    each cookie is 20 calories*"; the word itself stays: "how many were there *before* the new ones grew"
    asks at that time), without conditions the parser attached inside ("assuming all the boxes hold 5")."""
    clause = ask.clause_or_sentence
    span = doc.span(clause)
    if span is None:
        return [], set()
    cut = next((t.i for t in span if t.dep_ == "mark" and t.i > span.start and t.lower_ not in _COMPARING_MARKS),
               span.end - 1)
    main = {t.i for t in span if t.i <= cut}
    for tok in span:
        if tok.dep_ in _CONDITION_DEPS and tok.head.i in main and tok.head.i != tok.i:
            main -= {t.i for t in tok.subtree if not (t.dep_ == "mark" and t.head.i == tok.i)}
    return list(span), main


def asked_tokens(doc: QuestionDoc, ask: Ask) -> list:
    """The tokens of the asking clause that say the asked quantity (:func:`clause_tokens`), on its last line: a
    question written under a table ("Size | Count ... How many need a size 6?") is parsed as one sentence with
    the table, whose cells say nothing of what is asked."""
    toks, main = clause_tokens(doc, ask)
    words = [t for t in toks if t.i in main]
    breaks = [k for k, t in enumerate(words) if "\n" in t.text or "\n" in t.whitespace_]
    return words[breaks[-1] + 1:] if breaks and breaks[-1] + 1 < len(words) else words


def _aggregate_of(tok, has_than: bool) -> str | None:
    word, lemma = tok.lower_, (tok.lemma_ or tok.text).lower()
    if word == "left" and tok.tag_ == "VBD":  # "how many people left the party": a departure
        return None
    if word == "first" and tok.i > 0 and tok.nbor(-1).lower_ == "at":  # "at first"
        return INITIAL
    if word == "now" and _neighbour(tok, -1) == "from":  # "4 years from now": a time point after now
        return None
    if word == "all" and not ((tok.dep_ in ("det", "predet") and tok.head.pos_ in ("NOUN", "PROPN"))
                              or _neighbour(tok, -1) == "in"
                              or _neighbour(tok, 1) in ("together", "told")):
        return None  # "all the shirts", "in all", "all together"; not "after all this"
    if word == "total" and tok.head.lemma_.lower() in _COUNT_NOUNS and tok.head.i != tok.i:
        return None
    if tok.tag_ in COMPARATIVE_TAGS and has_than:  # "how many more ... than", "how much longer ... than"
        return DIFFERENCE
    return AGGREGATES.get(word) or AGGREGATES.get(lemma)


def aggregate_of(tok) -> str | None:
    """The aggregate a word says (:data:`AGGREGATES`, read as in an asking clause without "than"), or ``None``."""
    return _aggregate_of(tok, False)


def _neighbour(tok, offset: int) -> str:
    i = tok.i + offset
    return tok.doc[i].lower_ if 0 <= i < len(tok.doc) else ""


def _asked_quantity(doc: QuestionDoc) -> AskedQuantity | None:
    ask = find_ask(doc)
    if ask is None:
        return None
    toks, main = clause_tokens(doc, ask)
    has_than = any(t.lower_ in ("than", "compared") for t in toks if t.i in main)
    aggregates: dict[str, Mention] = {}
    names: dict[str, Mention] = {}
    owners: dict[str, Mention] = {}
    days: dict[str, Mention] = {}
    group = None
    for i, tok in enumerate(toks):
        kind = _aggregate_of(tok, has_than) if tok.i in main else None
        if kind is not None:
            aggregates.setdefault(kind, token_mention(tok))
        word = tok.lower_.rstrip("s") if tok.lower_.rstrip("s") in WEEKDAYS else tok.lower_
        if word in WEEKDAYS:
            days.setdefault(word, token_mention(tok))
        elif tok.pos_ == "PROPN" and tok.is_alpha:
            names.setdefault(tok.lower_, token_mention(tok))
            if tok.dep_ in SUBJECT_DEPS:
                owners.setdefault(tok.lower_, token_mention(tok))
        if group is None and (tok.lower_ in GROUP_WORDS or _of_them(toks, i)):
            group = token_mention(tok)
    if len(names) > 1 and group is None:  # "Gina and Tom": the owner is a group of named people
        group = next(iter(names.values()))
    return AskedQuantity(ask, aggregates, names, days, group, owners)


def _of_them(toks, i: int) -> bool:
    """Whether ``toks[i]`` opens "the two of them" / "all of us"."""
    return (i + 2 < len(toks) and toks[i + 1].lower_ == "of" and toks[i + 2].lower_ in GROUP_WORDS)


def money_asked(doc: QuestionDoc, ask: Ask | None = None) -> Mention | None:
    """The words with which ``doc`` asks for a sum of money, or ``None``: a unit of money as the asked noun
    ("how many *dollars*"; another unit asked is no money); a "how much" whose noun is money ("how much
    *money*": WordNet's ``noun.possession``; without WordNet no noun is); a "how much" of no thing ("*how much* will she have left", "*how much* does Tom
    collect": the asking clause's subject, a name or a pronoun, is no thing asked) in a problem of amounts of
    money (:func:`_of_money`). ``ask`` is ``doc``'s asking clause (found when not given). The one rule of "the
    question asks for money" (:func:`paraqd.analysis.holders.added_transfers` reads it too)."""
    ask = find_ask(doc) if ask is None else ask
    if ask is None:
        return None
    asked = ask.noun_span  # a unit as the asked noun ("how many *dollars*"), not one elsewhere ("with 93 dollars")
    unit = next((u for u in ask.units if asked is not None and asked.start <= u.start < asked.end), None)
    if unit is not None or ask.form != "how much":
        return unit if unit is not None and unit.category in ("Currency", "Coin") else None
    span = doc.span(ask.noun_span) if ask.noun is not None and ask.noun_span is not None else None
    if span is not None and span[0].pos_ not in ("PROPN", "PRON"):
        lex = default_lexicon()
        return ask.noun_span if lex is not None and lex.is_possession(ask.noun) else None
    if not _of_money(doc):
        return None
    span = doc.span(ask.clause_or_sentence)
    much = next((t for t in span or () if t.lower_ == "much"), None)
    if much is None:
        return None
    how = much.nbor(-1) if much.i > 0 and much.nbor(-1).lower_ == "how" else much  # "how much", whole
    return Mention(how.idx, much.idx + len(much.text), doc.text[how.idx:much.idx + len(much.text)])


def _of_money(doc: QuestionDoc) -> bool:
    """Whether ``doc`` is about amounts of money: a sum ("$20", "5 dollars"), or a noun whose first WordNet
    sense is money (``noun.possession``: "*money*", "*donations*", "*salary*")."""
    if any(n.kind == "currency" for n in doc.numbers):
        return True
    lex = default_lexicon()
    if lex is None:
        return False
    return any(t.pos_ == "NOUN" and lex.kinds((t.lemma_ or t.text).lower()) == ("possession",) for t in doc.doc)


@dataclass(frozen=True)
class AskedChange:
    """The paraphrase asks for another quantity: ``what`` says how ("aggregate" or "part"), ``old`` and
    ``new`` are the words of each question that say it (non-empty: every finding names its spans), and
    ``old_kind`` / ``new_kind`` what each asks for (an aggregate of
    :data:`~paraqd.analysis.asked_quantity.AGGREGATES`, or "whole" / "part")."""

    what: str
    old: tuple[Mention, ...]
    new: tuple[Mention, ...]
    old_kind: str
    new_kind: str


#: words of an asking clause that compare two quantities besides comparatives ("*compared* to", "the gap
#: *between*", "by how much does it *exceed*"); verbs of the form "out-" ("outweigh", "outnumber") too
COMPARING = frozenset({"than", "compared", "between", "difference", "exceed", "exceeds", "exceeded"})


def story_words(doc: QuestionDoc, q: AskedQuantity, keep) -> set[str]:
    """The lower-cased words of ``doc``'s story (outside the asking clause of ``q``) for which ``keep`` holds, a
    weekday's plural read as the weekday ("Mondays" -> "monday")."""
    return {t.lower_.rstrip("s") if t.lower_.rstrip("s") in WEEKDAYS else t.lower_
            for t in story_tokens(doc, q.ask) if keep(t)}


#: prepositions that compare beside :data:`~paraqd.analysis.asked_quantity.COMPARING` ("how many *over* the
#: limit", "how far *beyond* the mark"): an asking clause with one of them may still ask for a difference
_COMPARING_PREPOSITIONS = frozenset({"over", "beyond", "versus", "vs"})


def compares(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether any word of the asking clause compares two quantities (its conditions included)."""
    toks, _main = clause_tokens(doc, aq.ask)
    return any(t.tag_ in COMPARATIVE_TAGS or t.lower_ in COMPARING or t.lower_ in _COMPARING_PREPOSITIONS
               or (t.pos_ == "VERB" and t.lower_.startswith("out")) for t in toks)
