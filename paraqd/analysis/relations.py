"""Relation words: the comparisons, directions and negations that decide which equation a problem asks for.

Numbers, units and names can all survive while the problem changes: "the *least* possible value" ->
"the *greatest* possible value", "he *sells* 5 pens" -> "he *buys* 5 pens", "does *not* bat left-handed" ->
"does bat left-handed". Relation words are grouped into two-pole scales (``data/resources/relations.json``:
amount, change, profit/loss, age, length, speed, time order, position, trade, ...). Words of the same pole
are interchangeable ("greater" -> "larger", "buy" -> "purchase"); a word whose pole the paraphrase swapped for
the other is a *flip*, a word of one pole that vanished is *missing* (minor: rewordings drop "more" in
"5 more than" -> "5 above"; major when the paraphrase only deletes words, which rewords nothing), and
negations are counted on their own (minor: translation lexicalises them, "not passed" -> "failed").
Words are matched by their lower-cased form or lemma ("increased" -> "increase"); direction words that are
also verbs ("left" as in "he left") count only when not used as a verb, and idioms listed in the lexicon's
``not_after`` are no relation ("on sale" is a discount, not selling).

Relations are read with their operands. "Before A, B" says what "B after A" says, and "A has 3 more than B"
what "B has 3 less than A" says: the word flips because its operands swapped. Each relation word *governs*
part of its sentence (the object of "before"/"after", the clause it introduces, the term after "than"); a
word swapped for the other pole is a flip unless what the paraphrase's word governs is what the question's
word did *not* govern, and the other way round (content words compared by lemma). "He ate before the
meeting" -> "He ate after the meeting" governs "meeting" on both sides: a flip.

This module reads relation words and their changes between the two texts of a
:class:`~paraqd.analysis.pair.QuestionPair` (its one alignment); :class:`paraqd.checks.relations.RelationCheck`
turns them into findings.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..resources import load_json
from .document import Mention, QuestionDoc
from .terms import VERB_POS, clause_verb, persons_named

if TYPE_CHECKING:
    from .pair import QuestionPair

_CACHE_KEY = "paraqd.relations"


@dataclass(frozen=True)
class RelationLexicon:
    """Relation word -> (scale, pole), the words that count only outside verbs, and the negations."""

    poles: dict[str, tuple[str, str]]
    not_as_verb: frozenset[str]
    negations: frozenset[str]
    #: word -> the preceding words after which it is no relation word ("on sale")
    not_after: dict[str, frozenset[str]] = field(default_factory=dict)
    #: scales whose words flip only in place ("of the *remaining* emails" -> "of *all* the emails"): rewordings
    #: move "each" and "all" around freely, so counting them says nothing
    in_place_only: frozenset[str] = frozenset()

    @classmethod
    def default(cls) -> RelationLexicon:
        data = load_json("relations.json")
        poles = {word: (scale, pole) for scale, by_pole in data["scales"].items()
                 for pole, words in by_pole.items() for word in words}
        not_after = {word: frozenset(w.lower() for w in before)
                     for word, before in data.get("not_after", {}).items()}
        return cls(poles, frozenset(data["not_as_verb"]), frozenset(data["negations"]), not_after,
                   frozenset(data.get("in_place_only", ())))


@functools.lru_cache(maxsize=None)
def default_lexicon() -> RelationLexicon:
    """The bundled lexicon, loaded once per process."""
    return RelationLexicon.default()


def relation_words(doc: QuestionDoc, lexicon: RelationLexicon) -> dict[tuple[str, str], list[Mention]]:
    """``(scale, pole)`` -> mentions in ``doc``; negations under ``("negation", "")`` (once per document and
    lexicon)."""
    cached_lexicon, found = doc.doc.user_data.get(_CACHE_KEY, (None, None))
    if cached_lexicon is not lexicon:
        blocked = {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}
        found = defaultdict(list)
        for tok in doc.doc:
            if tok.idx in blocked:
                continue
            forms = (tok.lower_, (tok.lemma_ or tok.text).lower())
            mention = Mention(tok.idx, tok.idx + len(tok.text), tok.text)
            if forms[0] in lexicon.negations and not _abbreviation(tok):
                found[("negation", "")].append(mention)
                continue
            future_end = _future_in(doc, tok)
            if future_end and ("tense", "up") in lexicon.poles.values():
                # "will be 15 *in 3 years*": what "3 years from now" says
                found[("tense", "up")].append(Mention(tok.idx, future_end, doc.text[tok.idx:future_end]))
                continue
            word = next((f for f in forms if f in lexicon.poles), None)
            if tok.i > 0 and f"{tok.nbor(-1).lower_} {tok.lower_}" in lexicon.poles:  # "from now"
                word = f"{tok.nbor(-1).lower_} {tok.lower_}"
                mention = Mention(tok.nbor(-1).idx, tok.idx + len(tok.text), doc.text[tok.nbor(-1).idx:
                                                                                     tok.idx + len(tok.text)])
            if word is None or (word in lexicon.not_as_verb and tok.pos_ in VERB_POS):
                continue
            if tok.i > 0 and tok.nbor(-1).lower_ in lexicon.not_after.get(word, ()):
                continue
            found[lexicon.poles[word]].append(mention)
        found = dict(found)
        doc.doc.user_data[_CACHE_KEY] = (lexicon, found)
    return found


_FUTURE = frozenset({"will", "'ll", "shall"})


def _future_in(doc: QuestionDoc, tok) -> int:
    """The end (a character offset) of "in 3 years" when ``tok`` is its "in" and it says a time from now:
    "in" + a number + a time unit, in a clause whose verb is in the future ("Ana *will* be 15 *in 3
    years*"); else 0 ("saves $5 in 3 years" is a duration)."""
    if tok.lower_ != "in" or tok.i + 2 >= len(doc.doc):
        return 0
    start = tok.idx + len(tok.text)
    number = next((n for n in doc.numbers if n.start >= start and not doc.text[start:n.start].strip()), None)
    if number is None:
        return 0
    unit = next((u for u in doc.units if u.unit.category == "Time" and u.start >= number.end
                 and not doc.text[number.end:u.start].strip(" -")), None)
    if unit is None:
        return 0
    head = tok.head
    verb = head if head.pos_ in VERB_POS else head.head
    return unit.end if any(child.lower_ in _FUTURE for child in verb.children) else 0


_OPERAND_POS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "NUM"})


