"""Per item or in total: whether a number is said of one item or of all the items together.

"Each lamp costs $12", "3 eggs for every cake", "$4 per child", "5 posters in each classroom", "$12 each", "$4 a
child": the number is said of one item and the problem multiplies it (*distributive*). "He paid $12 for the
lamps", "3 eggs for the cakes", "5 posters across the classrooms": the number is said of all the items together
(a *total*). A rewording that turns the first into the second changes the answer, though every number, unit and
noun is still there; :func:`per_item_made_total` finds it.

- a number is said of items one by one when its clause (the verb it depends on and that verb's own arguments,
  not the clauses inside them) has a distributive word (:data:`DISTRIBUTIVE`: "each", "every", "per", "apiece")
  that determines a noun, not a unit ("each lamp", "per child"; "every day", "per hour" are rates), or when one
  follows it ("$12 each"); the items are those nouns;
- a number is a total of those items when its clause has no distributive word, no "a"/"an" rate ("3 eggs a
  cake") and ties it to the items as a plural whole: a preposition of :data:`_WHOLE_PREPOSITIONS` whose plural
  object, counted by no number of its own, is one of the items ("for the lamps", "across the classrooms", "from
  t-shirts", "among the blocks"; not "for 30 days").

- a number is a total, too, when its clause (with the nouns coordinated with its own) has no distributive word
  and no rate and says it of a whole in other ways: a word of the "down" pole of the distribution scale
  (``data/resources/relations.json``: "together", "altogether", "combined") or a total phrase of
  :data:`paraqd.analysis.rates.TOTAL` ("in all", "in total", "overall"); the plural object of a gerund after
  one of those prepositions, one of the items ("from *selling candy bars*", "for answering *the questions*");
  "them" after one ("between them", "for them"); or a noun that names a group (WordNet, when installed), "for
  *the pair*". A number said per a rate's period in the question ("18 times per minute", "44 sacks a day") is
  said of each period: a total word makes it a total of them ("18 tweets in all").

A value said of items (or per a period) more often in the question than in the paraphrase, with a mention of it
made a total in the paraphrase, was made a total. Numbers are matched by value, so a rewording that moves the
number elsewhere, or keeps the distributive word anywhere in its clause ("paying $12 for each of the lamps",
"every classroom gets 5 posters"), keeps the problem; a plural subject with no preposition ("Lamps cost $12")
says neither and is left alone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, NamedTuple

from .document import Mention, NumberMention, QuestionDoc
from .measures import DISTRIBUTIVE as _QUANTIFIERS
from .measures import VERB_POS, phrase_root
from .multipliers import COUNT_NOUNS
from .rates import TOTAL, rate_periods
from .relations import default_lexicon as _relation_lexicon
from .relations import relation_words
from .terms import token_lemma, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: words that spread a number over the items: "each lamp", "every cake", "per child", "$3 apiece"
DISTRIBUTIVE = _QUANTIFIERS | {"apiece"}
#: prepositions whose plural object is the whole a total is said of
_WHOLE_PREPOSITIONS = frozenset({"for", "from", "among", "amongst", "across", "between", "on", "over"})
#: the dependencies that open a clause of its own: its words say nothing of the number's clause
_OWN_CLAUSE = frozenset({"relcl", "advcl", "acl", "ccomp", "xcomp", "conj", "csubj", "parataxis"})
_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
#: the pronoun that stands for the items as one whole after a preposition: "between *them*", "for *them*"
_WHOLE_PRONOUNS = frozenset({"them"})
#: the dependencies of a distributive word standing alone for the items ("9 roses in *each*", "*each* gets 4")
_PRONOUN_DEPS = frozenset({"pobj", "nsubj", "nsubjpass", "dobj"})


class MadeTotal(NamedTuple):
    """A number said of each item in the question (``question_at``) and of all of them in the paraphrase
    (``paraphrase_at``); ``whole`` is the plural whole the paraphrase says it of, or the words that make it a
    total; ``period`` the question's rate words when the number was said per a period and of no item."""

    question_at: NumberMention
    paraphrase_at: NumberMention
    whole: Mention
    period: Mention | None = None


def _clause(doc: QuestionDoc, number: NumberMention, nouns: bool = False) -> list:
    """The tokens of ``number``'s clause: its verb and the verb's arguments, without the clauses inside them;
    ``nouns``: with the nouns coordinated inside it ("44 sacks of ripe oranges and 25 sacks *per day*")."""
    span = doc.span(number)
    if span is None:
        return []

    def inside(tok) -> bool:
        return tok.dep_ not in _OWN_CLAUSE or (nouns and tok.dep_ == "conj" and tok.pos_ not in VERB_POS)

    verb = phrase_root(span[-1]).head  # the clause's verb (the sentence's root when no verb is above)
    tokens, stack = [verb], [c for c in verb.children if inside(c)]
    while stack:
        tok = stack.pop()
        tokens.append(tok)
        stack += [c for c in tok.children if inside(c)]
    return tokens


