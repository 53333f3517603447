"""The people of a problem: who they are, who is told as the reader, and who holds its quantities.

A word problem's people are its names that act as persons (a name a personal pronoun stands for, the subject
of a clause, a possessor, or a name the parser labels a person: its entity labels of names are unreliable,
"Tabitha" a place, "Marco" an organisation) and, when the problem is told to the reader or by a narrator, the
reader ("*You* brew a cup of tea every morning", "*I* save $15 a week"): the second-person pronouns, else the
first-person singular ones, outside quoted speech (a "you" inside a dialogue addresses a character).

What a person *holds* (:func:`holds_quantity`) is read from the parse: the clause the person takes part in
(the nearest verb above it) states one of the problem's numbers ("Lizzie owns half as many crayons as
*Debbie*"), or it is the asking clause ("What is the average age of Anika and *Maggie*?"). A name that only
describes another word of the problem ("his friend *Bruno*", "a terrier named *Pickles*") names a person the
problem already has. :class:`~paraqd.analysis.pair.QuestionPair` compares these between a question and its
paraphrase: a person told as the reader everywhere is a consistent rename, a new person in a relation or in the
question while the problem's own people stay (:func:`added_people`) is a partial rename. A narrator who says who
she is ("*I'm Julia*", "*I'm the baker*": :func:`identified_as`) is that person of the problem, and a dialogue's
speaker whose line only asks ("*Dad*: How much have you put in?": :func:`asking_speaker`) takes part in nothing.

The voices of a form: a script's or a chat's "I" is the speaker of its line, after a panel's label and before a
stage direction ("PANEL 2 - *Mia* (smiling): I have 4 pens": :func:`speaker_label`), and the speaker holds what
that "I" holds (:func:`speaker_holds`); a letter's, a diary's, a post's or a memo's "I" is who signs it or sends
it ("Love, Tom", "- Ana", "From: Ana": :func:`signed_by`), its "you" whom its salutation or its header addresses
("Dear Grandma,", "To: Danny": :func:`addressed`). A voice that is a person of the problem is that person; one who
is not and holds a quantity is a new person.
"""

from __future__ import annotations

import re

from .document import QuestionDoc
from .layout import SPEAKER_LABEL
from .lexicon import default_lexicon
from .terms import PERSONAL, Term, antecedent, cached, clause_verb_or_none, key_terms, token_mention

#: the pronouns that tell a problem to its reader, and those of a narrator telling it (closed classes)
SECOND_PERSON = frozenset({"you", "your", "yours", "yourself", "yourselves"})
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself"})
#: the dependencies of a person who takes part in a clause (its subject, object, possessor, the object of its
#: preposition: "as many as *Debbie*") and of the items coordinated with one
_PARTICIPANT_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "dative", "pobj", "poss", "attr", "conj", "agent"})
#: the dependencies of a name that describes another word ("his friend *Bruno*", "named *Pickles*")
_DESCRIBING_DEPS = frozenset({"appos", "compound", "oprd", "npadvmod"})
#: the dependencies of a name that acts: the subject of a clause or a possessor
_ACTING_DEPS = frozenset({"nsubj", "nsubjpass", "poss"})
#: the parser's labels of places: a name so labelled is a person only when it acts as one (:func:`is_person`)
_PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
_QUOTES = frozenset({'"', "\u201c", "\u201d", "``", "''"})
_WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})
#: the start of a dialogue line: a speaker's name (or a role: "Coach") and a colon; in a script, after the
#: label of its panel or scene ("PANEL 2 - Mia:", "Scene 3: Coach:") and before a stage direction in brackets
#: ("Sheila (age 6):", "(Friday) Mia:"); group 1 is the speaker
_SPEAKER = re.compile(rf"[ \t]*(?:[A-Za-z]+\.?[ \t]*\d{{1,3}}[a-z]?[ \t]*[-\u2013\u2014:.][ \t]*)?{SPEAKER_LABEL}")
#: a letter's salutation on its first line: "Dear Grandma,", "Hi Uncle Ray," (group 1: who is addressed)
_SALUTATION = re.compile(r"[ \t]*[A-Za-z]+[ \t]+((?:[A-Z][A-Za-z'-]*[ \t]*){1,3})[,:!][ \t]*\n")
#: a memo's or a message's header lines: "To: Danny", "From: Mom (Home Office)" (group 1: who is addressed or
#: who writes, before any bracket)
_TO_HEADER = re.compile(r"^[ \t]*To[ \t]*:[ \t]*([^\n(]+)", re.MULTILINE)
_FROM_HEADER = re.compile(r"^[ \t]*From[ \t]*:[ \t]*([^\n(]+)", re.MULTILINE)
#: a sign-off on the last line or two: a name alone, after a dash or a closing phrase and a comma ("- Seth",
#: "Love, Tom", "Your friend,\nAna"; group 1: who writes)
_SIGN_OFF = re.compile(r"\n[ \t]*(?:[-\u2013\u2014~][ \t]*)?(?:[A-Za-z][A-Za-z' ]{0,30},[ \t]*\n?[ \t]*)?"
                       r"([A-Z][a-z'-]+(?:[ \t]+[A-Z][a-z'-]+){0,2})[ \t]*[.!]?[ \t]*$")


