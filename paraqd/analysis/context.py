"""What a paraphrase adds beside the problem: context, or a new quantity of the problem.

A retelling often adds more than the problem: a setting ("at the school fair", "on Saturday morning"), a
name, a feeling, and numbers about things the problem never counts ("the library, 500 square metres large,
bought 2647 books"). Such additions leave the problem the same: nothing the question asks depends on them. A
new quantity about something the problem *does* count or measure ("she also bought 4 more books" in a problem
about books, "3 more miles" in a problem in kilometres) enters the computation and makes another problem.

This module tells the two apart, reading what the question computes with from
:mod:`paraqd.analysis.information`; the number and unit checks ask it before they report an addition as a
change of the problem, and report context as a note instead (``context_added``, minor):

- :func:`context_numbers`: an added number is context when what it stands for is new to the problem
  (:mod:`paraqd.analysis.measures` reads that from the parse). Its unit is of a kind (length, mass, money,
  time, ...) the question measures nothing in and does not ask in; or it *measures an attribute* ("*a humidity
  of* 40%", "*the temperature* rose to 30 degrees", "*her dog*, who is 6 years old", "it increased to 60%":
  the thing last measured) of things the question does not compute with, wherever its phrase stands (what the
  question computes with, places and persons included, is :mod:`paraqd.analysis.information`'s); or it
  *labels* such a thing ("jersey number 23"); or it *counts* things the question does not compute with ("3
  *hats*"), is no argument of a verb that takes a quantity of the problem (as "Cody and his *two* friends split
  the bill" is; a place, "at his 6 tables", is not) and is not spread by a distributive quantifier over a
  quantity of the problem ("544 pots in *each* of the 10 gardens" enters); or it is a calendar year ("in
  2019"); or the only clock reading of a retelling whose question reads none ("the bell rang *four* o'clock":
  one point of the day, no span); or it counts the persons the problem names again ("*three* friends compared
  their tests" where Grant, John and Hunter hold the quantities: no possessor, no "each", no partner
  preposition); or it is a span of time whose clause's subjects are new to the problem ("a race *that* was six
  weeks away", "Mr. Osei, *who* had cooked for 25 years": no pronoun, no person when a total is asked, no tie
  to the problem's quantities); or it is an age ("Roberta, *who is 34*", "Katie, *12*,", "who had turned
  *sixteen*", "a machine *7 years old*"), of anyone, in a problem that computes no ages; or a span of time
  longer than the period the question asks per, in a question that reads every time of its own as a rate
  (:func:`~paraqd.analysis.feasible.outlasts_asked_period`), or how long a person has held a state before a
  shorter period the question asks about (:func:`~paraqd.analysis.feasible.held_before_asked_period`); or it counts a part described by a property ("*9
  of the pizzas* are vegetarian") when the question asks for the total and never names the property. In a
  problem about money, a share ("a tip of 15%") is context only when WordNet says its attribute is no kind of
  money. A number whose phrase names nothing ("3 of them", "2 more") is never context.
- :func:`context_units`: an added unit is context when the question does not ask in it and every mention
  of it measures a context number, or, in a kind of unit the question measures nothing in, is counted once
  by its article ("on a day when"), or closes the rate of a context quantity ("open 5 days *a week*"); a unit
  measuring nothing is the unit check's.
- :func:`repeat_counting_another_thing`: a value of the question written again for another thing the problem
  computes with ("her 2 daughters use 6 towels" -> "... Her mother used *2* towels as well") is a new quantity
  of the problem, not a repeat (the fact added of the number check).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .asked import asking_clause, find_ask
from .compared import way
from .days import clock_readings, is_clock_reading
from .document import NumberMention, QuestionDoc, UnitMention
from .feasible import held_before_asked_period, outlasts_asked_period
from .increments import marked_added
from .information import (
    SAME_THING,
    computed_things,
    known_noun,
    measured_categories,
    measured_category,
    number_phrase,
    person_noun,
)
from .lexicon import default_lexicon
from .measures import (
    DISTRIBUTIVE,
    age,
    described_count,
    distributes,
    elided_count,
    label,
    label_runs,
    measured_attribute,
    phrase_root,
    property_of_part,
    unit_of,
)
from .people import named_holders
from .quantities import quantities as all_quantities
from .rates import rate_periods, time_frames
from .terms import NOUN_POS, SUBJECT_DEPS, token_lemma

#: a calendar year: "in 2019", "since 1998", "of 2021", "2020's"
_YEAR = re.compile(r"(?:\b(?:in|since|of|from|until|by|during|year)\s+)$", re.IGNORECASE)
#: the words of the attribute age: a problem that says one computes with ages ("twice as old", "her age")
_AGE_WORDS = frozenset({"age", "old", "young", "older", "younger", "oldest", "youngest"})
#: definite determiners: what follows them was introduced before
_DEFINITE = frozenset({"the", "these", "those"})


def _is_year(doc: QuestionDoc, number: NumberMention) -> bool:
    return (number.kind == "cardinal" and number.written == "digits" and 1000 <= number.value <= 2100
            and number.value == int(number.value)
            and _YEAR.search(doc.text, max(0, number.start - 12), number.start) is not None)


def is_context_number(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention,
                      total_asked: bool = False) -> bool:
    """Whether ``number`` of the paraphrase stands for something new to the problem (see the module
    docstring): a unit of a kind the question does not measure, an attribute, a label or a count of things it
    does not compute with, a part of a whole described by a property when the question asks for a total
    (``total_asked``: the asked quantity's aggregate, :mod:`paraqd.analysis.asked_quantity`), a calendar year;
    never a number that compares two quantities (a factor or a difference)."""
    if _is_year(paraphrase, number) or (_names_a_group(paraphrase, number)
                                        and not _in_question_sentence(paraphrase, number)):
        return True
    if (is_clock_reading(paraphrase, number) and not _in_question_sentence(paraphrase, number)
            and not clock_readings(question) and clock_readings(paraphrase) == 1):
        return True  # one point of the day, no span: "the bell rang four o'clock"
    if number.kind == "ordinal" or way(paraphrase, number) is not None or (number.value != 1 and _RATIO_TERM.search(
            paraphrase.text[max(0, number.start - 2):number.end + 2])):
        return False  # a number that compares ("twice as many", "3 more than", a ratio's "4:3", not the 1 of
        # "1:2", the one of "for every moose") relates the problem's quantities
    if (_elliptical(paraphrase, number) or marked_added(paraphrase, number)
            or (elided_count(paraphrase, number) and not is_clock_reading(paraphrase, number))):
        return False  # "2 more", "30 more forms", "ate 7 of them": more of what the problem counts
    nouns, starts = number_phrase(paraphrase, number, conjuncts=False)
    unit = unit_of(paraphrase, number)
    by_unit = _context_by_unit(question, paraphrase, number, unit, total_asked)
    if by_unit is not None:
        return by_unit
    if number.kind == "currency":
        return "Currency" not in measured_categories(question) and not any(
            n.kind == "currency" for n in question.numbers)
    if number.start in label_runs(paraphrase) and not _in_question_sentence(paraphrase, number):
        return True  # "episode one ..., episode two ...": labels of the things, in order
    labelled = label(paraphrase, number) if unit is None else None
    if labelled:  # "jersey number 23" names a thing, it counts nothing
        return not (_in_question_sentence(paraphrase, number) or any(known_noun(n, question, things=True) for n in labelled))
    parts = described_count(paraphrase, number) if unit is None else None
    if parts is not None:  # "a 4-floor shop" counts floors: new to the problem unless it computes with them
        return not (_in_question_sentence(paraphrase, number) or known_noun(parts, question, things=True))
    adjective = property_of_part(paraphrase, number) if unit is None else None
    if adjective is not None:  # "9 of the pizzas are vegetarian": a part by a property, no event
        return _whole_asked(question, paraphrase, number, adjective, total_asked)
    measured = measured_attribute(paraphrase, number, unit)
    if measured is not None:
        return _context_attribute(question, paraphrase, number, measured)
    if not nouns or any(known_noun(noun, question, things=True) for noun in nouns):
        return False
    return _context_count(question, paraphrase, number, starts)


def _context_count(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention,
                   starts: frozenset[int]) -> bool:
    """Whether ``number``, counting things the question does not compute with, is context (see
    :func:`is_context_number`): outside the asking clause, it counts the problem's named persons again, or it is no
    argument of a verb that takes a quantity of the problem and no number of the problem in its phrase
    (``starts``) ties it."""
    if _in_question_sentence(paraphrase, number):
        return False
    if _recounts_the_persons(question, paraphrase, number):
        return True  # "*three* friends compared their tests" in a problem about Grant, John and Hunter
    if _shares_clause(question, paraphrase, number):
        return False
    q_values = {n.rounded for n in question.numbers}
    if not distributes(paraphrase, number):  # only a number of the problem that modifies it ties it then
        starts = _neighbours(paraphrase, number)
    return not any(n.rounded in q_values for n in paraphrase.numbers if n.start in starts)


def _recounts_the_persons(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` counts the persons the problem names, once more ("*Three* cousins swapped stamps" in a
    problem about Farah, Leon and Ivo): a plain count of persons (no possessor: "their 2 sisters" are others; no
    distributive quantifier or partner preposition: "1 apple to *each of* 2 neighbours", "*among* 3 friends")
    whose value is the number of persons the question names holding its quantities
    (:func:`~paraqd.analysis.people.named_holders`), two or more. It restates a quantity the problem
    already fixes and counts none of its things. Called for a number outside the asking clause whose nouns the
    question does not compute with (persons it counts are then known, :func:`~paraqd.analysis.information.known_noun`)."""
    span = paraphrase.span(number)
    if span is None or number.kind != "cardinal" or number.value < 2:
        return False
    tok = span[-1]
    noun = tok.head
    if tok.dep_ != "nummod" or noun.pos_ != "NOUN" or not person_noun(token_lemma(noun)):
        return False
    if any(c.dep_ == "poss" for c in noun.children) or distributes(paraphrase, number):
        return False
    if noun.dep_ == "pobj" and noun.head.lower_ in _PARTNER_PREPS:
        return False  # "shared them *with* 2 friends": persons the things are shared with
    return len(named_holders(question)) == number.value


def _elliptical(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` counts no noun of its own but a comparative that names none either ("his sister gave
    him *2 more*", "3 fewer"): it counts more of a thing the problem already counts."""
    span = doc.span(number)
    if span is None:
        return False
    head = span[-1].head
    return (head.i != span[-1].i and head.tag_ in ("JJR", "RBR")
            and not any(c.pos_ in NOUN_POS for c in head.children) and head.head.pos_ not in NOUN_POS)


def _context_by_unit(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention,
                     unit: UnitMention | None, total_asked: bool = False) -> bool | None:
    """What ``number``'s unit alone decides of it (see :func:`is_context_number`), or ``None``: an age in a problem
    without ages is context; a unit the question has is not; a kind of unit the question measures nothing in
    is; a span longer than the period the question asks per is ("for three years", asked "a week")."""
    if age(paraphrase, number, unit) and not _computes_ages(question):
        return not _in_question_sentence(paraphrase, number)  # an age, of anyone, in a problem without ages
    if unit is None:
        return None
    if unit.unit.name in {u.unit.name for u in question.units}:
        return False
    if measured_category(unit.category) not in measured_categories(question):
        return True
    if outlasts_asked_period(question, paraphrase, number) or held_before_asked_period(question, paraphrase, number):
        return not _in_question_sentence(paraphrase, number)
    if unit.category == "Time" and _span_of_something_new(question, paraphrase, number, total_asked):
        return True  # "a race that was six weeks away", "Mrs. Lee, who had taught for 30 years"
    return None  # a kind of unit the problem measures in: context only about things it does not compute with
    # ("her dog, who is 6 years old" in a problem in hours)


#: the relative pronouns that stand for the noun their clause describes ("a race *that* was six weeks away")
_RELATIVE = frozenset({"who", "which", "that", "whom"})


def _span_of_something_new(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention,
                           total_asked: bool) -> bool:
    """Whether ``number``, a span of time, measures an event of something new to the problem: outside the asking
    clause, the subjects of its clause's verb (a relative pronoun read as the noun it describes: "a race *that*
    was six weeks away", "Mr. Osei, *who* had cooked for 25 years") are nouns or names the question never
    writes, no personal pronoun (which may stand for a holder of the problem: "*he* also rowed for 3 hours"), no
    person when the question asks for a total (a new person may join it), and no other argument of the verb
    ties it to a quantity of the problem (:func:`_shares_clause`)."""
    span = paraphrase.span(number)
    if span is None or _in_question_sentence(paraphrase, number):
        return False
    verb = phrase_root(span[-1]).head
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    if verb.dep_ in ("relcl", "acl") and verb.head.pos_ in NOUN_POS and all(
            s.lower_ in _RELATIVE for s in subjects):
        subjects = [verb.head]  # "a race that was six weeks away", "a ride planned eight weeks away"
    written = {token_lemma(t) for t in question.doc} | {t.lower_ for t in question.doc}
    for subject in subjects:
        if subject.pos_ not in NOUN_POS or token_lemma(subject) in written or subject.lower_ in written:
            return False
        if known_noun(token_lemma(subject), question) or (total_asked and (
                subject.pos_ == "PROPN" or person_noun(token_lemma(subject)))):
            return False
    return bool(subjects) and not _shares_clause(question, paraphrase, number)


#: a term of a ratio written with a colon ("4:3"): around the number, a colon between two digits
_RATIO_TERM = re.compile(r"\d\s?:\s?\d")


def _neighbours(doc: QuestionDoc, number: NumberMention) -> frozenset[int]:
    """The start offsets of the tokens ``number``'s last token heads or hangs on ("250 *1554*")."""
    span = doc.span(number)
    if span is None:
        return frozenset()
    tok = span[-1]
    return frozenset(t.idx for t in (tok.head, *tok.children) if not span.start <= t.i < span.end)  # not "48" of "48%"


def _context_attribute(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention,
                       nouns: frozenset[str]) -> bool:
    """Whether a number measuring an attribute of ``nouns`` is context: the question computes with none of
    them and does not ask about it; a share or bare value in a problem about money only when WordNet says
    the attribute is no kind of money ("a humidity of 40%", not "a tip of 15%")."""
    if any(known_noun(noun, question, things=True) for noun in nouns) or _in_question_sentence(paraphrase, number):
        return False
    if "Currency" in measured_categories(question) and number.kind != "currency":
        lexicon = default_lexicon()
        return lexicon is not None and not any(lexicon.is_possession(noun) for noun in nouns)
    return True


def _whole_asked(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention, adjective,
                 total_asked: bool) -> bool:
    """Whether a part described by ``adjective`` ("9 of the pizzas are *vegetarian*") leaves the problem the same:
    the question asks for a total (``total_asked``: "in all", "altogether") and never names the property; the
    number stands outside the asking clause."""
    if not total_asked or _in_question_sentence(paraphrase, number):
        return False
    return token_lemma(adjective) not in {token_lemma(t) for t in question.doc}


def _computes_ages(question: QuestionDoc) -> bool:
    """Whether ``question`` computes with ages: it says one ("twice as old", "her age", "5 years old")."""
    return any(t.lemma_.lower() in _AGE_WORDS for t in question.doc)


def _in_question_sentence(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` stands in the asking clause ("how many apples do the *four* children pick"): a number
    there changes what is asked."""
    clause = asking_clause(doc)
    return clause is not None and clause.start <= number.start < clause.end


#: prepositions that bring more participants into an event ("split it *with* his 2 friends", "shared *among* 3
#: boys"): a number after them is an argument of the computation, unlike one that only places it ("at his 6 tables")
_PARTNER_PREPS = frozenset({"with", "among", "amongst", "between", "to"})

#: the clauses a verb's argument may open that say something of their own (not the verb's own arguments)
_OWN_CLAUSE_DEPS = frozenset({"relcl", "advcl", "acl", "ccomp", "xcomp", "conj", "punct", "mark", "cc"})


def _shares_clause(question: QuestionDoc, paraphrase: QuestionDoc, number: NumberMention) -> bool:
    """Whether the verb ``number``'s phrase belongs to also takes a quantity the problem computes with ("A
    *30* troop sold 540 boxes", "Cody and his *two* friends split a bill of $30"): the number is then about
    an argument of that computation."""
    span = paraphrase.span(number)
    if span is None:
        return False
    node = phrase_root(span[-1])
    if node.head.i == node.i or (node.dep_ == "conj" and node.pos_ in NOUN_POS):
        return False  # "had 15 marbles and 4 glass jars" (an object coordinated to the verb): side by side
    if node.dep_ == "prep" and node.lower_ not in _PARTNER_PREPS and not any(
            t.lower_ in DISTRIBUTIVE for t in node.subtree):
        return False  # an adjunct that only places the event ("at his 6 tables", "in the 3 rooms")
    q_values = {n.rounded for n in question.numbers}
    computed = computed_things(question)  # the place of the event ties nothing: "The park has 3 swings"
    numbers_at = {n.start: n.rounded for n in paraphrase.numbers}
    verb = node.head
    arguments = list(verb.children)
    if verb.dep_ == "conj" and not any(c.dep_ in SUBJECT_DEPS or c.dep_ == "expl" for c in arguments):
        # "Hana bought a cake and shared the cost with her 2 sisters": the subject of the first verb
        arguments += [c for c in verb.head.children if c.dep_ in SUBJECT_DEPS]
    for child in arguments:
        if child.i == node.i or child.dep_ in _OWN_CLAUSE_DEPS:
            continue
        for tok in child.subtree:
            if numbers_at.get(tok.idx) in q_values or (tok.pos_ in NOUN_POS and token_lemma(tok) in computed):
                return True
    return False


def context_numbers(question: QuestionDoc, paraphrase: QuestionDoc, added: Iterable[Sequence[NumberMention]],
                    total_asked: bool = False) -> list[Sequence[NumberMention]]:
    """The groups of added number mentions (one value each) whose every mention is context (``total_asked``:
    whether the question asks for a total, see :func:`is_context_number`)."""
    return [ms for ms in added if ms and all(is_context_number(question, paraphrase, m, total_asked) for m in ms)]


def repeat_counting_another_thing(question: QuestionDoc, paraphrase: QuestionDoc,
                                  q_mentions: Sequence[NumberMention], p_mentions: Sequence[NumberMention],
                                  renamed: dict[str, str]) -> NumberMention | None:
    """The mention of a value the paraphrase writes more often than the question that is a *new quantity of
    the problem* ("her 2 daughters use 6 towels" -> "... Her mother used *2* towels as well"), or ``None``:
    every mention of the value in the question counts a thing (the nouns of its phrase, after the pair's
    consistent ``renamed`` nouns), and this one measures in a unit the question measures its quantities in where
    none of the question's mentions of the value does ("one stamp per ounce" -> "a photo that weighs *1
    ounce*"), or counts none of those things (nor, with WordNet, a synonym, more
    general or more specific word of one: "her 2 sons" -> "the two boys") but one the question computes with
    (:func:`~paraqd.analysis.information.computed_nouns`). Written again for the same thing ("her 2 daughters
    ... the two girls") it is a repeat; an ordinal or a mention that counts nothing says nothing of what it
    counts."""
    if len(p_mentions) <= len(q_mentions) or any(m.kind == "ordinal" for m in (*q_mentions, *p_mentions)):
        return None
    counted = []
    for mention in q_mentions:
        nouns = number_phrase(question, mention, conjuncts=False)[0]
        if not nouns:
            return None
        counted.append(nouns | {renamed[n] for n in nouns if n in renamed})
    lexicon = default_lexicon()
    def same(noun: str, others: frozenset[str]) -> bool:
        return noun in others or (lexicon is not None and any(lexicon.relation(o, noun) in SAME_THING
                                                               for o in others))

    units = {q.unit.unit.name for q in all_quantities(question) if q.number is not None}
    for mention in p_mentions:
        if _points_back(paraphrase, mention):
            continue
        unit = unit_of(paraphrase, mention)
        if unit is not None and unit.unit.name in units and all(unit_of(question, m) is None for m in q_mentions):
            return mention  # "one stamp per ounce" -> "... a photo that weighs *1 ounce*": a measure in the
            # problem's unit where the question's value counts things
        nouns = number_phrase(paraphrase, mention, conjuncts=False)[0]
        if (nouns and not any(same(n, c) for n in nouns for c in counted)
                and any(known_noun(n, question) for n in nouns)):
            return mention
    return None


def _names_a_group(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` counts the people a pronoun already stands for ("the two of us", "all three of them"):
    a group named again, no quantity of the problem."""
    span = doc.span(number)
    if span is None or span.end + 1 >= len(doc.doc) or _word_before(doc, span) not in (*_DEFINITE, "all"):
        return False
    return doc.doc[span.end].lower_ == "of" and doc.doc[span.end + 1].lower_ in ("us", "them", "you")


def _points_back(doc: QuestionDoc, number: NumberMention) -> bool:
    """Whether ``number`` stands right after a definite determiner ("the two finish", "those three", "the 2
    boys"): a definite phrase names things already introduced, so a value the question has, written again this
    way, repeats a count and adds none."""
    span = doc.span(number)
    return span is not None and _word_before(doc, span) in _DEFINITE


def _word_before(doc: QuestionDoc, span) -> str:
    """The lowercased token right before ``span``, or ``""`` at the start of the text."""
    return doc.doc[span.start - 1].lower_ if span.start > 0 else ""


def context_units(question: QuestionDoc, paraphrase: QuestionDoc, mentions: Sequence[UnitMention]) -> bool:
    """Whether the added unit ``mentions`` (one unit, every mention of it in the paraphrase) are context: the
    question does not ask in it, and each mention measures a context number ("her dog, who is 6 *years* old")
    or, in a kind of unit the question measures nothing in, is counted once by its article ("on a *day* when")
    or names when the story happens (:func:`~paraqd.analysis.rates.time_frames`: "the new school *year*")."""
    if not mentions:
        return False
    ask = find_ask(paraphrase)
    if ask is not None and any(ask.clause and ask.clause.start <= m.start < ask.clause.end for m in mentions):
        return False  # the question now asks in it
    measuring = {}
    for quantity in all_quantities(paraphrase):
        for q in (quantity, *quantity.parts):
            measuring[q.unit.start] = q.number
    measured_kind = measured_category(mentions[0].category) in measured_categories(question)
    frames = time_frames(paraphrase) if not measured_kind else frozenset()
    for m in mentions:
        if m.start in frames and m.start not in measuring:
            continue  # when the story happens ("the new school *year*", "later that *month*"), in a problem
            # that measures no time
        if m.start not in measuring:
            if _indefinite_span(paraphrase, m):
                continue  # "the hottest it had been *in years*": a long while, no amount
            return False  # a unit that measures nothing is the unit check's as before ("ounces workers")
        number = measuring[m.start]
        if number is None and measured_kind:
            return False  # "a day" in a problem that counts days
        if number is None and m.category == "Time" and m.end in {p.end for p, _ in rate_periods(paraphrase)}:
            if _period_of_context(question, paraphrase, m) or not _numbers_in_sentence(paraphrase, m):
                continue  # the period of a context rate: "the shop is open 5 days *a week*"; how often a
                # sentence with no number of its own says something happens ("he took them to school *every
                # day*"), in a problem that measures no time of that kind
            return False  # a bare period of time ("finds 4 shells every day") makes a total a rate
        if number is not None and not is_context_number(question, paraphrase, number):
            return False
    return True  # each mention measures a context number ("her dog, who is 6 years old") or, in a kind the
    # question does not measure, is counted once by its article ("on a day when")


def _indefinite_span(doc: QuestionDoc, unit: UnitMention) -> bool:
    """Whether ``unit``, a plural unit of time with no number, determiner or modifier, is the object of "in" or
    "for" ("the best crop *in years*", "they talked *for hours*"): a long while, an amount nobody gives."""
    span = doc.span(unit)
    if span is None or unit.category != "Time" or not unit.plural or len(span) != 1:
        return False
    tok = span[0]
    return (tok.dep_ == "pobj" and tok.head.lower_ in ("in", "for") and not list(tok.children)
            and tok.tag_ == "NNS")


def _numbers_in_sentence(doc: QuestionDoc, unit: UnitMention) -> bool:
    """Whether the sentence of ``unit`` writes a number."""
    span = doc.span(unit)
    if span is None:
        return True
    sentence = span.sent
    return any(sentence.start_char <= n.start < sentence.end_char for n in doc.numbers)


#: the words between a quantity and the period of its rate ("5 days *a* week", "$12 *per* hour")
_RATE_WORDS = frozenset({"a", "an", "per", "each", "every"})


def _period_of_context(question: QuestionDoc, paraphrase: QuestionDoc, period: UnitMention) -> bool:
    """Whether the bare ``period`` closes the rate of a quantity written just before it whose number is
    context ("the shop is open *5 days* a week" in a problem that measures no time)."""
    for quantity in all_quantities(paraphrase):
        between = paraphrase.text[quantity.unit.end:period.start].split()
        if quantity.unit.end <= period.start and len(between) == 1 and between[0].lower() in _RATE_WORDS:
            return quantity.number is not None and is_context_number(question, paraphrase, quantity.number)
    return False
