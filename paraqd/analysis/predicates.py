"""The predicate of an asking clause, read against the predicates of the story.

A question asks for one quantity of its story, and the verb of its asking clause says which: "how many pupils
*failed*" asks for the pupils of the story's clause "the others *failed* it", not for those of "18 pupils
*passed*". A paraphrase that keeps the asked thing but asks it with *another* predicate of the same story asks
for another of its quantities: "how many books do they still have to *read*" -> "how many books have they
*finished*" (the story: "assigned 89 books to *read*", "*finished* 34"); "how many students *failed*" ->
"how many students *got* a B or a C".

:func:`other_predicate` finds that edit: a content verb of the question's asking clause that the story uses
too and the paraphrase's asking clause no longer has, replaced by another content verb the story uses and the
question's asking clause did not, the two being different acts in WordNet (neither the same sense nor one a
kind of the other: "collect" / "gather" is one act, "pay" is a kind of "spend"; one a kind of the other is two
acts when the story gives each its own numbers: "*made* 60 rolls", "*sold* 52 rolls"). What the check does not
read as a change:

- a verb the story does not use ("how many lawns does he still have to *mow*" -> "how many lawns *remain*"):
  a rewording names the same quantity in its own words; only the story's own predicates name its other
  quantities;
- a negated predicate ("how many *failed*" -> "how many did *not pass*"): a negation asks for the complement,
  which may be the very quantity asked;
- the auxiliaries used as main verbs ("be", "have", "do": "how many books do they *have* to read"), which
  name no act of the story.

The story is every word outside the words of the asking clause that say the asked quantity: a condition of
the asking sentence states acts of the story too ("Baker made 52 cakes. *If he sold 102 cakes*, how many cakes did
he *make*?" -> "... did he *sell*?"). :func:`held_for_act` reads the same edit when the question asks with the
main verb "have" (what someone holds, an auxiliary otherwise left out): "how many stamps does Rosa *have* now"
-> "how many stamps did Rosa *buy* at the fair", the story giving the holding and the act numbers of their own.

Without WordNet nothing is compared (:func:`other_predicate` returns nothing).
"""

from __future__ import annotations

from .asked import REQUEST_VERBS
from .directions import verb_direction
from .document import Mention, QuestionDoc
from .lexicon import ANTONYM, MORE_GENERAL, MORE_SPECIFIC, SIBLING, UNRELATED, default_lexicon
from .terms import token_lemma, token_mention

#: verbs that are auxiliaries of English grammar even where they are the main verb ("how many do they *have*",
#: "what *is* the total", "how many flips did she *do*"): they name no act of the story
AUXILIARY_VERBS = frozenset({"be", "have", "do"})
#: how two different acts relate in WordNet (:meth:`~paraqd.analysis.lexicon.Lexicon.relation`)
_OTHER_ACTS = frozenset({SIBLING, UNRELATED, ANTONYM})
#: dependencies of a verb that is no predicate of its clause: a participle used as an adjective ("the
#: *remaining* butter"), a verb inside a preposition's phrase or an adverbial clause ("after *making* the
#: cookies", "hours *watching* TV" read as a condition or a circumstance, not as what is asked)
_NOT_PREDICATE_DEPS = frozenset({"amod", "pcomp", "advcl", "pobj", "compound", "nmod"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})


