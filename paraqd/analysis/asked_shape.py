"""The shape of the asked quantity: a difference or an amount, counted per what, one item or all of them, one
person's or a group's.

:mod:`.asked_quantity` reads the aggregate, the owner and the days of the asked quantity (:mod:`.asked_changes`
compares them); more parts of its information are read here from the asking clause's grammar, and
compared across a pair by :func:`shape_changes`:

- **a difference or an amount.** "How many more pages did he read on Saturday *than* on Sunday" asks for the
  gap between two quantities; "how many pages did he read on Saturday" for one of them. A paraphrase that asks
  for a difference where the question compares nothing, or for an amount where the question asks for a
  difference, with no comparing word at all in its asking clause (a comparative, "than", "compared",
  "between", "difference", "exceed", "over", a verb "out-"), asks for another quantity. A difference reworded
  ("by how much does it exceed", "how many fewer ... compared with", "the difference between") still compares;
  "how many more does she need" (no "than") asks what is still needed, not a difference;
- **counted per what.** "How many crates does she own" counts crates; "how many lemons are in *each* crate"
  asks for a part per crate: the question's counted thing has become the unit the paraphrase counts per
  ("each", "every", "per" before it, or "each of" it), and back. The same counted thing with a part per item
  described ("how many crates, each holding 24 lemons") is the same question. A part asked per one period
  ("how many blocks *each day*") asked per another item or period ("... *on one trip*", "in a single week")
  is another quantity; the same period in other words ("in one day", "daily", "every day") is not;
- **one person's or a group's.** "How many marbles does Lina have" asks for one person's quantity; "how many
  do *they* / *the two children* have" for a group's, the problem naming more than one person. The group
  must be the subject of the asking clause ("how many of them does she have" counts things); a paraphrase that
  still names the question's person elsewhere asks for that person too, unless the group is that person joined
  with another ("how much does Carrie pay" -> "how much do *Carrie and her mom* pay"), and "you" for the
  asked person in a retelling is that person;
- **when.** "How old is Mara *now*" asks for the state now; "how old will Mara be *in 4 years*" (or "*3 months
  ago*", "*4 years from now*", "*after 5 months*") for the state at another time point. One question saying
  "now" ("currently", "presently", "today") and the other a time point shifted from it by a number of a unit
  of time ask for two states. A shifted time point against a question that says no time at all is not compared: the
  question may have said it before its asking clause ("After 5 months, what will it weigh?");
- **one item or all of them.** "How much more does *a* t-shirt cost than *a* jersey" asks for what one item
  says (a singular noun with "a", "an" or "one"); "how much more money did the shop make from the *t-shirts*"
  for all the items the story counts ("sold 157 t-shirts"): the paraphrase names the thing only in the plural,
  with no "each", "every" or "per", and not as the subject of its clause ("how much more do t-shirts cost"
  says what each costs);
- **kept or moved.** "How much does Lucy *save*" / "how much does Tom *keep*" asks for what stays with its
  holder (a retaining verb, WordNet's ``keep.v.03``: :func:`~paraqd.analysis.predicates.retains`); "how much
  does Lucy *pay*" / "... *spend*" for what an act moves away (:func:`~paraqd.analysis.directions.verb_direction`),
  the mirror of :func:`~paraqd.analysis.predicates.kept_for_moved`. A paraphrase that still keeps ("get to
  keep"), puts aside (a verb that moves nothing), names no act ("what are her savings") or compares ("how much
  *less* does she pay", a saving said as a difference) is not read as a change.

Every word read here is closed-class grammar (determiners, pronouns, prepositions, comparative tags,
numerals) or a dependency of the parse; the counted nouns are compared as lemmas.
"""

from __future__ import annotations

from .asked import story_tokens
from .asked_changes import COMPARING, AskedChange
from .asked_moments import story_time_point
from .asked_quantity import (
    COMPARATIVE_TAGS,
    DIFFERENCE,
    NOW,
    REMAINING,
    TOTAL,
    AskedQuantity,
    asked_quantity,
    clause_tokens,
)
from .directions import verb_direction
from .document import Mention, QuestionDoc
from .lexicon import ANTONYM, SIBLING, UNRELATED, default_lexicon
from .measures import DISTRIBUTIVE
from .predicates import clause_predicates, retains, verb_negated
from .terms import token_lemma, token_mention