def in_speech(tok) -> bool:
    """Whether ``tok`` is inside quoted speech or a dialogue line ("Mia: How did it go?")."""
    quotes = sum(1 for t in tok.doc[:tok.i] if t.text in _QUOTES)
    if quotes % 2:
        return True
    sent = tok.sent
    if any(t.text == ":" and t.i < tok.i for t in sent[:4]):
        return True
    text = tok.doc.text  # a later sentence of a dialogue line ("Mia: Fine. And you?")
    return _SPEAKER.match(text, text.rfind("\n", 0, tok.idx) + 1, tok.idx) is not None


def asking_speaker(tok) -> bool:
    """Whether the name at ``tok`` labels a dialogue line that only asks ("*Dad*: How much have you put in so
    far?"): the speaker's name opens its line before a colon, and the line ends with a question mark and
    states no number. Such a speaker asks what the story's people hold and holds nothing of the problem."""
    text = tok.doc.text
    line_start = text.rfind("\n", 0, tok.idx) + 1
    label = _SPEAKER.match(text, line_start)
    if text[line_start:tok.idx].strip() or label is None or label.end() <= tok.idx:
        return False
    line_end = text.find("\n", label.end())
    line_end = len(text) if line_end < 0 else line_end
    words = [t for t in tok.doc if label.end() <= t.idx < line_end]
    return text[label.end():line_end].rstrip().endswith("?") and not any(t.like_num for t in words)


def speaker_label(tok):
    """The label of the dialogue or script line ``tok`` opens as its speaker ("*Mia*: I have 4 pens", "PANEL 2 -
    *Mia* (smiling): ..."), as a match of the line (group 1 the speaker), or ``None`` when ``tok`` is no
    speaker's name."""
    text = tok.doc.text
    line_start = text.rfind("\n", 0, tok.idx) + 1
    label = _SPEAKER.match(text, line_start)
    if label is None or not label.start(1) <= tok.idx < label.end(1):
        return None
    return label


def _speaker_line(tok, label) -> list:
    """The tokens of what the speaker labelled by ``label`` says: from the label to the end of its line or to the
    next speaker's label inside it ("Cristina: I brought 7. John: I brought 10.")."""
    text = tok.doc.text
    line_end = text.find("\n", label.end())
    line_end = len(text) if line_end < 0 else line_end
    words = []
    for t in tok.doc:
        if not label.end() <= t.idx < line_end:
            continue
        if t.is_sent_start and words and _SPEAKER.match(text, t.idx) is not None:
            break
        words.append(t)
    return words


def speaker_holds(doc: QuestionDoc, tok, values: frozenset[float]) -> str | None:
    """What the speaker labelled at ``tok`` holds (:func:`holds_quantity`) when the line speaks in the first
    person: what the first-person singular pronouns of the speaker's own line hold ("PANEL 3 - Ben: *I* brought 9
    photos": Ben holds 9 photos), since a script's or a chat's "I" is the line's speaker; ``None`` when ``tok``
    labels no line or its line has no "I" (the label is then read as any name is)."""
    label = speaker_label(tok)
    if label is None:
        return None
    mine = [t for t in _speaker_line(tok, label) if t.lower_ in FIRST_PERSON]
    if not mine:
        return None
    held = {holds_quantity(doc, t, values) for t in mine}
    return "question" if "question" in held else ("quantity" if "quantity" in held else "")


def signed_by(doc: QuestionDoc) -> str:
    """The name (lowercased) that signs ``doc`` on its last line, alone or after a dash or a closing ("- Seth",
    "Love, Tom", "Your friend,\nAna"), or that a memo's header line gives as its sender ("From: Ana"): the writer
    of a letter, a diary, a post or a memo, whom its "I" stands for; ``""`` when it names none."""
    m = _SIGN_OFF.search(doc.text.rstrip()) or _FROM_HEADER.search(doc.text)
    return " ".join(m.group(1).split()).lower() if m else ""


