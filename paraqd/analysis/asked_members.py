"""The members of the asked whole: the holders the story tells the same act of, one of which a paraphrase may ask
about alone.

"The silverware cost $20. The dinner plates cost 50% as much as the silverware. How much did he pay for
*everything*?" -> "How much did John pay for the *dinner plates*?"; "A cougar sleeps 4 hours at night, and a zebra
2 hours more. How much time do *both* animals sleep in one week?" -> "How much time does the *zebra* sleep in one
week?". The story says one act (its verb: "cost", "sleep", "pay") of two or more holders, each the subject of
that verb (or joined to one: "and a zebra"): those are the parts of the whole the
question asks for. A paraphrase whose asking clause names some of them and not the others (still in its text),
where the question asks for the whole (a word of the whole in its asking clause: "in all", "total",
"altogether", "combined", "both", "everything", or a group as its owner) and names fewer of them, asks for a part.

The periods the story tells apart are members of a total too (:func:`period_parts`): "Last week she read 5
books ... This week she read twice as much. How many pages did she read *in total*?" -> "... *this week*?"; a
period is a noun of time (WordNet) picked by "this", "last", "next", "first", "second"...

:func:`part_of_whole` reads the same for the story's people and days, for the names the question joins as its
owner ("did *Ruth and Omar* read in total" -> "did *Omar* read") and for the things its own asking clause lists
("in both the desert and the forest" -> "in the desert"); :func:`~paraqd.analysis.asked_changes.asked_changes`
reports it with the other readings of the asked quantity. Every reader here asks for a whole the same way
(:attr:`~paraqd.analysis.asked_quantity.AskedQuantity.whole`).
"""

from __future__ import annotations

from .asked import story_tokens
from .asked_quantity import (
    TOTAL,
    AskedChange,
    AskedQuantity,
    asked_quantity,
    clause_tokens,
    story_words,
)
from .document import Mention, QuestionDoc
from .lexicon import default_lexicon
from .terms import LIGHT_NOUNS, SUBJECT_DEPS, WEEKDAYS, token_lemma, token_mention

#: words of an asking clause that ask for a whole besides the aggregates ("how much did he pay for *everything*")
WHOLE_WORDS = frozenset({"total", "altogether", "all", "combined", "together", "both", "everything", "overall"})


def _subject_verb(tok):
    """The verb ``tok`` is the subject of, through a noun it is joined to ("the cougar ... and a *zebra*"), or
    ``None``."""
    if tok.dep_ in SUBJECT_DEPS:
        return tok.head
    if tok.dep_ == "conj":
        head = tok.head
        if head.pos_ in ("VERB", "AUX"):
            return head
        if head.dep_ in SUBJECT_DEPS:
            return head.head
    return None


def story_members(doc: QuestionDoc) -> list[set[str]]:
    """The sets of holders (common-noun lemmas) of ``doc``'s story outside its asking clause that are subjects of
    one verb (by its lemma): two or more holders of the same act ("each boy *paid* $50", "the money each girl
    *paid*"). The asked noun and
    nouns that count nothing ("number", "amount") are no holders."""
    aq = asked_quantity(doc)
    if aq is None:
        return []
    by_verb: dict[str, set[str]] = {}
    held: dict[str, set[str]] = {}  # what each holder's verb has as its object ("the school has 304 *grades*")
    for tok in story_tokens(doc, aq.ask):
        if tok.pos_ != "NOUN":
            continue
        verb = _subject_verb(tok)
        key = token_lemma(tok)
        if verb is None or key in LIGHT_NOUNS or key == aq.ask.noun:
            continue
        by_verb.setdefault(token_lemma(verb), set()).add(key)
        held.setdefault(key, set()).update(token_lemma(c) for c in verb.children if c.dep_ in ("dobj", "attr"))
    # holders that hold one another ("the school has 304 grades and each grade has 75 students") are a whole and
    # its parts, not parts of one whole: asking for the school is asking for the whole
    return [members for members in by_verb.values()
            if len(members) > 1 and not any(held.get(m, set()) & members for m in members)]


#: determiners that pick one period of several ("*last* week", "*this* week", "the *first* year")
_PERIOD_PICKS = frozenset({"this", "last", "next", "first", "second", "third", "previous", "following"})


def _periods(toks) -> dict[str, tuple]:
    """The periods named in ``toks`` by a determiner that picks one ("*last week*", "*this* year"), a noun of
    time (WordNet), keyed by the two words lower-cased (the lemma of the noun), each with its two tokens."""
    lexicon = default_lexicon()
    found = {}
    for t in toks:
        if t.pos_ != "NOUN" or lexicon is None or "time" not in lexicon.kinds(token_lemma(t)):
            continue
        pick = next((c for c in t.children if c.lower_ in _PERIOD_PICKS and c.i < t.i), None)
        if pick is not None:
            found.setdefault(f"{pick.lower_} {token_lemma(t)}", (pick, t))
    return found


