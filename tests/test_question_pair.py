"""QuestionPair: one alignment per pair, shared by every check; checks callable on a pair or on two documents."""

from paraqd.analysis import QuestionPair
from paraqd.checks import Check, CriticalInfoChecker, Finding, Severity
from paraqd.checks.checker import DEFAULT_CHECKS, default_check_names


def test_the_pair_aligns_once_and_reads_renames_and_edits_from_that_alignment(checker):
    analyze = checker.analyzer.analyze
    pair = QuestionPair(analyze("Tom has 3 apples. He eats 1 apple. How many apples are left?"),
                        analyze("Tom has 3 pears. He eats 1 pear. How many pears are left?"))
    assert pair.alignment is pair.alignment  # computed once, kept on the pair
    assert [(r.old.key, r.new.key, r.consistent) for r in pair.renames] == [("apple", "pear", True)]
    assert not pair.vanished and not pair.swaps and not pair.is_deletion
    subs = pair.aligned_substitutions()
    assert [(pair.question.doc[i1:i2].text, pair.paraphrase.doc[j1:j2].text) for i1, i2, j1, j2 in subs] == [
        ("apples", "pears"), ("apple", "pear"), ("apples", "pears")]
    assert 0.5 < pair.copied_share < 1.0


def test_the_checker_hands_one_pair_to_every_check_and_old_style_checks_get_its_documents(checker):
    seen = []

    class PairCheck(Check):
        name = "pair"

        def compare(self, pair):
            seen.append(pair)
            return []

    class DocumentsCheck(Check):
        name = "documents"

        def compare(self, question, paraphrase):
            seen.append((question, paraphrase))
            return [Finding("shouting", "the paraphrase shouts", Severity.MAJOR)] if paraphrase.text.isupper() else []

    both = CriticalInfoChecker(analyzer=checker.analyzer, checks=[PairCheck(), DocumentsCheck(), PairCheck()])
    result = both.check("Tom has 3 apples.", "TOM HAS 3 APPLES.")
    assert result.reasons == ["the paraphrase shouts"]
    pair, docs, again = seen
    assert isinstance(pair, QuestionPair) and again is pair and docs == (pair.question, pair.paraphrase)
    # either check may be called on two documents as well
    q, p = pair.question, pair.paraphrase
    assert PairCheck().compare(q, p) == [] and DocumentsCheck().compare(pair)[0].kind == "shouting"


def test_the_default_checks_are_an_explicit_list():
    assert default_check_names()[:len(DEFAULT_CHECKS)] == list(DEFAULT_CHECKS)
    assert [c.name for c in CriticalInfoChecker().checks][:len(DEFAULT_CHECKS)] == list(DEFAULT_CHECKS)