def _own(doc: QuestionDoc, number: NumberMention) -> set[int]:
    """The token indices a word must hang on to be said of ``number`` itself: the verb of its clause and the noun
    it counts, with the nouns coordinated with that one ("44 sacks ... and 25 sacks *per day*"); a word
    deeper in the clause ("as red and blue *combined*") is said of another quantity."""
    span = doc.span(number)
    if span is None:
        return set()
    noun = span.root.head if span.root.dep_ == "nummod" else span.root
    while noun.dep_ == "conj" and noun.head.pos_ not in VERB_POS:
        noun = noun.head
    own, stack = {phrase_root(span[-1]).head.i}, [noun]
    while stack:
        tok = stack.pop()
        own.add(tok.i)
        stack += [c for c in tok.children if c.dep_ == "conj" and c.pos_ not in VERB_POS]
    return own


def _period(doc: QuestionDoc, number: NumberMention, time: bool = False) -> Mention | None:
    """The words of a rate (:func:`~paraqd.analysis.rates.rate_periods`: "per minute", "every day", "a day") said
    of ``number`` (hung on its verb or its noun, :func:`_own`), or ``None``; ``time``: only a period that is a
    unit of time (a period that is none, "per driveway", is an item)."""
    own = _own(doc, number)
    times = {i for u in doc.units if u.category == "Time" for i in range(u.start, u.end)}
    for mention, _ in rate_periods(doc):
        if time and mention.end - 1 not in times:
            continue
        span = doc.doc.char_span(mention.start, mention.end, alignment_mode="expand")
        if span is not None and any(t.head.i in own or t.i in own for t in span if t.head.i != t.i):
            return mention
    return None


def _items(doc: QuestionDoc, number: NumberMention, clause: list) -> set[str]:
    """The lemmas of the items ``number`` is said of one by one: the noun a distributive word of its clause
    determines ("*each lamp* costs $12", "3 eggs for *every cake*", "$4 *per child*"), or, when one follows the
    number or its unit ("$12 *each*", "2 pounds apiece"), the nouns of its clause ("3 sons *each*" counts the
    items: the number is not said of each one); a unit ("every day", "per hour") is a rate, no
    item. Empty when the number is said of no item one by one. ``clause``: :func:`_clause` of the number."""
    span = doc.span(number)
    if span is None:
        return set()
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    items = set()
    for tok in clause:
        if tok.lower_ not in DISTRIBUTIVE:
            continue
        noun = tok.head if tok.dep_ == "det" else next((c for c in tok.children if c.dep_ == "pobj"), None)
        if noun is None:  # "*each* of the tents"
            noun = next((o for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                         for o in c.children if o.dep_ == "pobj"), None)
        if noun is not None and noun.lower_ == "one" and noun.i + 1 < len(noun.doc) and noun.nbor().tag_ in (
                "VBG", "VBN"):
            continue  # "each one costing $3": a predication of its own, of another number
        if noun is not None and noun.pos_ == "NOUN" and noun.idx not in in_unit:
            items.add(token_lemma(noun))
    after = doc.doc[span.end:span.end + 2]
    if len(after) and after[0].idx in in_unit:  # "2 pounds each"
        after = after[1:]
    # "$12 each"; in "3 sons each" the number counts the items, in "$6 each one costing $3" "each" is another's
    if len(after) and after[0].lower_ in DISTRIBUTIVE and after[0].dep_ != "det":
        items |= {token_lemma(t) for t in clause if t.pos_ == "NOUN" and t.idx not in in_unit
                  and not span.start <= t.i < span.end}
    return items


def distributive(doc: QuestionDoc, number: NumberMention, clause: list | None = None) -> bool:
    """Whether ``number`` is said of some item one by one (:func:`_items`), or of a rate ("a day", "per hour",
    "daily"); ``clause``: its :func:`_clause`, when the caller has it."""
    clause = _clause(doc, number) if clause is None else clause
    rate_adverbs = {i for u in doc.units if u.adverb for i in range(u.start, u.end)}  # "100 visitors *daily*"
    if _items(doc, number, clause) or any(t.idx in rate_adverbs for t in clause) or _period(doc, number):
        return True
    if any(t.lower_ in DISTRIBUTIVE and t.dep_ in _PRONOUN_DEPS for t in clause):  # "9 roses in *each*"
        return True
    span = doc.span(number)
    after = [t for t in doc.doc[span.end:span.end + 3]] if span is not None else []
    if after and after[0].pos_ == "NOUN":  # the counted noun: "3 eggs *a* cake"
        after = after[1:]
    return bool(after) and after[0].lower_ in ("a", "an") and after[0].head.dep_ == "npadvmod"