def _is_predicate(tok) -> bool:
    """Whether ``tok`` is a content verb that says the act of its clause: not an auxiliary, not an adjective
    or adverbial use, and the last verb of its chain ("needs to *reach*", "decided to *save*": the verb a
    control verb governs says the act), not a request verb without subject ("*Find* how many ...")."""
    if tok.pos_ != "VERB" or token_lemma(tok) in AUXILIARY_VERBS or _role(tok).dep_ in _NOT_PREDICATE_DEPS:
        return False
    if any(c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX") for c in tok.children):
        return False
    return not (token_lemma(tok) in REQUEST_VERBS and not any(c.dep_ in _SUBJECT_DEPS for c in tok.children))


def _role(tok):
    """The first conjunct of ``tok``'s coordination (``tok`` itself when it has none): its dependency says the
    role of every conjunct ("to *watching* TV and *reading*")."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    return tok


def clause_predicates(tokens, main: set[int]) -> dict[str, object]:
    """Lemma -> first token of the predicates (:func:`_is_predicate`) among ``tokens`` whose index is in
    ``main`` (the words of an asking clause that say the asked quantity)."""
    found: dict[str, object] = {}
    for tok in tokens:
        if tok.i in main and _is_predicate(tok):
            found.setdefault(token_lemma(tok), tok)
    return found


def story_predicates(doc: QuestionDoc, clause: Mention, main: set[int] | None = None) -> dict[str, list]:
    """Lemma -> the tokens of ``doc``'s content verbs outside its asking clause ``clause`` (adjectival
    participles and auxiliaries left out); with ``main`` (the indices of the clause's words that say the asked
    quantity), a condition of the asking clause is story too ("*If he sold 102 cakes*, how many cakes did he
    make?": the selling is an act the problem states, not the asked one)."""
    found: dict[str, list] = {}
    for tok in doc.doc:
        outside = not clause.start <= tok.idx < clause.end if main is None else tok.i not in main
        if (tok.pos_ == "VERB" and token_lemma(tok) not in AUXILIARY_VERBS and tok.dep_ != "amod"
                and outside):
            found.setdefault(token_lemma(tok), []).append(tok)
    return found


def _one_act(a_tokens, b_tokens) -> bool:
    """Whether the story says the two verbs as one act: one governs the other through complements, not
    through a coordination ("wants to *finish reading*", "*decides* to *put*"; "got a B, and the rest *failed*"
    are two acts)."""
    return any(_governs(a, b) or _governs(b, a) for a in a_tokens for b in b_tokens)


def _governs(head, tok) -> bool:
    while tok.head.i != tok.i and tok.dep_ != "conj":
        tok = tok.head
        if tok.i == head.i:
            return True
    return False


def _other_acts(doc: QuestionDoc, relation: str | None, a_tokens, b_tokens) -> bool:
    """Whether the story's verbs ``a_tokens`` and ``b_tokens`` name two acts: different acts in WordNet, or one
    a kind of the other ("sell" is a kind of "make" in one sense) when the story gives each its own numbers
    ("*made* 60 rolls", "*sold* 52 rolls": two events, two quantities); never one act said through the other
    ("wants to *finish reading*")."""
    if _one_act(a_tokens, b_tokens):
        return False
    if relation in _OTHER_ACTS:
        return True
    if relation not in (MORE_SPECIFIC, MORE_GENERAL):
        return False
    a_values, b_values = _values_of(doc, a_tokens), _values_of(doc, b_tokens)
    return bool(a_values) and bool(b_values) and not a_values & b_values


def _values_of(doc: QuestionDoc, verbs, noun: str | None = None) -> set[float]:
    """The values of ``doc``'s numbers whose clause verb is one of ``verbs`` (climbing from the number to the
    first verb above it); with ``noun``, only the numbers that count it ("50 *stamps*")."""
    indices = {v.i for v in verbs}
    values = set()
    for number in doc.numbers:
        span = doc.span(number)
        if span is None:
            continue
        tok = span[-1]
        if noun is not None and not (tok.head.i != tok.i and token_lemma(tok.head) == noun):
            continue
        while tok.head.i != tok.i and tok.pos_ != "VERB":
            tok = tok.head
        if tok.i in indices:
            values.add(number.rounded)
    return values


def other_predicate(question: QuestionDoc, q_clause: Mention, q_tokens, q_main: set[int],
                    paraphrase: QuestionDoc, p_tokens, p_main: set[int]) -> tuple[list[Mention], list[Mention]]:
    """``(lost, taken)``: the predicates of the question's asking clause (its ``q_tokens``, those in ``q_main``
    saying the asked quantity) that are the story's own and that the paraphrase's asking clause dropped, and the
    other predicates of the story it took instead; both empty unless the two name different acts in WordNet
    (see the module docstring)."""
    lex = default_lexicon()
    if lex is None:
        return [], []
    q_verbs, p_verbs = clause_predicates(q_tokens, q_main), clause_predicates(p_tokens, p_main)
    q_words = {w for t in q_tokens if t.i in q_main for w in (token_lemma(t), t.lower_)}
    p_words = {w for t in p_tokens for w in (token_lemma(t), t.lower_)}
    story = story_predicates(question, q_clause, q_main)
    lost = [t for key, t in q_verbs.items() if key in story and key not in p_words and not verb_negated(t)]
    taken = [t for key, t in p_verbs.items() if key in story and key not in q_words and not verb_negated(t)]
    if not lost or not taken or any(verb_negated(t) for t in (*q_verbs.values(), *p_verbs.values())):
        return [], []
    if not all(_other_acts(question, lex.relation(token_lemma(a), token_lemma(b), "v"), story[token_lemma(a)],
                           story[token_lemma(b)]) for a in lost for b in taken):
        return [], []
    return [token_mention(t) for t in lost], [token_mention(t) for t in taken]


def held_for_act(question: QuestionDoc, q_clause: Mention, q_tokens, q_main: set[int], p_tokens, p_main: set[int],
                 noun: str | None) -> tuple[list[Mention], list[Mention]]:
    """``(held, taken)``: the question asks what someone holds (its asking clause's only predicate the main verb
    "have": "how many stamps does Rosa *have* now") and the paraphrase, asking with no "have", what an act of the
    story brought ("how many stamps did Rosa *buy* at the fair"), the story giving the holding ("now she *has* 50
    stamps") and that act ("she *bought* 12 stamps") numbers of their own, each counting the asked thing
    ``noun``: what is held is not what one act added. The caller leaves out paraphrases that still ask for a
    state ("now", "left"). Both empty when the story states no holding of the asked thing with a number ("she
    bought 12 stamps and put them in her album": what she has is what she bought), when a verb is negated, or
    without WordNet."""
    if noun is None or default_lexicon() is None or clause_predicates(q_tokens, q_main):
        return [], []
    held = [t for t in q_tokens if t.i in q_main and _holds(t)]
    if not held or any(verb_negated(t) for t in held) or any(_holds(t) for t in p_tokens if t.i in p_main):
        return [], []
    q_words = {w for t in q_tokens if t.i in q_main for w in (token_lemma(t), t.lower_)}
    story = story_predicates(question, q_clause, q_main)
    holding = _values_of(question, [t for t in question.doc if t.i not in q_main and _holds(t)], noun)
    taken = [t for key, t in clause_predicates(p_tokens, p_main).items()
             if key in story and key not in q_words and not verb_negated(t)
             and (acts := _values_of(question, story[key], noun)) and holding and not acts & holding]
    return ([token_mention(t) for t in held], [token_mention(t) for t in taken]) if taken else ([], [])


def _holds(tok) -> bool:
    """Whether ``tok`` is "have" as a main verb of holding ("she *has* 50 stamps"; not "has sold", "have to go")."""
    return (token_lemma(tok) == "have" and tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "auxpass")
            and not any(c.dep_ == "xcomp" for c in tok.children))


