"""Where the ask stands when it is no "?" sentence (session 22, issue 24): a label line of a Given/Find layout
("Find: the number of ..."), a line whose value is a request ("Your goal: find out how many ..."), and an ask
embedded in a statement ("I want to know how many ...", "Please report how many ...", "Tonight I want to
calculate the total cost of ..."). Each rule: the form found, and the neighbours that must not read as an ask
(a story that wonders and goes on counting, a past request of the story, a letter with no ask at all)."""

from __future__ import annotations

import pytest

from paraqd.analysis.asked import find_ask
from paraqd.checks import Severity

PENS = "A shop sells pens at $3 each. Lara buys 7 pens and pays with a $50 note. How much change does she get?"


# -- a label line of a layout: its own sentence, whole at its line break ------------------------------------------

@pytest.mark.parametrize("paraphrase", [
    "Given:\n- Pen price: $3 each\n- Pens Lara buys: 7\n- Note she pays with: $50\nFind: the change Lara gets",
    "Given:\n- Lara buys 7 pens at $3 each.\n- She pays with a $50 note.\nFind: how much change she gets back",
    "Known facts:\n- 7 pens, $3 each\n- paid with a $50 note\nFind: the amount of change she is handed over",
])
def test_a_find_line_without_a_full_stop_is_a_whole_question(checker, paraphrase):
    result = checker.check(PENS, paraphrase)
    assert not {"question_missing", "question_incomplete"} & set(result.kinds()), result.reasons


@pytest.mark.parametrize("cut", ["the amount of", "the change that", "the change she", "the change and"])
def test_a_find_line_that_stops_on_a_word_waiting_for_more_is_cut_short(checker, cut):
    paraphrase = f"Given:\n- Lara buys 7 pens at $3 each.\n- She pays with a $50 note.\nFind: {cut}"
    assert "question_incomplete" in checker.check(PENS, paraphrase).kinds(Severity.CRITICAL)


def test_a_find_line_is_the_ask_even_where_the_parser_joins_it_to_the_list(analyzer):
    doc = analyzer.analyze("Given:\n- Laps run on Monday: 12\n- Laps run on Tuesday: 9\n"
                           "Find: the number of laps Omar ran on both days")
    ask = find_ask(doc)
    assert ask is not None and ask.complete
    assert ask.sentence.text == "Find: the number of laps Omar ran on both days"
    assert (ask.form, ask.noun) == ("request", "number")


def test_a_find_line_opening_with_a_wh_word_asks_in_that_form(analyzer):
    ask = find_ask(analyzer.analyze("Given:\n- Omar ran 12 laps and 9 laps.\nFind: how many laps Omar ran in all"))
    assert (ask.form, ask.noun) == ("how many", "lap")


def test_a_label_whose_value_is_a_request_asks(analyzer):
    ask = find_ask(analyzer.analyze("Mission: The Lost Coins\nThe dragon hid 40 coins in 5 chests, the same number "
                                    "in each.\nYour task: work out how many coins lie in one chest"))
    assert ask is not None and ask.form == "how many" and ask.complete


def test_a_label_line_that_states_a_fact_asks_nothing(analyzer):
    assert find_ask(analyzer.analyze("Note: the dragon hid 40 coins in 5 chests.\nTotal coins: 40")) is None


# -- an ask embedded in a statement -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, form, noun", [
    ("Dear diary,\nOur choir has 24 singers and 5 of them are tenors. I want to know how many singers are not "
     "tenors.", "how many", "singer"),
    ("Dear journal, I baked 3 trays of 11 rolls. Now I'm wondering how many rolls I baked.", "how many", "roll"),
    ("To: Kitchen staff\nRe: rolls\nThe bakery baked 3 trays of 11 rolls. Please report how many rolls were baked.",
     "how many", "roll"),
    ("Dear diary, the orchard gave 120 pears in May and 80 in June. Tonight I want to calculate the total number "
     "of pears it gave.", "request", "number"),
    ("Hi class! A bus carries 40 kids and 3 teachers. I want you to tell me the number of seats needed.",
     "request", "number"),
])
def test_an_ask_embedded_in_a_statement_is_the_ask(analyzer, text, form, noun):
    ask = find_ask(analyzer.analyze(text))
    assert ask is not None and ask.complete
    assert (ask.form, ask.noun) == (form, noun)


def test_an_embedded_ask_asks_about_its_clause(checker):
    question = "A choir has 24 singers. 5 of them are tenors. How many singers are not tenors?"
    result = checker.check(question, "Dear diary,\nOur choir has 24 singers and 5 of them are tenors. I want to "
                                     "know how many singers are not tenors.")
    assert "question_missing" not in result.kinds(), result.reasons


@pytest.mark.parametrize("text", [
    # the story wonders, then goes on with its numbers: no ask
    "Tom wanted to know how many cards he had. He counted 40 cards and gave 5 of them away.",
    # a request the story's person made in the past
    "Last spring Mia had to calculate the cost of her trip to the lake.",
    # a verb of the story that is also a request verb, said of a person of the story
    "Nadia bakes 30 buns. She gives 6 buns to her aunt and the rest to her neighbours.",
    "At the fair Ivo gives the winner a prize.",
    # a person of the story who wants to find out, in the present, as the last sentence: the story wonders
    "Omar swims 4 laps every morning for 9 days. He wants to work out how many laps he swims in all.",
    "Lena packs 6 boxes an hour. Her boss is wondering how many boxes she packs in a shift of 8 hours.",
    # a letter with no ask at all
    "Dear Ana,\nOur pear tree gave 120 pears in May and 80 in June. Mom says we will make jam!\nLove,\nSal",
])
def test_a_story_that_asks_nothing_has_no_ask(analyzer, text):
    assert find_ask(analyzer.analyze(text)) is None


