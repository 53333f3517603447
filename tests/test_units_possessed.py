""""feet" after a possessive noun with no number is a part of someone's body, like "his feet": "a mold of
Bobby's feet" adds no unit (:mod:`paraqd.analysis.units`); a number before it still makes it a measure, and
another unit word after a possessive noun ("the neighbours' yards") stays as the problem may say it."""


def _units(checker, text):
    return [(u.text, u.unit.name) for u in checker.analyzer.analyze(text).units]


def test_a_possessed_unit_word_is_no_unit(checker):
    assert _units(checker, "The shoemaker made a cast of Nora's feet first.") == []
    assert _units(checker, "The twins' feet were cold.") == []
    assert _units(checker, "Nora's garden is 14 feet wide.") == [("feet", "foot")]
    assert _units(checker, "Nora mows her neighbours' yards.") == [("yards", "yard")]


def test_a_story_that_names_a_persons_feet_adds_no_unit(checker):
    question = ("Nora orders boots. The shoemaker charges $120 for the cast and $40 an hour for 5 hours of "
                "work. How much does Nora pay?")
    paraphrase = ("Nora orders boots, so the shoemaker first makes a cast of Nora's feet, for $120, and then "
                  "works 5 hours at $40 an hour. How much does Nora pay?")
    kinds = {f.kind for f in checker.check(question, paraphrase).findings}
    assert "unit_added" not in kinds


def test_a_unit_added_with_its_number_is_still_reported(checker):
    question = "Nora's garden is 14 wide and 9 long. What is its area?"
    paraphrase = "Nora's garden is 14 feet wide and 9 feet long. What is its area in square feet?"
    kinds = {f.kind for f in checker.check(question, paraphrase).findings}
    assert {"unit_added", "question_unit_changed"} & kinds
