"""Issue 24 item 5: does a trained learned half rank rewordings better than the untrained cosine?

Three steps, each a subcommand; the last printed line of each is JSON.

    # 1. per-pair cache of what the default scorer is made of on every dev file: the untrained cosine of the
    #    embedded all-MiniLM-L6-v2 and the penalty the default hybrid rule (paraqd.hybrid.PenaltyRule) takes off
    python benchmarks/train_learned_half.py measure --cache runs/dev_cache.csv

    # 2. train a cross-encoder verifier (paraqd.training.cross_encoder: MiniLM + LoRA, BCE) on operator pairs made
    #    from GSM8K *train*, SVAMP and AQuA dev pool questions, minus every question of every dev file, with extra
    #    LLM-like rewordings (added harmless context) and relation/asked-quantity negatives (paraqd.training.
    #    rewording_pairs)
    python benchmarks/train_learned_half.py train runs/learned --max-questions 500 --threads 1 [--lora-r 0 --lr 8e-5]

    # 3. the learned model's score on the same pairs, pure and inside the hybrid rule (mix weight chosen on the
    #    tuned files only)
    python benchmarks/train_learned_half.py score --cache runs/dev_cache.csv --model runs/learned

Development files (``DEV_FILES``; those present): mathcheck_dev, rewordings_public_dev (../shared/data/dev),
data/dev/gsm8k_rewordings_labelled, aqua_dev_labelled, svamp_dev_labelled, rewordings_styles_svamp and
rewordings_styles_gsm8k (this checkout's data/dev, or PARAQD_EXTRA_DEV). Never the blind part and never the
evaluation sets: their *questions* are only excluded from training (so that a later blind measurement is not
leaked), nothing of them is scored or read beyond the question column.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PARAQD_SHARED", "")) if os.environ.get("PARAQD_SHARED") else next(
    (p for p in (ROOT.parent / "shared", ROOT.parents[1] / "shared") if p.is_dir()), ROOT.parent / "shared")
DEV_NAMES = ("mathcheck_dev", "rewordings_public_dev", "gsm8k_rewordings_labelled", "aqua_dev_labelled",
             "svamp_dev_labelled", "rewordings_styles_svamp", "rewordings_styles_gsm8k")
#: the files whose figures choose the hybrid mix weight (tuned sets: the ones the checks were developed on)
TUNE_NAMES = DEV_NAMES


def dev_files() -> dict[str, Path]:
    """Every development file present, by name (the first location that has it)."""
    places = [SHARED / "data" / "dev", ROOT / "data" / "dev"]
    if os.environ.get("PARAQD_EXTRA_DEV"):
        places.append(Path(os.environ["PARAQD_EXTRA_DEV"]))
    found = {}
    for name in DEV_NAMES:
        for place in places:
            if (place / f"{name}.csv").is_file():
                found[name] = place / f"{name}.csv"
                break
    return found


def excluded_question_files() -> list[Path]:
    """Files whose questions are never trained on: every dev file, the blind parts (question column only), the
    evaluation sets and GSM8K test."""
    places = [SHARED / "data" / "dev", ROOT / "data" / "dev", ROOT / "data" / "dev" / "blind",
              SHARED / "data" / "eval"]
    if os.environ.get("PARAQD_EXTRA_DEV"):
        extra = Path(os.environ["PARAQD_EXTRA_DEV"])
        places += [extra, extra / "blind"]
    files = [Path(p) for place in places for p in sorted(glob.glob(str(place / "*.csv")))]
    return [*dict.fromkeys(files), SHARED / "data" / "questions" / "gsm8k_test.jsonl"]


def read_pairs(path: Path) -> pd.DataFrame:
    """``question, paraphrase, label`` of one labelled file (any of the project's layouts)."""
    from paraqd.evaluation.evaluator import LabelledPairs
    from paraqd.io import read_table

    pairs = LabelledPairs.from_frame(read_table(path), source=path)
    return pd.DataFrame({"question": pairs.questions, "paraphrase": pairs.paraphrases,
                         "label": np.asarray(pairs.labels, dtype=int)})


def auc(labels, scores) -> float:
    from paraqd.evaluation.metrics import roc_auc

    return round(float(roc_auc(np.asarray(labels), np.asarray(scores, dtype=float))), 4)


def measure(args) -> dict:
    """Cosine and default-rule penalty of every dev pair, cached; pure and hybrid ROC-AUC per file."""
    from paraqd.hybrid import DEFAULT_RULE
    from paraqd.scoring import ParaphraseScorer

    scorer = ParaphraseScorer.load(hybrid=False)
    frames = []
    for name, path in dev_files().items():
        df = read_pairs(path)
        t = time.perf_counter()
        df["cosine"] = np.asarray(scorer.cosine_pairs(df.question.tolist(), df.paraphrase.tolist()), dtype=float)
        penalties, errors = checked_penalties(scorer.checker, df.question.tolist(), df.paraphrase.tolist(),
                                              DEFAULT_RULE)
        df["penalty"], df["check_error"] = penalties, errors
        df["file"] = name
        frames.append(df)
        print(f"{name}: {len(df)} pairs in {time.perf_counter() - t:.0f} s", file=sys.stderr)
    cache = pd.concat(frames, ignore_index=True)
    Path(args.cache).parent.mkdir(parents=True, exist_ok=True)
    cache.to_csv(args.cache, index=False)
    out = {name: {"n": len(g), "pure_cosine_auc": auc(g.label, g.cosine),
                  "hybrid_auc": auc(g.label, hybrid(g.cosine, g.penalty)),
                  "check_errors": int((g.check_error.fillna("") != "").sum())} for name, g in cache.groupby("file")}
    return {"step": "measure", "files": out}


def checked_penalties(checker, questions, paraphrases, rule, chunk: int = 100) -> tuple[list[float], list[str]]:
    """The rule's penalty of each pair; a pair whose check raises (a checker bug) gets 0 and its error."""
    penalties: list[float] = []
    errors: list[str] = []
    for i in range(0, len(questions), chunk):
        qs, ps = questions[i:i + chunk], paraphrases[i:i + chunk]
        try:
            penalties += [rule.penalty(r) for r in checker.check_pairs(qs, ps)]
            errors += [""] * len(qs)
            continue
        except Exception:  # noqa: BLE001 - one bad pair must not lose the chunk: retry one by one
            pass
        for q, p in zip(qs, ps):
            try:
                penalties.append(rule.penalty(checker.check_pairs([q], [p])[0]))
                errors.append("")
            except Exception as exc:  # noqa: BLE001 - recorded in the cache and counted in the summary
                penalties.append(0.0)
                errors.append(f"{type(exc).__name__}: {exc}")
    return penalties, errors


def hybrid(learned, penalty) -> np.ndarray:
    """The default rule's score with ``learned`` in place of the cosine (clip(learned - penalty, -1, 1))."""
    return np.clip(np.asarray(learned, dtype=float) - np.asarray(penalty, dtype=float), -1.0, 1.0)


# --- extra pairs: what the operators do not make -------------------------------------------------------------
# Valid: context added that does not enter the computation (the LLM "as a story" habit). Invalid: one relation,
# direction, period or the asked quantity changed, or a number made vague (the kinds issue 24 lists as missed).

CONTEXT_SENTENCES = (
    "It was a bright spring morning.", "Everyone was in a cheerful mood that day.",
    "The town was getting ready for its annual festival.", "It had been a long and busy week.",
    "The weather was lovely, so the whole family was outside.", "This was something they had planned for ages.",
    "The neighbours were curious about what was going on.", "It was the first weekend of the summer holidays.",
    "Here is a little puzzle to think about.", "The school fair was the talk of the whole street.",
    "Nobody expected the day to be so eventful.", "Planning ahead had always been important to them.",
)
CONTEXT_OPENERS = ("Last summer, ", "On a sunny Saturday, ", "One afternoon, ", "At the school fair, ",
                   "During the holidays, ", "After a long week, ", "Early one morning, ")
#: first words that may be lower-cased after an opener (never a name)
_LOWER_OK = {"a", "an", "the", "there", "if", "in", "on", "at", "each", "every", "it", "this", "he", "she", "they",
             "we", "you", "his", "her", "their", "some", "one", "two", "three", "four", "five"}

#: (pattern, replacement) swaps that change the problem's information (regexes, word-bounded, case kept)
NEGATIVE_SWAPS = (
    (r"\btwice as (?:many|much) (\w+ )?as\b", r"two more \1than"),
    (r"\b(\w+) times as (?:many|much) (\w+ )?as\b", r"\1 more \2than"), (r"\btwice\b", "three times"),
    (r"\bhalf as (many|much)\b", r"twice as \1"), (r"\bmore than\b", "fewer than"), (r"\bfewer than\b", "more than"),
    (r"\bless than\b", "more than"), (r"\bgave\b", "received"), (r"\bgives\b", "receives"),
    (r"\breceived\b", "gave away"), (r"\bbought\b", "sold"), (r"\bbuys\b", "sells"), (r"\bsold\b", "bought"),
    (r"\bsells\b", "buys"), (r"\bspent\b", "earned"), (r"\bearned\b", "spent"), (r"\blost\b", "found"),
    (r"\bper day\b", "per week"), (r"\beach day\b", "each week"), (r"\ba day\b", "a week"),
    (r"\bper hour\b", "per minute"), (r"\ban hour\b", "a minute"), (r"\bper week\b", "per month"),
    (r"\beach week\b", "each month"), (r"\ba week\b", "a month"), (r"\bper month\b", "per year"),
    (r"\bincreased\b", "decreased"), (r"\bdecreased\b", "increased"), (r"\bremaining\b", "used"),
    (r"\bleft\?", "used?"), (r"\baltogether\?", "left?"), (r"\bin total\?", "left?"), (r"\bin all\?", "left?"),
    (r"\bHow many more\b", "How many"), (r"\bHow much more\b", "How much"), (r"\bhow many more\b", "how many"),
    (r"\ba\.m\.", "p.m."), (r"\bp\.m\.", "a.m."), (r"\bminutes\b", "hours"), (r"\bcents\b", "dollars"),
)
VAGUE_WORDS = ("some", "a few", "several", "many")


def add_context(text: str, rng) -> str:
    """``text`` with a harmless setting added: a sentence before it or before its last sentence, or an opener."""
    import re

    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    choice = rng.random()
    if choice < 0.4:
        return f"{rng.choice(CONTEXT_SENTENCES)} {text.strip()}"
    if choice < 0.7 and len(sentences) > 1:
        return " ".join([*sentences[:-1], rng.choice(CONTEXT_SENTENCES), sentences[-1]])
    first, rest = (text.strip().split(" ", 1) + [""])[:2]
    if first.lower() not in _LOWER_OK:
        return f"{rng.choice(CONTEXT_SENTENCES)} {text.strip()}"
    return f"{rng.choice(CONTEXT_OPENERS)}{first.lower()} {rest}".strip()


def swap_negative(text: str, rng) -> tuple[str, str] | None:
    """One information-changing edit of ``text`` (``(new text, edit name)``), or None when none applies."""
    import re

    options = [(pat, rep) for pat, rep in NEGATIVE_SWAPS if re.search(pat, text)]
    numbers = list(re.finditer(r"(?<![\w.$])\d+(?:\.\d+)?(?![\w.]\d)(?!\s*%)", text))
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    body_end = len(text.strip()) - len(sentences[-1]) if len(sentences) > 1 else 0
    vague = [m for m in numbers if m.end() <= body_end]
    if vague and (not options or rng.random() < 0.25):
        m = rng.choice(vague)
        return text[:m.start()] + rng.choice(VAGUE_WORDS) + text[m.end():], "vague-number"
    if not options:
        return None
    pat, rep = rng.choice(options)
    hits = list(re.finditer(pat, text))
    m = rng.choice(hits)
    return text[:m.start()] + m.expand(rep) + text[m.end():], "swap:" + rep.replace(r"\1", "").strip()


def extra_pairs(pairs: pd.DataFrame, seed: int) -> pd.DataFrame:
    """Per question of ``pairs`` (build_pairs' output): one context-added rewording (on the question or one of its
    rewordings; label 1) and one swap negative (on the question or on a context-added rewording; label 0)."""
    from paraqd.engines.base import derive_rng

    rows = []
    for position, (question, group) in enumerate(pairs.groupby("question", sort=False)):
        rng = derive_rng(seed, position, "extra")
        rewordings = group[group.label == 1].candidate.tolist()
        base = rng.choice(rewordings) if rewordings and rng.random() < 0.6 else question
        context = add_context(base, rng)
        rows.append((question, context, 1, "context" if base == question else "rewording+context"))
        source = context if rng.random() < 0.5 else question
        out = swap_negative(source, rng)
        if out is not None and out[0] != source:
            rows.append((question, out[0], 0, ("context+" if source == context else "") + out[1]))
    return pd.DataFrame(rows, columns=["question", "candidate", "label", "operators"])


def training_questions(max_questions: int, seed: int) -> tuple[list[str], dict]:
    """Distinct GSM8K train, SVAMP and AQuA dev pool questions minus every excluded file's, shuffled, capped."""
    import random

    from paraqd.training.data import banned_questions, read_questions

    pools = [Path(p) for p in sorted(glob.glob(str(SHARED / "data" / "questions" / "gsm8k_train*.jsonl")))]
    pools += [SHARED / "data" / "questions" / "svamp.jsonl", SHARED / "data" / "questions" / "aqua_dev.jsonl"]
    excluded = [p for p in excluded_question_files() if p.is_file()]
    banned = banned_questions(excluded)
    questions = list(dict.fromkeys(q for p in pools for q in read_questions(p)))
    kept, dropped = banned.drop(questions)
    random.Random(seed).shuffle(kept)
    return kept[:max_questions], {"pools": [str(p) for p in pools], "read": len(questions), "dropped": dropped,
                                  "excluded_files": [str(p) for p in excluded], "banned": len(banned),
                                  "kept": min(len(kept), max_questions)}


def train(args) -> dict:
    """Build the pairs, train the LoRA cross-encoder with the project's loop, save adapter + merged model."""
    from paraqd.leakage import LeakageFilter
    from paraqd.resources import resolve_encoder
    from paraqd.training.cross_encoder import (
        VerifierConfig,
        add_lora,
        load_base,
        predict_logits,
        save_adapter,
        train_verifier,
    )
    from paraqd.training.verifier_data import PairSpec, build_pairs

    out = Path(args.output)
    out.mkdir(parents=True, exist_ok=True)
    questions, provenance = training_questions(args.max_questions, args.seed)
    t = time.perf_counter()
    if args.pairs:  # the pairs an earlier run built (its pairs.csv), to compare training settings on the same data
        pairs = pd.read_csv(args.pairs)
        allowed = LeakageFilter(questions)  # the same exclusions hold: keep only this run's questions
        pairs = pairs[[q in allowed for q in pairs.question]].reset_index(drop=True)
    else:
        pairs = build_pairs(questions, PairSpec(seed=args.seed))
        if not args.no_extra:
            pairs = pd.concat([pairs, extra_pairs(pairs, args.seed)], ignore_index=True)
    build_s = time.perf_counter() - t
    pairs.to_csv(out / "pairs.csv", index=False)
    log = (lambda msg: print(msg, file=sys.stderr, flush=True))
    log(f"{len(pairs)} pairs ({int(pairs.label.sum())} valid) from {len(questions)} questions in {build_s:.0f} s")
    config = VerifierConfig(epochs=args.epochs, batch_size=16, lr=args.lr, max_length=args.max_length,
                            lora_r=args.lora_r, threads=args.threads, time_budget_s=args.time_budget,
                            seed=args.seed)
    model, tokenizer = load_base(resolve_encoder(None), seed=args.seed)
    if args.lora_r:
        model = add_lora(model, config)
    report = train_verifier(model, tokenizer, pairs.question.tolist(), pairs.candidate.tolist(),
                            pairs.label.tolist(), config, log=log)
    meta = {"kind": "learned-half", "base_encoder": "all-MiniLM-L6-v2", "config": config.to_dict(),
            "questions": provenance, "pairs": {"count": len(pairs), "valid": int(pairs.label.sum()),
                                               "operators": pairs.operators.value_counts().head(40).to_dict()},
            "timing": {"build_pairs_s": round(build_s, 1), **{k: v for k, v in report.to_dict().items()
                                                              if k != "history"}}}
    if args.lora_r:
        save_adapter(model, out / "adapter", meta)
        model = model.merge_and_unload()
    merged = out / "cross-encoder"
    model.save_pretrained(str(merged))
    tokenizer.save_pretrained(str(merged))
    (merged / "training.json").write_text(json.dumps(meta, indent=1, sort_keys=True, default=str))
    probe = predict_logits(model, tokenizer, ["Tom has 3 cats. How many cats does Tom have?"] * 2,
                           ["Tom owns three cats. How many cats does Tom have?",
                            "Tom has 5 cats. How many cats does Tom have?"], max_length=args.max_length)
    return {"step": "train", "output": str(out), "pairs": len(pairs), "probe_logits": [round(float(x), 3)
                                                                                    for x in probe],
            **meta["timing"]}



def learned_scores(model_dir: str | os.PathLike, questions, paraphrases, *, batch_size: int = 32,
                   max_length: int = 192) -> np.ndarray:
    """The probability the cross-encoder gives each pair, loaded the way it would ship: ``CrossEncoder(path)``."""
    from sentence_transformers import CrossEncoder

    model = CrossEncoder(str(model_dir), device="cpu", max_length=max_length)
    return np.asarray(model.predict(list(zip(questions, paraphrases)), batch_size=batch_size,
                                    show_progress_bar=False), dtype=float)


def kept_caught(labels, scores, threshold: float) -> tuple[float, float]:
    labels, scores = np.asarray(labels), np.asarray(scores)
    ok = scores >= threshold
    return round(float(ok[labels == 1].mean()), 4), round(float((~ok)[labels == 0].mean()), 4)


def mix_auc(g: pd.DataFrame, w: float) -> float:
    return auc(g.label, hybrid((1 - w) * g.cosine + w * g.learned, g.penalty))


def score(args) -> dict:
    """Pure learned ROC-AUC per file, and the hybrid rule with ``(1 - w) * cosine + w * learned`` in place of the
    cosine: ``w`` chosen on the tuned files (mean ROC-AUC), and for each file with ``w`` chosen on the others."""
    from paraqd.defaults import DEFAULT_THRESHOLD

    cache = pd.read_csv(args.cache)
    t = time.perf_counter()
    column = f"learned:{Path(args.model).name}"
    if args.reuse and column in cache.columns:
        cache["learned"] = cache[column]
    else:
        cache["learned"] = learned_scores(args.model, cache.question.tolist(), cache.paraphrase.tolist(),
                                          max_length=args.max_length)
        cache[column] = cache["learned"]
        cache.to_csv(args.cache, index=False)
    seconds = time.perf_counter() - t
    groups = dict(tuple(cache.groupby("file", sort=False)))
    tuned = [n for n in TUNE_NAMES if n in groups]
    grid = [round(x, 2) for x in np.arange(0.0, 1.0001, 0.05)]
    mean = {w: float(np.mean([mix_auc(groups[n], w) for n in tuned])) for w in grid}
    best = max(grid, key=lambda w: (round(mean[w], 4), -w))
    files = {}
    for name, g in groups.items():
        others = [n for n in tuned if n != name] or tuned
        w_out = max(grid, key=lambda w: (round(float(np.mean([mix_auc(groups[n], w) for n in others])), 4), -w))
        mixed = hybrid((1 - best) * g.cosine + best * g.learned, g.penalty)
        files[name] = {
            "n": len(g), "pure_cosine_auc": auc(g.label, g.cosine), "pure_learned_auc": auc(g.label, g.learned),
            "hybrid_default_auc": auc(g.label, hybrid(g.cosine, g.penalty)),
            "hybrid_learned_only_auc": auc(g.label, hybrid(g.learned, g.penalty)),
            f"hybrid_mix_w{best}_auc": auc(g.label, mixed),
            "hybrid_mix_w_chosen_on_others": w_out, "hybrid_mix_w_others_auc": mix_auc(g, w_out),
            "kept_caught_default": kept_caught(g.label, hybrid(g.cosine, g.penalty), DEFAULT_THRESHOLD),
            f"kept_caught_mix_w{best}": kept_caught(g.label, mixed, DEFAULT_THRESHOLD),
        }
    return {"step": "score", "model": str(args.model), "score_seconds": round(seconds, 1),
            "mix_weight": best, "mean_auc_by_weight": {str(w): round(v, 4) for w, v in mean.items()},
            "threshold": DEFAULT_THRESHOLD, "files": files}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    m = sub.add_parser("measure", help="cache the untrained cosine and the default penalty of every dev pair")
    m.add_argument("--cache", default="runs/dev_cache.csv")
    t = sub.add_parser("train", help="train the LoRA cross-encoder on operator + extra pairs")
    t.add_argument("output")
    t.add_argument("--max-questions", type=int, default=800)
    t.add_argument("--epochs", type=float, default=1.0)
    t.add_argument("--lr", type=float, default=5e-4)
    t.add_argument("--max-length", type=int, default=192)
    t.add_argument("--lora-r", type=int, default=16, help="0: fine-tune every weight but the embeddings")
    t.add_argument("--threads", type=int, default=2)
    t.add_argument("--time-budget", type=float, default=None, help="stop training after this many seconds")
    t.add_argument("--seed", type=int, default=13)
    t.add_argument("--no-extra", action="store_true", help="operator pairs only (the issue-15 recipe's data)")
    t.add_argument("--pairs", help="train on this pairs.csv of an earlier run (only its rows whose question is "
                                   "among this run's training questions)")
    s = sub.add_parser("score", help="pure and hybrid ROC-AUC of a trained cross-encoder on the cached dev pairs")
    s.add_argument("--cache", default="runs/dev_cache.csv")
    s.add_argument("--model", required=True, help="the merged cross-encoder folder (train's OUTPUT/cross-encoder)")
    s.add_argument("--max-length", type=int, default=256)
    s.add_argument("--reuse", action="store_true", help="reuse this model's scores stored in the cache")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = {"measure": measure, "train": train, "score": score}[args.step](args)
    result["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
