"""fa: active voice to passive voice (a test-set positive).

Without a model (the default, offline), a rule over the dependency parse rewrites every sentence whose root
verb has one nominal subject and one direct object, in a simple tense (present, past, modal, perfect):

    "Alex travelled 100 km from New York."  ->  "100 km were travelled by Alex from New York."
    "She sells the remainder at the market." -> "The remainder is sold by her at the market."

The participle comes from lemminflect, "is/are/was/were/has/have" agree with the new subject, pronouns change
case (she -> by her, them -> they), and every other token (numbers, units, the rest of the sentence) is kept.
Sentences it cannot rewrite safely (questions, negations, do-support, coordinated verbs, datives, expletive
subjects) stay as they are; the operator does not apply when no sentence changed.

With ``model=`` the paper's approach is used instead: a seq2seq style-transfer model rewrites each sentence
(the paper: ``prithivida/active_to_passive_styletransfer``, prompt "transfer Active to Passive: "), then an
optional grammar corrector rewrites the whole question (``prithivida/grammar_error_correcter_v1``, prompt
"gec: ").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lemminflect import getInflection

from ..analysis import QuestionDoc
from .base import Operator, Requirement
from .registry import register_operator

if TYPE_CHECKING:  # pragma: no cover
    from spacy.tokens import Span, Token

PAPER_MODEL = "prithivida/active_to_passive_styletransfer"
PAPER_GRAMMAR_MODEL = "prithivida/grammar_error_correcter_v1"

_TO_OBJECT = {"i": "me", "he": "him", "she": "her", "we": "us", "they": "them", "who": "whom"}
_TO_SUBJECT = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they", "whom": "who"}
_PLURAL_PRONOUNS = {"we", "they", "you"}
_HAVE = {"has", "have", "had"}
_BLOCKING_DEPS = {"nsubjpass", "auxpass", "dative", "iobj", "neg", "conj", "expl", "csubj", "agent", "attr",
                  "oprd", "ccomp"}


@register_operator
class ActiveToPassive(Operator):
    name = "active-to-passive"
    paper_id = "fa"
    polarity = "positive"
    stage = "test"
    description = "active sentences turned passive (rule-based; or a style-transfer model + grammar correction)"
    model_params = ("model", "grammar_model")

    def __init__(self, model: str | None = None, grammar_model: str | None = None, device: str | None = None,
                 batch_size: int = 16, num_beams: int = 4, prefix: str = "transfer Active to Passive: ",
                 grammar_prefix: str = "gec: ", max_new_tokens: int = 128):
        self.model = model
        self.grammar_model = grammar_model
        self.num_beams = int(num_beams)
        self.batched = model is not None  # instance attribute: the rule-based default is not batched
        self._generators = []
        if model is not None:
            from ..models import Seq2SeqGenerator

            self._generators.append(Seq2SeqGenerator(model, device=device, batch_size=batch_size,
                                                     max_new_tokens=max_new_tokens, prefix=prefix))
            if grammar_model is not None:
                self._generators.append(Seq2SeqGenerator(grammar_model, device=device, batch_size=batch_size,
                                                         max_new_tokens=max_new_tokens * 2,
                                                         prefix=grammar_prefix))
        elif grammar_model is not None:
            raise ValueError("grammar_model needs model (the grammar corrector post-edits the model output)")

    def requirements(self) -> list[Requirement]:
        reqs = [Requirement("spacy", "en_core_web_sm")]
        if self.model:
            reqs.append(Requirement("transformers", self.model, "active to passive"))
        if self.grammar_model:
            reqs.append(Requirement("transformers", self.grammar_model, "grammar correction"))
        return reqs

    def load(self) -> None:
        for gen in self._generators:
            gen.load()

    # -- rule-based ---------------------------------------------------------------------------------
    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        if self.model is not None:
            return self.transform_batch([doc], [rng])[0]
        edits = []
        for sent in doc.doc.sents:
            new = passivize(sent)
            if new is not None:
                edits.append((sent.start_char, sent.start_char + len(sent.text.rstrip()), new))
        return doc.replace_spans(edits) if edits else None

    # -- model-based --------------------------------------------------------------------------------
    def transform_batch(self, docs: Sequence[QuestionDoc], rngs: Sequence[random.Random]) -> list[str | None]:
        if self.model is None:
            return [self.transform(d, r) for d, r in zip(docs, rngs)]
        sentences = [[s.text for s in d.sentences] for d in docs]
        flat = [s for sents in sentences for s in sents]
        outs = self._generators[0].generate(flat, num_beams=self.num_beams)
        it = iter(outs)
        joined = [" ".join((next(it)[:1] or [""])[0] for _ in sents) for sents in sentences]
        if len(self._generators) > 1:
            todo = [i for i, text in enumerate(joined) if text]
            fixed = self._generators[1].generate([joined[i] for i in todo], num_beams=self.num_beams)
            for i, cands in zip(todo, fixed):
                joined[i] = cands[0] if cands else joined[i]
        return [text or None for text in joined]


def passivize(sent: Span) -> str | None:
    """The passive form of one active sentence, or ``None`` when the rule does not apply safely."""
    verb = sent.root
    if verb.pos_ != "VERB" or sent.text.rstrip().endswith("?"):
        return None
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if len(subjects) != 1 or len(objects) != 1 or any(c.dep_ in _BLOCKING_DEPS for c in verb.children):
        return None
    subj, obj = subjects[0], objects[0]
    if subj.lower_ in ("there", "what", "who", "which") or obj.tag_ in ("WP", "WDT") or obj.lower_ == "that":
        return None
    s_lo, s_hi, o_lo, o_hi = subj.left_edge.i, subj.right_edge.i, obj.left_edge.i, obj.right_edge.i
    if not (s_hi < verb.i < o_lo):
        return None
    doc = sent.doc
    auxes, adverbs = [], []
    for tok in doc[s_hi + 1:verb.i]:
        if tok.dep_ == "aux" and (tok.tag_ == "MD" or tok.lower_ in _HAVE):
            auxes.append(tok)
        elif tok.dep_ == "advmod":
            adverbs.append(tok)
        else:
            return None
    particles = []
    for tok in doc[verb.i + 1:o_lo]:
        if tok.dep_ != "prt":
            return None
        particles.append(tok)
    if any(t.tag_ in ("WP", "WDT", "WRB") for t in doc[o_lo:o_hi + 1]):
        return None
    participle = _participle(verb)
    plural = _is_plural(obj)
    be = _be_phrase(verb, auxes, plural, obj.lower_ in ("me", "i"))
    if participle is None or be is None:
        return None

    text = doc.text
    start, end = sent.start_char, sent.start_char + len(sent.text.rstrip())
    subj_text = _as_agent(doc[s_lo:s_hi + 1])
    obj_text = _as_subject(doc[o_lo:o_hi + 1])
    at_start = s_lo == sent.start
    if at_start:
        obj_text = obj_text[:1].upper() + obj_text[1:]
    prefix = text[start:doc[s_lo].idx]
    suffix = text[doc[o_hi].idx + len(doc[o_hi].text):end]
    middle = " ".join([be, *(a.text for a in adverbs), participle, *(p.text for p in particles)])
    return f"{prefix}{obj_text} {middle} by {subj_text}{suffix}"


def _participle(verb: Token) -> str | None:
    # A present-tense plural verb is its own lemma ("they lay eggs": lay, which spaCy may lemmatise as "lie").
    lemma = verb.lower_ if verb.tag_ == "VBP" else verb.lemma_
    if lemma == "lie" and verb.lower_ in ("lay", "lays"):  # transitive (it has an object): to lay, laid
        lemma = "lay"
    forms = getInflection(lemma, tag="VBN")
    if not forms:
        return None
    if verb.tag_ in ("VBD", "VBN") and verb.lower_ in forms:  # keep "travelled" rather than "traveled"
        return verb.lower_
    return forms[0]


def _is_plural(obj: Token) -> bool:
    if obj.lower_ in ("them", "us", "you", "we", "they"):
        return True
    if obj.tag_ in ("NNS", "NNPS") or any(c.dep_ == "conj" for c in obj.children):
        return True
    if obj.tag_ == "CD":  # "She eats three" -> "three are eaten"
        return obj.lower_ not in ("1", "one")
    for child in obj.children:
        if child.dep_ == "nummod" and child.like_num and child.lower_ not in ("1", "one"):
            return True
    return False


def _be_phrase(verb: Token, auxes: list[Token], plural: bool, first_person: bool) -> str | None:
    modal = [a for a in auxes if a.tag_ == "MD"]
    have = [a for a in auxes if a.lower_ in _HAVE]
    if len(modal) > 1 or len(have) > 1:
        return None
    if have:
        word = have[0].lower_
        if word != "had" and not modal:
            word = "have" if plural or first_person else "has"
        return " ".join([*(m.text for m in modal), "have" if modal else word, "been"])
    if modal:
        return f"{modal[0].text} be"
    if verb.tag_ == "VBD":
        return "were" if plural else "was"
    if verb.tag_ in ("VBZ", "VBP"):
        return "am" if first_person else "are" if plural else "is"
    return None


def _as_agent(span: Span) -> str:
    """The old subject after "by": object case for pronouns, lower-cased common first word."""
    if len(span) == 1 and span[0].lower_ in _TO_OBJECT:
        return _TO_OBJECT[span[0].lower_]
    first = span[0]
    text = span.text
    proper = first.pos_ == "PROPN" or first.tag_ in ("NNP", "NNPS") or first.ent_type_ or first.text == "I"
    if not proper and first.i == span.sent.start:
        text = text[:1].lower() + text[1:]
    return text


def _as_subject(span: Span) -> str:
    if len(span) == 1 and span[0].tag_ == "PRP" and span[0].lower_ in _TO_SUBJECT:
        return _TO_SUBJECT[span[0].lower_]
    return span.text