def addressed(doc: QuestionDoc) -> str:
    """The name (lowercased) a letter's salutation addresses on its first line ("Dear Grandma,", "Hi Uncle
    Ray,": ``"grandma"``, ``"uncle ray"``) or a memo's header line ("To: Danny"), whom its "you" stands for;
    ``""`` when it names none."""
    m = _SALUTATION.match(doc.text) or _TO_HEADER.search(doc.text)
    return " ".join(m.group(1).split()).lower() if m else ""


def reader(doc: QuestionDoc) -> Term | None:
    """The reader (or narrator) as a term of ``doc``: its second-person pronouns outside speech, else its
    first-person singular ones (key ``"you"`` or ``"i"``), when some are in the story, not only in a question
    ("Can you tell how many ..." addresses the solver); ``None`` otherwise (computed once per document)."""
    return cached(doc, "paraqd.people.reader", _reader)


def _reader(doc: QuestionDoc) -> Term | None:
    for key, words in (("you", SECOND_PERSON), ("i", FIRST_PERSON)):
        toks = [t for t in doc.doc if t.lower_ in words and t.pos_ == "PRON" and not in_speech(t)]
        if toks and not all(_asks(t.sent) for t in toks):
            return Term(key, tuple(token_mention(t) for t in toks))
    return None


def identified_as(doc: QuestionDoc, person: Term) -> set[str]:
    """The names ``person`` (the reader, or any term) is said to be, by a copular clause with one of its mentions
    as subject and the name as attribute ("Imagine *you are Shem*", "*You're Pavel*, a baker", "*I'm Julia*"),
    or the one person a definite noun names ("*I'm the baker*": its lemma); the reader's "I" is also who signs
    the text (:func:`signed_by`), its "you" whom a letter's salutation addresses (:func:`addressed`): lowercase
    keys."""
    starts = {m.start for m in person.mentions}
    found = set()
    for tok in doc.doc:
        if tok.lemma_ != "be":
            continue
        # the subject is a mention, or "name" that a mention possesses ("*My name* is Zoe"); the parser reads
        # the name as an attribute or as an adjectival complement ("I'm *Ray*", "Hi, I'm *Zoe*!")
        subjects = [c for c in tok.children if c.dep_ == "nsubj" and (c.idx in starts or (
            c.lemma_ == "name" and any(p.dep_ == "poss" and p.idx in starts for p in c.children)))]
        names = [c for c in tok.children if c.dep_ in ("attr", "acomp") and c.pos_ == "PROPN"]
        roles = [c for c in tok.children if c.dep_ == "attr" and c.pos_ == "NOUN"
                 and any(d.dep_ == "det" and d.lower_ == "the" for d in c.children)]
        if subjects:
            found.update(c.text.lower() for c in names)
            found.update((c.lemma_ or c.text).lower() for c in roles)
    # a letter's, a diary's or a post's "I" is who signs it, its "you" whom its salutation addresses (a title
    # and a name, "Uncle Ray", is the name, "ray", too)
    writer = signed_by(doc) if person.key == "i" else addressed(doc) if person.key == "you" else ""
    found.update({writer, writer.split()[-1]} if writer else ())
    return found


def addresses(doc: QuestionDoc, key: str) -> bool:
    """Whether ``doc`` has any pronoun of the person ``key`` (``"you"`` or ``"i"``), in speech or not."""
    words = SECOND_PERSON if key == "you" else FIRST_PERSON
    return any(t.lower_ in words for t in doc.doc)


def is_person(doc: QuestionDoc, term: Term) -> bool:
    """Whether the name ``term`` acts as a person in ``doc``: labelled one, stood for by a personal pronoun,
    or, a proper noun, the subject of a clause or a possessor ("*Jesse*'s room")."""
    if term.label == "PERSON":
        return True
    if not term.is_name:
        return False
    toks = [t for m in term.mentions for t in (doc.span(m) or ())[-1:]]
    if any(t.pos_ == "PROPN" and (t.dep_ in _ACTING_DEPS or _possessor(t)) for t in toks):
        return True
    names = {m.text.lower() for m in term.mentions}
    return any(t.lower_ in PERSONAL and antecedent(doc, t) in names for t in doc.doc)


def _possessor(tok) -> bool:
    return tok.i + 1 < len(tok.doc) and tok.nbor(1).lower_ in ("'s", "’s", "'")