def test_a_letter_without_an_ask_has_lost_the_question(checker):
    question = "A pear tree gave 120 pears in May and 80 in June. How many pears did it give?"
    paraphrase = "Dear Ana,\nOur pear tree gave 120 pears in May and 80 in June. Mom says we will make jam!\nLove,\nSal"
    assert "question_missing" in checker.check(question, paraphrase).kinds(Severity.CRITICAL)


def test_hashtags_after_the_ask_leave_it_whole(analyzer):
    ask = find_ask(analyzer.analyze("my cat had 4 kittens and my dog had 3 puppies. guess how many babies we have "
                                    "now! #petlife #cute"))
    assert ask is not None and ask.complete and ask.form == "how many"


# -- what an embedded ask asks about is judged like a question's ----------------------------------------------------

@pytest.mark.parametrize("paraphrase, ungrounded", [
    ("Dear diary, we sell mugs for $4 and plates for $6. Today we sold 10 mugs and 8 plates. Tonight I'm working "
     "out how much money we made from selling the candles.", True),
    ("Dear diary, we sell mugs for $4 and plates for $6. Today we sold 10 mugs and 8 plates. Tonight I'm working "
     "out how much money we made from selling the mugs.", False),
])
def test_the_object_of_an_act_a_how_much_asks_from_must_be_grounded(checker, paraphrase, ungrounded):
    question = ("A stall sells mugs for $4 and plates for $6. It sold 10 mugs and 8 plates. How much money did it "
                "make from selling the mugs?")
    result = checker.check(question, paraphrase)
    assert ("question_ungrounded" in result.kinds(Severity.CRITICAL)) == ungrounded, result.reasons


# -- a question mark ends the ask: the lines after it, and a request around it ------------------------------------

def test_the_lines_after_a_question_mark_are_no_part_of_the_ask(analyzer):
    ask = find_ask(analyzer.analyze("Dear Uncle Joe,\nOur pond had 14 frogs in May and 9 in June. Can you work out the "
                                    "average number of frogs?\nLove, Petra"))
    assert ask.sentence.text.endswith("frogs?")
    assert "Petra" not in ask.clause.text


def test_a_question_that_asks_through_a_request_asks_its_embedded_clause(analyzer):
    ask = find_ask(analyzer.analyze("Our pond had 14 frogs in May and 9 in June. Could you figure out how many frogs "
                                    "it had in all?"))
    assert (ask.form, ask.noun) == ("how many", "frog")
    assert ask.clause.text == "how many frogs it had in all?"


def test_a_sign_off_name_is_not_what_a_letter_asks_about(checker):
    question = "A pond had 14 frogs in May and 9 frogs in June. What is the average number of frogs in the pond?"
    paraphrase = ("Dear Uncle Joe,\nOur pond had 14 frogs in May and 9 frogs in June. Can you work out the average "
                  "number of frogs in the pond?\nLove, Petra")
    assert "question_ungrounded" not in checker.check(question, paraphrase).kinds()


def test_a_sign_off_after_a_full_stop_leaves_the_ask_whole(analyzer):
    ask = find_ask(analyzer.analyze("Dear diary,\nI had 6 jars of jam and made 9 more. I wonder how many jars I have "
                                    "now.\n- Nell"))
    assert ask is not None and ask.complete
    assert ask.sentence.text.endswith("now.")


def test_a_request_for_a_measure_after_the_last_question_is_the_ask(analyzer):
    ask = find_ask(analyzer.analyze("Kai: I had $90 and spent $35 on shoes.\nMo: Only shoes?\nKai: Yes. Tell me how "
                                    "much I have left 😬"))
    assert ask is not None and ask.complete
    assert (ask.form, ask.clause.text) == ("how much", "Tell me how much I have left 😬")


@pytest.mark.parametrize("after", ["Show your work.", "Explain how you got it.", "Give your answer in dollars."])
def test_an_instruction_after_the_question_leaves_the_question_asking(analyzer, after):
    ask = find_ask(analyzer.analyze(f"Kai had $90 and spent $35 on shoes. How much does he have left? {after}"))
    assert ask.sentence.text == "How much does he have left?"


@pytest.mark.parametrize("line, complete", [
    ("Tell me how much money I have", True),  # a chat line is whole at its line break
    ("Tell me how much money I", False),
    ("Tell me how much money the", False),
])
def test_a_chat_line_that_asks_is_whole_unless_it_stops_on_a_word_waiting_for_more(analyzer, line, complete):
    ask = find_ask(analyzer.analyze(f"Kai: I had $90 and spent $35 on shoes.\nKai: {line}"))
    assert ask is not None and ask.complete == complete


@pytest.mark.parametrize("text, asked", [
    ("Kai had $90 and spent $35 on shoes. How much money does he have left?\nHint: first work out how much he spent.",
     "How much money does he have left?"),
    ("Kai had 90 stamps and kept only 1/3 of them, so how many stamps can he give away?",
     "how many stamps can he give away?"),
])
def test_a_question_that_asks_a_quantity_keeps_asking_it(analyzer, text, asked):
    ask = find_ask(analyzer.analyze(text))
    assert ask.clause.text.endswith(asked)
    assert ask.form == "how many" if "stamps" in asked else ask.form == "how much"
