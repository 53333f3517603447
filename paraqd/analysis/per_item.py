"""Per item or in total: whether a number is said of one item or of all the items together.

"Each lamp costs $12", "3 eggs for every cake", "$4 per child", "5 posters in each classroom", "$12 each", "$4 a
child": the number is said of one item and the problem multiplies it (*distributive*). "He paid $12 for the
lamps", "3 eggs for the cakes", "5 posters across the classrooms": the number is said of all the items together
(a *total*). A rewording that turns the first into the second changes the answer, though every number, unit and
noun is still there; :func:`per_item_made_total` finds it.

- a number is said of items one by one when its clause (the verb it depends on and that verb's own arguments,
  not the clauses inside them) has a distributive word (:data:`DISTRIBUTIVE`: "each", "every", "per", "apiece")
  that determines a noun, not a unit ("each lamp", "per child"; "every day", "per hour" are rates), or when one
  follows it ("$12 each"); the items are those nouns;
- a number is a total of those items when its clause has no distributive word, no "a"/"an" rate ("3 eggs a
  cake") and ties it to the items as a plural whole: a preposition of :data:`_WHOLE_PREPOSITIONS` whose plural
  object, counted by no number of its own, is one of the items ("for the lamps", "across the classrooms", "from
  t-shirts", "among the blocks"; not "for 30 days").

A value said of items more often in the question than in the paraphrase, with a mention of it made a total of
the same items in the paraphrase, was made a total. Numbers are matched by value, so a rewording that moves the
number elsewhere, or keeps the distributive word anywhere in its clause ("paying $12 for each of the lamps",
"every classroom gets 5 posters"), keeps the problem; a plural subject with no preposition ("Lamps cost $12")
says neither and is left alone.

Items the question counts ("4 scarves that cost $7 each", "each of the 6 vans carries 9 students": the count
multiplies the number) are also made a total when the paraphrase says the number of them as one counted whole
(:func:`_said_of_all`): a total word on the number's own phrase or verb with the items a plural of its clause
("the 6 vans carry 9 students *altogether*", "8 lilies, with 6 petals *altogether*"), or the number given "for"
the lot counted as the question counts it ("buys *4 scarves* for $7"). Only when no mention of the number still
ties it to one item (:func:`_one_by_one`: a distributive word anywhere in its clause, "each one", "a table
seats 6"); a total word on the count ("there are 6 crates altogether") or in the asking clause says nothing of
the number.

Session 19 widens both sides. The items: "5 books, *each of which* cost $2", "4 pups that *each* weigh 7 kg",
"3 frames, *each* costing $3", "bought 2 pencils *each*"; a number's clause takes in the infinitive that says
what it is for ("it takes 2 hours *to draw each picture*"). The whole: a plural pronoun ("paying $2 for
*them*", "2 pencils between *them*"), a container ("20 balloons in *the bags*"), the items counted as the
question counts them ("across *her 4 notebooks*"), the items' definite plural as the object ("2 hours to draw
*the pictures*"); and, with no mention of the number said of one item, a total word anywhere in its clause
(:func:`total_said`: "*together* they weigh 7 kg", "costing $3 *in all*", "the group *as a whole*", "the
*entire* batch cost $2"). A paraphrase's mention of the value that measures another unit is another quantity
("10 *hours* a day" is not "10 *days*"). Rates of time: :mod:`paraqd.analysis.per_period`.

Session 20 keeps valid styles: a clause that describes a noun taken one by one ("*each of* the 30 cups sold
for $2") says no total (:func:`_one_of_each`); a mention that writes another quantity of the question in another
unit is that quantity ("3 shirts weigh 1 pound" -> "3 shirts together weigh 16 ounces" beside "each towel
weighs 16 ounces"), and the number per item written in another unit ("32 ounces apiece") still keeps it per
item (:mod:`paraqd.analysis.converted`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, NamedTuple

from .asked import find_ask
from .converted import converted_same, same_measure
from .document import Mention, NumberMention, QuestionDoc
from .measures import DISTRIBUTIVE as _QUANTIFIERS
from .measures import phrase_root
from .rates import rate_periods
from .terms import VERB_POS, token_lemma, token_mention

if TYPE_CHECKING:
    from .pair import QuestionPair

#: words that spread a number over the items: "each lamp", "every cake", "per child", "$3 apiece"
DISTRIBUTIVE = _QUANTIFIERS | {"apiece", "ea", "ea."}
#: the distributive words that follow the thing a number counts: "bought 2 pencils *each*"
_AFTER_WORDS = frozenset({"each", "apiece", "ea", "ea."})
#: prepositions whose plural object is the whole a total is said of
_WHOLE_PREPOSITIONS = frozenset({"for", "from", "among", "amongst", "across", "between", "on", "over"})
#: the dependencies that open a clause of its own: its words say nothing of the number's clause
_OWN_CLAUSE = frozenset({"relcl", "advcl", "acl", "ccomp", "xcomp", "conj", "csubj", "parataxis"})
_PLURAL_TAGS = frozenset({"NNS", "NNPS"})
#: plural pronouns that name the items as one whole after a preposition: "paying $2 for *them*"
_WHOLE_PRONOUNS = frozenset({"them", "these", "those"})
#: prepositions of a container the items hold the number in together: "20 balloons *in* the bags"
_CONTAINERS = frozenset({"in", "inside"})
#: determiners that make a plural the known lot of items: "to draw *the* pictures"
_DEFINITE = frozenset({"the", "these", "those", "all"})
#: adverbs that say a number of all the items together: "the vans carry 9 students *altogether*"
_TOTAL_ADVERBS = frozenset({"altogether", "together", "combined", "overall"})
#: the objects of "in" that do the same ("*in all*", "*in total*"); "total" alone heads "*a total of* 9"
_TOTAL_OBJECTS = frozenset({"all", "total"})


class MadeTotal(NamedTuple):
    """A number said of each item in the question (``question_at``) and of all of them in the paraphrase
    (``paraphrase_at``); ``whole`` is the plural whole (or the span of time) the paraphrase says it of."""

    question_at: NumberMention
    paraphrase_at: NumberMention
    whole: Mention
    #: the question's rate of time the number was said per ("every day"), for a rate made a total
    #: (:func:`paraqd.analysis.per_period.rate_made_total`); ``None`` for items
    rate: Mention | None = None
    #: ``True`` when the paraphrase says the number of one of the items, picked out by its order ("12 points in
    #: *the first game*" for "in each game"), rather than of all of them (:func:`_made_one_item`)
    one: bool = False


def clause_of(doc: QuestionDoc, number: NumberMention) -> list:
    """The tokens of ``number``'s clause: its verb and the verb's arguments, without the clauses inside them,
    but with the infinitive that says what the number is for when it counts nothing of its own ("it takes 2
    hours *to draw each picture*"; not "spent $6 *to buy 2 books*") and,
    for a number in such an infinitive, the verb it completes ("*each person* will want to drink 2 cups")."""
    span = doc.span(number)
    if span is None:
        return []
    verb = phrase_root(span[-1]).head  # the clause's verb (the sentence's root when no verb is above)
    heads = [verb]
    if _infinitive(verb):
        heads.append(verb.head)
    tokens, stack = [], list(heads)
    while stack:
        tok = stack.pop()
        tokens.append(tok)
        stack += [c for c in tok.children if (c.dep_ not in _OWN_CLAUSE or (
            _infinitive(c) and not any(t.like_num or t.tag_ == "CD" for t in c.subtree))) and c not in heads]
    return tokens


def _infinitive(tok) -> bool:
    """Whether ``tok`` heads an infinitive that completes its head verb ("takes 2 hours *to draw*")."""
    return (tok.dep_ in ("xcomp", "advcl") and tok.head.pos_ in VERB_POS and tok.head.i != tok.i
            and any(c.dep_ == "aux" and c.tag_ == "TO" for c in tok.children))


def _items(doc: QuestionDoc, number: NumberMention, clause: list) -> set[str]:
    """The lemmas of the items ``number`` is said of one by one: the noun a distributive word of its clause
    determines ("*each lamp* costs $12", "3 eggs for *every cake*", "$4 *per child*"), or, when one follows the
    number or its unit ("$12 *each*", "2 pounds apiece"), the nouns of its clause ("3 sons *each*" counts the
    items: the number is not said of each one); a unit of time ("every day", "per hour") is a rate, no
    item, but a rate per another unit names its unit as the item ("$900 *per acre*"). Empty when the number
    is said of no item one by one. ``clause``: :func:`clause_of` of the number."""
    span = doc.span(number)
    if span is None:
        return set()
    in_unit = {i for u in doc.units for i in range(u.start, u.end)}
    items = set()
    for tok in clause:
        if tok.lower_ not in DISTRIBUTIVE:
            continue
        noun = tok.head if tok.dep_ == "det" else next((c for c in tok.children if c.dep_ == "pobj"), None)
        if noun is None:  # "*each* of the vans"
            noun = next((o for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"
                         for o in c.children if o.dep_ == "pobj"), None)
        if noun is not None and noun.tag_ == "WDT" and tok.head.dep_ == "relcl":  # "5 books, each of which cost"
            noun = tok.head.head
        elif noun is None and tok.dep_ in ("nsubj", "advmod", "appos", "npadvmod") and tok.i < span.start:
            # "4 pups that each weigh 7 kg": said of the number after it ("50 pages each": the pages' count)
            noun = tok.head if tok.head.tag_ in _PLURAL_TAGS else _described(tok.head)
        # a lower-case word the tagger read as a name is a noun: "$10 per trash *bin*"
        if (noun is not None and (noun.pos_ == "NOUN" or noun.pos_ == "PROPN" and noun.text.islower())
                and noun.idx not in in_unit and noun.lower_ != "one"):
            items.add(token_lemma(noun))  # "each one" names no item
    after = doc.doc[span.end:span.end + 2]
    if len(after) and (after[0].idx in in_unit or (  # "2 pounds each"; "bought 2 pencils each"
            after[0] == _counted(span) and after[0].dep_ in ("dobj", "pobj", "attr") and len(after) > 1
            and after[1].lower_ in _AFTER_WORDS)):
        after = after[1:]
    # "$12 each"; in "3 sons each" the number counts the items, in "$6 each one costing $3" "each" is another's
    nxt = doc.doc[after[0].i + 1] if len(after) and after[0].i + 1 < len(doc.doc) else None
    if (len(after) and after[0].lower_ in DISTRIBUTIVE and after[0].dep_ != "det"
            and (nxt is None or nxt.lower_ != "one") and after[0].lower_ != "per"):  # "$9 per acre": its own item
        nouns = [t for t in clause if t.pos_ == "NOUN" and t.idx not in in_unit and not span.start <= t.i < span.end]
        plurals = [t for t in nouns if t.tag_ in _PLURAL_TAGS]  # "a shop sells laptops at $600 each": laptops
        items |= {token_lemma(t) for t in (plurals or nouns)}
        verb = clause[0] if clause else None  # "4 scarves that cost $7 each": the noun the clause describes
        if verb is not None and verb.dep_ == "relcl" and verb.head.pos_ == "NOUN" and verb.head.idx not in in_unit:
            items.add(token_lemma(verb.head))
    starts = {t.idx for t in clause}  # a rate per a unit that is no time: "$900 *per acre*", "$3 *a pound*"
    for mention, _ in rate_periods(doc):
        unit = next((u for u in doc.units if u.start <= mention.end - 1 < u.end), None)
        if unit is not None and unit.category != "Time" and mention.start in starts:
            items.add(unit.unit.name)
    # a number that counts the items is no number per item: "*6* vans" in "each of the 6 vans carries 9"
    return items - {token_lemma(_counted(span))}


def _described(verb):
    """The plural noun a clause with a bare "each" is said of: the noun the clause describes ("4 pups *that
    each weigh* 7 kg", "3 frames, *each costing* $3"), else the verb's plural subject ("the 3 girls each
    picked"); ``None`` when there is none."""
    head = verb.head
    if verb.dep_ in ("relcl", "acl") and head.tag_ in _PLURAL_TAGS:
        return head
    if verb.dep_ in ("advcl", "conj") and head.pos_ in VERB_POS:  # "bought 3 frames, each costing $3"
        return next((c for c in head.children if c.dep_ == "dobj" and c.tag_ in _PLURAL_TAGS), None)
    return next((c for c in verb.children if c.dep_ == "nsubj" and c.tag_ in _PLURAL_TAGS), None)


def _counted(span):
    """The noun the number ``span`` counts: its head when it modifies one ("the *6 vans*"), else its root."""
    return span.root.head if span.root.dep_ == "nummod" else span.root


def distributive(doc: QuestionDoc, number: NumberMention, clause: list | None = None) -> bool:
    """Whether ``number`` is said of some item one by one (:func:`_items`), or of a rate ("a day", "per hour",
    "daily"); ``clause``: its :func:`clause_of`, when the caller has it."""
    clause = clause_of(doc, number) if clause is None else clause
    rate_adverbs = {i for u in doc.units if u.adverb for i in range(u.start, u.end)}  # "100 visitors *daily*"
    if _items(doc, number, clause) or any(t.idx in rate_adverbs for t in clause):
        return True
    span = doc.span(number)
    after = [t for t in doc.doc[span.end:span.end + 3]] if span is not None else []
    if after and after[0].pos_ == "NOUN":  # the counted noun: "3 eggs *a* cake"
        after = after[1:]
    return bool(after) and after[0].lower_ in ("a", "an") and after[0].head.dep_ == "npadvmod"


def total_of(doc: QuestionDoc, number: NumberMention, items: set[str], counts: set[float] = frozenset()):
    """The plural whole among ``items`` that ``number``'s clause says it of, or ``None``; ``None`` too for a
    distributive number or a clause with a distributive word. The whole is the object of a preposition of
    :data:`_WHOLE_PREPOSITIONS` ("for *the lamps*", "across *the classrooms*"; a plural pronoun too: "paying $2
    for *them*", "2 pencils between *them*") or of "in" ("20 balloons in *the bags*"), one of ``items`` in the
    plural and counted by no number of its own or by one of ``counts``, the question's counts of the items
    ("across *her 4 notebooks*"); the lot a clause of the number describes, counted as the question counts it
    ("bought *4 toy cars* that cost $3"); or a plural object of the clause's verb, one of ``items`` made
    definite by "the" or a possessive and counted by no number ("2 hours to draw *the pictures*")."""
    clause = clause_of(doc, number)
    if (distributive(doc, number, clause) or any(_of_items(doc, t) for t in clause)
            or (clause and _one_of_each(clause[0]))):
        return None
    span = doc.span(number)
    inside = range(span.start, span.end) if span is not None else range(0)
    values = {n.start: n.rounded for n in doc.numbers}
    ask = find_ask(doc)  # the asking clause says nothing of a given number: "how much for 3 balls?"
    asking = range(0) if ask is None or ask.clause is None else range(ask.clause.start, ask.clause.end)
    clause = [t for t in clause if t.idx not in asking]

    def counted_as_asked(obj) -> bool:
        nums = [c for c in obj.children if c.dep_ == "nummod"]
        return not nums or all(values.get(c.idx) in counts for c in nums)

    for tok in clause:
        if tok.dep_ in ("prep", "dative") and tok.lower_ in _WHOLE_PREPOSITIONS | _CONTAINERS:
            for obj in tok.children:
                if obj.dep_ != "pobj" or obj.i in inside:
                    continue
                if obj.lower_ in _WHOLE_PRONOUNS and tok.lower_ in _WHOLE_PREPOSITIONS:
                    return obj
                if (obj.tag_ in _PLURAL_TAGS and token_lemma(obj) in items and counted_as_asked(obj) and (
                        tok.lower_ not in _CONTAINERS or _definite(obj))):  # "in boxes" may be "in boxes of 10"
                    return obj
    verb = clause[0] if clause else None  # "bought 4 cars that cost $3": the clause describes the counted lot
    if (verb is not None and verb.dep_ in ("relcl", "acl") and verb.head.tag_ in _PLURAL_TAGS and counts
            and token_lemma(verb.head) in items and any(c.dep_ == "nummod" for c in verb.head.children)
            and counted_as_asked(verb.head)):
        return verb.head
    for tok in clause:
        if (tok.dep_ == "dobj" and tok.tag_ in _PLURAL_TAGS and tok.i not in inside and token_lemma(tok) in items
                and not any(c.dep_ == "nummod" for c in tok.children) and _definite(tok)):
            return tok
    return None


def _one_of_each(verb) -> bool:
    """Whether ``verb`` heads a clause that describes a noun taken one by one: "*each of* the 30 cups sold for
    $2", "*every* cup sold for $2"."""
    if verb.dep_ not in ("relcl", "acl"):
        return False
    noun = verb.head
    return (any(c.dep_ == "det" and c.lower_ in DISTRIBUTIVE for c in noun.children)
            or (noun.dep_ == "pobj" and noun.head.lower_ == "of" and noun.head.head.lower_ in DISTRIBUTIVE))


def _definite(noun) -> bool:
    """Whether ``noun`` is the known lot: "*the* bags", "*her* 4 notebooks", "*all the* pictures"."""
    return any(c.dep_ == "poss" or c.lower_ in _DEFINITE for c in noun.children)


def _counts(doc: QuestionDoc, items: set[str]) -> set[float]:
    """The values of the numbers that count ``items`` in ``doc`` ("*4* scarves", "each of the *6* vans"): the
    count that multiplies a number said per item."""
    found = set()
    for n in doc.numbers:
        span = doc.span(n)
        if span is not None and n.kind != "ordinal" and token_lemma(_counted(span)) in items:
            found.add(n.rounded)
    return found


def _one_by_one(doc: QuestionDoc, number: NumberMention, items: set[str]) -> bool:
    """Whether ``number``'s clause still says it of one item: :func:`distributive`, any distributive word
    ("every one of the boxes", "they each"), or one of ``items`` in the singular or "one" ("*a table* seats 6",
    "*each one* holds 20")."""
    clause = clause_of(doc, number)
    if distributive(doc, number, clause):
        return True
    return any(_of_items(doc, t) or t.lower_ == "one" or (t.tag_ == "NN" and token_lemma(t) in items)
               for t in clause)


def _of_items(doc: QuestionDoc, tok) -> bool:
    """Whether ``tok`` is a distributive word that may spread a number over items: any but one that determines
    a unit of time ("*every hour* the group drinks 2 cups", "*each week* she pays $3 for the bins": a rate of
    time says nothing of the items; "4 weeks *each*" does)."""
    if tok.lower_ not in DISTRIBUTIVE:
        return False
    in_time = {i for u in doc.units if u.category == "Time" for i in range(u.start, u.end)}
    return not (tok.dep_ == "det" and tok.head.idx in in_time)


def total_words(doc: QuestionDoc, number: NumberMention):
    """The word that says ``number`` is of all the items together, hung on the number's own phrase or its verb
    (the tokens from the number up to its clause's verb): "carry 9 students *altogether*", "for $12 *in all*",
    "*a total of* 4 minutes", "*together* the jars hold 25"; never a word of the asking clause ("how many in
    all?"); or ``None``."""
    span = doc.span(number)
    if span is None:
        return None
    own, tok = {span.root.i}, span.root
    while tok.head.i != tok.i and tok.pos_ not in VERB_POS:
        tok = tok.head
        own.add(tok.i)
    ask = find_ask(doc)
    asking = range(0) if ask is None or ask.clause is None else range(ask.clause.start, ask.clause.end)
    for t in doc.doc:
        if t.idx in asking:
            continue
        if t.lower_ in _TOTAL_ADVERBS and t.head.i in own and t.head.i != t.i:
            return t
        if t.lower_ in _TOTAL_OBJECTS and t.dep_ == "pobj" and t.head.lower_ == "in" and t.head.head.i in own:
            return t
        if t.lower_ == "total" and t.i in own and t.pos_ == "NOUN":  # "a total of 4 minutes"
            return t
    return None


def _said_of_all(doc: QuestionDoc, number: NumberMention, items: set[str], counts: set[float]):
    """The plural of ``items`` that ``number`` is said of as one whole, or ``None``: a total word on the number
    (:func:`total_words`) with the items named as a plural in its clause ("*the vans* carry 9 students
    altogether"), or the number given "for" a lot of the items counted as the question counts them ("buys *4
    scarves* for $7": ``counts`` are the question's counts of the items)."""
    clause = clause_of(doc, number)
    span = doc.span(number)
    inside = range(span.start, span.end) if span is not None else range(0)
    plurals = [t for t in clause if t.tag_ in _PLURAL_TAGS and token_lemma(t) in items and t.i not in inside]
    if not plurals:
        return None
    if total_words(doc, number) is not None:
        return plurals[0]
    root = span.root if span is not None else None
    prep = root.head if root is not None and root.dep_ == "pobj" else None
    if prep is None or prep.lower_ != "for":
        return None
    values = {n.start: n.rounded for n in doc.numbers}
    # "picked up 3 frames for $3": the verb's counted object ("for" on the verb or on the object itself)
    objects = list(prep.head.children) if prep.head.pos_ in VERB_POS else [prep.head]
    for obj in objects:
        if obj.dep_ == "dobj" and obj in plurals and any(
                c.dep_ == "nummod" and values.get(c.idx) in counts for c in obj.children):
            return obj
    return None


def per_item_made_total(pair: QuestionPair) -> list[MadeTotal]:
    """The numbers said of each item in the question and of all of them together in the paraphrase (module
    docstring)."""
    question, paraphrase = pair.question, pair.paraphrase
    per_item: dict[float, list[tuple[NumberMention, set[str]]]] = defaultdict(list)
    for n in question.numbers:
        if n.kind == "ordinal":  # "the *first* two students", "*fourth*-graders": an order, no amount
            continue
        items = _items(question, n, clause_of(question, n))
        if items:
            per_item[n.rounded].append((n, items))
    found = []
    for value, q_mentions in per_item.items():
        p_mentions = same_measure(pair, [n for n, _ in q_mentions], [
            n for n in paraphrase.numbers if n.rounded == value and n.kind != "ordinal"])
        at = [n for n, _ in q_mentions]  # the number kept per item, maybe in another unit ("32 ounces apiece")
        if sum(distributive(paraphrase, n) for n in p_mentions) + sum(
                any(t.lower_ in DISTRIBUTIVE for t in clause_of(paraphrase, n))
                for n in converted_same(pair, at)) >= len(q_mentions):
            continue
        items = set().union(*(i for _, i in q_mentions))
        for n in p_mentions:
            whole = total_of(paraphrase, n, items, _counts(question, items))
            if whole is not None:
                found.append(MadeTotal(q_mentions[0][0], n, token_mention(whole)))
                break
        else:
            found += (_made_total_of_counted(pair, q_mentions[0][0], p_mentions, items)
                      or _made_one_item(pair, q_mentions[0][0], p_mentions, items)
                      or _made_one_whole(pair, q_mentions[0][0], p_mentions, items)
                      or _made_total_in_words(pair, [n for n, _ in q_mentions], p_mentions, items))
    return found


#: prepositions that tie an amount to the thing it is of: "$0.25 *off* the subscription", "$3 *for* the lot"
_OF_THING = _WHOLE_PREPOSITIONS | {"off", "per"}


def _made_one_whole(pair: QuestionPair, at: NumberMention, p_mentions: list[NumberMention],
                    items: set[str]) -> list[MadeTotal]:
    """The question's number ``at``, said per one of ``items``, said in the paraphrase of one other thing the
    question names outside the number's clause, the items named nowhere in the paraphrase and no mention of the
    number said of one item (:func:`_one_by_one`): "$0.25 off *each issue* (when signing up for the
    subscription)" -> "$0.25 off *the subscription*" (the whole the issues make up, once)."""
    paraphrase = pair.paraphrase
    if any(token_lemma(t) in items for t in paraphrase.doc) or any(
            _one_by_one(paraphrase, n, items) for n in p_mentions):
        return []
    # a thing the question names apart from the number ("for a ride ticket" on "each kid pays $3" is the number's)
    q_nouns = {token_lemma(t) for t in pair.question.doc if t.pos_ == "NOUN"} - {
        token_lemma(t) for t in clause_of(pair.question, at)}
    for n in p_mentions:
        for tok in clause_of(paraphrase, n):
            if tok.dep_ != "prep" or tok.lower_ not in _OF_THING:
                continue
            for obj in tok.children:
                if obj.dep_ == "pobj" and obj.tag_ == "NN" and token_lemma(obj) in q_nouns:
                    return [MadeTotal(at, n, token_mention(obj))]
    return []


def _made_total_of_counted(pair: QuestionPair, at: NumberMention, p_mentions: list[NumberMention],
                           items: set[str]) -> list[MadeTotal]:
    """The question's number ``at``, said per one of ``items`` that the question counts, said of the counted
    items as one whole in the paraphrase (:func:`_said_of_all`), no mention of it there said of one item
    (:func:`_one_by_one`)."""
    counts = _counts(pair.question, items)
    if not counts or any(_one_by_one(pair.paraphrase, n, items) for n in p_mentions):
        return []
    for n in p_mentions:
        whole = _said_of_all(pair.paraphrase, n, items, counts)
        if whole is not None:
            return [MadeTotal(at, n, token_mention(whole))]
    return []


def total_said(doc: QuestionDoc, number: NumberMention):
    """A word of ``number``'s clause that says it of everything together, or ``None``: a total word anywhere in
    the clause ("*together* the 4 of them weigh 7 kg", "costing $3 *in all*", "a *total* of 4 minutes"), "as a
    *whole*", or a noun said "entire" or "whole" ("the entire *batch* cost $2"); never a word of the asking
    clause. Words that hang on the number itself: :func:`total_words`."""
    ask = find_ask(doc)
    asking = range(0) if ask is None or ask.clause is None else range(ask.clause.start, ask.clause.end)
    for t in clause_of(doc, number):
        if t.idx in asking:
            continue
        if (t.lower_ in _TOTAL_ADVERBS or (t.lower_ in _TOTAL_OBJECTS and t.dep_ == "pobj" and t.head.lower_ == "in")
                or (t.lower_ == "total" and t.pos_ == "NOUN")
                or (t.lower_ == "whole" and [w.lower_ for w in doc.doc[max(t.i - 2, 0):t.i]] == ["as", "a"])):
            return t
        if (t.lower_ in ("entire", "whole") and t.dep_ == "amod" and t.head.pos_ == "NOUN"
                and any(c.dep_ == "poss" or c.lower_ in _DEFINITE for c in t.head.children)):
            return t.head  # "the entire batch"
    return total_words(doc, number)


def _made_total_in_words(pair: QuestionPair, at: list[NumberMention], p_mentions: list[NumberMention],
                         items: set[str]) -> list[MadeTotal]:
    """The question's number (its mentions ``at``, each said per one of ``items``, none with a total word of
    its own) said with a total word in its clause in the paraphrase (:func:`total_said`), no mention of it
    there said of one item (:func:`_one_by_one`)."""
    if any(total_said(pair.question, n) is not None for n in at) or any(
            _one_by_one(pair.paraphrase, n, items) for n in p_mentions):
        return []
    for n in p_mentions:
        word = total_said(pair.paraphrase, n)
        if word is not None:
            return [MadeTotal(at[0], n, token_mention(word))]
    return []


#: words that pick one item out by its place in an order ("the *first* game", "the *last* round"), besides the
#: ordinals the parser marks
_ORDER_WORDS = frozenset({"first", "last", "final", "next"})


def _made_one_item(pair: QuestionPair, at: NumberMention, p_mentions: list[NumberMention],
                   items: set[str]) -> list[MadeTotal]:
    """The question's number ``at``, said of each of ``items`` by a distributive word that determines the item
    ("12 points *in each game*"), said in the paraphrase of one item picked out by its order ("12 points *in
    the first game*", "in *the last* round"): one item's amount, no longer each one's. Only when no mention of
    the number in the paraphrase has a distributive word of items in its clause (:func:`_of_items`)."""
    if not any(
            t.lower_ in DISTRIBUTIVE and t.dep_ == "det" and token_lemma(t.head) in items
            for t in clause_of(pair.question, at)):
        return []
    paraphrase = pair.paraphrase
    if any(_of_items(paraphrase, t) for n in p_mentions for t in clause_of(paraphrase, n)):
        return []
    for n in p_mentions:
        for tok in clause_of(paraphrase, n):
            if tok.tag_ != "NN" or token_lemma(tok) not in items:
                continue
            order = next((c for c in tok.children if c.dep_ == "amod" and (
                c.lower_ in _ORDER_WORDS or c.ent_type_ == "ORDINAL")), None)
            if order is not None and any(c.dep_ == "det" and c.lower_ == "the" for c in tok.children):
                return [MadeTotal(at, n, _phrase_of(paraphrase, order, tok), one=True)]
    return []


def _phrase_of(doc: QuestionDoc, first, last) -> Mention:
    """The words from token ``first`` to token ``last`` ("first game")."""
    start, end = first.idx, last.idx + len(last.text)
    return Mention(start, end, doc.text[start:end])
