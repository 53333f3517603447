"""A new person said to take part *too* in what the problem computes: one more sharer, eater, ticket holder.

"12 students and 4 teachers went to a museum. Student tickets cost $1, adult tickets $3. How much did the
tickets cost?" -> "... *The bus driver* came along and *needed a ticket too*."; "Sarah, Mary and Tuan split the
cost of the meal evenly" -> "... Mary's little brother tags along and they *split it with him too*"; "Jose
divides his land equally with his four siblings" -> "... their cousin Ana *was promised an equal share too*".
The retelling adds a person to the group the question counts, splits among or prices: the answer changes,
though the sentence states no number (the number and people checks see nothing to compare).

A retelling also adds people who only watch, cheer, tell or set the scene ("her friend Zoe came along too",
"his sister, who loves apples too, watched him"): they take no part in what the question computes. This module
tells the two apart by the sentence's *act*: :func:`joined_people` reads a sentence outside the asking one that
has an additive adverb ("too", "also", "as well"; not "as well as", not "too" before an adjective) and a person
the question never names (a noun whose first sense is a person, or a name; not a possessor, "the neighbour's
dog", nor a name put beside a person of the problem), and reports that person when a verb of the sentence is
one the question computes with (a verb of the question's own that is no light verb, "split", "eat"; not one of
feeling, seeing or saying), a thing the question computes with is its object ("needed a *ticket*"), or its
object is a share (:data:`_SHARE_WORDS`) in a problem that splits something (:data:`_SPLIT_WORDS`).

A retelling may also hand a quantity to another person in place: "The next day *she* found 12 bags" -> "The next
day *her brother* found 12 bags". :func:`relatives_in_place` reads a person noun that someone possesses (a
relative, a friend: another person than the one the pronoun stood for) written where the question's pronoun was
the subject of a clause stating one of its numbers.
"""

from __future__ import annotations

from .document import QuestionDoc
from .information import known_noun, person_noun
from .people import holds_quantity
from .terms import PERSONAL, token_lemma

#: adverbs that add the clause's participant to those already named ("the driver needed a ticket *too*")
_ADDITIVE = frozenset({"too", "also"})
#: verbs that say nothing of the problem's quantities on their own: being, having, moving, wanting, feeling,
#: seeing, saying (a person who "came along too", "loved the cake too", "watched too" takes part in nothing)
_LIGHT_VERBS = frozenset({
    "be", "have", "do", "go", "come", "get", "make", "take", "want", "like", "love", "enjoy", "hate", "prefer",
    "wish", "hope", "watch", "see", "look", "notice", "say", "tell", "ask", "think", "know", "feel", "help",
    "join", "tag", "cheer", "laugh", "smile", "decide", "try", "plan", "start", "agree", "bring", "visit",
    "live", "work", "play", "wait", "stay", "sit", "stand", "walk", "arrive", "leave", "return", "sell",
    "offer", "serve", "remind", "give",
})
#: the nouns of a share of something split among persons
_SHARE_WORDS = frozenset({"share", "portion", "part", "cut", "piece", "slice"})
#: words of a question that splits something among persons
_SPLIT_WORDS = frozenset({"share", "split", "divide", "equally", "evenly", "equal"})
_PERSONAL = frozenset({"i", "you", "he", "she", "it", "we", "they", "me", "him", "her", "us", "them"})


def _additive(tok) -> bool:
    """Whether ``tok`` is an additive adverb on a verb ("needed a ticket *too*", "ate *as well*"): not "too
    many", "too big", nor the "as well" of "as well as"."""
    if tok.lower_ in _ADDITIVE:
        return tok.dep_ == "advmod" and tok.head.pos_ in ("VERB", "AUX")
    if tok.lower_ == "well" and tok.i > 0 and tok.doc[tok.i - 1].lower_ == "as":
        nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
        return nxt is None or nxt.lower_ != "as"
    return False


def _new_person(tok, q_words: set[str]) -> bool:
    """Whether ``tok`` names a person ``question`` never names (``q_words``: its words and lemmas): a noun
    whose first sense is a person, or a name; not a possessor ("the *neighbour's* dog") nor a name set beside
    another noun ("their cousin *Ana*": the noun is read)."""
    if tok.dep_ == "poss" or tok.lower_ in _PERSONAL:
        return False
    if tok.lower_ in q_words or token_lemma(tok) in q_words:
        return False
    if tok.pos_ == "PROPN":
        return tok.ent_type_ == "PERSON" and tok.dep_ != "appos"
    return tok.pos_ == "NOUN" and person_noun(token_lemma(tok))


