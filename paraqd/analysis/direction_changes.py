"""What a rewording did to the directions of a pair's numbers: a participant who gains a quantity in one text
and loses it in the other, or a verb replaced by its antonym for the same doer.

:func:`flipped_directions` aligns the numbers of a :class:`~paraqd.analysis.pair.QuestionPair` by value and
reports those whose participant (the same person, or the place) gains in one text and loses in the other;
:func:`opposite_verbs` those whose verb became one of its WordNet antonyms for the same doer ("deposited" ->
"withdrew", "entered" -> "exited"). A rewording that keeps the direction with other words keeps every
participant's sign: "hands over" for "gives", "received 5 from X" for "X gave 5", the passive.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .directions import (
    AMOUNT,
    GAIN,
    LOSS,
    PLACE,
    Direction,
    directions,
    doer,
    holder_key,
    moves_by_itself,
    verb_antonyms,
)
from .document import Mention, NumberMention, QuestionDoc
from .lexicon import default_lexicon
from .terms import SUBJECT_PRONOUNS, antecedent, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair


@dataclass(frozen=True)
class DirectionFlip:
    """A number whose participant ``who`` gains in one text and loses in the other (``other``: the paraphrase's
    participant, when the two texts name none in common)."""

    number: NumberMention
    question: Direction
    paraphrase: Direction
    who: str
    other: str | None = None


def _by_value(doc: QuestionDoc) -> dict[float, list[NumberMention]]:
    found = defaultdict(list)
    for number in doc.numbers:
        found[number.rounded].append(number)
    return found


def flipped_directions(pair: QuestionPair) -> list[DirectionFlip]:
    """The numbers, aligned by value (each value written as often in both texts), whose verb moves them the
    other way for a participant both texts name: "She *gave* 5 to Mae" -> "She *got* 5 from Mae" (she loses,
    then gains); "8 people got *on*" -> "8 people got *off*" (the place gains, then loses)."""
    q_dirs = dict((n.start, d) for n, d in directions(pair.question))
    p_dirs = dict((n.start, d) for n, d in directions(pair.paraphrase))
    if not q_dirs or not p_dirs:
        return []
    found = []
    for q_num, p_num in aligned_by_value(pair):
        q_dir, p_dir = q_dirs.get(q_num.start), p_dirs.get(p_num.start)
        if q_dir is None or p_dir is None:
            continue
        who = next((w for w, s in q_dir.signs if p_dir.sign_of(w) == -s and not _another_person(pair, q_dir, p_dir, w)),
                   None)
        if who is not None:
            found.append(DirectionFlip(q_num, q_dir, p_dir, who))
        elif (named := _named_flip(pair, q_dir, p_dir)) is not None:
            found.append(DirectionFlip(q_num, q_dir, p_dir, *named))
        elif _one_holder(q_dir, p_dir) and moves_by_itself(*((pair.question, q_num) if q_dir.sign_of(PLACE) else
                                                         (pair.paraphrase, p_num))):
            found.append(DirectionFlip(q_num, q_dir, p_dir, q_dir.signs[0][0], p_dir.signs[0][0]))
    return found


def _named_flip(pair: QuestionPair, q_dir: Direction, p_dir: Direction) -> tuple[str, str] | None:
    """``(question participant, paraphrase participant)`` for one person told by a pronoun in one text and by
    the name in the other who gains in one and loses in the other, where the two texts name no participant of
    the move alike: "Priya's grandfather gives *her* 6" -> "Priya gives *him* 6" (she gained, Priya loses).
    The pronoun stands for the name when :func:`_pronoun_name` says it can stand for no one else. Both moves
    are said by a verb: a noun read as its verb ("counted 14 *donations*") names a gift, no one giving it."""
    if set(dict(q_dir.signs)) & set(dict(p_dir.signs)) or not (
            _said_by_verb(pair.question, q_dir) and _said_by_verb(pair.paraphrase, p_dir)):
        return None
    for q_who, q_sign in q_dir.signs:
        for p_who, p_sign in p_dir.signs:
            if p_sign != -q_sign:
                continue
            if _pronoun_name(pair.question, q_dir, q_who) == p_who or _pronoun_name(
                    pair.paraphrase, p_dir, p_who) == q_who:
                return q_who, p_who
    return None


def _said_by_verb(doc: QuestionDoc, way: Direction) -> bool:
    tok = next((t for t in doc.doc if t.idx == way.verb_at.start), None)
    return tok is not None and tok.pos_ in ("VERB", "AUX")


def _pronoun_name(doc: QuestionDoc, way: Direction, who: str) -> str | None:
    """The name a third-person singular pronoun participant ``who`` ("he", "she") of ``way`` stands for in
    ``doc``: the one name the text has before it, when the text has no other name there, names no person by a
    common noun ("her aunt", "the teacher") before its first pronoun of that gender, and the name takes no part
    in the same move (a pronoun is never its own clause's partner: "Priya gives *her* 6" is someone else)."""
    mention = way.mention_of(who)
    if who not in _GENDERED or mention is None:
        return None
    forms = _GENDERED[who]
    tokens = list(doc.doc)
    at = next((t.i for t in tokens if t.idx == mention.start), None)
    first = next((t.i for t in tokens if t.pos_ == "PRON" and t.lower_ in forms), None)
    if at is None or first is None:
        return None
    names = {t.lower_ for t in tokens[:at] if t.pos_ == "PROPN" and t.is_alpha}
    lexicon = default_lexicon()
    if len(names) != 1 or lexicon is None or any(
            t.pos_ == "NOUN" and lexicon.kinds((t.lemma_ or t.text).lower()) == ("person",) for t in tokens[:first]):
        return None
    name = next(iter(names))
    return None if name in dict(way.signs) else name


def _another_person(pair: QuestionPair, q_dir: Direction, p_dir: Direction, who: str) -> bool:
    """Whether the pronoun ``who`` names two persons: in one text it stands for a name (its antecedent) that in
    the other text keeps the pronoun's own sign, where the pronoun is someone else ("*he* gave half to his friend"
    -> "*Josh* handed *him* half": Josh gives in both, "him" is the friend)."""
    if who not in SUBJECT_PRONOUNS:
        return False
    for doc, one, other in ((pair.question, q_dir, p_dir), (pair.paraphrase, p_dir, q_dir)):
        at = one.mention_of(who)
        span = doc.doc.char_span(at.start, at.end) if at is not None else None
        name = antecedent(doc, span[0]) if span is not None and len(span) else None
        if name is not None and name != who and other.sign_of(name) == one.sign_of(who):
            return True
    return False


def _one_holder(q_dir: Direction, p_dir: Direction) -> bool:
    """Whether, with another verb and no one named in both texts, one text has the number's one holder gain it
    and the other has it leave the place: "he got 4 new customers" -> "4 more customers left" (his customers are
    where he is; :func:`_by_itself`). A giver's loss is no such flip: what leaves a giver arrives at another's place."""
    if len(q_dir.signs) != 1 or len(p_dir.signs) != 1 or q_dir.verb.split()[0] == p_dir.verb.split()[0]:
        return False
    signs = dict((*q_dir.signs, *p_dir.signs))
    return len(signs) == 2 and signs.get(PLACE) == LOSS and AMOUNT not in signs and GAIN in signs.values()


#: the forms of each third-person singular pronoun (closed class)
_GENDERED = {"he": frozenset({"he", "him", "his", "himself"}), "she": frozenset({"she", "her", "hers", "herself"})}


def aligned_by_value(pair: QuestionPair):
    """``(question number, paraphrase number)`` aligned by value, in order, for each value written as often
    in both texts."""
    p_values = _by_value(pair.paraphrase)
    for value, q_numbers in _by_value(pair.question).items():
        p_numbers = p_values.get(value, [])
        if len(p_numbers) == len(q_numbers):
            yield from zip(q_numbers, p_numbers)


@dataclass(frozen=True)
class OppositeVerbs:
    """A number whose verb became a WordNet antonym for the same doer: "deposited $50" -> "withdrew $50"."""

    number: NumberMention
    question_verb: Mention
    paraphrase_verb: Mention
    who: Mention


def opposite_verbs(pair: QuestionPair) -> list[OppositeVerbs]:
    """The numbers, aligned by value as in :func:`flipped_directions`, whose verb the paraphrase replaced by one
    of its WordNet antonyms ("withdrew" for "deposited", "took" for "gave") with the same doer (the agent, or
    the thing counted when it is the subject): the quantity moves the other way even where no concept of a
    transfer names the verbs."""
    if default_lexicon() is None:
        return []
    found = []
    for q_num, p_num in aligned_by_value(pair):
        q_doer, p_doer = doer(pair.question, q_num), doer(pair.paraphrase, p_num)
        if q_doer is None or p_doer is None or holder_key(q_doer[1]) != holder_key(p_doer[1]):
            continue
        q_lemma = (q_doer[0].lemma_ or q_doer[0].text).lower()
        p_lemma = (p_doer[0].lemma_ or p_doer[0].text).lower()
        if q_lemma != p_lemma and (p_lemma in verb_antonyms(q_lemma) or q_lemma in verb_antonyms(p_lemma)):
            found.append(OppositeVerbs(q_num, token_mention(q_doer[0]), token_mention(p_doer[0]), token_mention(q_doer[1])))
    return found