#: WordNet's concept of retaining what one has ("keep", "retain", "save", "store": ``keep.v.03``, "retain
#: possession of"): a question asked with such a verb asks for what the holder still has
_RETAIN = "keep.v.03"


def retains(lemma: str) -> bool:
    """Whether one of the first three senses of the verb ``lemma`` is retaining what one has (under WordNet's
    ``keep.v.03``); ``False`` without WordNet."""
    lex = default_lexicon()
    return lex is not None and any(_RETAIN in above for above, _antonyms in lex.verb_senses(lemma, 3))


def kept_for_moved(question: QuestionDoc, q_clause: Mention, q_tokens, q_main: set[int], p_tokens,
                   p_main: set[int], q_remaining: bool, p_remaining: Mention | None) -> tuple[list[Mention],
                                                                                           list[Mention]]:
    """``(lost, kept)``: the question asks with a predicate of the story that moves a quantity (a change of
    possession or place, :func:`~paraqd.analysis.directions.verb_direction`: "how much does Rita *pay* in rent",
    the story: "*pays* 15% of it in rent") and the paraphrase, its asking clause without that verb, asks for
    what is kept ("how much does Rita *keep* after rent"; "how many crates are *left*", ``p_remaining``: the
    paraphrase's remaining aggregate): the part the story's act moves is not the part that stays. Both empty
    when the question asks for what remains itself (``q_remaining``, or a retaining verb), when either verb is
    negated ("how many did he *not* sell" asks what stayed), or without WordNet."""
    if q_remaining or default_lexicon() is None:
        return [], []
    q_verbs, p_verbs = clause_predicates(q_tokens, q_main), clause_predicates(p_tokens, p_main)
    if any(retains(key) for key in q_verbs) or any(verb_negated(t) for t in (*q_verbs.values(), *p_verbs.values())):
        return [], []
    p_words = {w for t in p_tokens for w in (token_lemma(t), t.lower_)}
    story = story_predicates(question, q_clause)
    lost = [token_mention(t) for key, t in q_verbs.items()
            if key in story and key not in p_words and verb_direction(key) is not None]
    kept = [token_mention(t) for key, t in p_verbs.items() if retains(key)]
    if p_remaining is not None:
        kept.append(p_remaining)
    return (lost, kept) if lost and kept else ([], [])


def verb_negated(verb) -> bool:
    """Whether ``verb``, or the verb it is the complement or conjunct of, is negated ("did *not* want to go")."""
    for tok in (verb, verb.head):
        if any(c.dep_ == "neg" for c in tok.children):
            return True
    return False