def _total_words(doc: QuestionDoc, tok) -> Mention | None:
    """The words at ``tok`` that make a number a total: a word of the distribution scale's "down" pole ("together",
    "altogether", "combined") or a total phrase of :data:`~paraqd.analysis.rates.TOTAL` ("in all", "in total";
    an adverb alone, "overall"), or ``None``."""
    down = {m.start for m in relation_words(doc, _relation_lexicon()).get(("distribution", "down"), ())}
    if tok.idx in down or (tok.pos_ == "ADV" and TOTAL.fullmatch(tok.text)):
        return token_mention(tok)
    if tok.dep_ == "pobj" and tok.head.lower_ == "in" and TOTAL.fullmatch(f"in {tok.lower_}"):
        return Mention(tok.head.idx, tok.idx + len(tok.text), doc.text[tok.head.idx:tok.idx + len(tok.text)])
    return None


def said_total(doc: QuestionDoc, number: NumberMention) -> Mention | None:
    """The words that say ``number`` is a total, hung on its verb or its noun (:func:`_own`): "The packs weigh
    250 grams *altogether*", "*in all* they pick 44 sacks", "9 roses *combined*"; or ``None``."""
    own = _own(doc, number)
    for tok in doc.doc:
        anchor = tok.head.head if tok.dep_ == "pobj" else tok.head  # "in all": the preposition's head
        if anchor.i in own and anchor.i != tok.i:
            words = _total_words(doc, tok)
            if words is not None:
                return words
    return None


def _whole_object(prep, items: set[str], inside: range):
    """The whole the preposition ``prep`` ties a number to: its plural object, one of ``items`` and counted by no
    number of its own ("for *the lamps*"), or the plural object of a gerund after it ("from selling *candy
    bars*"); "them" ("between *them*") or a noun that counts ("for *the pair*"); or ``None``."""
    objects = [c for c in prep.children if c.dep_ == "pobj"]
    objects += [o for g in prep.children if g.dep_ == "pcomp" and g.tag_ == "VBG"
                for o in g.children if o.dep_ == "dobj"]  # "from selling candy bars"
    for obj in objects:
        if obj.i in inside or any(c.dep_ == "nummod" for c in obj.children):
            continue
        if (obj.tag_ in _PLURAL_TAGS and token_lemma(obj) in items) or obj.lower_ in _WHOLE_PRONOUNS or (
                obj.lower_ in COUNT_NOUNS and any(c.lower_ == "the" for c in obj.children)):
            return obj
    return None


def total_of(doc: QuestionDoc, number: NumberMention, items: set[str]) -> Mention | None:
    """The whole or the words that make ``number`` a total of ``items`` ("for *the lamps*", "across *the
    classrooms*", "from selling *candy bars*", "between *them*", "*altogether*", "*in all*": module docstring),
    or ``None``; ``None`` too for a number said per item or per a period."""
    clause = _clause(doc, number, nouns=True)
    if distributive(doc, number, clause):
        return None
    words = said_total(doc, number)
    if words is not None:
        return words
    span = doc.span(number)
    inside = range(span.start, span.end) if span is not None else range(0)
    own = _own(doc, number)
    for tok in clause:
        if tok.dep_ in ("prep", "dative") and tok.lower_ in _WHOLE_PREPOSITIONS:
            whole = _whole_object(tok, items, inside)
            if whole is not None and (whole.tag_ in _PLURAL_TAGS and whole.dep_ == "pobj" or tok.head.i in own):
                return token_mention(whole)
    return None


def per_item_made_total(pair: QuestionPair) -> list[MadeTotal]:
    """The numbers said of each item (or per a period) in the question and of all of them together in the
    paraphrase (module docstring)."""
    question, paraphrase = pair.question, pair.paraphrase
    per_item: dict[float, list[tuple[NumberMention, set[str], Mention | None]]] = defaultdict(list)
    for n in question.numbers:
        items = _items(question, n, _clause(question, n))
        # a number the question itself says is a total is no rate ("120 cups in total over the weekend")
        period = None if items or n.kind == "ordinal" or said_total(question, n) else _period(question, n, time=True)
        if items or period is not None:
            per_item[n.rounded].append((n, items, period))
    found = []
    for value, q_mentions in per_item.items():
        p_mentions = [n for n in paraphrase.numbers if n.rounded == value]
        if sum(distributive(paraphrase, n, _clause(paraphrase, n, nouns=True)) for n in p_mentions) >= len(q_mentions):
            continue
        items = set().union(*(i for _, i, _ in q_mentions))
        for n in p_mentions:
            whole = total_of(paraphrase, n, items)
            if whole is not None:
                first = next((m for m in q_mentions if m[1]), q_mentions[0])
                found.append(MadeTotal(first[0], n, whole, None if first[1] else first[2]))
                break
    return found
