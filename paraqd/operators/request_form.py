"""p3: the question is rephrased as a request ("How many eggs does she sell?" -> "Find how many eggs she sells.").

The final question sentence is rewritten with one of "Find", "Determine", "Calculate", "Work out":

* "What is/are/was/were X?" -> "Find X." ("What is the total cost?" -> "Determine the total cost.");
* "How many/much ... does/do/did SUBJECT VERB REST?" -> "Find how many/much ... SUBJECT VERB(inflected) REST."
  (does -> third person singular, did -> past tense, do -> base form; inflected with lemminflect);
* "How many/much ... is/are/was/were/will/can/would/should SUBJECT REST?" -> the auxiliary follows the subject
  ("How much money will Tom have left?" -> "Calculate how much money Tom will have left.").

Questions of any other shape are left alone (``None``). The asked quantity and every number stay as they were.
"""

from __future__ import annotations

import random

from ..analysis import QuestionDoc
from .base import Operator
from .registry import register_operator

VERBS = ("Find", "Determine", "Calculate", "Work out")
_AUX_MOVE = frozenset("is are was were will can would should could has have had".split())
_DO = frozenset(("do", "does", "did"))


def third_person(verb: str) -> str:
    """"have" -> "has", "watch" -> "watches", "carry" -> "carries" (lemminflect)."""
    from lemminflect import getInflection

    return (getInflection(verb, "VBZ") or (verb + "s",))[0]


def past_tense(verb: str) -> str:
    """"make" -> "made", "earn" -> "earned", "stop" -> "stopped" (lemminflect)."""
    from lemminflect import getInflection

    return (getInflection(verb, "VBD") or (verb + "ed",))[0]


def inflect(aux: str, verb: str) -> str:
    aux = aux.lower()
    if aux == "does":
        return third_person(verb)
    if aux == "did":
        return past_tense(verb)
    return verb


@register_operator
class RequestForm(Operator):
    name = "request-form"
    paper_id = "p3"
    polarity = "positive"
    stage = "train"
    in_stage_group = False  # not one of the paper\'s: only by name, id or the "extra" group
    description = "rephrase the final question as a request (Find/Determine/Calculate/Work out ...)"

    def transform(self, doc: QuestionDoc, rng: random.Random) -> str | None:
        sents = doc.spacy_sentences
        if not sents:
            return None
        last = sents[-1]
        tokens = [t for t in last if not t.is_space]
        if len(tokens) < 3 or tokens[-1].text != "?":
            return None
        request = self._request(tokens)
        if request is None:
            return None
        verb = rng.choice(VERBS)
        body = request[:1].lower() + request[1:] if not request.startswith("I ") else request
        new = f"{verb} {body}."
        end = tokens[-1].idx + len(tokens[-1].text)
        return doc.replace_spans([(tokens[0].idx, end, new)])

    @staticmethod
    def _request(tokens) -> str | None:
        words = [t.text.lower() for t in tokens]
        text = lambda ts: "".join(t.text_with_ws for t in ts).strip()  # noqa: E731
        # What is the total cost?
        if words[0] == "what" and words[1] in ("is", "are", "was", "were") and len(tokens) > 3:
            rest = tokens[2:-1]
            if any(t.pos_ in ("VERB", "AUX") for t in rest):
                return None
            return text(rest)
        if words[0] != "how" or words[1] not in ("many", "much"):
            return None
        # find the auxiliary that closes the wh-phrase
        for i in range(2, len(tokens) - 1):
            tok = tokens[i]
            if tok.pos_ in ("AUX", "VERB") or words[i] in _DO or words[i] in _AUX_MOVE:
                break
        else:
            return None
        aux = words[i]
        wh = text(tokens[:i])
        if aux in _DO:
            for j in range(i + 1, len(tokens) - 1):
                if tokens[j].tag_ == "VB" and tokens[j].text.isalpha():
                    subject = text(tokens[i + 1:j])
                    if not subject:
                        return None
                    rest = text(tokens[j + 1:-1])
                    return " ".join(p for p in (wh, subject, inflect(aux, tokens[j].text.lower()), rest) if p)
            return None
        if aux in _AUX_MOVE:
            # the subject runs up to the next verb/participle/particle, or to the end
            j = i + 1
            while j < len(tokens) - 1 and tokens[j].pos_ not in ("VERB", "AUX", "ADP", "ADV", "PART") \
                    and tokens[j].text != ",":
                j += 1
            subject = text(tokens[i + 1:j])
            if not subject:
                return None
            rest = text(tokens[j:-1])
            return " ".join(p for p in (wh, subject, tokens[i].text, rest) if p)
        return None
