"""A question and its paraphrase, analysed once and aligned once: what every check reads.

:class:`QuestionPair` is to a pair what :class:`~paraqd.analysis.document.QuestionDoc` is to one text (and
what TextAttack's ``AttackedText`` or spaCy's ``Doc`` are): the two analysed texts plus *one* word alignment
of them (:class:`~paraqd.analysis.alignment.TokenAlignment`), and everything the checks compare between the
texts (renamed terms, words swapped in place, pronouns written as another person, lists changed, the share
copied), each computed on first use and kept on the pair (:func:`functools.cached_property`); which term
became which is :mod:`.renames`'. A comparison written in a module above this one, which reads the pair and so
cannot be read from here, is kept on the pair all the same (:meth:`QuestionPair.cached`: :func:`~paraqd.analysis.holders.added_transfers`, which the number
and the unit checks both read). Facts about one text (key terms, counted nouns, the question sentence) live in
:mod:`.terms` and :mod:`.asked`, once per text.

    >>> from paraqd.analysis import QuestionPair, analyze
    >>> pair = QuestionPair(analyze("Tom has 3 apples. He eats 1 apple. How many apples are left?"),
    ...                     analyze("Tom has 3 pears. He eats 1 pear. How many pears are left?"))
    >>> [(r.old.key, r.new.key, r.consistent) for r in pair.renames], pair.copied_share > 0.5
    ([('apple', 'pear', True)], True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple, TypeVar

from .alignment import TokenAlignment, is_deletion
from .counted import Counted, recounted
from .document import Mention, QuestionDoc
from .lexicon import default_lexicon
from .people import added_people, is_person
from .quantities import conversions
from .renames import Rename, all_words, misspelt, modifier_only, of_tokens, renames
from .spelling import spelling_variants
from .terms import (
    PERSONAL,
    Term,
    antecedent,
    key_terms,
    noun_lists,
    swap_key,
    swap_words,
    token_mention,
)

_T = TypeVar("_T")


@dataclass(frozen=True)
class Swap:
    """One mention of a question term written as *another* term of the problem (``old``'s mention at
    ``old_at`` became ``new``'s at ``new_at``): the relation now points at something else."""

    old: Term
    new: Term
    old_at: Mention
    new_at: Mention


class ListChange(NamedTuple):
    """A list of the question repeated with an item more or less: the two lists as written, and the items
    ``added`` and ``dropped``."""

    question_items: str
    paraphrase_items: str
    added: tuple[str, ...]
    dropped: tuple[str, ...]


class QuestionPair:
    """A question and its paraphrase (two :class:`QuestionDoc`), with one alignment and the comparisons
    every check shares, each computed once.

    Build one per pair (``QuestionPair(question_doc, paraphrase_doc)``); the checker does and hands it to
    every check's ``compare(pair)``. Nothing here parses text again.
    """

    def __init__(self, question: QuestionDoc, paraphrase: QuestionDoc) -> None:
        self.question = question
        self.paraphrase = paraphrase
        self._computed: dict[str, Any] = {}

    def __repr__(self) -> str:
        return f"QuestionPair({self.question.text!r}, {self.paraphrase.text!r})"

    def cached(self, key: str, compute: Callable[[QuestionPair], _T]) -> _T:
        """``compute(self)``, computed once per pair and kept on it under ``key`` (a module's dotted name and
        the function's): how a module that reads the pair keeps a comparison of the two texts once per pair, as
        :func:`~paraqd.analysis.terms.cached` keeps a fact once per text. The value is shared by every caller:
        an immutable one (a tuple, a frozenset) keeps them apart."""
        if key not in self._computed:
            self._computed[key] = compute(self)
        return self._computed[key]

    # -- the alignment -------------------------------------------------------------------------------------

    @cached_property
    def alignment(self) -> TokenAlignment:
        """The one word alignment of the two texts (linear in practice: one SequenceMatcher over word ids)."""
        return TokenAlignment(self.question, self.paraphrase)

    def aligned_substitutions(self, size: int = 3, deletions: bool = False) -> list[tuple[int, int, int, int]]:
        """Token ranges ``(i1, i2, j1, j2)``: up to ``size`` question tokens written in place as up to ``size``
        paraphrase tokens (``deletions``: or left out, ``j1 == j2``); see
        :meth:`TokenAlignment.aligned_substitutions`."""
        return self.alignment.aligned_substitutions(size, deletions)

    def deletions_in_place(self, size: int = 2) -> list[tuple[int, int]]:
        """Question token ranges ``(i1, i2)`` left out in place; see :meth:`TokenAlignment.deletions_in_place`."""
        return self.alignment.deletions_in_place(size)

    def paraphrase_position(self, i: int) -> int:
        """The paraphrase token aligned with the question's token ``i`` (see :meth:`TokenAlignment.position`)."""
        return self.alignment.position(i)

    @cached_property
    def copied_share(self) -> float:
        """The share of the paraphrase's words that copy the question's, in order: 1.0 for a copy or a pure
        deletion, about 0.3 for a free rewording."""
        return self.alignment.copied_share

    @cached_property
    def is_deletion(self) -> bool:
        """Whether the paraphrase only leaves words of the question out (its words are the question's, in
        order): a pure deletion rewords nothing."""
        return is_deletion(self.question, self.paraphrase)

    @cached_property
    def conversions(self):
        """The question's quantities written in the paraphrase converted to another unit, with their
        paraphrase side (:func:`~paraqd.analysis.quantities.conversions`: "half an hour" -> "30 minutes")."""
        return conversions(self.question, self.paraphrase)

    @cached_property
    def recounted(self) -> tuple[tuple[Counted, Counted], ...]:
        """Numbers whose value is kept but that count another thing ("2 trees" -> "2 rows of trees", "4
        pages" -> "4 chapters"): ``(question's, paraphrase's)`` (:func:`~paraqd.analysis.counted.recounted`)."""
        return tuple(recounted(self.question, self.paraphrase))

    # -- terms ---------------------------------------------------------------------------------------------

    @property
    def question_terms(self) -> dict[str, Term]:
        """The question's key terms (:func:`~paraqd.analysis.terms.key_terms`)."""
        return key_terms(self.question)

    @property
    def paraphrase_terms(self) -> dict[str, Term]:
        """The paraphrase's key terms."""
        return key_terms(self.paraphrase)

    @cached_property
    def _renames(self) -> tuple[tuple[Rename, ...], tuple[Term, ...]]:
        return renames(self.question, self.paraphrase, self.alignment)

    def misspelt(self, term: Term) -> bool:
        """Whether a name gone from the paraphrase was a misspelling of another name of the question that the
        paraphrase keeps (:func:`~paraqd.analysis.renames.misspelt`: "Natalie" once for "Natalia")."""
        return misspelt(self.question, self.paraphrase, term)

    def modifier_only(self, term: Term) -> bool:
        """Whether every mention of a question ``term`` only modifies a noun that the paraphrase still has
        ("*Post-it* notes" -> "sticky notes"; :func:`~paraqd.analysis.renames.modifier_only`)."""
        return modifier_only(self.question, self.paraphrase, term)

    @property
    def renames(self) -> tuple[Rename, ...]:
        """The question terms that lost mentions paired with new paraphrase terms: a new term is paired with
        a lost one when it took its place (a substitution in place, or a noun counted by the same number),
        otherwise in order of first occurrence."""
        return self._renames[0]

    @property
    def vanished(self) -> tuple[Term, ...]:
        """The question terms gone from the paraphrase with no new term in their place."""
        return self._renames[1]

    @cached_property
    def added_people(self) -> tuple[tuple[Term, Mention, str], ...]:
        """New people put in a relation or in the question while the question's people all stay ("Lizzie has
        half as many crayons as *Debbie*" with Bobbie still in the story): ``(term, mention, what it holds)``
        each (:func:`~paraqd.analysis.people.added_people`)."""
        q_terms, p_terms = self.question_terms, self.paraphrase_terms
        lost = {k for k, t in q_terms.items() if is_person(self.question, t)
                and len(p_terms[k].mentions if k in p_terms else ()) < len(t.mentions)}
        lost |= self._pronouns_named()
        partners = {r.new.key for r in self.renames}
        return tuple((term, token_mention(tok), held) for term, tok, held
                     in added_people(self.question, self.paraphrase, partners, lost))

    def _pronouns_named(self) -> set[str]:
        """The question's people a personal pronoun stood for where the paraphrase writes, in place, a name the
        question never has ("Jill ... *She* paints 6 nails" -> "Jill ... *Jess* paints 6 nails"): that person
        lost a mention (:func:`~paraqd.analysis.terms.antecedent`)."""
        question, paraphrase = self.question, self.paraphrase
        q_words = {t.lower_ for t in question.doc}
        found = set()
        for i1, _i2, j1, _j2 in self.aligned_substitutions(size=1):
            q_tok, p_tok = question.doc[i1], paraphrase.doc[j1]
            if (q_tok.lower_ in PERSONAL and q_tok.dep_ in ("nsubj", "nsubjpass") and p_tok.pos_ == "PROPN"
                    and p_tok.lower_ not in q_words):
                name = antecedent(question, q_tok)
                if name is not None:
                    found.add(name)
        return found

    @cached_property
    def swaps(self) -> tuple[Swap, ...]:
        """Terms of the problem exchanged in place: an aligned substitution (the words around it kept) from
        one word of the problem to another that both texts use, where the old word lost a mention and the new
        one gained one ("half as many as *Lee*" -> "half as many as *Tino*"; "twice the carrots as *green
        beans*" -> "as *milk*"). The words compared are the key terms and the words that tell the problem's
        things apart: adjectives ("*orange* straws" -> "*red* straws") and ordinals ("than the *first* bus" ->
        "than the *second* bus"). A consistent rename or a synonym introduces a *new* word; a swap reuses one
        of the problem."""
        question, paraphrase = self.question, self.paraphrase
        q_words, p_words = swap_words(question), swap_words(paraphrase)
        lost = {k for k, ms in q_words.items() if k in p_words and len(p_words[k]) < len(ms)}
        gained = {k for k, ms in p_words.items() if k in q_words and len(ms) > len(q_words[k])}
        if not lost or not gained:
            return ()
        q_terms, p_terms = self.question_terms, self.paraphrase_terms
        swaps: list[Swap] = []
        seen: set[tuple[str, str]] = set()
        for i1, i2, j1, j2 in self.aligned_substitutions():
            # the question's nouns first: "green beans" -> "milk" is a swap of "beans" before one of "green"
            olds = sorted((t for t in question.doc[i1:i2] if swap_key(t) in lost),
                          key=lambda t: swap_key(t) not in q_terms)
            for p_tok in paraphrase.doc[j1:j2]:
                new = swap_key(p_tok)
                if new not in gained:
                    continue
                for q_tok in olds:
                    old = swap_key(q_tok)
                    if old == new or (old, new) in seen or _related(old, new):
                        continue  # "as old as" -> "the same age as", "the water" -> "the seawater": one thing
                    seen.add((old, new))
                    old_term = q_terms.get(old) or Term(old, tuple(q_words[old]))
                    new_term = p_terms.get(new) or Term(new, tuple(p_words[new]))
                    swaps.append(Swap(old_term, new_term, token_mention(q_tok), token_mention(p_tok)))
        return tuple(swaps)

    @cached_property
    def misresolved_pronouns(self) -> tuple[tuple[Mention, Mention, str], ...]:
        """Personal pronouns written in place as a name of the problem that is not the one they stood for:
        "Alan ... wants to beat Kevin's record. *He* eats 5 wings a minute" -> "*Kevin* eats 5 wings a minute"
        (:func:`~paraqd.analysis.terms.antecedent`). ``(pronoun, name, the name it stood for)`` each."""
        question, paraphrase = self.question, self.paraphrase
        q_names = {t.lower_ for t in question.doc if t.pos_ == "PROPN"}
        found = []
        for i1, _i2, j1, _j2 in self.aligned_substitutions(size=1):
            q_tok, p_tok = question.doc[i1], paraphrase.doc[j1]
            if q_tok.lower_ not in PERSONAL or p_tok.pos_ != "PROPN" or p_tok.lower_ not in q_names:
                continue
            meant = antecedent(question, q_tok)
            if meant is not None and meant != p_tok.lower_:
                found.append((token_mention(q_tok), token_mention(p_tok), question.doc[
                    [t.lower_ for t in question.doc].index(meant)].text))
        return tuple(found)

    @cached_property
    def changed_lists(self) -> tuple[ListChange, ...]:
        """Lists of the question that the paraphrase repeats with an item more or less: an item the question
        never mentions added ("On Tuesdays and Thursdays" -> "On Tuesdays, Thursdays and Saturdays"; not an
        item that measures one of the list, "cows, sheep and an unknown quantity of goats"), or an item left out
        of a list that keeps two others and named nowhere else in the paraphrase ("Manny, his classmates and
        Mr. Keith all had 1 piece" -> "his classmates and Mr. Keith all had 1 piece")."""
        q_words = set().union(*(_forms(t) for t in self.question.doc))
        p_lists = noun_lists(self.paraphrase)
        changes = []
        for q_items, _ in noun_lists(self.question):
            q_forms = set().union(*(_forms(t) for t in q_items))
            best, best_common = None, 1
            for p_items, p_sent in p_lists:
                common = sum(1 for t in p_items if _forms(t) & q_forms)
                if common > best_common:
                    best, best_common = (p_items, p_sent), common
            if best is None:
                continue
            p_items, p_sent = best
            p_forms = set().union(*(_forms(t) for t in p_items))
            sentence = set().union(*(_forms(t) for t in p_sent))
            # an item that only measures another ("an unknown *quantity* of goats", "a *group* of goats") adds
            # nothing; an item the paraphrase still names elsewhere (a list the parse read across a clause,
            # "have white *spots*, how many ... mushrooms") is not left out
            added = tuple(t.text for t in p_items if not _forms(t) & q_words
                          and not any(_forms(o) & q_forms for o in of_tokens(t)))
            p_all = all_words(self.paraphrase)
            dropped = tuple(t.text for t in q_items if not _forms(t) & p_forms and not _forms(t) & sentence
                            and not _forms(t) & p_all)
            if added or dropped:
                # each list as its items quoted one by one ('"Greg", "Sharon"'): every quoted word is in the text
                changes.append(ListChange(", ".join(f'"{t.text}"' for t in q_items),
                                          ", ".join(f'"{t.text}"' for t in p_items), added, dropped))
        return tuple(changes)


def _related(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name one thing in WordNet, either way round: a counterpart (synonym,
    derivation, attribute, spelling) or one a kind of the other ("water" / "seawater"); never two kinds of
    one class ("red" / "white", "morning" / "evening")."""
    lexicon = default_lexicon()
    if lexicon is None:
        return spelling_variants(a, b)
    return bool(lexicon.counterpart(a, b) or lexicon.counterpart(b, a))


def _forms(tok) -> set[str]:
    return {tok.lower_, (tok.lemma_ or tok.text).lower()}