def _clause_head(tok):
    """The nearest verb above ``tok`` (its clause), or ``None``."""
    return clause_verb_or_none(tok.head)


def describes(tok) -> bool:
    """Whether the name at ``tok`` describes another word, naming a person the problem has without a name
    ("his friend *Bruno*", "the waiter, *Marco*", "a terrier named *Pickles*")."""
    return tok.dep_ in _DESCRIBING_DEPS or any(c.dep_ in ("appos", "compound") and c.pos_ == "NOUN"
                                               for c in tok.children)


def _participant(tok) -> bool:
    """Whether ``tok`` takes part in its clause as a person (not a word that describes another one)."""
    return not describes(tok) and tok.dep_ in _PARTICIPANT_DEPS


def holds_quantity(doc: QuestionDoc, tok, values: frozenset[float]) -> str:
    """What the person at ``tok`` holds: ``"question"`` when its clause is the asking one, ``"quantity"`` when
    it is the other side of a comparison or its clause states one of ``values`` (the problem's numbers);
    ``""`` otherwise."""
    if not _participant(tok):
        return ""
    clause = _clause_head(tok)
    if clause is not None and _asking(clause):
        return "question"
    if any(_compares(a) for a in tok.ancestors):
        return "quantity"  # the other side of a comparison of quantities ("twice as many as *Elena*")
    if clause is None:
        return ""
    inside = {t.i for t in clause.subtree}
    spans = (doc.span(n) for n in doc.numbers if n.value in values)
    return "quantity" if any(span is not None and span[0].i in inside for span in spans) else ""


def named_holders(doc: QuestionDoc) -> frozenset[str]:
    """The names (lowercased) that hold a quantity of ``doc`` or are asked about (:func:`holds_quantity`): the
    persons of the problem ("*Ines* swam 8 laps. *Paulo* swam twice as many laps as *Ines*"). A word the parser
    tags a proper noun once is a name wherever it stands (it may tag a name that opens a sentence a noun)."""
    values = frozenset(n.value for n in doc.numbers)
    names = {t.lower_ for t in doc.doc if t.pos_ == "PROPN" and t.is_alpha and t.is_title}
    return frozenset(t.lower_ for t in doc.doc if t.lower_ in names and t.is_title and holds_quantity(doc, t, values))


def _asks(sent) -> bool:
    """Whether the sentence ``sent`` is a question (it ends with a question mark)."""
    last = [t for t in sent if not t.is_space]
    return bool(last) and "?" in last[-1].text


def _asking(clause) -> bool:
    """Whether ``clause`` (the clause of the person at ``tok``) is an asking clause: in a question,
    holding the wh-word of its own clause ("What is the sum of the ages of Ines and *Marco*?"; not "Can *you*
    tell how many ...", whose wh-word opens a clause of its own)."""
    if not _asks(clause.sent):
        return False
    inside = {t.i for t in clause.subtree}
    wh = [t for t in clause.sent if t.tag_ in _WH_TAGS and t.i in inside]
    return any(_clause_head(t) is not None and _clause_head(t).i == clause.i for t in wh)


def _compares(tok) -> bool:
    """Whether ``tok`` opens the second term of a comparison: "than", or the second "as" of "as many as", "as
    old as", "the same as" (closed-class words)."""
    if tok.lower_ == "than":
        return True
    head = tok.head
    return tok.lower_ == "as" and tok.dep_ in ("prep", "mark") and (
        head.lower_ == "same" or any(c.lower_ == "as" and c.i < tok.i for c in head.subtree))


def _a_word(tok) -> bool:
    """Whether a capitalised word is an English word that is no noun ("*Funny*," he said): WordNet knows it
    as an adjective or adverb and not as a noun; without WordNet, no."""
    lexicon = default_lexicon()
    word = tok.lower_
    return lexicon is not None and not lexicon.knows(word) and (lexicon.knows(word, "a") or lexicon.knows(word, "r"))