def period_parts(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """The question asks for a total ("how many pages did she read *in total*"), the paraphrase, with no total,
    for one of the periods the story tells apart ("last week ... this week": "how many pages did she read *this
    week*"): a change ``what`` "part"."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None or TOTAL not in q.aggregates or p.whole is not None:
        return []
    q_toks, q_main = clause_tokens(question, q.ask)
    story = _periods(story_tokens(question, q.ask))
    asked = _periods([t for t in q_toks if t.i in q_main])
    p_toks, p_main = clause_tokens(paraphrase, p.ask)
    named = _periods([t for t in p_toks if t.i in p_main])
    if len(story) < 2 or asked or not named or not set(named) < set(story):
        return []
    spans = (paraphrase.doc[a.i:b.i + 1] for a, b in named.values())
    return [AskedChange("part", (q.aggregates[TOTAL],), tuple(Mention(s.start_char, s.end_char, s.text) for s in spans),
                        "whole", "part")]


def _beside_pronoun(tok) -> bool:
    """Whether ``tok`` is coordinated with a personal pronoun ("you and your *sister*", "*Ben* and I"): a
    retelling told to the reader or by a narrator writes one of the story's holders as that pronoun, so the
    pair still names the whole group."""
    linked = [tok.head] if tok.dep_ == "conj" else []
    linked += [c for c in tok.children if c.dep_ == "conj"]
    return any(t.pos_ == "PRON" and t.lower_ not in ("it", "that", "this", "which", "what") for t in linked)


def member_parts(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """The paraphrase asks for some of the holders of the whole the question asks for (module docstring): a
    change ``what`` "part", ``old`` the question's word of the whole, ``new`` the holders the paraphrase names."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None or p.group is not None:
        return []
    q_toks, q_main = clause_tokens(question, q.ask)
    whole = q.whole or next(
        (token_mention(t) for t in q_toks if t.i in q_main and t.lower_ in WHOLE_WORDS), None)
    if whole is None:
        return []
    q_words = {token_lemma(t) for t in q_toks if t.i in q_main}
    p_toks, p_main = clause_tokens(paraphrase, p.ask)
    p_text = {token_lemma(t) for t in paraphrase.doc}
    # every word of the paraphrase's clause, however tagged ("the plates and *silverware* together")
    p_words = {w for t in p_toks if t.i in p_main for w in (token_lemma(t), t.lower_)}
    for members in story_members(question):
        named = {}
        for t in p_toks:
            if t.i in p_main and t.pos_ == "NOUN" and token_lemma(t) in members:
                if _beside_pronoun(t):
                    return []  # "do *you and your sister* have": the pronoun is the story's other holder
                named.setdefault(token_lemma(t), token_mention(t))
        scope = (members & q_words) or members
        if named and not scope <= p_words and set(named) < scope and not set(named) & q_words \
                and members <= p_text:
            return [AskedChange("part", (whole,), tuple(named.values()), "whole", "part")]
    return period_parts(question, paraphrase)


def part_of_whole(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                   p: AskedQuantity) -> AskedChange | None:
    """The question asks for a whole (a total, "all", or a group) and the paraphrase, with no total and no
    group, names only some of the story's people or days."""
    whole = q.whole
    p_words = {t.lower_ for t in paraphrase.doc}
    if whole is None or p.whole is not None:
        return None
    story_names = story_words(question, q, lambda t: t.pos_ == "PROPN" and t.is_alpha)
    story_days = story_words(question, q, lambda t: t.lower_.rstrip("s") in WEEKDAYS)
    for named, q_named, story in ((p.names, q.names, story_names), (p.days, q.days, story_days)):
        new = {k: m for k, m in named.items() if k not in q_named and k in story}
        if new and len(set(named) & story) < len(story):
            return AskedChange("part", (whole,), tuple(new.values()), "whole", "part")
    # the question names the whole group ("did *Ruth and Omar* read in total"), the paraphrase some of it
    # ("did *Omar* read"), the others still in its story (not renamed)
    members = _joined_subject(question, q)
    p_toks, p_main = clause_tokens(paraphrase, p.ask)
    kept = {t.lower_: token_mention(t) for t in p_toks if t.i in p_main and t.lower_ in members}
    if len(members) > 1 and members <= story_names and kept and len(kept) < len(members) and members <= p_words:
        return AskedChange("part", (whole,), tuple(kept.values()), "whole", "part")
    # the question lists the things the whole is made of ("in *both* the *desert* and the *forest*"), the
    # paraphrase keeps some of them in its asking clause ("in the *desert*"), the others still in its story
    things = _joined_things(question, q)
    story_nouns = {token_lemma(t) for t in story_tokens(question, q.ask) if t.pos_ == "NOUN"}
    kept = {token_lemma(t): token_mention(t) for t in p_toks if t.i in p_main and token_lemma(t) in things}
    if len(things) > 1 and things <= story_nouns and kept and len(kept) < len(things) \
            and things <= {token_lemma(t) for t in paraphrase.doc}:
        return AskedChange("part", (whole,), tuple(kept.values()), "whole", "part")
    return None


def _joined_things(doc: QuestionDoc, aq: AskedQuantity) -> set[str]:
    """The lemmas of the two common nouns joined by "and" in the words of the asking clause that say the asked
    quantity ("in both *the desert and the forest*", "do *the owl and the bat* sleep"), read from the words
    (a noun, "and", a noun after its determiner: the parser often reads the second as a compound of the verb),
    or an empty set."""
    toks, main = clause_tokens(doc, aq.ask)
    words = [t for t in toks if t.i in main and t.pos_ != "DET"]
    for k, tok in enumerate(words[1:-1], start=1):
        before, after = words[k - 1], words[k + 1]
        if tok.lower_ == "and" and before.pos_ == "NOUN" and after.pos_ == "NOUN" and after.i > tok.i:
            return {token_lemma(before), token_lemma(after)}
    return set()


def _joined_subject(doc: QuestionDoc, aq: AskedQuantity) -> set[str]:
    """The lower-cased names joined by "and" among the words of the asking clause that say the asked quantity
    ("did *Ruth and Omar* read", read from the words: the parser often splits such a subject), or an empty set."""
    toks, main = clause_tokens(doc, aq.ask)
    words = [t for t in toks if t.i in main]
    for k, tok in enumerate(words[1:-1], start=1):
        before, after = words[k - 1], words[k + 1]
        if tok.lower_ == "and" and before.pos_ == "PROPN" and after.pos_ == "PROPN":
            return {before.lower_, after.lower_}
    return set()
