"""Every kind of finding, in one place: its name, the check that reports it, its severity and its message.

A :class:`FindingKind` is a :class:`str` (``FindingKind.NUMBER_MISSING == "number_missing"``), so
``Finding.kind`` serialises as the same string in every output (JSON, CSV ``reasons``, the server) and
compares equal to it. ``severity`` is the kind's default severity; ``severities`` every severity a check may
give it (a soft number missing is minor, a check's parameters may raise a relation word missing to major);
``template`` is the form of its message, with the parts that vary in braces. docs/explain.md lists them all
(``tests/test_finding_kinds.py`` keeps the two in step).

To add a kind: add a member here (name, check, severities with the default first, template, description),
report it from a check as ``Finding(FindingKind.MY_KIND, message, severity, ...)``, and list it in
docs/explain.md. A third-party check may use a plain string kind of its own.
"""

from __future__ import annotations

import enum

from .findings import Severity

MINOR, MAJOR, CRITICAL = Severity.MINOR, Severity.MAJOR, Severity.CRITICAL


class FindingKind(enum.StrEnum):
    """A kind of finding (a string), with the check that reports it, its severities and message template."""

    def __new__(cls, value: str, check: str, severities: tuple[Severity, ...], template: str,
                description: str) -> FindingKind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.check = check
        member.severities = severities
        member.template = template
        member.description = description
        return member

    # a string enum hashes as its string: {"number_missing"} and {FindingKind.NUMBER_MISSING} are one set
    __hash__ = str.__hash__

    @property
    def severity(self) -> Severity:
        """The default severity (the first of :attr:`severities`)."""
        return self.severities[0]

    # -- numbers
    NUMBER_MISSING = ("number_missing", "numbers", (CRITICAL, MINOR), "{the number} is missing",
                      "a value of the question is gone (minor for a digit ordinal or \"a pair of\")")
    NUMBER_ADDED = ("number_added", "numbers", (CRITICAL, MINOR), "{the number} is not in the question",
                    "a value the question does not have (minor for a digit ordinal or \"a pair of\")")
    NUMBER_CHANGED = ("number_changed", "numbers", (CRITICAL,), "{the number} became {new}",
                      "a value replaced by another")
    NUMBER_ROLES_SWAPPED = ("number_roles_swapped", "numbers", (CRITICAL,),
                            "{a} and {b} swapped what they count ({x} and {y}) | {a} and {b} swapped places",
                            "two values kept but exchanged (\"5 apples and 3 pears\" -> \"3 apples and 5 pears\")")
    NUMBER_INVERTED = ("number_inverted", "numbers", (MINOR,),
                       "{the number} is written as its reciprocal {new} (the same factor read from the other side, "
                       "if the two sides swapped)", "a factor written as its reciprocal with its two sides swapped")
    NUMBER_REPEAT_DROPPED = ("number_repeat_dropped", "numbers", (MINOR,),
                             "{the number} appears {n} times in the question but {m} in the paraphrase",
                             "a repeated value written fewer times")
    NUMBER_REPEAT_ADDED = ("number_repeat_added", "numbers", (MINOR,),
                           "{the number} appears {n} times in the paraphrase but {m} in the question",
                           "a value written more times than in the question")
    NUMBER_MADE_VAGUE = ("number_made_vague", "numbers", (MAJOR,),
                         "{the number} is written \"{words}\" in the paraphrase, which gives no value (the value "
                         "is still written elsewhere)",
                         "a repeated value written in place as words that give no value (\"1/2 a roll\" -> \"a bit "
                         "of a roll\", \"4 books\" -> \"a few books\")")
    NUMBER_MADE_INEXACT = ("number_made_inexact", "numbers", (MAJOR,),
                           "{the number} is given exactly in the question but as \"{words}\" in the paraphrase: an "
                           "estimate or a bound, not the value",
                           "a number the question gives exactly written as an estimate or a lower bound (\"12 packs\" "
                           "-> \"a dozen or so packs\", \"4 hours\" -> \"at least 4 hours\")")
    FACT_ADDED = ("fact_added", "numbers", (MAJOR,),
                  "the paraphrase adds {number}, a new quantity of what the problem computes with",
                  "a value of the question written again for another thing the problem computes with")
    CHANGE_BY_TO = ("change_by_to", "numbers", (CRITICAL,),
                    "{old} is what a change is by in the question but what it is to in the paraphrase (or the "
                    "reverse)",
                    "one value under one verb that is the size of a change (\"lowers the price by $10\") in one "
                    "text and where the change ends (\"lowers the price to $10\") in the other")
    NUMBER_KIND_CHANGED = ("number_kind_changed", "numbers", (MINOR,), "{old} ({kind}) is written {new} ({kind})",
                           "the same value of another kind (\"20%\" -> \"20\", \"$5\" -> \"5\")")
    SHARE_COUNTED = ("share_counted", "numbers", (MAJOR,), "{old} ({form}) is written {new} ({form})",
                     "a percentage written as a count of things, or a count as a percentage (\"20% of the fish\" -> "
                     "\"20 of the fish\"): another quantity")
    # -- units
    UNIT_CHANGED = ("unit_changed", "units", (CRITICAL, MINOR), "{old} became {new} ({category} became {category})",
                    "a unit replaced by another (minor for a compound unit read as its own part)")
    UNIT_MISSING = ("unit_missing", "units", (MAJOR, MINOR), "the unit {unit} is missing",
                    "a unit gone (minor for a period of time that measured no number)")
    RATE_MISSING = ("rate_missing", "units", (MAJOR,), "{rate} is gone: the number is no longer counted per {period}",
                    "the period of a rate of time left out (\"chops 2 trees every day\" -> \"chops 2 trees\"), "
                    "`paraqd/analysis/rates.py`")
    RATE_CHANGED = ("rate_changed", "units", (CRITICAL,),
                    "{old} became {new}: the rate recurs at another frequency",
                    "a rate of time that recurs at another frequency (\"every week\" -> \"every two weeks\", "
                    "\"per day\" -> \"every other day\", \"twice a month\" -> \"monthly\"), "
                    "`paraqd/analysis/rates.py` (`changed_frequencies`)")
    UNIT_ADDED = ("unit_added", "units", (MAJOR, MINOR), "the unit {unit} is not in the question",
                  "a unit the question does not have (minor for a period of time that measures no number)")
    UNIT_DETACHED = ("unit_detached", "units", (MAJOR,), "{quantity} lost its unit (\"{number}\")",
                     "a number kept without its unit (\"62 kgs of wheat\" -> \"62 of wheat\")")
    TIME_CHANGED = ("time_changed", "units", (CRITICAL,),
                    "{old} became {new}, another time | {number} is at {old} in the question but at {new} in the "
                    "paraphrase, another time | the question asks about {old}, the paraphrase about {new}, another "
                    "time | the paraphrase puts the problem's numbers at two different times ({a}, {b}), the "
                    "question at no time counted from now | {number} is at {old} in the question but {new} in the "
                    "paraphrase, before an event the story tells as past | the question asks about {old}, the "
                    "paraphrase about {new}, a time the story looks ahead to | {number} is at {old} in the question but {new} "
                    "in the paraphrase, before the {later} the story goes on to",
                    "a time point written as another: a clock time in the other half of the day (\"9 am\" -> "
                    "\"9 pm\"), another month, a relative reference turned the other way (\"the previous day\" "
                    "-> \"the next day\"), a number or the question at another time, the facts of one time put "
                    "at two (`paraqd/analysis/time_anchors.py`), the present moved to "
                    "an event of the story (`paraqd/analysis/time_events.py`)")
    COUNT_CHANGED = ("count_changed", "units", (CRITICAL,), "\"{old}\" became \"{new}\" (the number counts another thing)",
                     "a number kept but counting another thing while the old one is still named, or one the "
                     "question names for something else: \"2 trees\" -> \"2 rows of trees\", \"4 pages\" -> "
                     "\"4 chapters\" beside \"7 pages\", \"14 pencils\" -> \"14 packs\"")
    # -- entities and key nouns
    TERM_RENAMED = ("term_renamed", "entities", (MINOR,), "\"{old}\" was renamed \"{new}\" throughout",
                    "a key term renamed everywhere")
    TERM_SYNONYM = ("term_synonym", "entities", (MINOR,),
                    "\"{old}\" became {its synonym | a word close in meaning (similarity S)} \"{new}\" in one place "
                    "(\"{kept}\" elsewhere)",
                    "a noun replaced in one place by a synonym (WordNet) or a word an encoder puts close to it")
    TERM_RENAMED_INCONSISTENTLY = ("term_renamed_inconsistently", "entities", (MAJOR, MINOR),
                                   "\"{old}\" became \"{new}\" in one place but \"{kept}\" is still used elsewhere",
                                   "a key term renamed in one place only (minor for a word of setting)")
    TERM_SWAPPED = ("term_swapped", "entities", (MAJOR,),
                    "\"{old}\" became \"{new}\", another part of the problem, in one place",
                    "one mention written as another thing of the problem")
    WORD_KIND_CHANGED = ("word_kind_changed", "entities", (MAJOR,),
                         "\"{old}\" ({a thing or person of the problem | the relation of a quantity | what tells two "
                         "things apart}) became \"{new}\", {a word that names no thing | a time | an object, no "
                         "quantity or shape | a noun}",
                         "a word of the problem's information written in its place as a word of another kind: a "
                         "counted thing as a word that names no thing or as a time (\"8 customers\" -> \"8 "
                         "bought\", \"in a line\" -> \"in a thursday\"), a mathematical term as an object (\"the "
                         "numerator\" -> \"the counter\"), a relation verb as a noun (\"travels by car\" -> \"glass "
                         "by car\"), a distinguishing adjective as a noun")
    PRONOUN_MISRESOLVED = ("pronoun_misresolved", "entities", (MAJOR,),
                           "\"{pronoun}\" (that is, {name}) became \"{other}\", another person of the problem",
                           "a pronoun written as the wrong person")
    LIST_CHANGED = ("list_changed", "entities", (MAJOR,), "the list {\"old\", ...} became {\"new\", ...} (adds {items} and "
                    "leaves out {items})", "a list repeated with an item more or less")
    PERSON_ADDED = ("person_added", "entities", (MAJOR,),
                    "\"{name}\", a person the problem never mentions, {holds one of its quantities | is asked about | takes part too in what the question computes}",
                    "a new person put in a relation or the question while the problem's people stay")
    TERM_MISSING = ("term_missing", "entities", (MINOR, MAJOR), "{the name | the noun} \"{term}\" is missing",
                    "a key term gone without replacement (major for a name the problem computes with)")
    # -- the question
    QUESTION_MISSING = ("question_missing", "question", (CRITICAL,), "the question sentence is gone",
                        "no sentence asks anything any more")
    QUESTION_INCOMPLETE = ("question_incomplete", "question", (CRITICAL,), "the question is cut short",
                           "the question stops mid-sentence")
    QUESTION_UNIT_CHANGED = ("question_unit_changed", "question", (CRITICAL, MAJOR, MINOR),
                             "the question asks in {unit}, the paraphrase in {unit}",
                             "the question asks in another unit (major when both ask for a measure of another "
                             "kind, minor for another kind of unit elsewhere in the clause)")
    QUESTION_CHANGED = ("question_changed", "question", (CRITICAL, MAJOR, MINOR),
                        "the question asks about {old}, the paraphrase about {new} | the question leaves \"{word}\" "
                        "out of \"{phrase}\" ... | the question asks for {noun}, the paraphrase for {noun}",
                        "the question asks about another person or ordinal (critical), another part of the story "
                        "(major) or another noun (minor)")
    # -- relations
    RELATION_FLIPPED = ("relation_flipped", "relations", (CRITICAL,), "{words} became {words}",
                        "a relation word replaced by its other pole (\"least\" -> \"greatest\")")
    RELATION_MISSING = ("relation_missing", "relations", (MINOR, MAJOR), "{words} ({scale}) is missing",
                        "a relation word gone (major when the paraphrase only deletes words)")
    RELATION_DELETED = ("relation_deleted", "relations", (MAJOR,), "\"{word}\" was left out where it stood",
                        "a relation word left out in place")
    TERMS_EXCHANGED = ("terms_exchanged", "relations", (CRITICAL,), "\"{a}\" and \"{b}\" swapped places: \"{text}\"",
                       "two things exchanged around their relation (\"A is twice as old as B\" -> \"B ... A\")")
    DAY_CHANGED = ("day_changed", "relations", (MAJOR,), "\"{words}\" (that is, {day}) became \"{new}\", another day",
                   "a relative day written as another day")
    CONTEXT_ADDED = ("context_added", "numbers", (MINOR,),
                     "the paraphrase adds {spans}, about nothing the question counts or measures (context: the "
                     "problem is the same)",
                     "numbers, units or weekdays about nothing the problem computes with (a setting, a weight in a "
                     "problem about books): a note, reported by the numbers, units and relations checks "
                     "(paraqd/analysis/context.py)")
    COMPARISON_CHANGED = ("comparison_changed", "comparison", (CRITICAL,),
                          "\"{old}\" ({way}) became \"{new}\" ({other way})",
                          "a compared value (or the question) changed from a factor (\"3 times as many\") to a "
                          "difference (\"3 more than\") or back, or from a difference to an amount that compares "
                          "nothing (\"9 more laps than Lena\" -> \"9 laps, more than Lena\") or back")
    QUESTION_QUANTITY_CHANGED = ("question_quantity_changed", "question", (MAJOR,),
                                 "the question asks for {aggregate} (\"{word}\"), the paraphrase for {aggregate} "
                                 "(\"{word}\") | the question asks for the whole (\"{word}\"), the paraphrase "
                                 "only for {names}",
                                 "the question asks for another aggregate of the quantity (the total, what is left, "
                                 "a difference, each, at the start) or for a part of the whole it asked")
    QUESTION_PART = ("question_part", "grounding", (CRITICAL,),
                     "the paraphrase asks only about the \"{modifier}\" \"{noun}\", the question about all of them "
                     "(the problem also has \"{other}\" ones) | the question asks only about the \"{modifier}\" "
                     "ones, the paraphrase about all the \"{noun}\" (...) | the question asks only about \"{kind}\", "
                     "the paraphrase about all \"{class}\" (...) | the paraphrase asks only about \"{kind}\", one kind "
                     "of the question's \"{class}\" (...)",
                     "the asked thing narrowed to one part of what the question asks, where the problem splits it "
                     "(\"green\" and \"red\" tomatoes: \"how many tomatoes\" -> \"how many red tomatoes\"), the whole asked "
                     "for a part (\"how many red tomatoes\" -> \"how many tomatoes\"), or another level of a class "
                     "the problem has two kinds of (\"apples\" -> \"fruits\", \"pastries\" -> \"pies\")")
    QUESTION_UNGROUNDED = ("question_ungrounded", "grounding", (CRITICAL,),
                           "the paraphrase asks about {word} (never mentioned, nor a synonym or a more general word "
                           "of it | a kind of {noun}, more specific than what the problem counts | the problem "
                           "never says which {noun} are {modifier}): the problem does not give it",
                           "the thing the question counts or measures is not in the problem, nor a synonym or more "
                           "general word of what is: an unrelated word (\"gravel\" for sand), a more specific one "
                           "(\"biographies\" when it counts books) or a restriction the problem never states "
                           "(\"red buttons\"): the question cannot be answered")
    DAY_ADDED = ("day_added", "relations", (MAJOR,), "the paraphrase adds {days}, days the question never names (a "
                 "condition on when things happen)", "days of the week the question never names")
    ROLES_EXCHANGED = ("roles_exchanged", "relations", (CRITICAL,), "\"{a}\" and \"{b}\" exchanged roles: ...",
                       "the giver and receiver of a verb exchanged")
    DIRECTION_FLIPPED = ("direction_flipped", "relations", (CRITICAL,),
                         "\"{number}\" {goes to / leaves someone, is added / taken away, raises / lowers the amount} in the "
                         "question (\"{word}\") but {the other way} in the paraphrase (\"{word}\")",
                         "a quantity moves the other way for someone (gives -> gets, adds -> removes, got on -> got "
                         "off): read from its verb and the verb's arguments")
    BASE_CHANGED = ("base_changed", "relations", (MAJOR,),
                    "\"{number}\" is taken of another whole: \"{word}\" in the question, \"{word}\" in the paraphrase",
                    "a fraction or percentage taken of another whole (\"a quarter of the money he had left\" -> \"... "
                    "he started with\", \"half of the remaining\" -> \"half of them\"), a comparison measured against another "
                    "person (\"as many as Omar\" -> \"... as Nina\") or another thing the problem states (\"than "
                    "pears\" -> \"than plums\"), or a recurring comparison "
                    "measured against a fixed period (\"than the previous day\" -> \"than the first day\")")
    PER_ITEM_MADE_TOTAL = ("per_item_made_total", "relations", (MAJOR,),
                           "\"{number}\" is said of each item in the question but of all of them together in the "
                           "paraphrase (\"{whole}\")",
                           "a number per item made a total (\"Each lamp costs $12\" -> \"paid $12 for the lamps\"), "
                           "`paraqd/analysis/per_item.py`; or per period of time (\"2 bracelets every day\" -> \"over "
                           "4 days she made 2 bracelets\"), `paraqd/analysis/per_period.py`")
    RATE_IMPOSSIBLE = ("rate_impossible", "relations", (MAJOR,),
                       "\"{amount} {period}\" holds more time than the period: the problem cannot happen",
                       "a rate of time longer than its period (\"30 hours a day\") that the question does not have")
    COMPARISON_REVERSED = ("comparison_reversed", "relations", (CRITICAL,),
                           "{word} compares the other way round: ...",
                           "the two sides of a comparison swapped with the same comparative (\"how many more did he "
                           "make than sell\" -> \"... sell than make\"), or a factor whose sides swapped (\"A has 3 times as many as B\" "
                           "-> \"B has 3 times as many as A\")")
    CONDITION_CHANGED = ("condition_changed", "relations", (CRITICAL, MAJOR),
                         "\"{old}\" ({condition}) on \"{word}\" in the question became \"{new}\" ({other}) in the "
                         "paraphrase", "a condition that picks what counts said the other way or dropped: \"except "
                         "Monday\" -> \"including Monday\", \"unless it snows\" -> \"if it snows\", \"every "
                         "room\" -> \"every other room\", \"only the brown eggs\" -> \"all the eggs\", "
                         "\"include\" -> \"do not include\", \"separately\" -> \"together\"; "
                         "a restriction on the same number that picks other items: \"all but 16\" -> \"only 16\", "
                         "\"the amount exceeding $100\" -> \"the first $100\"; (major) an exclusion the paraphrase "
                         "adds: \"all but one of the tires\", \"the first charge was free\" "
                         "(`paraqd/analysis/conditions.py`, `paraqd/analysis/restrictions.py`, "
                         "`paraqd/analysis/exclusions.py`)")
    ORDER_CHANGED = ("order_changed", "relations", (MAJOR,),
                     "\"{a}\" comes before \"{b}\" in the question but after it in the paraphrase",
                     "two events on one quantity told in the other order of time, where one takes a part of the "
                     "amount or states it (\"spent half, then $6\" -> \"spent $6, then half\"), "
                     "`paraqd/analysis/event_order.py`")
    NEGATION_MISSING = ("negation_missing", "relations", (MINOR, MAJOR), "the negation {words} is missing",
                        "a negation gone (major when the paraphrase only deletes words)")
    NEGATION_ADDED = ("negation_added", "relations", (MINOR,), "the paraphrase adds a negation ({words})",
                      "a negation the question does not have")
    # -- content words
    CONTENT_MISSING = ("content_missing", "content", (MINOR,), "content words dropped: {words} ({n} of {total})",
                       "content words the paraphrase no longer has (extent: the share lost, weighted)")
    CONTENT_DELETED = ("content_deleted", "content", (MAJOR,), "content words deleted: {words} ({n} of {total})",
                       "content words left out by a paraphrase that only deletes words")


def kind_of(name: str) -> FindingKind | str:
    """The :class:`FindingKind` named ``name``, or ``name`` itself for a kind of a third-party check."""
    try:
        return FindingKind(name)
    except ValueError:
        return name