def added_people(question: QuestionDoc, paraphrase: QuestionDoc, partners: set[str],
                 lost: set[str]) -> list[tuple[Term, object, str]]:
    """The people of ``paraphrase`` the question never has, put in a relation or in the question while every
    named person of the question stays: ``(term, token, what it holds)`` each (:func:`holds_quantity`).

    ``partners``: the paraphrase terms already paired with a question term (renames); ``lost``: the question's
    people that lost a mention in the paraphrase. A person in a clause that states a number must stand where
    such a person stood (one of them lost a mention); one in the asking clause needs none. The reader counts as
    a person when the question never addresses it."""
    q_terms, p_terms = key_terms(question), key_terms(paraphrase)
    q_people = [t for t in q_terms.values() if is_person(question, t)]
    if not q_people or any(t.key not in p_terms for t in q_people):
        return []  # no named person, or one renamed or gone: the renames say it
    q_words = {w for t in question.doc for w in (t.lower_, (t.lemma_ or t.text).lower())}
    values = frozenset(n.value for n in question.numbers)
    # a plural of a question's name is that name ("people named Joe" -> "50 Joes")
    candidates = [t for k, t in p_terms.items() if k not in q_words and k not in partners
                  and not (k.endswith("s") and k[:-1] in q_words)]
    you = reader(paraphrase)
    if (you is not None and not addresses(question, you.key) and not _reader_acts(question, values)
            and not any(_is_person_of(question, paraphrase, q_terms, key, you)
                        for key in identified_as(paraphrase, you))):
        candidates.append(you)  # a reader said to be one of the problem's people ("Imagine you are Shem", "I'm
        # Julia", "I'm the baker") is that one
    found = []
    for term in candidates:
        toks = [span[-1] for span in map(paraphrase.span, term.mentions) if span is not None]
        # a line's speaker holds what the line's "I" holds, whatever the parse makes of the label
        voiced = {tok.i: speaker_holds(paraphrase, tok, values) for tok in toks}
        if any(describes(tok) and voiced[tok.i] is None for tok in toks):
            continue  # a person the problem has, named ("his sister *Ann*" ... "Tom and *Ann*")
        if term.label in _PLACE_LABELS and not is_person(paraphrase, term):
            continue  # a place ("from New *York*")
        for tok in toks:
            if term is not you and voiced[tok.i] is None and (tok.pos_ != "PROPN" or _a_word(tok)):
                continue  # a name: a proper noun, not a capitalised word
            if asking_speaker(tok):
                continue  # "Dad: How much have you put in?": a speaker who only asks takes part in nothing
            held = voiced[tok.i] if voiced[tok.i] is not None else holds_quantity(paraphrase, tok, values)
            if held == "question" or (held == "quantity" and lost):
                found.append((term, tok, held))
                break
    return found


def _reader_acts(doc: QuestionDoc, values: frozenset[float]) -> bool:
    """Whether the reader (or narrator) of ``doc`` takes part in its story: a pronoun of the second or the first
    person singular outside speech holds one of ``values`` or is asked about ("If *you* travel at 60 km per hour,
    how long ..."; not the solver of "Can *you* tell how many ..."). A paraphrase told by its "I" where the
    question told its "you" keeps that one person, in another voice."""
    return any(t.lower_ in SECOND_PERSON | FIRST_PERSON and t.pos_ == "PRON" and not in_speech(t)
               and holds_quantity(doc, t, values) for t in doc.doc)


def _is_person_of(question: QuestionDoc, paraphrase: QuestionDoc, q_terms: dict[str, Term], key: str,
                  you: Term) -> bool:
    """Whether ``key`` (a name or a noun the paraphrase's reader ``you`` is said to be) names that reader as a
    person of ``question``: a term of it that acts as a person (:func:`is_person`), a name ("their sister
    *Julia*") or a noun whose first sense is a kind of person ("the *baker*"; WordNet, none without it); when
    the paraphrase asks about the reader ("What year was *I* born in?"), the question asks about that person, by
    name or pronoun, or about no person it names."""
    term = q_terms.get(key)
    if term is None:
        return False
    lexicon = default_lexicon()
    if not (is_person(question, term) or term.is_name
            or (lexicon is not None and lexicon.kinds(key, senses=1) == ("person",))):
        return False
    if not any(span is not None and _asks(span[-1].sent) for span in map(paraphrase.span, you.mentions)):
        return True
    asked = _asked_names(question)
    return key in asked or not asked & set(q_terms)


def _asked_names(doc: QuestionDoc) -> set[str]:
    """The names (lowercased) ``doc``'s asking sentences (those ending with a question mark) write, or stand for
    by a personal pronoun ("how much money was *he* left with": its :func:`~paraqd.analysis.terms.antecedent`)."""
    names = set()
    for tok in doc.doc:
        if not _asks(tok.sent):
            continue
        if tok.pos_ == "PROPN":
            names.add(tok.lower_)
        elif tok.lower_ in PERSONAL:
            names.add(antecedent(doc, tok) or "")
    return names

