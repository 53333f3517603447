"""The question itself: the interrogative sentence (or final request) must survive and ask for the same thing.

A word problem ends by asking for something ("How many hours did it take?", "Find the speed."). The
paraphrase must still ask (a sentence ending in "?", or a complete request), not stop mid-sentence, and ask
for the same quantity: the same unit ("in ounces") and, when both use the same form ("how many ...",
"what is the ..."), the same noun. Rewordings between forms ("How many hours did it take?" -> "How long did
it take in hours?") are not compared noun to noun, so they pass.

A request is an imperative request verb ("Find", "Calculate", "Determine", "Work out", ...) anywhere in its
sentence, not only at its start: LLM rewordings merge the question into the condition before it ("Given that
she skips at 3 miles per hour, calculate the distance ..."). The verb counts when it is the sentence's main
verb (or a verb after a comma) with no subject and no auxiliary of its own: "He wants to find a job" and
"she had to calculate it" tell a story, they do not ask.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.document import Mention, QuestionDoc, UnitMention
from ..analysis.quantities import conversions
from .asked import parts_left_out, story_words_asked
from .base import Check
from .entities import LIGHT_NOUNS, find_renames, key_terms
from .findings import Finding, Severity
from .synonyms import WordSimilarity

WH_WORDS = frozenset({"what", "how", "which", "who", "whom", "whose", "when", "where", "why"})
#: imperative verbs that open a final request ("Find the speed of the train.")
REQUEST_VERBS = frozenset({
    "find", "calculate", "determine", "compute", "estimate", "express", "evaluate", "simplify", "solve",
    "give", "state", "identify", "write", "work", "tell", "show", "obtain", "derive", "convert",
})
_ASK_NOUN_POS = frozenset({"NOUN", "PROPN"})


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
        # a request verb with no subject tagged VBP is an imperative the tagger misread ("Given that ...,
        # calculate the time" at the root of the sentence)
        if tok.lower_ not in REQUEST_VERBS or tok.tag_ not in ("VB", "VBP"):
            continue
        before = tok.nbor(-1) if tok.i > sent.start else None
        if not (tok.dep_ == "ROOT" or (before is not None and before.text in (",", ";", ":"))):
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
        if tok.lower_ not in WH_WORDS:
            continue
        before = toks[i - 1] if i else None
        if before is None or before.is_punct:
            return True
        if before.pos_ == "ADP" and (i == 1 or toks[i - 2].is_punct):
            return True
    return False


_CLOSERS = "'\"’”)]} "


def _ends_complete(text: str) -> bool:
    return text.rstrip().rstrip(_CLOSERS)[-1:] in (".", "!", ":", "?")


def find_ask(doc: QuestionDoc) -> Ask | None:
    """The sentence that asks (last one ending in "?", else last request or wh-sentence), or ``None``."""
    if _CACHE_KEY not in doc.doc.user_data:
        doc.doc.user_data[_CACHE_KEY] = _find_ask(doc)
    return doc.doc.user_data[_CACHE_KEY]


_CACHE_KEY = "paraqd.checks.ask"


def _find_ask(doc: QuestionDoc) -> Ask | None:
    sents = doc.spacy_sentences
    chosen = next((s for s in reversed(sents) if "?" in s.text), None)
    complete = chosen is not None
    if chosen is None:
        chosen = next((s for s in reversed(sents) if _is_request(s) or _has_wh(s)), None)
        if chosen is None:
            return None
        complete = _ends_complete(chosen.text)
    form, noun_tok = _form_and_noun(chosen)
    start, end = chosen.start_char, chosen.start_char + len(chosen.text.rstrip())
    # the units the question asks in are those of the asking clause: "Since there are 12 inches in a foot,
    # how many *inches* ..." asks in inches, not in feet
    focus = _asking_token(chosen)
    asked_from = start if focus is None else focus.idx
    units = tuple(u for u in doc.units if asked_from <= u.start < end)
    noun_span = None if noun_tok is None else Mention(noun_tok.idx, noun_tok.idx + len(noun_tok), noun_tok.text)
    noun = None if noun_tok is None else noun_tok.lemma_.lower()
    clause = Mention(asked_from, end, doc.text[asked_from:end])
    return Ask(Mention(start, end, doc.text[start:end]), form, noun, noun_span, units, complete, clause)


def _asking_token(sent):
    """The token where the asking clause of ``sent`` starts: its first clause-opening wh-word ("..., *how*
    many"), else its request verb, else ``None``."""
    toks = [t for t in sent if not t.is_space]
    for i, tok in enumerate(toks):
        if tok.lower_ in WH_WORDS and (i == 0 or toks[i - 1].is_punct or (
                toks[i - 1].pos_ == "ADP" and (i == 1 or toks[i - 2].is_punct))):
            return toks[i - 1] if i and toks[i - 1].pos_ == "ADP" else tok
    return _request_verb(sent)


def _form_and_noun(sent):
    """("how many", noun token) for "how many pieces of chalk", ("what", head noun) for "what is the speed"."""
    toks = list(sent)
    for i, tok in enumerate(toks):
        if tok.lower_ == "how" and i + 1 < len(toks):
            nxt = toks[i + 1]
            if nxt.lower_ in ("many", "much"):
                noun = next((t for t in toks[i + 2:i + 5] if t.pos_ in _ASK_NOUN_POS and t.dep_ != "compound"),
                            None)
                return f"how {nxt.lower_}", noun
            return f"how {nxt.lower_}", None
        if tok.lower_ in ("what", "which"):
            noun = next((t for t in toks[i + 1:] if t.pos_ in _ASK_NOUN_POS and t.dep_ != "compound"
                         and t.lemma_.lower() not in LIGHT_NOUNS), None)
            return tok.lower_, noun
    if _is_request(sent):
        verb = _request_verb(sent)
        after = toks[1:] if verb is None else [t for t in toks if t.i > verb.i]
        noun = next((t for t in after if t.pos_ in _ASK_NOUN_POS and t.dep_ != "compound"), None)
        return "request", noun
    return "other", None


class QuestionCheck(Check):
    """Reports a question gone or cut short (critical; "cut short" only when the question itself was
    complete: "... the total marks for the examination is" may end the same way in a paraphrase), asking
    in another unit of the same kind (critical), asking about another part of the story (an edited copy
    whose question sentence left out part of a phrase or took the story's words: major, :mod:`.asked`), or
    asking for another noun (minor: on development data back-translation rewords the asked noun more
    often than invalid paraphrases change it).

    ``synonyms``: a :class:`~paraqd.checks.synonyms.WordSimilarity`; a word of the question sentence replaced
    by a synonym is not lost (:func:`~paraqd.checks.asked.story_words_asked`)."""

    name = "question"

    def __init__(self, synonyms: WordSimilarity | None = None) -> None:
        self.synonyms = synonyms

    def compare(self, question: QuestionDoc, paraphrase: QuestionDoc) -> list[Finding]:
        q_ask = find_ask(question)
        if q_ask is None:
            return []
        p_ask = find_ask(paraphrase)
        if p_ask is None:
            return [Finding("question_missing", "the question sentence is gone", Severity.CRITICAL,
                            (q_ask.sentence,), ())]
        if q_ask.complete and not p_ask.complete:
            return [Finding("question_incomplete", "the question is cut short", Severity.CRITICAL,
                            (q_ask.sentence,), (p_ask.sentence,))]
        findings = []
        # a unit converted with its number is the same quantity ("in half an hour" -> "in 30 minutes")
        converted = conversions(question, paraphrase)
        q_units = {u.unit.name for u in q_ask.units} - {qq.unit.unit.name for qq, _ in converted}
        p_units = {u.unit.name for u in p_ask.units} - {pq.unit.unit.name for _, pq in converted}
        if q_units and p_units and not q_units & p_units:
            same_category = {u.category for u in q_ask.units} & {u.category for u in p_ask.units}
            findings.append(Finding(
                "question_unit_changed",
                f"the question asks in {q_ask.units[0].text}, the paraphrase in {p_ask.units[0].text}",
                Severity.CRITICAL if same_category else Severity.MINOR, q_ask.units, p_ask.units,
            ))
        findings.extend(self._asks_about_other_part(question, paraphrase, q_ask, p_ask))
        if not findings:
            findings.extend(self._asks_about_other_story_part(question, paraphrase, q_ask, p_ask))
        if not findings and self._asks_other_noun(question, paraphrase, q_ask, p_ask):
            findings.append(Finding(
                "question_changed",
                f"the question asks for {q_ask.noun_span.text}, the paraphrase for {p_ask.noun_span.text}",
                Severity.MINOR, (q_ask.noun_span,), (p_ask.noun_span,),
            ))
        return findings

    @staticmethod
    def _asks_about_other_part(question: QuestionDoc, paraphrase: QuestionDoc, q_ask: Ask,
                               p_ask: Ask) -> list[Finding]:
        """The question now asks about another part of the problem (critical): a name of the question
        sentence replaced there by another name of the story ("how many berries does *Stacy* have" ->
        "... *Steve* have"), or
        another ordinal ("the *third* generation" -> "the *second*")."""
        q_terms, p_terms = key_terms(question), key_terms(paraphrase)
        q_in, p_in = _terms_in(q_terms, q_ask.sentence), _terms_in(p_terms, p_ask.sentence)
        renamed = {r.old.key: r.new.key for r in find_renames(question, paraphrase)[0] if r.consistent}
        missing = [k for k in q_in if k not in p_in and renamed.get(k) not in p_in]
        # names only: rewordings restate the asked noun with another noun of the story ("how many students"
        # -> "how many in the class"), but never ask about another person without changing the question
        missing_names = [k for k in missing if q_terms[k].is_name]
        story = [k for k in p_in if k not in q_in and k in q_terms and q_terms[k].is_name]
        findings = []
        if missing_names and story:
            findings.append(Finding(
                "question_changed",
                f'the question asks about "{q_in[missing_names[0]].text}", the paraphrase about '
                f'"{p_in[story[0]].text}"',
                Severity.CRITICAL, tuple(q_in[k] for k in missing_names), tuple(p_in[k] for k in story),
            ))
        q_ord, p_ord = _ordinals_in(question, q_ask.sentence), _ordinals_in(paraphrase, p_ask.sentence)
        q_only = [m for v, m in q_ord.items() if v not in p_ord]
        p_only = [m for v, m in p_ord.items() if v not in q_ord]
        if q_only and p_only:
            findings.append(Finding(
                "question_changed", f"the question asks about the {q_only[0].text}, the paraphrase about the "
                f"{p_only[0].text}", Severity.CRITICAL, tuple(q_only), tuple(p_only),
            ))
        return findings

    def _asks_about_other_story_part(self, question: QuestionDoc, paraphrase: QuestionDoc, q_ask: Ask,
                                     p_ask: Ask) -> list[Finding]:
        """An edited copy's question sentence that now names another part of the story (major,
        :mod:`.asked`): part of a phrase left out ("each piece of pizza" -> "each pizza"), or the story's
        words asked about ("how much did he pay when picking it up" -> "how much was his deposit")."""
        for left_out, phrase, kept in parts_left_out(question, paraphrase, q_ask.sentence, p_ask.sentence):
            return [Finding(
                "question_changed",
                f'the question leaves "{left_out.text}" out of "{phrase.text}" (the paraphrase still mentions '
                f'"{left_out.text}" elsewhere): it now asks about "{kept.text}"',
                Severity.MAJOR, (phrase,), (),
            )]
        lost, taken = story_words_asked(question, paraphrase, q_ask.clause or q_ask.sentence,
                                        p_ask.clause or p_ask.sentence, self.synonyms)
        if lost:
            return [Finding(
                "question_changed",
                f"the question asks about {_listed(taken)}, which the problem says elsewhere, instead of "
                f"{_listed(lost)}",
                Severity.MAJOR, tuple(lost), tuple(taken),
            )]
        return []

    @staticmethod
    def _asks_other_noun(question: QuestionDoc, paraphrase: QuestionDoc, q_ask: Ask, p_ask: Ask) -> bool:
        if q_ask.form != p_ask.form or q_ask.noun is None or p_ask.noun is None or q_ask.noun == p_ask.noun:
            return False
        q_unit, p_unit = _unit_named(q_ask), _unit_named(p_ask)
        if q_unit is not None and q_unit == p_unit:  # "how many kgs" -> "how many kilograms"
            return False
        p_sentence = paraphrase.doc.char_span(p_ask.sentence.start, p_ask.sentence.end, alignment_mode="expand")
        if p_sentence is not None and q_ask.noun in {t.lemma_.lower() for t in p_sentence}:
            return False
        q_sentence = question.doc.char_span(q_ask.sentence.start, q_ask.sentence.end, alignment_mode="expand")
        if q_sentence is not None and p_ask.noun in {t.lemma_.lower() for t in q_sentence}:
            return False
        # an object of the story renamed everywhere ("apples" -> "hats") is still the thing asked about;
        # a noun only the question used ("difference" -> "ratio") is not
        renames, _ = find_renames(question, paraphrase)
        sent = q_ask.sentence
        return not any(
            r.consistent and r.old.key == q_ask.noun and r.new.key == p_ask.noun
            and any(not sent.start <= m.start < sent.end for m in r.old.mentions)
            for r in renames
        )


def _listed(mentions) -> str:
    return ", ".join(dict.fromkeys(f'"{m.text}"' for m in mentions))


def asked_unit(doc: QuestionDoc) -> str | None:
    """The unit a text asks for by name ("How many days has she had it?" -> "day"), or ``None``."""
    ask = find_ask(doc)
    return None if ask is None or ask.noun_span is None else _unit_named(ask)


def _unit_named(ask: Ask) -> str | None:
    """The unit the asked noun names ("kgs" -> "kilogram"), if it is one."""
    span = ask.noun_span
    return next((u.unit.name for u in ask.units if u.start < span.end and span.start < u.end), None)


def _terms_in(terms, sentence: Mention) -> dict[str, Mention]:
    """Key term -> its first mention inside ``sentence``, for the terms mentioned there."""
    out = {}
    for key, term in terms.items():
        inside = [m for m in term.mentions if sentence.start <= m.start < sentence.end]
        if inside:
            out[key] = inside[0]
    return out


def _ordinals_in(doc: QuestionDoc, sentence: Mention) -> dict[float, Mention]:
    """Ordinal value -> mention for the ordinals ("third", "2nd") inside ``sentence``."""
    return {n.rounded: n for n in doc.numbers if n.kind == "ordinal" and sentence.start <= n.start < sentence.end}