def _content(tokens, skip) -> set[str]:
    # a verb counts even when it is a stop word: "those he *made*" vs "those he *sold*"
    return {(t.lemma_ or t.text).lower() for t in tokens
            if t.pos_ in _OPERAND_POS and (not t.is_stop or t.pos_ == "VERB") and t.i not in skip}


def operands(doc: QuestionDoc, mention: Mention) -> tuple[set[str], set[str]] | None:
    """What the relation word at ``mention`` governs and the rest of its sentence, as content lemmas.

    Governed: the object of a preposition ("before *the meeting*"), the clause a conjunction opens
    ("before *he starts earning*"), or the term after a following "than" ("more *than Ben*"). A term that is
    only a person's pronoun ("than *his*", "than *she* did") governs that person (the pronoun and the name it
    most likely stands for), and the rest counts the persons it names by pronouns ("*his* dad's"). ``None``
    when the word governs nothing found that way ("after that")."""
    span = doc.span(mention)
    if span is None:
        return None
    tok = span[0]
    sent = tok.sent
    governed: list = []
    objects = [c for c in tok.children if c.dep_ in ("pobj", "pcomp")]
    if objects:
        governed = [t for c in objects for t in c.subtree]
    elif tok.dep_ == "mark":
        governed = [t for t in tok.head.subtree if t.i != tok.i]
    else:
        than = next((t for t in sent if t.i > tok.i and (t.lower_ == "than" or _compared_to(t))), None)
        if than is not None:
            governed = than_governed(than)
    inside = {t.i for t in governed}
    gov = _content(governed, {tok.i})
    # the persons the rest names by pronouns ("*his* strawberries") are read with it: a side said by a pronoun
    # alone ("than *his*", "than *she* did") is that person (the only way such a side is read)
    outside = [t for t in sent if t.i not in inside and t.i != tok.i]
    clause = tok.head if tok.head.pos_ in VERB_POS else tok.head.head
    rest = _content(outside, ()) | persons_named(doc, [t for t in clause.subtree if t.i not in inside], names=False)
    persons = persons_named(doc, governed) if not gov - _PRO_VERBS else set()
    # "he has 9 more on Monday than *he* has on Sunday": the same subject on both sides is no side
    if persons and not persons & persons_named(doc, [t for t in outside if t.dep_ in _SUBJECTS], names=False):
        gov = persons
    if not gov:
        return None
    return gov, rest


