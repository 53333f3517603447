"""What a paraphrase's question asks for in place of the question's: another aggregate, property, thing,
owner, predicate or part of the asked quantity.

:func:`asked_changes` compares the readings of the two questions (:mod:`paraqd.analysis.asked_quantity`: the
aggregate, the owner, the days, the asked noun) and returns what the paraphrase asks for instead
(:class:`~paraqd.analysis.asked_quantity.AskedChange`, which :mod:`paraqd.analysis.asked_shape` also returns for
the shape of the quantity). The aggregate, the difference asked as a property, the owner and the predicate are
read here; the other readings are sibling modules' (:mod:`.asked_kind`, :mod:`.asked_moves`, :mod:`.asked_members`):

- **another aggregate** (:data:`~paraqd.analysis.asked_quantity.CONFLICTS`): each question names an aggregate the other does not, and the
  two exclude each other ("how much is *left*" -> "how much did she spend *in total*"; "how much did *each*
  book cost" -> "how much money did he have *before*"). A paraphrase that only drops or adds an aggregate
  word ("how many did he read" -> "how many did he read in total") says nothing new: the aggregate is
  often implicit, and rewordings add and drop these words freely;
- **another property** of the thing asked (with WordNet, :mod:`.asked_kind`): "the *width* of the sandbox" -> "the *area* of the
  sandbox";
- **another thing the problem counts** (with WordNet, :mod:`.asked_kind`): "how many *pencils* does she have" -> "how many full
  *rows* can she make";
- **a difference asked as a property** (with WordNet): "how much *longer* is the room than it is wide" -> "what
  is the *area* of the room", by a clause that compares nothing;
- **what went, for what is left** (with WordNet, :mod:`.asked_moves`): "how many do they have *left*" -> "how many did they *give out*
  or *sell*", the story's own verbs that take quantities away (:mod:`.directions`), or such a verb the clause asks
  with as a fact ("how many cans will she *use*"; not "how much can he *spend*", what is left to spend); or what
  a verb of the story has done so far ("how many problems has she *completed so far*");
- **another person's quantity**: the clause's subject is another name of the story, the question's still in
  the paraphrase ("how much does *Samuel* have" -> "how much does *Kelvin* have");
- **a part of the whole** (:func:`~paraqd.analysis.asked_members.part_of_whole`): the question asks for the whole (an aggregate "in all", "all the shirts", or a
  group: "they", "both") and the paraphrase, with no total, names only some of the story's people or days
  ("how much do *they* spend in all" -> "how much does *Teddy* spend"; "how many kilometers did she ride in
  total" -> "... on *Thursday*"), or some of the names the question joins as its owner ("how many pages did
  *Ruth and Omar* read in total" -> "how many pages did *Omar* read"), or some of the things it lists ("in both
  the *desert* and the *forest*" -> "in the *desert*"). Naming every one of them ("how much do Robert and Teddy
  spend") is the same whole.
"""

from __future__ import annotations

from .asked import story_tokens
from .asked_kind import count_to_money, other_property, other_thing
from .asked_members import part_of_whole
from .asked_moves import negated_verb, remainder_to_moved
from .asked_quantity import (
    COMPARATIVE_TAGS,
    COMPARING,
    CONFLICTS,
    DIFFERENCE,
    NOW,
    REMAINING,
    TOTAL,
    AskedChange,
    AskedQuantity,
    asked_quantity,
    clause_tokens,
    story_words,
)
from .directions import LOSS, verb_direction
from .document import Mention, QuestionDoc
from .lexicon import default_lexicon
from .predicates import held_for_act, kept_for_moved, other_predicate


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
    for found in (_difference_lost(paraphrase, q, p), remainder_to_moved(question, paraphrase, q, p),
                  part_of_whole(question, paraphrase, q, p),
                  _other_owner(question, paraphrase, q, p),
                  _other_story_predicate(question, paraphrase, q, p),
                  other_property(question, paraphrase, q, p) or other_thing(question, paraphrase, q, p)
                  or count_to_money(question, paraphrase, q, p)):
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
        if tok.i not in main or tok.pos_ != "VERB" or lemma not in story or not negated_verb(tok):
            continue
        if (verb_direction(lemma) or (None, 0))[1] == LOSS:
            neg = next((c for c in tok.children if c.dep_ == "neg"), tok)
            start, end = min(neg.idx, tok.idx), max(neg.idx + len(neg), tok.idx + len(tok))
            return {**aq.aggregates, REMAINING: Mention(start, end, doc.text[start:end])}
    return aq.aggregates


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
    story = story_words(question, q, lambda t: t.pos_ == "PROPN" and t.is_alpha)
    lost = {k: m for k, m in q.owners.items() if k not in p.names and k in p_words and k in story}
    new = {k: m for k, m in p.owners.items() if k not in q.names and k in story}
    if not lost or not new:
        return None
    return AskedChange("owner", tuple(lost.values()), tuple(new.values()), "owner", "owner")


