"""What a text asks (:func:`find_ask`: its question sentence, the form, the noun and units asked), and what
the question sentence is about, read against the rest of the problem: the edits that make an almost unchanged
paraphrase ask about another thing of the same story.

A paraphrase that copies the problem and edits only its question sentence keeps every number, unit and name,
yet asks something else. Two edits do it with words of the story itself:

- **a part of a phrase left out** (:func:`parts_left_out`): "how much did each *piece of* pizza cost" ->
  "how much did each pizza cost", "if *John's wife* gets her way" -> "if John gets his way", "*Manny,* his
  classmates and Mr. Keith all had 1 piece" -> "his classmates and Mr. Keith all had 1 piece". The word
  left out is still in the paraphrase elsewhere (the pieces are still cut, the wife still wants 60 % more),
  so nothing was renamed or dropped from the problem: the question's phrase now names the other part of it,
  the pizza, John, the classmates without Manny.
- **the story's words asked about** (:func:`story_words_asked`): "how much did he pay when picking it up" ->
  "how much was his deposit" (the deposit is a step of the story), "how many candies do the three of them
  have in total" -> "how many candies does Rubert have". The asking clause loses its own words and takes
  words that the problem used elsewhere, for another quantity of the same story.

Both readings apply only to a paraphrase that is an edited copy of the problem (most of its words copied
in order, :attr:`~paraqd.analysis.pair.QuestionPair.copied_share`): a free rewording says everything in other words, and
what its question sentence gains or loses says little. On the development rewordings (mathcheck_dev and the
GSM8K rewordings, ``benchmarks/rewordings.py``) no valid rewording copies enough for either reading to
apply and still fires it; docs/explain.md has the figures.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .document import Mention, QuestionDoc, UnitMention
from .lexicon import ANTONYM, SIBLING, default_lexicon
from .relations import NEAR_COPY
from .terms import CONTENT_POS, LIGHT_NOUNS, NOUN_POS, SUBJECT_DEPS, cached, key_terms, token_lemma, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

WH_WORDS = frozenset({"what", "how", "which", "who", "whom", "whose", "when", "where", "why"})
#: imperative verbs that open a final request ("Find the speed of the train.")
REQUEST_VERBS = frozenset({
    "find", "calculate", "determine", "compute", "estimate", "express", "evaluate", "simplify", "solve",
    "give", "state", "identify", "write", "work", "tell", "show", "obtain", "derive", "convert", "figure",
})
#: wh-words that open an asking clause embedded in a statement ("I want to know *how* many ..."): "how" after
#: any verb; "what" / "which" only after a verb of finding or knowing (:data:`REQUEST_VERBS`,
#: :data:`KNOWING_VERBS`), since "she spent *what* she had" names a thing, it asks nothing
KNOWING_VERBS = frozenset({"know", "wonder", "guess", "learn", "see", "check", "ask", "report"})


@dataclass(frozen=True)
class Ask:
    """What a text asks: the sentence, its form ("how many", "how long", "what"...), noun and units."""

    sentence: Mention
    form: str
    noun: str | None
    noun_span: Mention | None
    units: tuple[UnitMention, ...]
    complete: bool
    #: the asking clause: the sentence from its clause-opening wh-word or request verb on ("If ..., *calculate
    #: the number of bricks*"); the whole sentence when none is found
    clause: Mention | None = None

    @property
    def clause_or_sentence(self) -> Mention:
        """The asking clause (:attr:`clause`), else the whole asking sentence."""
        return self.clause or self.sentence


def _is_request(sent) -> bool:
    """Whether ``sent`` opens with a request verb or holds an imperative one ("..., calculate the total")."""
    first = next((t for t in sent if not t.is_punct), None)
    if first is not None and first.lower_ in REQUEST_VERBS:
        return True
    return _request_verb(sent) is not None


_NOT_IMPERATIVE_DEPS = frozenset({"nsubj", "nsubjpass", "aux", "auxpass", "expl"})


def _request_verb(sent):
    """The imperative request verb of ``sent`` ("Given ..., determine the age"), or ``None``: a base-form
    request verb that is the main verb or follows a comma, with no subject or auxiliary ("to", "can") of its
    own."""
    for tok in sent:
        if tok.lower_ not in REQUEST_VERBS:
            continue
        before = tok.nbor(-1) if tok.i > sent.start else None
        # a capitalised request verb opening a line of its own is one whatever its tag ("Given:\n- ...\n*Find*:
        # the number of ..."): the parser reads a list and the line after it as one sentence
        opens_line = tok.is_title and before is not None and before.is_space and "\n" in before.text
        # a request verb with no subject tagged VBP is an imperative the tagger misread ("Given that ...,
        # calculate the time" at the root of the sentence)
        if tok.tag_ not in ("VB", "VBP") and not opens_line:
            continue
        if not (tok.dep_ == "ROOT" or opens_line or (before is not None and before.text in (",", ";", ":"))):
            continue
        if any(child.dep_ in _NOT_IMPERATIVE_DEPS for child in tok.children):
            continue
        if before is not None and before.lower_ == "to":
            continue
        return tok
    return None


def _has_wh(sent) -> bool:
    """A wh-word that opens a clause ("What is ...", "..., how many ...", "In how many ways ..."); a
    relative "what"/"which" inside a clause ("more money than what Pankaj has") does not ask anything."""
    toks = [t for t in sent if not t.is_space]
    for i, tok in enumerate(toks):
        if tok.lower_ not in WH_WORDS or tok.head.dep_ == "relcl":
            continue  # "..., which is about one year.": a relative clause asks nothing
        before = toks[i - 1] if i else None
        if before is None or before.is_punct:
            return True
        if before.pos_ == "ADP" and (i == 1 or toks[i - 2].is_punct):
            return True
    return False


_CLOSERS = "'\"’”)]} "


#: what a post writes after its last sentence: hashtags ("... in total! #petlife #zoo")
_TRAILING_TAGS = re.compile(r"(?:\s*#\w+)+$")


def _ends_complete(text: str) -> bool:
    """Whether ``text`` ends as a sentence does: a full stop, "!", ":" or "?", before closing quotes and
    hashtags; or an emoji, which closes a chat message as a full stop does ("... I'm scared to look 😅")."""
    text = _TRAILING_TAGS.sub("", text.rstrip()).rstrip()
    if text and unicodedata.category(text[-1]) == "So":
        return True
    return text.rstrip(_CLOSERS)[-1:] in (".", "!", ":", "?")


def find_ask(doc: QuestionDoc) -> Ask | None:
    """What ``doc`` asks, or ``None``: the last sentence ending in "?" (unless a request for a measure follows
    it: "... right? Yep. Tell me how much I have now"); without one, the last of

    - a label line that asks, read as its own line whatever the parser joins to it: its label a request verb
      ("Find: the number of photos Clara needs", whole at its line break unless its last word waits for more:
      "Find: the number of"), or its value opening with a request verb or a wh-word ("Your goal: find out how
      many ...");
    - a request or a wh-sentence ("Calculate the total.", "Reporters asked: how much ...");
    - an ask embedded in a statement that no number follows ("I want to know how many girls ...", "Please
      report how many ...", "Tonight I want to calculate the total number of ...");

    where a weak one (embedded, or a label line whose value only opens with a request) yields to a request
    before it ("Calculate the total. Hint: first count how many times it doubles"). Lines after the asking
    sentence's end mark (a letter's sign-off) are no part of it; hashtags after it and an emoji closing a chat
    message leave it whole."""
    return cached(doc, "paraqd.asked.ask", _find_ask)


def asking_clause(doc: QuestionDoc) -> Mention | None:
    """The asking clause of ``doc`` (else its asking sentence, :attr:`Ask.clause_or_sentence`), or ``None`` when
    it asks nothing."""
    ask = find_ask(doc)
    return None if ask is None else ask.clause_or_sentence


def story_tokens(doc: QuestionDoc, ask: Ask) -> list:
    """The tokens of ``doc`` outside its asking clause (:attr:`Ask.clause_or_sentence`): the story's, with what
    the asking sentence says before its clause ("If each box holds 4, ...")."""
    clause = ask.clause_or_sentence
    return [t for t in doc.doc if not clause.start <= t.idx < clause.end]


def _find_ask(doc: QuestionDoc) -> Ask | None:
    sents = doc.spacy_sentences
    chosen = next((s for s in reversed(sents) if "?" in s.text), None)
    if chosen is not None:
        focus = _asking_token(chosen)
        if focus is None:
            # "Can you work out *how many* cups ...?": a question whose asking clause is embedded in a request
            focus = _embedded_asking_token(chosen, reader=True)
        if focus is None:
            # a question that asks no quantity ("You had $400 to start, right?") gives way to a request for a
            # measure after it ("Yep. Tell me how much I have now")
            later = next((s for s in reversed(sents) if s.start_char >= chosen.end_char and _requests_measure(s)),
                         None)
            if later is not None:
                return _ask_of(doc, later, _asking_token(later), _ends_complete(later.text))
        return _ask_of(doc, chosen, focus, True)
    # without a "?": the asks of label lines, of request and wh-sentences, and one embedded in the last
    # statement, as (start, request, ask); the last one asks, save that a weak one (an embedded ask, a label
    # whose value only opens with a request) yields to a request before it: "Calculate the total. Hint: first
    # count how many times it doubles" asks for the total
    labels = _label_asks(doc)
    found = [(start, strong, lambda s=start, e=end, f=focus: _ask_of(
        doc, doc.doc.char_span(s, e, alignment_mode="expand"), f, _label_complete(doc, e)))
        for start, end, focus, strong in labels]
    for sent in sents:
        if any(sent.start_char < end and start < sent.end_char for start, end, _, _ in labels):
            continue  # a label line is read as its line, whatever the parser joined to it
        request = _is_request(sent)
        if request or _has_wh(sent):
            found.append((sent.start_char, request, lambda s=sent: _ask_of(doc, s, _asking_token(s),
                                                                           _ends_complete(s.text))))
    last, focus = next(((s, f) for s in reversed(sents) for f in [_embedded_asking_token(s)] if f is not None),
                       (None, None))
    # a statement that embeds the ask ("I want to know how many ...") asks when no number follows it (the
    # story is told by then; a sign-off or hashtags may) and nothing asks after it
    if last is not None and not any(n.start >= last.end_char for n in doc.numbers) and not any(
            start >= last.start_char for start, _, _ in found):
        found.append((last.start_char, None, lambda s=last, f=focus: _ask_of(doc, s, f, _ends_complete(s.text))))
    if not found:
        return None
    found.sort(key=lambda c: c[0])
    start, strong, ask = found[-1]
    if not strong:
        ask = next((a for _, r, a in reversed(found[:-1]) if r), ask)
    return ask()


def _requests_measure(sent) -> bool:
    """Whether ``sent`` is an imperative request for a measure: its request verb followed by "how" and the
    measure's word ("Tell me *how much* I have now", "Work out *how many* ..."); "Show your work" and "Explain
    how you got it" ask for nothing the problem computes."""
    verb = _request_verb(sent)
    return verb is not None and any(
        t.lower_ == "how" and t.i > verb.i and t.i + 1 < sent.end and t.nbor(1).pos_ in ("ADJ", "ADV")
        for t in sent)


#: a sentence-ending mark followed by a line break ("...?\nLove, Beth", "... cost.\n- Alison")
_LINE_END = re.compile(r"[.?!][\"'’”)\]} \t]*\n")


def _ask_of(doc: QuestionDoc, chosen, focus, complete: bool) -> Ask:
    """The :class:`Ask` of the sentence (or line) ``chosen`` whose asking clause opens at the token ``focus``.
    The lines after the asking clause's sentence-ending mark are no part of the ask, whatever the parser
    joins to it: a letter's sign-off ("...?\nLove, Beth", "... cost.\n- Alison")."""
    text = chosen.text
    mark = max(text.rfind("?"), 0 if focus is None else focus.idx - chosen.start_char)
    end = _LINE_END.search(text, mark)
    if end is not None:
        cut = doc.doc.char_span(chosen.start_char, chosen.start_char + end.end() - 1, alignment_mode="contract")
        if cut is not None and len(cut):
            chosen = cut
            complete = complete or _ends_complete(cut.text)
    form, noun_tok = _form_and_noun(chosen, focus)
    start, end = chosen.start_char, chosen.start_char + len(chosen.text.rstrip())
    # the units the question asks in are those of the asking clause: "Since there are 12 inches in a foot,
    # how many *inches* ..." asks in inches, not in feet
    asked_from = start if focus is None else focus.idx
    units = tuple(u for u in doc.units if asked_from <= u.start < end)
    noun_span = None if noun_tok is None else Mention(noun_tok.idx, noun_tok.idx + len(noun_tok), noun_tok.text)
    noun = None if noun_tok is None else noun_tok.lemma_.lower()
    clause = Mention(asked_from, end, doc.text[asked_from:end])
    return Ask(Mention(start, end, doc.text[start:end]), form, noun, noun_span, units, complete, clause)


#: a line of a label-value layout: a short label, a colon and its value ("Find: the price of the racket",
#: "Goal: work out how many ...", "- Sneakers: $200")
_LABEL_LINE = re.compile(r"^[ \t]*(?:[-*\u2022][ \t]*)?([A-Za-z][A-Za-z' ]{0,30}?)[ \t]*:[ \t]*(\S[^\n]*?)[ \t]*$",
                         re.MULTILINE)


def _label_asks(doc: QuestionDoc) -> list[tuple[int, int, object, bool]]:
    """``(start, end, focus, strong)`` of each label line of ``doc`` that asks: a line "Label: value" whose
    label is a request verb ("Find: the number of photos ...", "Calculate: ...": ``strong``) or whose value
    opens with a request verb or a wh-word ("Your goal: find out how many ...", "Task: how much ..."). A line
    of a layout is its own sentence whatever the parser joins to it (a "Given:" list and the line after it
    parse as one sentence); ``focus`` is the token its asking clause opens at."""
    found = []
    for m in _LABEL_LINE.finditer(doc.text):
        label_words, value_start = m.group(1).split(), m.start(2)
        value = doc.doc.char_span(value_start, m.end(2), alignment_mode="expand")
        if value is None or not len(value):
            continue
        first = value[0]
        wh = first.lower_ in WH_WORDS and first.lower_ not in ("who", "whom", "whose")
        if label_words[0].lower() in REQUEST_VERBS and len(label_words) == 1:
            # "Find: how much he paid" asks in the wh-word's form; "Find: the number of ..." is a request
            focus = first if wh else doc.doc.char_span(m.start(1), m.end(1), alignment_mode="expand")[0]
            found.append((m.start(1), m.end(2), focus, True))
        elif first.lower_ in REQUEST_VERBS or wh:
            found.append((m.start(1), m.end(2), first, False))
    return found


#: the subject forms of the personal pronouns: a line ending with one waits for its verb ("the change *she*")
_SUBJECTS = frozenset({"i", "he", "she", "we", "they"})
#: parts of speech a line cut short ends with: "Find: the number *of*", "... *the*", "... *and*"
_DANGLING_POS = frozenset({"DET", "ADP", "CCONJ", "SCONJ", "AUX", "PART"})
#: the same by their tags, whatever part of speech the parser gave them on a line it misread ("... money *the*")
_DANGLING_TAGS = frozenset({"DT", "PDT", "CC", "TO", "PRP$", "MD"})


def _label_complete(doc: QuestionDoc, end: int) -> bool:
    """Whether the label line that ends at ``end`` is whole: ended by a full stop, or by its line break (or the
    end of the text) after a word that can end a phrase, never a determiner, preposition, conjunction or a
    possessive ("Find: the total time it will take her" is whole; "Find: the number of" is cut)."""
    if _ends_complete(doc.text[:end]):
        return True
    span = doc.doc.char_span(0, end, alignment_mode="contract")
    last = next((t for t in reversed(span) if not t.is_space), None) if span is not None else None
    if last is None or last.dep_ in ("poss", "nsubj") or last.tag_ in ("WDT", "WP", "WP$") or last.lower_ in _SUBJECTS:
        return False  # "... *her*", "... the change *she*", "... the change *that*" wait for more
    if last.pos_ == "ADP":  # "left *over*" ends a phrase; "the number *of*" waits for its object
        return last.dep_ != "prep"
    return last.pos_ not in _DANGLING_POS and last.tag_ not in _DANGLING_TAGS


def _embedded_asking_token(sent, reader: bool = False):
    """The token that opens an asking clause embedded in a statement, or ``None``: a wh-word that is the
    complement of a verb ("I want to know *how* many girls ...", "Now I'm wondering *how* many wheels ...",
    "Please report *how* many ...", "figure out *what* ...": after the verb, its particle or the person it
    is told to), or a request verb that is no imperative with its object, in a sentence told in the present
    ("Tonight I want to *calculate* the total number of fruits", "I want you to *tell* me the average").
    ``reader``: in a question, only a request made to the reader ("Can *you* work out the average ...?"), never
    an act of the story ("how many stamps can she *give* away?")."""
    toks = [t for t in sent if not t.is_space]
    for i, tok in enumerate(toks[1:], 1):
        if tok.lower_ not in ("how", "what", "which") or tok.head.dep_ == "relcl":
            continue
        before = toks[i - 1]
        verb = before if before.pos_ in ("VERB", "AUX") else before.head if before.dep_ in (
            "prt", "dative", "dobj") and before.head.pos_ in ("VERB", "AUX") and before.head.i < before.i else None
        if verb is None or verb.i > tok.i or not _asked_by_writer_or_reader(verb):
            continue  # "She wants to find out how far she skips": a person of the story wonders, nobody asks
        if tok.lower_ == "how" or token_lemma(verb) in REQUEST_VERBS | KNOWING_VERBS:
            return tok
    for tok in toks:
        if token_lemma(tok) not in REQUEST_VERBS or tok.pos_ != "VERB":
            continue
        objects = [c for c in tok.children if c.dep_ == "dobj" and c.pos_ in NOUN_POS
                   and not any(g.dep_ == "nummod" for g in c.children)]
        if not objects or any(t.tag_ == "VBD" for t in _verb_chain(tok)):
            continue
        # the one who works it out is the writer or the reader ("I want to calculate", "I'm working out",
        # "can you work out"), never a person of the story ("Haley gives 2 marbles to each boy")
        subjects = _subjects((tok,))
        if subjects - ({"you"} if reader else _WRITER_OR_READER) or (reader and not subjects):
            continue
        return tok
    return None


def _asked_by_writer_or_reader(verb) -> bool:
    """Whether the verbs from ``verb`` up to its sentence's root have no subject but the writer or the reader
    ("I want to know how many", "Please report how many", "can you figure out what"): a person of the story who
    wants to find something out ("She wants to find out how far ...") tells the story, it asks the solver
    nothing."""
    return not _subjects(_verb_chain(verb)) - _WRITER_OR_READER


#: the subjects that make a request the writer's or the reader's ("*I* want to know", "can *you* work out")
_WRITER_OR_READER = frozenset({"i", "we", "you"})


def _subjects(verbs) -> set[str]:
    """The subjects (lowercased) of the ``verbs``."""
    return {c.lower_ for v in verbs for c in v.children if c.dep_ in SUBJECT_DEPS}


def _verb_chain(tok):
    """``tok`` and the verbs it hangs from up to its sentence's root ("calculate" <- "want")."""
    chain = [tok]
    while tok.head.i != tok.i and tok.dep_ in ("xcomp", "ccomp", "conj", "advcl"):
        tok = tok.head
        chain.append(tok)
    return chain


def _asking_token(sent):
    """The token where the asking clause of ``sent`` starts: its first clause-opening wh-word ("..., *how*
    many"), else its request verb, else ``None``. A relative pronoun opens no asking clause ("If his friend,
    *who* runs a café, buys 14 cakes, how many ...")."""
    toks = [t for t in sent if not t.is_space]
    for i, tok in enumerate(toks):
        if tok.lower_ in WH_WORDS and tok.head.dep_ != "relcl" and (i == 0 or toks[i - 1].is_punct or (
                toks[i - 1].pos_ == "ADP" and (i == 1 or toks[i - 2].is_punct))):
            return toks[i - 1] if i and toks[i - 1].pos_ == "ADP" else tok
    return _request_verb(sent)


def _form_and_noun(sent, focus=None):
    """("how many", noun token) for "how many pieces of chalk", ("what", head noun) for "what is the speed";
    read from ``focus`` on when the asking clause opens inside a statement ("I want to know how many ...")."""
    toks = list(sent)
    if focus is not None and focus.lower_ not in WH_WORDS and token_lemma(focus) in REQUEST_VERBS and not any(
            t.lower_ in ("how", "what", "which") for t in toks if focus.i < t.i <= focus.i + 3):
        # "calculate the total number of ...": a request; "work out how many ...": the wh-word's form
        noun = next((t for t in toks if t.i > focus.i and t.pos_ in NOUN_POS and t.dep_ not in ("compound", "poss")),
                    None)
        return "request", noun
    if focus is not None and focus.i > sent.start and not _is_request(sent) and not _has_wh(sent):
        toks = [t for t in toks if t.i >= focus.i]
    for i, tok in enumerate(toks):
        if tok.lower_ == "how" and i + 1 < len(toks):
            nxt = toks[i + 1]
            if nxt.lower_ in ("many", "much"):
                noun = next((t for t in toks[i + 2:i + 5] if t.pos_ in NOUN_POS and t.dep_ != "compound"),
                            None)
                return f"how {nxt.lower_}", noun
            return f"how {nxt.lower_}", None
        if tok.lower_ in ("what", "which"):
            noun = next((t for t in toks[i + 1:] if t.pos_ in NOUN_POS and t.dep_ != "compound"
                         and t.lemma_.lower() not in LIGHT_NOUNS), None)
            return tok.lower_, noun
    if _is_request(sent):
        verb = _request_verb(sent)
        after = toks[1:] if verb is None else [t for t in toks if t.i > verb.i]
        noun = next((t for t in after if t.pos_ in NOUN_POS and t.dep_ != "compound"), None)
        return "request", noun
    return "other", None


def asked_unit(doc: QuestionDoc) -> str | None:
    """The unit a text asks for by name ("How many days has she had it?" -> "day"), or ``None``."""
    ask = find_ask(doc)
    return None if ask is None or ask.noun_span is None else unit_named(ask)


def unit_named(ask: Ask) -> str | None:
    """The unit the asked noun names ("kgs" -> "kilogram"), if it is one."""
    span = ask.noun_span
    return next((u.unit.name for u in ask.units if u.start < span.end and span.start < u.end), None)


#: :func:`parts_left_out` reads paraphrases that copy at least :data:`~paraqd.analysis.relations.NEAR_COPY`
#: (0.8) of their words from the question; the stricter share from which :func:`story_words_asked` reads the words a question sentence took from
#: the story: a back-translation that copies 87 % of the problem rewrites its question with the story's words
#: ("the possible amounts" -> "the portions of the money paid"); an edit that copies 91 % and more does not
EDITED_COPY = 0.9

#: the word similarity from which a word the question sentence took *from the story* says what a lost word
#: said: a word the story already uses names one of its own steps, and the synonym judge's general 0.5
#: (:data:`~paraqd.checks.synonyms.DEFAULT_SYNONYM_THRESHOLD`) admits related steps of one story ("have
#: left" -> "remove" 0.52); close synonyms stay above (build/construction 0.70, pick/pickup 0.63). A new word
#: the story never used is judged at the general threshold.
STORY_SYNONYM_THRESHOLD = 0.6

#: dependency relations that join two parts of one phrase ("*John*'s wife", "*Manny*, his *classmates*",
#: "*Mr. Keith*")
_PHRASE_DEPS = frozenset({"poss", "compound", "appos", "conj"})


def _sentence(doc: QuestionDoc, sentence: Mention):
    return doc.span(sentence)


def _blocked(doc: QuestionDoc) -> set[int]:
    """Character offsets inside numbers and units (their checks cover them)."""
    return {i for m in (*doc.numbers, *doc.units) for i in range(m.start, m.end)}


def _phrase_partners(tok) -> list:
    """The nouns that form one phrase with ``tok``: its possessor, compounds, appositions and coordinated
    items, the noun after its "of" ("*piece* of *pizza*") and the noun it is "of" ("*piece* of *pizza*")."""
    partners = list(tok.conjuncts)
    for child in tok.children:
        if child.dep_ in _PHRASE_DEPS:
            partners.append(child)
        elif child.dep_ == "prep" and child.lower_ == "of":
            partners.extend(g for g in child.children if g.dep_ == "pobj")
    if tok.dep_ in _PHRASE_DEPS:
        partners.append(tok.head)
    if tok.dep_ == "pobj" and tok.head.lower_ == "of":
        partners.append(tok.head.head)
    partners += [g for p in list(partners) for g in p.children if g.dep_ == "compound"]
    return [p for p in partners if p.pos_ in NOUN_POS]


def parts_left_out(pair: QuestionPair, q_sentence: Mention, p_sentence: Mention) -> list[tuple[Mention, Mention,
                                                                                                 Mention]]:
    """Key terms of the question sentence ``q_sentence`` that an edited copy left out in place while keeping
    another part of their phrase, and still mentions elsewhere: "each *piece of* pizza" -> "each pizza".

    Returns ``(the word left out, the question's phrase, the part kept)`` mentions. A word left out with its
    whole phrase ("finishes *the race* 40 m ahead" -> "finishes 40 m ahead") names nothing else; a term the
    paraphrase no longer mentions anywhere is the entity check's (``term_missing``)."""
    question, paraphrase = pair.question, pair.paraphrase
    if pair.copied_share < NEAR_COPY:
        return []
    regions = {(i1, i2) for i1, i2, j1, j2 in pair.aligned_substitutions(deletions=True) if j1 == j2}
    regions |= set(pair.deletions_in_place(size=3))
    if not regions:
        return []
    p_span = _sentence(paraphrase, p_sentence)
    p_sentence_words = set() if p_span is None else {token_lemma(t) for t in p_span}
    q_terms, p_terms = key_terms(question), key_terms(paraphrase)
    blocked = _blocked(question)
    found = []
    for i1, i2 in sorted(regions):
        for tok in question.doc[i1:i2]:
            key = token_lemma(tok)
            if not (q_sentence.start <= tok.idx < q_sentence.end) or key not in q_terms:
                continue
            if key not in p_terms or key in p_sentence_words:  # gone everywhere, or still asked about
                continue
            kept = [p for p in _phrase_partners(tok) if not i1 <= p.i < i2 and p.idx not in blocked]
            if not kept:
                continue
            nearest = min(kept, key=lambda p: abs(p.i - tok.i))
            start, end = min(tok.i, nearest.i, i1), max(tok.i, nearest.i, i2 - 1) + 1
            span = question.doc[start:end]
            found.append((token_mention(tok), Mention(span.start_char, span.end_char, span.text), token_mention(nearest)))
            break
    return found


def story_words_asked(pair: QuestionPair, q_clause: Mention, p_clause: Mention,
                      synonyms=None) -> tuple[list[Mention], list[Mention]]:
    """``(lost, taken)``: the content words of the question's asking clause ``q_clause`` (from its wh-word or
    request verb on) that an edited copy's asking clause ``p_clause`` no longer has, and the words it took
    instead from the rest of the problem ("how much did he *pay* when *picking* it up" -> "how much was his
    *deposit*"; "If ... they took out half of the bricks, calculate the *total* number of bricks the *wall*
    has" -> "calculate the number of bricks they *took* out"); both empty unless both are found.

    A word lost is not counted when the paraphrase's question sentence has a synonym of it among its new words
    (``synonyms``, a :class:`~paraqd.checks.synonyms.WordSimilarity`: "build" -> "construction"; a word taken from the story must reach
    :data:`STORY_SYNONYM_THRESHOLD`), the same letters written apart ("hotdogs" -> "hot dogs"), or when it is a
    number or a unit (the number and unit checks compare those)."""
    question, paraphrase = pair.question, pair.paraphrase
    if pair.copied_share < EDITED_COPY:
        return [], []
    q_span, p_span = _sentence(question, q_clause), _sentence(paraphrase, p_clause)
    if q_span is None or p_span is None:
        return [], []
    q_words, p_words = _words(q_span), _words(p_span)
    # a word and its lemma both name it: "reading" (the subject) is the story's "reading" (a verb, "read")
    story = _words(t for t in question.doc if not q_span.start <= t.i < q_span.end)
    new = [t for t in _content(paraphrase, p_span) if token_lemma(t) not in q_words]
    taken = [t for t in new if token_lemma(t) in story or t.lower_ in story]
    if not taken:
        return [], []
    words = [t.lower_ for t in p_span if not t.is_punct]
    joined = {a + b for a, b in zip(words, words[1:])}  # "hot dogs" for "hotdogs"
    lexicon = default_lexicon()

    def said_otherwise(tok) -> bool:
        return synonyms is not None and any(
            synonyms.are_synonyms(token_lemma(tok), token_lemma(n), STORY_SYNONYM_THRESHOLD if token_lemma(n) in story else None)
            and not _other_kind(lexicon, tok, n) for n in new)

    lost = [t for t in _content(question, q_span)
            if token_lemma(t) not in p_words and t.lower_ not in joined and not said_otherwise(t)]
    if not lost:
        return [], []
    return [token_mention(t) for t in lost], [token_mention(t) for t in taken]


def _words(tokens) -> set[str]:
    """The lower-cased lemmas and forms of ``tokens``."""
    return {w for t in tokens for w in (token_lemma(t), t.lower_)}


def _other_kind(lexicon, a, b) -> bool:
    """Whether WordNet knows the nouns ``a`` and ``b`` as two kinds of one thing or as opposites ("profit" and
    "revenue", two amounts of a sale): close words that name different quantities, never one said otherwise."""
    return (lexicon is not None and a.pos_ == b.pos_ == "NOUN"
            and lexicon.relation(token_lemma(a), token_lemma(b)) in (SIBLING, ANTONYM))


def _content(doc: QuestionDoc, span) -> list:
    """The content words of ``span`` (as the content check counts them), numbers and units left out."""
    blocked = _blocked(doc)
    return [t for t in span if t.pos_ in CONTENT_POS and t.is_alpha and not t.is_stop and t.idx not in blocked]