def _question_verbs(question: QuestionDoc) -> frozenset[str]:
    return frozenset(token_lemma(t) for t in question.doc if t.pos_ == "VERB") - _LIGHT_VERBS


def _subject(verb):
    """The subject of ``verb``, or of the verb it is a conjunct or complement of ("the driver came along and
    *needed* a ticket"), else ``None``."""
    for node in (verb, *verb.ancestors):
        subject = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subject is not None or node.dep_ not in ("conj", "xcomp"):
            return subject
    return None


def _same(person, subject) -> bool:
    """Whether ``subject`` is ``person`` or a name or noun set beside it ("her nephew *Pavel*")."""
    return subject.i == person.i or any(a.head.i == b.i and a.dep_ in ("compound", "appos")
                                        for a, b in ((person, subject), (subject, person)))


def _acts(person, sent, question: QuestionDoc, verbs: frozenset[str], splits: bool):
    """The verb of ``sent`` whose subject is ``person`` and that is an act the question computes with (module
    docstring), else ``None``."""
    for tok in sent:
        subject = _subject(tok)
        if tok.pos_ != "VERB" or subject is None or not _same(person, subject):
            continue
        lemma = token_lemma(tok)
        if lemma in verbs:
            return tok
        if lemma in _LIGHT_VERBS and lemma not in ("get", "take"):
            continue
        for obj in tok.children:
            if obj.dep_ != "dobj" or obj.pos_ != "NOUN":
                continue
            noun = token_lemma(obj)
            if (splits and noun in _SHARE_WORDS) or (not person_noun(noun) and known_noun(noun, question, things=True)):
                return tok
    return None


def joined_people(question: QuestionDoc, paraphrase: QuestionDoc) -> list[tuple[object, object]]:
    """The new persons ``paraphrase`` says take part too in what ``question`` computes (module docstring), one
    per sentence: ``(person token, verb token)`` each."""
    q_words = {w for t in question.doc for w in (t.lower_, token_lemma(t))}
    if any(_additive(t) for t in question.doc):
        return []  # the problem itself adds someone "too": the retelling may say it again
    verbs = _question_verbs(question)
    splits = bool(q_words & _SPLIT_WORDS)
    found = []
    for sent in paraphrase.doc.sents:
        if sent.text.rstrip().endswith("?") or not any(_additive(t) for t in sent):
            continue
        for tok in sent:
            verb = _acts(tok, sent, question, verbs, splits) if _new_person(tok, q_words) else None
            if verb is not None:
                found.append((tok, verb))
                break
    return found


def relatives_in_place(question: QuestionDoc, paraphrase: QuestionDoc,
                       substitutions: list[tuple[int, int, int, int]]) -> list[tuple[object, str]]:
    """Another person written where a question's personal pronoun stood as the subject of a clause that states a
    quantity: a person noun that someone of the story possesses ("The next day *she* found 12 bags" -> "The next
    day *her brother* found 12 bags"; "*his friend*", "*Ana's cousin*"), which the question never uses: the
    relative or friend of a person is another person, who now holds the quantity. ``(token, "quantity")`` each,
    for the noun's token; ``substitutions``: the pair's aligned ``(i1, i2, j1, j2)`` token ranges.

    A noun with no possessor may name the same person ("*the girl* found 12 bags") and is not read here."""
    q_words = {w for t in question.doc for w in (t.lower_, (t.lemma_ or t.text).lower())}
    values = frozenset(n.value for n in question.numbers)
    found = []
    for i1, i2, j1, j2 in substitutions:
        q_toks = [t for t in question.doc[i1:i2] if not t.is_punct]
        if len(q_toks) != 1 or q_toks[0].lower_ not in PERSONAL or q_toks[0].dep_ not in ("nsubj", "nsubjpass"):
            continue
        for tok in paraphrase.doc[j1:j2]:
            lemma = (tok.lemma_ or tok.text).lower()
            if (tok.pos_ == "NOUN" and tok.dep_ in ("nsubj", "nsubjpass") and lemma not in q_words
                    and any(c.dep_ == "poss" for c in tok.children) and person_noun(lemma)
                    and holds_quantity(paraphrase, tok, values) == "quantity"):
                found.append((tok, "quantity"))
    return found
