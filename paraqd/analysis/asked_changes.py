"""What a paraphrase's question asks for in place of the question's: another aggregate, property, thing,
owner, predicate or part of the asked quantity.

:func:`asked_changes` compares the readings of the two questions (:mod:`paraqd.analysis.asked_quantity`: the
aggregate, the owner, the days, the asked noun) and returns what the paraphrase asks for instead
(:class:`AskedChange`, which :mod:`paraqd.analysis.asked_shape` also returns for the shape of the quantity):

- **another aggregate** (:data:`~paraqd.analysis.asked_quantity.CONFLICTS`): each question names an aggregate the other does not, and the
  two exclude each other ("how much is *left*" -> "how much did she spend *in total*"; "how much did *each*
  book cost" -> "how much money did he have *before*"). A paraphrase that only drops or adds an aggregate
  word ("how many did he read" -> "how many did he read in total") says nothing new: the aggregate is
  often implicit, and rewordings add and drop these words freely;
- **another property** of the thing asked (with WordNet): "the *width* of the sandbox" -> "the *area* of the
  sandbox";
- **another thing the problem counts** (with WordNet): "how many *pencils* does she have" -> "how many full
  *rows* can she make";
- **a difference asked as a property** (with WordNet): "how much *longer* is the room than it is wide" -> "what
  is the *area* of the room", by a clause that compares nothing;
- **what went, for what is left** (with WordNet): "how many do they have *left*" -> "how many did they *give out*
  or *sell*", the story's own verbs that take quantities away (:mod:`.directions`), or such a verb the clause asks
  with as a fact ("how many cans will she *use*"; not "how much can he *spend*", what is left to spend); or what
  a verb of the story has done so far ("how many problems has she *completed so far*");
- **another person's quantity**: the clause's subject is another name of the story, the question's still in
  the paraphrase ("how much does *Samuel* have" -> "how much does *Kelvin* have");
- **a part of the whole**: the question asks for the whole (an aggregate "in all", "all the shirts", or a
  group: "they", "both") and the paraphrase, with no total, names only some of the story's people or days
  ("how much do *they* spend in all" -> "how much does *Teddy* spend"; "how many kilometers did she ride in
  total" -> "... on *Thursday*"), or some of the names the question joins as its owner ("how many pages did
  *Ruth and Omar* read in total" -> "how many pages did *Omar* read"), or some of the things it lists ("in both
  the *desert* and the *forest*" -> "in the *desert*"). Naming every one of them ("how much do Robert and Teddy
  spend") is the same whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from .asked import Ask, story_tokens
from .asked_quantity import (
    COMPARATIVE_TAGS,
    CONFLICTS,
    DIFFERENCE,
    NOW,
    REMAINING,
    TOTAL,
    AskedQuantity,
    asked_quantity,
    clause_tokens,
    money_asked,
)
from .directions import LOSS, verb_direction
from .document import Mention, QuestionDoc
from .lexicon import ANTONYM, MORE_SPECIFIC, SIBLING, UNRELATED, default_lexicon
from .predicates import held_for_act, kept_for_moved, other_predicate
from .terms import LIGHT_NOUNS, WEEKDAYS, token_lemma, token_mention
from .units import UnitVocabulary


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


def asked_changes(question: QuestionDoc, paraphrase: QuestionDoc) -> list[AskedChange]:
    """What the paraphrase's question asks for instead of the question's (see the module docstring). Both
    readings are kept on their documents, so the comparison costs little; it takes the two documents rather
    than a :class:`~paraqd.analysis.pair.QuestionPair` because :mod:`.pair` may not import this module
    (:mod:`.asked` reads :mod:`.relations`, which reads pairs)."""
    q, p = asked_quantity(question), asked_quantity(paraphrase)
    if q is None or p is None:
        return []
    changes = []
    q_aggregates, p_aggregates = _with_unmoved(question, q), _with_unmoved(paraphrase, p)
    q_only = {k: m for k, m in q_aggregates.items() if k not in p_aggregates}
    p_only = {k: m for k, m in p_aggregates.items() if k not in q_aggregates}
    swapped = [(a, b) for a in q_only for b in p_only if frozenset((a, b)) in CONFLICTS]
    if swapped:
        a, b = swapped[0]
        changes.append(AskedChange("aggregate", (q_only[a],), (p_only[b],), a, b))
    for found in (_difference_lost(paraphrase, q, p), _remainder_to_moved(question, paraphrase, q, p),
                  _part_of_whole(question, paraphrase, q, p),
                  _other_owner(question, paraphrase, q, p),
                  _other_story_predicate(question, paraphrase, q, p),
                  _other_property(question, paraphrase, q, p) or _other_thing(question, paraphrase, q, p)
                  or _count_to_money(question, paraphrase, q, p)):
        if found is not None:
            changes.append(found)
    return changes


def _with_unmoved(doc: QuestionDoc, aq: AskedQuantity) -> dict[str, Mention]:
    """The aggregates of the asking clause, what remains among them when the clause asks with a negated verb of
    the story that takes a quantity away ("how many cans were *not given* to the shelters", "how much did she
    *not spend*": what the act left, with WordNet, :func:`~paraqd.analysis.directions.verb_direction`)."""
    if REMAINING in aq.aggregates:
        return aq.aggregates
    story = {(t.lemma_ or t.text).lower() for t in story_tokens(doc, aq.ask) if t.pos_ == "VERB"}
    toks, main = clause_tokens(doc, aq.ask)
    for tok in toks:
        lemma = (tok.lemma_ or tok.text).lower()
        if tok.i not in main or tok.pos_ != "VERB" or lemma not in story or not _negated(tok):
            continue
        if (verb_direction(lemma) or (None, 0))[1] == LOSS:
            neg = next((c for c in tok.children if c.dep_ == "neg"), tok)
            start, end = min(neg.idx, tok.idx), max(neg.idx + len(neg), tok.idx + len(tok))
            return {**aq.aggregates, REMAINING: Mention(start, end, doc.text[start:end])}
    return aq.aggregates


#: words of an asking clause that compare two quantities besides comparatives ("*compared* to", "the gap
#: *between*", "by how much does it *exceed*"); verbs of the form "out-" ("outweigh", "outnumber") too
COMPARING = frozenset({"than", "compared", "between", "difference", "exceed", "exceeds", "exceeded"})


def _difference_lost(paraphrase: QuestionDoc, q: AskedQuantity, p: AskedQuantity) -> AskedChange | None:
    """The question asks for a difference ("how much *longer* is the room than it is wide") and the paraphrase,
    comparing nothing, for a measurable property (with WordNet): "what is the *area* of the room"."""
    if DIFFERENCE not in q.aggregates or DIFFERENCE in p.aggregates or p.ask.noun is None or p.ask.noun_span is None:
        return None
    toks, _main = clause_tokens(paraphrase, p.ask)
    if any(t.tag_ in COMPARATIVE_TAGS or t.lower_ in COMPARING or t.lower_.startswith("out") for t in toks):
        return None
    lex = default_lexicon()
    if lex is None or not lex.is_property(p.ask.noun):
        return None
    return AskedChange("compared", (q.aggregates[DIFFERENCE],), (p.ask.noun_span,), DIFFERENCE, p.ask.noun)


def _remainder_to_moved(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                        p: AskedQuantity) -> AskedChange | None:
    """The question asks for what is left ("how many do they have *left*") and the paraphrase, asking for nothing
    that remains, asks with the story's own verbs that take quantities away ("how many did they *give out* or
    *sell*", with WordNet: :func:`~paraqd.analysis.directions.verb_direction`): it asks for what went, not for
    what stayed. A negated verb ("how many did they *not* sell") asks for what stayed."""
    if REMAINING not in q.aggregates or {REMAINING, NOW} & set(p.aggregates):
        return None
    story = {(t.lemma_ or t.text).lower() for t in story_tokens(question, q.ask) if t.pos_ == "VERB"}
    toks, main = clause_tokens(paraphrase, p.ask)
    losing = [t for t in toks if t.i in main and t.pos_ == "VERB" and not _negated(t)
              and (verb_direction((t.lemma_ or t.text).lower()) or (None, 0))[1] == LOSS]
    told = tuple(token_mention(t) for t in losing if (t.lemma_ or t.text).lower() in story)
    if told:
        return AskedChange("moved", (q.aggregates[REMAINING],), told, REMAINING, "moved")
    # a verb of taking away the story does not use, the verb the clause asks with: "how many cans will she *use*"
    asked_with = tuple(token_mention(t) for t in losing if _asks_with(t))
    if asked_with:
        return AskedChange("went", (q.aggregates[REMAINING],), asked_with, REMAINING, "moved")
    done = _done_so_far(toks, main, story)
    return AskedChange("done", (q.aggregates[REMAINING],), done, REMAINING, "done") if done else None


#: modals of what can still happen: "how much can he *spend*" asks for what he has left to spend
_ABILITY = frozenset({"can", "could", "may", "might"})
#: words that read an act up to now: "how many has she completed *so far*", "... *already* sold"
_SO_FAR = frozenset({"already", "far", "yet"})


def _asks_with(verb) -> bool:
    """Whether ``verb`` is the verb the asking clause asks with (its root), said as a fact rather than as what
    can still be done ("will she *use*", not "can she *spend*"): a verb of taking away that the story does not
    use still asks what went ("how many cans will she *use*")."""
    return verb.dep_ == "ROOT" and not any(c.dep_ == "aux" and c.lower_ in _ABILITY for c in verb.children)


def _done_so_far(toks, main: set[int], story: set[str]) -> tuple[Mention, ...]:
    """The verbs of the asking clause that ask what the story's act has done up to now ("how many problems has
    she *completed so far*", "... *already* sold"): a verb of the story, not of the question's asking clause,
    with "so far", "already" or "yet" on it; what is done, not what is left."""
    found = []
    for t in toks:
        if t.i not in main or t.pos_ != "VERB" or (t.lemma_ or t.text).lower() not in story or _negated(t):
            continue
        if any(c.lower_ in _SO_FAR and (c.lower_ != "far" or any(g.lower_ == "so" for g in c.children)
                                         or c.nbor(-1).lower_ == "so") for c in t.children):
            found.append(token_mention(t))
    return tuple(found)


def _negated(verb) -> bool:
    """Whether ``verb`` or a verb it is coordinated with has a negation ("did *not* sell or give away")."""
    while True:
        if any(c.dep_ == "neg" for c in verb.children):
            return True
        if verb.dep_ != "conj" or verb.head.i == verb.i:
            return False
        verb = verb.head


def _other_story_predicate(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                           p: AskedQuantity) -> AskedChange | None:
    """The same thing asked with another predicate of the story (:func:`~paraqd.analysis.predicates.other_predicate`:
    "how many pupils *failed*" -> "how many pupils *passed*"), or for what is kept in place of what a predicate
    of the story moves (:func:`~paraqd.analysis.predicates.kept_for_moved`: "how much does she *pay* in rent" ->
    "how much does she *keep* after rent"). The asked noun must be the same (another noun is
    another reading's); a total asked on both sides sums every act of the story, whichever of its verbs names it."""
    if q.ask.noun != p.ask.noun or (TOTAL in q.aggregates and TOTAL in p.aggregates):
        return None
    q_toks, q_main = clause_tokens(question, q.ask)
    p_toks, p_main = clause_tokens(paraphrase, p.ask)
    lost, taken = other_predicate(question, q.ask.clause_or_sentence, q_toks, q_main, paraphrase, p_toks, p_main)
    if not lost and not {REMAINING, NOW, TOTAL} & set(p.aggregates):
        lost, taken = held_for_act(question, q.ask.clause_or_sentence, q_toks, q_main, p_toks, p_main, q.ask.noun)
    if lost:
        return AskedChange("predicate", tuple(lost), tuple(taken), "predicate", "predicate")
    lost, kept = kept_for_moved(question, q.ask.clause_or_sentence, q_toks, q_main, p_toks, p_main,
                                REMAINING in q.aggregates or NOW in q.aggregates, p.aggregates.get(REMAINING))
    return AskedChange("kept", tuple(lost), tuple(kept), "moved", REMAINING) if lost else None


def _other_owner(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                 p: AskedQuantity) -> AskedChange | None:
    """The paraphrase's question has another person of the story as its subject in place of the question's,
    who is still in the paraphrase ("how much does *Samuel* have" -> "how much does *Kelvin* have", both still sharing
    the money): it asks for that person's quantity. A name the paraphrase no longer has anywhere was renamed
    or misspelt, not left for another."""
    p_words = {t.lower_ for t in paraphrase.doc}
    story = _story_words(question, q, lambda t: t.pos_ == "PROPN" and t.is_alpha)
    lost = {k: m for k, m in q.owners.items() if k not in p.names and k in p_words and k in story}
    new = {k: m for k, m in p.owners.items() if k not in q.names and k in story}
    if not lost or not new:
        return None
    return AskedChange("owner", tuple(lost.values()), tuple(new.values()), "owner", "owner")


def _part_of_whole(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                   p: AskedQuantity) -> AskedChange | None:
    """The question asks for a whole (a total, "all", or a group) and the paraphrase, with no total and no
    group, names only some of the story's people or days."""
    whole = q.whole
    p_words = {t.lower_ for t in paraphrase.doc}
    if whole is None or p.whole is not None:
        return None
    story_names = _story_words(question, q, lambda t: t.pos_ == "PROPN" and t.is_alpha)
    story_days = _story_words(question, q, lambda t: t.lower_.rstrip("s") in WEEKDAYS)
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


def _other_property(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """The question asks for one measurable property of a thing and the paraphrase for another ("what is the
    *width* of the sandbox" -> "what is the *area* of the sandbox"): both asked nouns are properties in WordNet
    (:meth:`~paraqd.analysis.lexicon.Lexicon.is_property`) and neither is the other, a synonym of it, nor a
    more general or more specific word for it ("length" -> "distance" is the same). Without WordNet, nothing
    (the question check's minor "asks for another noun" stays)."""
    a, b = q.ask, p.ask
    if a.noun is None or b.noun is None or a.noun == b.noun or a.noun_span is None or b.noun_span is None:
        return None
    # a property is asked of a thing ("what is the width of ..."), never counted: "how many oranges" counts
    # fruit, whatever other senses (a colour) the word has
    if a.noun in LIGHT_NOUNS or b.noun in LIGHT_NOUNS or "how many" in (a.form, b.form):
        return None
    # the question's property still named in the paraphrase's question ("the weekly *speed* gain") is asked
    if b.noun in _lemmas(question, a.sentence, inside=True) or a.noun in _lemmas(paraphrase, b.sentence, inside=True):
        return None
    lex = default_lexicon()
    if lex is None or not (lex.is_property(a.noun) and lex.is_property(b.noun)):
        return None
    if lex.relation(a.noun, b.noun) not in (SIBLING, UNRELATED, ANTONYM):
        return None
    return AskedChange("property", (a.noun_span,), (b.noun_span,), a.noun, b.noun)


def _other_thing(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                 p: AskedQuantity) -> AskedChange | None:
    """The paraphrase asks for another thing the problem counts: its asked noun is a noun of the question's
    story, the question's asked noun is still in the paraphrase's story, neither question sentence has the
    other's noun, and WordNet knows them as different things ("how many *pencils* does she have" -> "how many
    full *rows* can she make", the pencils still put into rows). A synonym, a more general or a more specific
    word is not another thing; without WordNet, nothing."""
    a, b = q.ask, p.ask
    if a.noun is None or b.noun is None or a.noun == b.noun or a.noun_span is None or b.noun_span is None:
        return None
    if a.noun in LIGHT_NOUNS or b.noun in LIGHT_NOUNS or not (_is_noun(question, a) and _is_noun(paraphrase, b)):
        return None
    if b.noun not in _lemmas(question, a.sentence, inside=False):
        return None
    # the question's thing still in the paraphrase's story, or a thing only the question sentence counts (the
    # part the problem leaves to compute: "25 of them are women. How many *men* ...") that the paraphrase
    # names nowhere, counting without a negation ("how many are *not* women" asks for the same part), the two
    # parts of one whole (:func:`_parts_of_one_whole`)
    if a.noun not in _lemmas(paraphrase, b.sentence, inside=False) and not (
            a.form == b.form == "how many" and a.noun not in _lemmas(question, a.sentence, inside=False)
            and a.noun not in _lemmas(paraphrase, b.sentence, inside=True) and not _negates(paraphrase, p)
            and _parts_of_one_whole(question, a, b.noun)):
        return None
    if b.noun in _lemmas(question, a.sentence, inside=True) or a.noun in _lemmas(paraphrase, b.sentence,
                                                                                  inside=True):
        return None
    lex = default_lexicon()
    if lex is None or lex.relation(a.noun, b.noun) not in (SIBLING, UNRELATED, ANTONYM):
        return None
    return AskedChange("thing", (a.noun_span,), (b.noun_span,), a.noun, b.noun)


def _parts_of_one_whole(question: QuestionDoc, ask: Ask, other: str) -> bool:
    """Whether the asked noun and ``other`` are two parts of one whole of the problem (with WordNet): antonyms
    ("boys" / "girls", "men" / "women"), or both more specific than a noun of the question's story ("cars" and
    "trucks" of its "vehicles"). Another word for the same thing ("games" / "matches") is neither."""
    lex = default_lexicon()
    if lex is None or ask.noun is None:
        return False
    if lex.relation(ask.noun, other) == ANTONYM:
        return True
    wholes = {(t.lemma_ or t.text).lower() for t in question.doc if t.pos_ == "NOUN"
              and not ask.sentence.start <= t.idx < ask.sentence.end} - {ask.noun, other}
    return any(lex.relation(w, ask.noun) == MORE_SPECIFIC and lex.relation(w, other) == MORE_SPECIFIC
               for w in wholes)


def _negates(doc: QuestionDoc, aq: AskedQuantity) -> bool:
    """Whether a word of the asking clause that says the asked quantity is a negation ("not", "n't", "no")."""
    toks, main = clause_tokens(doc, aq.ask)
    return any(t.i in main and (t.dep_ == "neg" or t.lower_ == "no") for t in toks)


def _count_to_money(question: QuestionDoc, paraphrase: QuestionDoc, q: AskedQuantity,
                    p: AskedQuantity) -> AskedChange | None:
    """One question asks how many things, the other how much money ("how many *children* can she take" ->
    "how much *money* will she have left"): a count of things and a sum of money are two quantities. A
    "how many" asked in a unit ("how many dollars", "how many kilograms") counts no thing; a "how much" asks
    for money when its noun is money (WordNet's ``noun.possession``) or, with no noun, when the problem's
    numbers are amounts of money. Without WordNet, nothing."""
    lex = default_lexicon()
    if lex is None:
        return None
    sides = ((question, q.ask), (paraphrase, p.ask))
    counts = [_counted(doc, ask, lex) for doc, ask in sides]
    money = [money_asked(doc, ask) for doc, ask in sides]
    if counts[0] is not None and money[1] is not None:
        return AskedChange("money", (counts[0],), (money[1],), "count", "money")
    if money[0] is not None and counts[1] is not None:
        return AskedChange("money", (money[0],), (counts[1],), "money", "count")
    return None


def _counted(doc: QuestionDoc, ask: Ask, lex) -> Mention | None:
    """The asked noun of a "how many" that counts things (not a unit, not money), or ``None``. A unit elsewhere
    in the asking clause says a period or a measure of the story ("how many lawns did she mow *each week*"), not
    the thing counted; a unit up to the asked noun ("how many *kilograms*") or a noun of a substance ("how
    many *cups of* sugar") measures it; things in packs ("how many *packs of* pencils") and coins ("how many
    *quarters*", "how many *coins*", money in WordNet) are counted."""
    if ask.form != "how many" or ask.noun is None or ask.noun_span is None or ask.noun in LIGHT_NOUNS:
        return None
    if any(u.start < ask.noun_span.end for u in ask.units):  # "how many *kilograms*"
        return None
    span = doc.span(ask.noun_span)
    if span is not None and any(c.dep_ == "prep" and c.lower_ == "of" and not _plural_object(c)
                                for t in span for c in t.children):
        return None  # "how many *cups of sugar*": a measure of a substance, not things counted
    # coins are money in WordNet (noun.possession), but "how many quarters" counts pieces, not their value
    return ask.noun_span if _is_noun(doc, ask) and (not lex.is_possession(ask.noun) or _is_coin(ask.noun)) else None


def _plural_object(of) -> bool:
    """Whether the object of "of" is a plural noun: "how many packs *of pencils*" counts packs of things, not a
    measure of a substance ("cups *of sugar*")."""
    return any(o.dep_ == "pobj" and o.tag_ == "NNS" for o in of.children)


def _is_coin(noun: str) -> bool:
    """Whether ``noun`` (a lemma) names a coin: "coin", or a unit of the category ``Coin`` ("quarter", "dime")."""
    return noun == "coin" or any(noun in (u.name, *u.variants) for u in UnitVocabulary.default().in_category("Coin"))


def _is_noun(doc: QuestionDoc, ask: Ask) -> bool:
    """Whether the asked noun is a common noun (a name read as the asked noun says nothing of a thing)."""
    span = doc.span(ask.noun_span)
    return span is not None and all(t.pos_ == "NOUN" for t in span)


def _lemmas(doc: QuestionDoc, sentence: Mention, inside: bool) -> set[str]:
    """The lower-cased lemmas of ``doc`` inside ``sentence`` (or outside it)."""
    return {(t.lemma_ or t.text).lower() for t in doc.doc if (sentence.start <= t.idx < sentence.end) == inside}


def _story_words(doc: QuestionDoc, q: AskedQuantity, keep) -> set[str]:
    """The lower-cased words for which ``keep`` holds, outside the question's asking clause."""
    return {t.lower_.rstrip("s") if t.lower_.rstrip("s") in WEEKDAYS else t.lower_
            for t in story_tokens(doc, q.ask) if keep(t)}
