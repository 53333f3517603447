"""The model card (``README.md``) written into every model directory ``paraqd`` trains.

sentence-transformers saves a stock card (base model "Unknown", generic usage); paraqd replaces it with
one built from the run's metadata (``paraqd.json``): what the model is for, what it was trained on (with
file hashes), how, how it scores, the development figures, its limits and how to load it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..io import atomic_path

CARD_FILE = "README.md"

_LOSS_DESCRIPTIONS = {
    "triplet": "triplet loss (distance {distance}, margin {margin})",
    "mnrl": "multiple-negatives ranking loss (in-batch negatives plus the triplet's negative)",
}

_LIMITS = """\
- Trained and evaluated on English algebraic word problems (GSM8K / SVAMP / AQuA-style); other domains,
  languages or long texts (beyond the encoder's maximum sequence length) are out of scope.
- A score is a similarity, not a proof: a paraphrase that keeps every number, unit and entity but changes
  the relation between them (e.g. "more than" -> "less than") can still score as valid. Review what feeds a
  high-stakes use (tests, grading) by hand.
- The threshold is a default or was chosen on development data; another data source may need its own
  (`paraqd evaluate` on a few hundred labelled pairs of yours tells)."""


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (dict, list)):
        return "`" + json.dumps(value, ensure_ascii=False) + "`"
    return "-" if value is None else str(value)


def _training_section(metadata: dict[str, Any]) -> list[str]:
    hp = metadata.get("hyperparameters") or {}
    lines = ["## Training", ""]
    if "loss" in hp:
        loss = _LOSS_DESCRIPTIONS.get(hp["loss"], hp["loss"]).format(distance=hp.get("distance", "?"),
                                                                       margin=_fmt(hp.get("margin")))
        lines.append(f"- Loss: {loss}, fine-tuning the whole encoder (sentence-transformers trainer).")
    elif metadata.get("recipe"):
        lines.append(f"- Recipe: {metadata['recipe'].get('name', '?')} (the encoder is frozen; a residual head "
                     "is trained on cached embeddings).")
    if hp:
        lines += ["", "| hyper-parameter | value |", "|---|---|"]
        lines += [f"| {k} | {_fmt(v)} |" for k, v in hp.items() if k != "encoder"]
    lines += ["", "### Data", ""]
    files = metadata.get("training_files") or []
    if files:
        lines += ["| file | sha256 | rows |", "|---|---|---|"]
        lines += [f"| {Path(str(f.get('path', '?'))).name} | `{f.get('sha256', '?')}` | {_fmt(f.get('rows'))} |"
                  for f in files]
    else:
        lines.append("No training file recorded.")
    counts = metadata.get("counts") or {}
    if counts:
        lines += ["", "Examples: " + ", ".join(f"{k} {_fmt(v)}" for k, v in counts.items()) + "."]
    operators = {k: v for k, v in (metadata.get("operators") or {}).items() if v}
    if operators:
        lines += ["", "Operators that made the examples: "
                  + "; ".join(f"{side}: " + ", ".join(f"{op} ({n})" for op, n in ops.items())
                              for side, ops in operators.items() if isinstance(ops, dict)) + "."]
    return lines


def _scoring_section(metadata: dict[str, Any]) -> list[str]:
    from ..scoring import stored_method

    scoring = metadata.get("scoring") or {}
    threshold = scoring.get("threshold", 0.5)
    lines = ["## Scoring", ""]
    if stored_method(scoring) is not False:  # hybrid, stored or paraqd's default
        rule = scoring.get("rule") or {}
        lines.append("Hybrid: the learned cosine similarity of the two texts, lowered by the critical-information "
                     "check (a number, unit, entity or the question asked that the paraphrase drops or changes)"
                     + (f"; rule `{rule.get('kind', 'penalty')}` with "
                        f"{_fmt(rule.get('penalties') or rule.get('caps'))}" if rule else
                        "; paraqd's default rule") + ". `ParaphraseScorer.load(..., hybrid=False)` (`--pure`) "
                     "gives the learned cosine alone, the paper's score.")
    else:
        lines.append("The cosine similarity of the embeddings of the question and the paraphrase (the paper's score), "
                     "as this model's paraqd.json asks; `hybrid=True` (`--hybrid`) adds the critical-information "
                     "check.")
    lines += ["", f"A paraphrase is **valid** when its score is at least **{_fmt(float(threshold))}**."]
    return lines


def _figures_section(metadata: dict[str, Any]) -> list[str]:
    rows: list[tuple[str, str]] = []
    history = metadata.get("history") or []
    evaluated = [h for h in history if any(str(k).startswith("eval_") for k in h)]
    if evaluated:
        last = evaluated[-1]
        for key, value in last.items():
            if str(key).startswith("eval_") and isinstance(value, (int, float)):
                rows.append((f"{key[5:]} (epoch {_fmt(last.get('epoch'))})", _fmt(round(float(value), 4))))
    recipe = metadata.get("recipe") or {}
    for key, value in (recipe.get("validation") or {}).items():
        rows.append((f"validation {key}", _fmt(value)))
    selection = recipe.get("selection")
    if selection:
        rows.append(("epoch selected on", f"{', '.join(Path(f).name for f in selection.get('files', []))} "
                                          f"({selection.get('metric')}; {selection.get('rule')})"))
    lines = ["## Development figures", ""]
    if not rows:
        return lines + ["None recorded (train with `--validation-split` or evaluate with `paraqd evaluate`)."]
    return lines + ["| figure | value |", "|---|---|", *[f"| {k} | {v} |" for k, v in rows]]


def render_model_card(metadata: dict[str, Any], name: str = "model") -> str:
    """The Markdown model card of a model directory, from its ``paraqd.json`` metadata."""
    versions = metadata.get("versions") or {}
    base = metadata.get("base_encoder") or "unknown"
    lines = [
        "---",
        "library_name: sentence-transformers",
        "pipeline_tag: sentence-similarity",
        "tags: [paraqd, paraphrase-quality, word-problems]",
        "language: [en]",
        "---",
        "",
        f"# {name}: a paraqd paraphrase scorer",
        "",
        "Scores whether a paraphrase of an algebraic word problem keeps the information needed to solve it "
        "(the ParaQD method: a sentence encoder fine-tuned so that information-preserving rewrites stay close "
        "to the question and information-destroying ones move away).",
        "",
        f"- Base model: {base}",
        f"- paraqd version: {versions.get('paraqd') or '-'} (sentence-transformers "
        f"{versions.get('sentence-transformers') or '-'}, transformers {versions.get('transformers') or '-'}, "
        f"torch {versions.get('torch') or '-'})",
        f"- Created: {metadata.get('created', '-')}; seed {_fmt(metadata.get('seed'))}",
        "",
        "## Intended use",
        "",
        "Filtering and ranking machine-written paraphrases of math word problems before they are used "
        "(data augmentation, item generation): keep the valid ones, read the reasons of the others.",
        "",
        "## Limits",
        "",
        _LIMITS,
        "",
        *_scoring_section(metadata),
        "",
        *_training_section(metadata),
        "",
        *_figures_section(metadata),
        "",
        "## How to load",
        "",
        "```python",
        "from paraqd import ParaphraseScorer",
        "",
        f'scorer = ParaphraseScorer.load("{name}")   # the scoring rule and threshold above',
        'scorer.explain("Alex walked 4 km.", "Alex walked four kilometres.")',
        "",
        "from sentence_transformers import SentenceTransformer",
        "",
        f'encoder = SentenceTransformer("{name}")    # the embeddings only (cosine, no check)',
        "```",
        "",
        f"Command line: `paraqd score pairs.csv -o scored.csv --model {name}`. Full metadata: `paraqd.json`.",
        "",
    ]
    return "\n".join(lines)


def write_model_card(directory: str | os.PathLike, metadata: dict[str, Any], name: str | None = None) -> Path:
    """Write (replace) ``directory/README.md`` with the card of ``metadata``, atomically."""
    directory = Path(directory)
    path = directory / CARD_FILE
    text = render_model_card(metadata, name or directory.name)
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path