#: prepositions that compare beside :data:`~paraqd.analysis.asked_changes.COMPARING` ("how many *over* the
#: limit", "how far *beyond* the mark"): an asking clause with one of them may still ask for a difference
_COMPARING_PREPOSITIONS = frozenset({"over", "beyond", "versus", "vs"})
#: pronouns and quantifiers that are a group as the subject of an asking clause ("do *they* have", "*both*")
_GROUP_SUBJECTS = frozenset({"they", "both"})
_GROUP_DETERMINERS = frozenset({"both", "all"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
#: prepositions whose object, a number of units of time, is a point after now ("*in* 4 years", "*after* 5
#: months"), and adverbs after such a number that shift it from now ("3 months *ago*", "4 years *later*")
_SHIFT_PREPOSITIONS = frozenset({"in", "after", "within"})
_SHIFT_ADVERBS = frozenset({"ago", "later", "hence", "from"})


def shape_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """What the paraphrase's question asks for instead of the question's, in the shape of the quantity (see the
    module docstring): ``what`` is "amount" (a difference for an amount or back), "per" (the counted thing made
    the unit of a part per item, or back), "one" (one item's quantity for all the items the story counts),
    "group" (one person's quantity for a group's), "when", "spent" or "period" (a part per another item or
    period)."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    found = (_difference_changed(question, paraphrase, q, p), _per_item_changed(question, paraphrase, q, p),
             _group_for_one(question, paraphrase, q, p), _other_time(question, paraphrase, q, p),
             _spent_for_kept(question, paraphrase, q, p), _one_for_all(question, paraphrase, q, p),
             _period_changed(question, paraphrase, q, p))
    return [change for change in found if change is not None]


def _compares(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether any word of the asking clause compares two quantities (its conditions included)."""
    toks, _main = clause_tokens(doc, aq.ask)
    return any(t.tag_ in COMPARATIVE_TAGS or t.lower_ in COMPARING or t.lower_ in _COMPARING_PREPOSITIONS
               or (t.pos_ == "VERB" and t.lower_.startswith("out")) for t in toks)


def _asking_words(doc: QuestionDoc, aq: AskedQuantity) -> Mention:
    """The words that say what the clause asks: from its start to the asked noun ("How many pages"), or its
    first two words when the noun is not near its start."""
    clause = aq.ask.clause_or_sentence
    noun = aq.ask.noun_span
    end = noun.end if noun is not None and clause.start <= noun.start and len(
        doc.text[clause.start:noun.end].split()) <= 4 else clause.start + len(" ".join(clause.text.split()[:2]))
    return Mention(clause.start, end, doc.text[clause.start:end])


def _difference_changed(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                        p: AskedQuantity) -> AskedChange | None:
    """A difference asked on one side (:func:`_asked_difference`), an amount on the other (:func:`_amount`)."""
    q_diff, p_diff = _asked_difference(question, q), _asked_difference(paraphrase, p)
    if q_diff is not None and p_diff is None and _amount(paraphrase, p):
        return AskedChange("amount", (q_diff,), (_asking_words(paraphrase, p),), DIFFERENCE, "amount")
    if p_diff is not None and q_diff is None and _amount(question, q):
        return AskedChange("amount", (_asking_words(question, q),), (p_diff,), "amount", DIFFERENCE)
    return None


def _wh_phrase(doc: QuestionDoc, aq: AskedQuantity) -> list:
    """The words of the asking clause from its first wh-word to the first verb or auxiliary after it ("how many
    more pages", "how much taller"), or ``[]``."""
    toks, _main = clause_tokens(doc, aq.ask)
    start = next((k for k, t in enumerate(toks) if t.tag_ in ("WRB", "WDT", "WP")), None)
    if start is None:
        return []
    phrase = []
    for tok in toks[start:]:
        if tok.pos_ in ("AUX", "VERB") or tok.is_punct:
            break
        phrase.append(tok)
    return phrase


def _asked_difference(doc: QuestionDoc, aq: AskedQuantity) -> Mention | None:
    """The words that ask for a difference when the asked quantity itself is one: the difference word (a
    comparative with "than", "difference", "exceed") in the wh-phrase ("how many *more* pages ... than"), said
    of the asked noun, the asked noun itself ("what is the *difference*") or the clause's predicate ("by how
    much does it *exceed*"); a comparative inside a condition of a long asking clause ("if the spirit is 3
    litres *more* than the water, calculate ...") is the problem's, not the asked quantity."""
    mention = aq.aggregates.get(DIFFERENCE)
    if mention is None:
        return None
    tok = next((t for t in doc.doc if t.idx == mention.start), None)
    if tok is None:
        return None
    noun = aq.ask.noun_span
    if (tok in _wh_phrase(doc, aq) or token_lemma(tok) == aq.ask.noun
            or (noun is not None and tok.head.idx == noun.start) or tok.dep_ == "ROOT"):
        return mention
    return None


def _amount(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether the asking clause asks for an amount: no word of it compares (:func:`_compares`), and its
    wh-phrase has no adverb that may say a difference ("how many miles *farther*", "how many hours *ahead*")."""
    return not _compares(doc, aq) and not any(t.pos_ == "ADV" and t.tag_ != "WRB" for t in _wh_phrase(doc, aq))


def _per_items(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, Mention]:
    """Lemma of the thing a part is asked per -> the words that say it ("each crate", "each of Tessa's
    crates", "per box"), read from the asking clause's words that say the asked quantity."""
    toks, main = clause_tokens(doc, aq.ask)
    found: dict[str, Mention] = {}
    for tok in toks:
        if tok.i not in main or tok.lower_ not in DISTRIBUTIVE:  # "*each* crate", "*every* van", "*per* box"
            continue
        item = None
        if tok.dep_ == "det" and tok.head.pos_ == "NOUN":
            item = tok.head
        else:
            objects = [o for c in tok.children if c.dep_ == "prep" and c.lower_ in ("of", "per")
                       for o in c.children if o.dep_ == "pobj"] if tok.lower_ != "per" else [
                o for o in tok.children if o.dep_ == "pobj"]
            item = next((o for o in objects if o.pos_ == "NOUN"), None)
        if item is not None:
            start, end = min(tok.idx, item.idx), max(tok.idx + len(tok), item.idx + len(item))
            found.setdefault(token_lemma(item), Mention(start, end, doc.text[start:end]))
    return found


def _per_item_changed(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                      p: AskedQuantity) -> AskedChange | None:
    """The question's counted thing is the item the paraphrase asks a part per, or back."""
    a, b = q.ask, p.ask
    if a.noun is None or b.noun is None or a.noun == b.noun or a.noun_span is None or b.noun_span is None:
        return None
    q_per, p_per = _per_items(question, q), _per_items(paraphrase, p)
    if a.noun in p_per and a.noun not in q_per:
        return AskedChange("per", (a.noun_span,), (p_per[a.noun],), "count", "per")
    if b.noun in q_per and b.noun not in p_per:
        return AskedChange("per", (q_per[b.noun],), (b.noun_span,), "per", "count")
    return None


#: how :func:`_period_changed` reads one item or period a part is asked for ("on *one* trip", "in a *single* day")
_ONE_OF = frozenset({"one", "single"})


def _asked_per(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, Mention]:
    """The items or periods the asked quantity is a part per: those of :func:`_per_items` ("each day", "per
    week") and one of them as the object of a preposition ("on *one* trip", "in a *single* session"); a noun
    counted by another number ("every 7 days") is a span of periods, left out."""
    found = dict(_per_items(doc, aq))  # a copy: the one items or periods are added to it
    toks, main = clause_tokens(doc, aq.ask)
    for tok in toks:
        before = tok.doc[tok.left_edge.i - 1] if tok.left_edge.i > 0 else None
        # the object of a preposition, or of a word the parser reads as a particle ("carry *on* one crossing")
        if tok.i not in main or tok.pos_ != "NOUN" or not (
                tok.dep_ == "pobj" or (before is not None and before.pos_ == "ADP")):
            continue
        one = next((c for c in tok.children if c.dep_ in ("nummod", "amod") and c.lower_ in _ONE_OF), None)
        if one is not None:
            found.setdefault(token_lemma(tok), Mention(one.idx, tok.idx + len(tok), doc.text[one.idx:tok.idx + len(tok)]))
    counted = {token_lemma(t) for t in toks if t.i in main and any(
        c.dep_ == "nummod" and c.like_num and c.lower_ not in _ONE_OF for c in t.children)}
    return {k: m for k, m in found.items() if k not in counted}


def _period(doc: QuestionDoc, mention: Mention) -> str | None:
    """The name of the unit of time (a period: "day", "week", "hour") ``mention`` names, or ``None``."""
    return next((u.unit.name for u in doc.units if u.unit.category == "Time" and mention.start <= u.start < mention.end),
                None)


def _period_changed(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """Both questions ask for a part per one item or period, and of different ones, one of them a period ("how
    many blocks *each day*" -> "... *on one trip*"; "per week" -> "in a single session"; "on every crossing" ->
    "each day"): neither question's clause names the other's, not one unit of time in two spellings ("each week" /
    "per wk"), and WordNet (when present) knows them as different things, no synonym nor a more general or
    specific word (a word it lacks is not compared)."""
    q_per, p_per = _asked_per(question, q), _asked_per(paraphrase, p)
    if not q_per or not p_per or set(q_per) & set(p_per):
        return None
    q_words = {token_lemma(t) for t in clause_tokens(question, q.ask)[0]}
    p_words = {token_lemma(t) for t in clause_tokens(paraphrase, p.ask)[0]}
    if set(q_per) & p_words or set(p_per) & q_words:
        return None
    (q_key, old), (p_key, new) = next(iter(q_per.items())), next(iter(p_per.items()))
    q_unit, p_unit = _period(question, old), _period(paraphrase, new)
    if (q_unit is None and p_unit is None) or q_unit == p_unit:  # "each week" / "per wk": one period
        return None
    lex = default_lexicon()
    if lex is not None and lex.relation(q_key, p_key) not in (SIBLING, UNRELATED, ANTONYM):
        return None
    return AskedChange("period", (old,), (new,), q_key, p_key)


def _group_subject(doc: QuestionDoc, aq: AskedQuantity):
    """The subject of the asking clause when it is a group: "they", "both", a plural noun counted by a numeral
    of two or more or by "both" / "all" ("the two children"), "the two of them", or names joined ("Ana and
    Ben"); else ``None``."""
    toks, main = clause_tokens(doc, aq.ask)
    for tok in toks:
        if tok.i not in main or tok.dep_ not in _SUBJECT_DEPS:
            continue
        kids = list(tok.children)
        if tok.lower_ in _GROUP_SUBJECTS or any(c.dep_ == "conj" and c.pos_ in ("PROPN", "NOUN") for c in kids):
            return tok
        if tok.tag_ in ("NNS", "NNPS") and any(
                (c.dep_ == "nummod" and c.like_num and c.lower_ not in ("1", "one"))
                or (c.dep_ in ("det", "predet") and c.lower_ in _GROUP_DETERMINERS) for c in kids):
            return tok
        if tok.like_num and any(c.dep_ == "prep" and c.lower_ == "of" and any(
                o.lower_ in ("them", "us") for o in c.children) for c in kids):
            return tok
    return None


def _members(subject) -> set[str]:
    """The lower-cased words of the people a coordinated subject joins ("*Carrie* and her *mom*")."""
    if not any(c.dep_ == "conj" for c in subject.children):
        return set()
    return {t.lower_ for t in subject.subtree if t.dep_ in ("conj", "nsubj", "nsubjpass") or t.i == subject.i}


def _group_for_one(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                   p: AskedQuantity) -> AskedChange | None:
    """The question asks for one named person's quantity, the paraphrase, no longer naming that person in its
    question, for a group's, the problem naming more than one person."""
    if len(q.owners) != 1 or q.group is not None or TOTAL in q.aggregates or DIFFERENCE in q.aggregates:
        return None
    key, owner = next(iter(q.owners.items()))
    if _group_subject(question, q) is not None:  # "did *Mell and her friends* pay": a group asked already
        return None
    group = _group_subject(paraphrase, p)
    # the person still named in the paraphrase's question asks for that person, unless the group the
    # question's subject is joins that person with another ("do *Carrie and her mom* pay")
    if group is None or _compares(paraphrase, p):
        return None
    if key not in _members(group):
        if key in p.names:
            return None
        story = {t.lower_ for t in story_tokens(question, q.ask) if t.pos_ == "PROPN" and t.is_alpha}
        if len(story | {key}) < 2:
            return None
    span = paraphrase.doc[group.left_edge.i:group.i + 1] if group.tag_ in ("NNS", "NNPS") else None
    if _members(group):  # "Liam and his sister"
        span = paraphrase.doc[group.left_edge.i:group.right_edge.i + 1]
    new = token_mention(group) if span is None else Mention(span.start_char, span.end_char, span.text)
    return AskedChange("group", (owner,), (new,), "one", "group")


def _time_shift(doc: QuestionDoc, aq: AskedQuantity) -> Mention | None:
    """A time point shifted from now by a number of units of time in the words of the asking clause that say
    the asked quantity ("in 4 years", "3 months ago", "4 years from now"), or ``None``."""
    toks, main = clause_tokens(doc, aq.ask)
    by_start = {t.idx: t for t in toks if t.i in main}
    for unit in doc.units:
        tok = by_start.get(unit.start)
        if tok is None or unit.unit.category != "Time" or not any(c.dep_ == "nummod" for c in tok.children):
            continue
        number = min(c.i for c in tok.children if c.dep_ == "nummod")
        after = doc.doc[tok.i + 1] if tok.i + 1 < len(doc.doc) else None
        if after is not None and after.lower_ in _SHIFT_ADVERBS:
            first, last = number, after.i + (after.lower_ == "from" and after.i + 1 < len(doc.doc))
        elif tok.dep_ == "pobj" and tok.head.lower_ in _SHIFT_PREPOSITIONS:
            first, last = tok.head.i, tok.i
        else:
            continue
        span = doc.doc[first:last + 1]
        return Mention(span.start_char, span.end_char, span.text)
    return None


#: deictic adverbs of time that name the moment of speaking as a day ("how old is she *today*") beside the
#: aggregate "now" (:data:`~paraqd.analysis.asked_quantity.AGGREGATES`)
_TODAY = frozenset({"today", "tonight"})


def _now(doc: QuestionDoc, aq: AskedQuantity) -> Mention | None:
    """The words with which the asking clause asks for the state now: "now" ("currently", "presently") or
    "today", among the words that say the asked quantity; else ``None``."""
    if NOW in aq.aggregates:
        return aq.aggregates[NOW]
    toks, main = clause_tokens(doc, aq.ask)
    return next((token_mention(t) for t in toks if t.i in main and t.lower_ in _TODAY), None)


def _other_time(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                p: AskedQuantity) -> AskedChange | None:
    """One question asks for the state now, the other at a time point shifted from now, or at a time point its
    story names (:func:`~paraqd.analysis.asked_moments.story_time_point`)."""
    q_now, p_now = _now(question, q), _now(paraphrase, p)
    if q_now is not None and p_now is None:
        shifted = _time_shift(paraphrase, p) or story_time_point(question, paraphrase, p)
        return None if shifted is None else AskedChange("when", (q_now,), (shifted,), NOW, "shifted")
    if p_now is not None and q_now is None:
        shifted = _time_shift(question, q) or story_time_point(paraphrase, question, q)
        return None if shifted is None else AskedChange("when", (shifted,), (p_now,), "shifted", NOW)
    return None


def _spent_for_kept(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """The question asks with a retaining verb that moves nothing itself, the paraphrase, without it, with a verb
    that moves a quantity and has no other thing than the asked one as its object; neither negated, the
    paraphrase neither comparing nor asking what remains."""
    if DIFFERENCE in q.aggregates or {REMAINING, NOW} & set(p.aggregates) or _compares(paraphrase, p):
        return None
    q_toks, q_main = clause_tokens(question, q.ask)
    p_toks, p_main = clause_tokens(paraphrase, p.ask)
    q_verbs, p_verbs = clause_predicates(q_toks, q_main), clause_predicates(p_toks, p_main)
    q_words = {w for t in q_toks for w in (token_lemma(t), t.lower_)}
    p_words = {w for t in p_toks for w in (token_lemma(t), t.lower_)}
    # a retaining verb that moves nothing itself ("collect" gathers: it is a gain, not what stays); a moving
    # verb whose object is another thing than the asked one ("reserve rooms to *accommodate* the students")
    # moves that thing, not the asked quantity
    kept = [t for key, t in q_verbs.items() if key not in p_words and retains(key) and verb_direction(key) is None]
    moved = [t for key, t in p_verbs.items()
             if key not in q_words and verb_direction(key) is not None and not retains(key)
             and not any(c.dep_ == "dobj" and c.pos_ == "NOUN" and token_lemma(c) != p.ask.noun for c in t.children)]
    if not kept or not moved or any(verb_negated(t) for t in (*q_verbs.values(), *p_verbs.values())):
        return None
    return AskedChange("spent", tuple(token_mention(t) for t in kept), tuple(token_mention(t) for t in moved),
                       REMAINING, "moved")



#: determiners and numerals that make a singular noun one item ("*a* t-shirt", "*one* ticket")
_ONE_ITEM = frozenset({"a", "an", "one"})


def _one_word(noun):
    """The "a", "an" or "one" that makes ``noun`` one item: its determiner or numeral, or the word just before it
    ("*a* pen cost", which the parser may read as a compound), else ``None``."""
    before = noun.doc[noun.i - 1] if noun.i > 0 else None
    return next((c for c in noun.children if c.dep_ in ("det", "nummod") and c.lower_ in _ONE_ITEM),
                before if before is not None and before.lower_ in _ONE_ITEM else None)


def _nouns_in(doc: QuestionDoc, aq: AskedQuantity) -> list:
    """The common nouns among the asking clause's words that say the asked quantity."""
    toks, main = clause_tokens(doc, aq.ask)
    return [t for t in toks if t.i in main and t.pos_ == "NOUN"]


def _one_for_all(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                 p: AskedQuantity) -> AskedChange | None:
    """The question asks about one item ("*a* t-shirt"), the paraphrase, with no part per item, about the same
    thing in the plural, not as its subject ("from the *t-shirts*"), the story counting more than one of it."""
    if _per_items(paraphrase, p):
        return None
    ones = {token_lemma(t): t for t in _nouns_in(question, q) if t.tag_ == "NN" and _one_word(t) is not None}
    all_p_nouns = _nouns_in(paraphrase, p)
    if any(t.tag_ == "NNS" and t.dep_ in _SUBJECT_DEPS for t in all_p_nouns):  # "how much more do t-shirts cost"
        return None
    # the thing compared against ("... than *pens*") stands where its counterpart does; a noun with its number
    # ("sold *19 jerseys*") states a fact of the story, it asks nothing
    p_nouns = [t for t in all_p_nouns if not (t.dep_ == "pobj" and t.head.lower_ in ("than", "as"))
               and not any(c.dep_ == "nummod" for c in t.children)]
    p_ones = {token_lemma(t) for t in all_p_nouns if _one_word(t) is not None}
    _toks, main = clause_tokens(question, q.ask)
    counted = {token_lemma(t) for t in question.doc if t.i not in main and t.tag_ == "NNS"
               and any(c.dep_ == "nummod" for c in t.children)}
    for key, one in ones.items():
        same = [t for t in p_nouns if token_lemma(t) == key]
        if key in counted and key not in p_ones and same and all(t.tag_ == "NNS" for t in same):
            start = _one_word(one).idx
            old = Mention(start, one.idx + len(one), question.text[start:one.idx + len(one)])
            return AskedChange("one", (old,), (token_mention(same[0]),), "one", "all")
    return None
