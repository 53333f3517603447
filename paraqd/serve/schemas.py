"""Request and response bodies of the scoring service (pydantic models; they make the OpenAPI schema).

Requests are strict about their shape (unknown fields are refused, so a misspelt field is an error rather
than silently ignored) and about types (a number where text is expected is refused, never coerced).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Request(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Pair(_Request):
    """One (question, paraphrase) pair."""

    question: str = Field(description="the original word problem", examples=[
        "John walked 200 kilometres. How long did he walk in terms of metres?"])
    paraphrase: str = Field(description="a candidate paraphrase of it", examples=[
        "john walked 200 centimetres. How long did he walk in terms of metres?"])


class PairsRequest(_Request):
    """(question, paraphrase) pairs, at most `max_pairs` of them."""

    pairs: list[Pair] = Field(min_length=1, description="the pairs to score, in any order")


class RankRequest(_Request):
    """Candidate paraphrases of one question, at most `max_candidates` of them."""

    question: str = Field(description="the original word problem", examples=[
        "A bag of cat food weighs 7 pounds and 4 ounces. How much does the bag weigh in ounces?"])
    candidates: list[str] = Field(min_length=1, description="candidate paraphrases", examples=[[
        "A bag of cat food weighs 7 pounds and ounces. How much does the bag in ounces?",
        "A bag of cat food weighs 7 lb and 4 oz. How much does the bag weigh in ounces?"]])
    valid_only: bool = Field(False, description="drop the invalid candidates (filter) instead of listing them last")
    explain: bool = Field(False, description="add the cosine, verdict, reasons and findings of each candidate")


class Span(BaseModel):
    """Characters ``text[start:end]`` of the question or of the paraphrase (Unicode code points)."""

    start: int
    end: int
    text: str


class FindingOut(BaseModel):
    """One thing the critical-information check found, with the spans involved in both texts."""

    kind: str = Field(description="what was found: number_missing, unit_changed, term_renamed, ...")
    message: str = Field(description="the finding in words")
    severity: Literal["minor", "major", "critical"]
    question_spans: list[Span]
    paraphrase_spans: list[Span]


class ScoreOut(BaseModel):
    score: float = Field(description="the score in [-1, 1]; valid when at least the threshold")
    valid: bool


class ExplanationOut(ScoreOut):
    cosine: float = Field(description="the learned cosine similarity the score starts from")
    verdict: Literal["valid", "invalid"]
    reasons: list[str] = Field(description="why, most severe first; empty when nothing was found")
    findings: list[FindingOut]
    checks_failed: list[str] = Field(default_factory=list, description=(
        "checks that failed on this pair (a bug, logged on the server): the verdict does not cover them"))


class ScoreResponse(BaseModel):
    threshold: float
    results: list[ScoreOut] = Field(description="one per pair, in the order of the request")


class ExplainResponse(BaseModel):
    threshold: float
    results: list[ExplanationOut] = Field(description="one per pair, in the order of the request")


class RankedOut(BaseModel):
    index: int = Field(description="position of the candidate in the request")
    text: str
    score: float
    valid: bool
    cosine: float | None = None
    verdict: Literal["valid", "invalid"] | None = None
    reasons: list[str] | None = None
    findings: list[FindingOut] | None = None
    checks_failed: list[str] | None = None


class RankResponse(BaseModel):
    question: str
    threshold: float
    results: list[RankedOut] = Field(description="best first (so valid ones first); ties keep request order")


class LimitsOut(BaseModel):
    max_body_bytes: int
    max_pairs: int
    max_candidates: int
    max_text_chars: int
    max_queue: int
    request_timeout: float


class HealthResponse(BaseModel):
    status: Literal["ok"]
    version: str
    model: str | None = Field(description="where the scoring model was loaded from")
    hybrid: bool = Field(description="whether the score is lowered by the critical-information check")
    threshold: float
    limits: LimitsOut
    queued: int = Field(0, description="scoring requests waiting or running now (at most limits.max_queue)")


class VersionResponse(BaseModel):
    version: str = Field(description="the paraqd version")


class ErrorResponse(BaseModel):
    detail: str = Field(description="what was wrong with the request, in one line")