#: a verb standing for the compared one ("than she *did*", "than he *has*"): it says no side
_PRO_VERBS = frozenset({"do", "be", "have"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def than_governed(than) -> list:
    """The tokens a "than" (or the "to" of "compared to") governs: its subtree, or, when nothing hangs under a
    "than" that marks a clause, that clause ("than *she did*"); the word itself left out."""
    governed = [t for t in than.subtree if t.i != than.i]
    if not governed and than.dep_ == "mark":
        governed = [t for t in than.head.subtree if t.i != than.i]
    return governed


def _compared_to(tok) -> bool:
    """"compared *to* those who went", "compared *with* B": a "than" written another way."""
    return tok.lower_ in ("to", "with") and tok.head.lower_ in ("compared", "comparing", "compare")


def swapped_operands(question: QuestionDoc, q_mention: Mention, paraphrase: QuestionDoc,
                     p_mention: Mention) -> bool:
    """Whether the paraphrase's relation word governs what the question's word did not, and the other way
    round: "before A, B" -> "B after A" (the same relation read from the other side)."""
    q_ops, p_ops = operands(question, q_mention), operands(paraphrase, p_mention)
    if q_ops is None or p_ops is None:
        return False
    (q_gov, q_rest), (p_gov, p_rest) = q_ops, p_ops
    return len(p_gov & q_rest) > len(p_gov & q_gov) and len(q_gov & p_rest) > len(q_gov & p_gov)


def other_operands(question: QuestionDoc, q_mention: Mention, paraphrase: QuestionDoc,
                   p_mention: Mention) -> bool:
    """Whether the two relation words are about different things: each governs something, and nothing the
    one governs is governed by the other (content lemmas): then the paraphrase's word is not the question's
    word turned round, but another relation."""
    q_ops, p_ops = operands(question, q_mention), operands(paraphrase, p_mention)
    return q_ops is not None and p_ops is not None and not q_ops[0] & p_ops[0]


def flips_in_place(pair: QuestionPair, lexicon: RelationLexicon) -> list[tuple[Mention, Mention, str]]:
    """Relation words replaced *in place* by a word of the other pole (an aligned substitution: the words
    around them kept): "Noemi *lost* $400 on roulette and $500 ..." -> "Noemi *won* $400 on roulette and
    lost $500 ..." flips the relation even though the paraphrase still counts one "lost". A substitution
    whose operands swapped too is the same relation (:func:`swapped_operands`)."""
    question, paraphrase = pair.question, pair.paraphrase
    q_poles = {m.start: (key, m) for key, ms in relation_words(question, lexicon).items() for m in ms}
    p_poles = {m.start: (key, m) for key, ms in relation_words(paraphrase, lexicon).items() for m in ms}
    if not q_poles or not p_poles:
        return []
    flips = []
    for i1, i2, j1, j2 in pair.aligned_substitutions():
        for q_tok in question.doc[i1:i2]:
            q_key, q_m = q_poles.get(q_tok.idx, (None, None))
            if q_key is None or q_key[0] == "negation":
                continue
            for p_tok in paraphrase.doc[j1:j2]:
                p_key, p_m = p_poles.get(p_tok.idx, (None, None))
                if p_key is None or p_key[0] != q_key[0] or p_key[1] == q_key[1]:
                    continue
                if not swapped_operands(question, q_m, paraphrase, p_m):
                    flips.append((q_m, p_m, q_key[0]))
    return flips


def reversed_comparisons(pair: QuestionPair, lexicon: RelationLexicon) -> list[tuple[Mention, Mention]]:
    """Comparisons whose two sides swapped while the comparative stayed: "how many *more* cakes did he make
    than those he sold" -> "how many *more* cakes did he sell than those he made" (the difference changes
    sign). The same word governs ("than ...", "compared to ...") what the question's word did not, and the
    other way round (:func:`swapped_operands`), and no word of that pole in the paraphrase governs what the
    question's did. With the other pole ("*fewer* ... than") the swap is the same relation read from the
    other side, a rewording. ``(question's word, paraphrase's word)`` each."""
    question, paraphrase = pair.question, pair.paraphrase
    q_words, p_words = relation_words(question, lexicon), relation_words(paraphrase, lexicon)
    found = []
    for key, q_ms in q_words.items():
        if key[0] in ("negation", "time", "tense") or key not in p_words:
            continue
        p_ms = p_words[key]
        for q_m in q_ms:
            q_ops = operands(question, q_m)
            if q_ops is None:
                continue
            kept = False
            swapped = None
            for p_m in p_ms:
                p_ops = operands(paraphrase, p_m)
                if p_ops is None:
                    continue
                if swapped_operands(question, q_m, paraphrase, p_m):
                    swapped = swapped or p_m
                elif p_ops[0] & q_ops[0]:
                    kept = True
            if swapped is not None and not kept:
                found.append((q_m, swapped))
    return found


def _said_once_for_both(paraphrase: QuestionDoc, at: int, tok) -> bool:
    """Whether the paraphrase's sentence at token ``at`` still has ``tok``'s word in the same role, said
    once for two coordinated clauses: "3 have 4 *each* and 2 have 5 each" -> "3 have 4 *each* and 2 have 5"
    (an ellipsis, not a word lost)."""
    if at >= len(paraphrase.doc):
        at = len(paraphrase.doc) - 1
    if at < 0:
        return False
    sent = paraphrase.doc[at].sent

    def role(t) -> str:  # "*each* pack" (a determiner) or "4 choices *each*" (after what it distributes)
        return "det" if t.dep_ in ("det", "predet") else "other"

    return any(t.lower_ == tok.lower_ and role(t) == role(tok) for t in sent)


def _clause_verb(tok):
    """The verb of ``tok``'s clause, through the verbs it completes ("is going *to need*": "going")."""
    node = clause_verb(tok)
    while node.dep_ == "xcomp" and node.head.i != node.i:
        node = node.head
    return node


def _said_twice(question: QuestionDoc, tok, mentions) -> bool:
    """Whether ``tok``'s word says its relation a second time in its clause, once as the determiner of what
    it spreads over and once after the amount ("*Each* box holds 20 pencils *each*", "*each* pet is going to
    need 2 beds *each*"): either one says it for both, so the one the paraphrase keeps is enough."""
    verb = _clause_verb(tok)
    for m in mentions:
        other = question.span(m)
        if other is None or len(other) == 0 or other[0].i == tok.i:
            continue
        dets = [t.dep_ in ("det", "predet") for t in (tok, other[0])]
        if any(dets) and not all(dets) and _clause_verb(other[0]).i == verb.i:
            return True
    return False


#: the share of its words a paraphrase copies from the question above which it is a near copy
#: (:attr:`~paraqd.analysis.pair.QuestionPair.copied_share`): valid GSM8K rewordings copy 81 % on average, LLM ones 36 %
NEAR_COPY = 0.8

#: scales whose words are left out in place only to change the problem: "$50 *each*", "*not* used", "ago"
_DELETABLE = frozenset({"distribution", "negation", "tense"})


def lost_in_place(pair: QuestionPair, lexicon: RelationLexicon) -> list[tuple[Mention, str]]:
    """Relation words and negations left out in place: an edit between kept words (a deletion or a
    substitution, :meth:`~paraqd.analysis.pair.QuestionPair.aligned_substitutions`) whose question side holds the word
    and whose paraphrase side holds no word of its scale ("sold at $50 *each*." -> "sold at $50."; "How much
    *more* does the big dog weigh" -> "How much does the big dog weigh"; "were *not* used" -> "were used").
    A rewording drops such words when it says the relation another way; an edit in place says nothing
    else. Returns ``(mention, scale)`` pairs."""
    question, paraphrase = pair.question, pair.paraphrase
    q_poles = {m.start: (key, m) for key, ms in relation_words(question, lexicon).items() for m in ms}
    if not q_poles:
        return []
    p_poles = {m.start: key for key, ms in relation_words(paraphrase, lexicon).items() for m in ms}
    lost = []
    q_count = Counter(key for key, _ in q_poles.values())
    p_count = Counter(p_poles.values())
    # "a *total* of 150", "in *total*" says what a lost "together" said (a paraphrase's word only: a question's
    # "total" left out is often said by the sum the question asks anyway)
    p_count[("distribution", "down")] += sum(1 for t in paraphrase.doc if t.lower_ == "total")
    # only words left out: a substitution may say the relation another way
    regions = {(i1, i2, j1) for i1, i2, j1, j2 in pair.aligned_substitutions(size=2, deletions=True)
               if j1 == j2}
    if pair.copied_share >= NEAR_COPY:  # a free rewording leaves words out all the time
        for i1, i2 in pair.deletions_in_place():
            regions.add((i1, i2, pair.paraphrase_position(i1)))
    # "every day" -> "a day": the period of a rate, whose loss the unit check reads (rates.lost_rates)
    periods = {i for u in question.units if u.category == "Time" for i in range(u.start, u.end)}
    for i1, i2, j1 in sorted(regions):
        for tok in question.doc[i1:i2]:
            hit = q_poles.get(tok.idx)
            if hit is not None and tok.dep_ == "det" and tok.head.idx in periods:
                continue
            # the paraphrase must have fewer words of that pole: an "each" left out here and written
            # elsewhere ("the boxes *each* hold" -> "*each* of the boxes holds") is moved, not lost
            if hit is None or q_count[hit[0]] <= p_count[hit[0]] or tok.pos_ in VERB_POS:
                continue
            if _said_once_for_both(paraphrase, j1, tok) or (
                    p_count[hit[0]] and _said_twice(question, tok, [m for k, m in q_poles.values() if k == hit[0]])):
                continue
            (scale, _), mention = hit
            # a comparison counts when it compares ("*more* ... than the small one"), not in "4 more days"
            if scale in _DELETABLE or operands(question, mention) is not None:
                lost.append((mention, scale))
    return lost


#: words that link two terms without ordering them: "Fiona and Casey", "apples, pears"
_SYMMETRIC_LINKS = frozenset({"and", "or", "nor", "&", ",", ";", "both", "either", "neither", "plus", "also",
                              "well", "as", "the", "a", "an", "with", "between", "together"})
#: words that make a relation symmetric: "A is the same age as B"
_EQUALITY = frozenset({"same", "equal", "equally", "identical"})
_FACTOR_WORDS = frozenset({"twice", "thrice", "half", "double", "triple", "times", "quarter", "third"})
_TERM_POS = frozenset({"NOUN", "PROPN", "ADJ"})
_MAX_GAP = 12


def _term_spans(sent, chunks) -> list[tuple[int, int]]:
    """Token ranges that can name a thing of the problem: each noun chunk (of ``chunks``, the document's)
    inside ``sent`` from each of its nouns, proper nouns or adjectives to its end ("twice as many *green
    straws*", "*straws*"), and named entities."""
    spans = set()
    for chunk in (c for c in chunks if c.start >= sent.start and c.end <= sent.end):
        for tok in chunk:
            if tok.pos_ in _TERM_POS and not tok.is_stop and tok.is_alpha:
                spans.add((tok.i, chunk.end))
    for ent in sent.ents:
        spans.add((ent.start, ent.end))
    return sorted(spans)


def _ordered_link(doc, start: int, end: int, first: int) -> bool:
    """Whether tokens ``start:end`` (between two terms, the first starting at token ``first``) order them:
    anything but "and", commas and the like, or "as" after a factor ("twice as many A as B"); never an
    equality ("the same age as")."""
    words = [t.lower_ for t in doc[start:end]]
    if not words or _EQUALITY & set(words):
        return False
    if set(words) - _SYMMETRIC_LINKS:
        return True
    if "as" in words:  # "twice as many sharks as stingrays" orders them; "as many sharks as stingrays" not
        before = doc[max(doc[first].sent.start, first - 4):first]
        return any(t.like_num or t.lower_ in _FACTOR_WORDS or t.tag_ in ("JJR", "RBR") for t in before)
    return False


def exchanged_terms(pair: QuestionPair) -> list[tuple[tuple[Mention, Mention], tuple[Mention, Mention]]]:
    """Two things of the problem that swapped places around the relation between them: the paraphrase
    reads "B <link> A" where the question read "A <link> B", word for word ("Isabella is twice as old as
    Antonio" -> "Antonio is twice as old as Isabella"; "from section Industry to Diligence" -> "from section
    Diligence to Industry"; "If 15 dogs have spots, how many have pointy ears" -> "... pointy ears, how many
    have spots"). A link that does not order them ("Fiona and Casey", "the same age as") is no change.
    Returns ``((question's A, B), (paraphrase's B, A))`` mentions per exchange."""
    question, paraphrase = pair.question, pair.paraphrase
    q_words = [t.lower_ for t in question.doc]
    q_text = "\x00" + "\x00".join(q_words) + "\x00"
    found = []
    doc = paraphrase.doc
    p_words = [t.lower_ for t in doc]
    chunks = list(doc.noun_chunks)  # once: a sentence's noun_chunks walks the whole document
    for sent in doc.sents:
        spans = _term_spans(sent, chunks)
        done: set[tuple[int, int]] = set()
        for a_start, a_end in spans:
            for b_start, b_end in spans:
                if b_start < a_end or b_start - a_end > _MAX_GAP or (a_start, b_start) in done:
                    continue
                a, b = p_words[a_start:a_end], p_words[b_start:b_end]
                if a == b or not _ordered_link(doc, a_end, b_start, a_start):
                    continue
                middle = p_words[a_end:b_start]
                swapped = "\x00" + "\x00".join([*b, *middle, *a]) + "\x00"
                original = "\x00" + "\x00".join(p_words[a_start:b_end]) + "\x00"
                if swapped not in q_text or original in q_text:
                    continue
                q_at = _token_index(q_text, swapped)
                qa = question.doc[q_at + len(b) + len(middle):q_at + len(b) + len(middle) + len(a)]
                qb = question.doc[q_at:q_at + len(b)]
                done.add((a_start, b_start))
                found.append(((_span_mention(qb), _span_mention(qa)),
                              (_span_mention(doc[a_start:a_end]), _span_mention(doc[b_start:b_end]))))
    return found


def _token_index(joined: str, needle: str) -> int:
    """The index of the token where ``needle`` (tokens joined as in :func:`exchanged_terms`) starts."""
    return joined[:joined.index(needle)].count("\x00")


def _span_mention(span) -> Mention:
    return Mention(span.start_char, span.end_char, span.text)


def _abbreviation(tok) -> bool:
    """"no." and "No" before a number abbreviate "number" ("no. of zeroes", "No 5")."""
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return tok.text.endswith(".") or (nxt is not None and (nxt.text.startswith(".") or nxt.like_num))
