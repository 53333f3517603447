"""`paraqd demo`: the main job end to end on bundled samples and the embedded model (no download)."""

from __future__ import annotations

import logging

from ..defaults import DEFAULT_SEED
from . import command, options

log = logging.getLogger("paraqd.demo")

DESCRIPTION = """Run the toolkit's main job on bundled samples with the embedded all-MiniLM-L6-v2,
offline, in about a minute on a laptop CPU:

  1. augment 20 word problems into (anchor, positive, negative) triplets with the operators that are
     available here (model-backed ones without local weights are skipped);
  2. score hand-written candidate paraphrases of a few problems with the default scorer (the hybrid
     score: the learned cosine lowered by what the critical-information check finds) and rank them per
     question, with the reasons a candidate is invalid; --pure scores with the learned cosine alone (the
     paper's score), the reasons still shown.

Outputs go to --output (default runs/demo): triplets.jsonl and scored.csv.

example:
  paraqd demo --output runs/demo
  paraqd demo --output runs/demo-pure --pure"""


DEFAULT_OUTPUT = "runs/demo"


@command("demo", help="run augment + score on bundled samples with the embedded model (offline)",
         description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help=f"output directory (default: {DEFAULT_OUTPUT})")
    parser.add_argument("--model", default=None, help="scorer model directory or name (default: embedded)")
    parser.add_argument("--seed", type=options.seed, default=DEFAULT_SEED, help=f"random seed (default: {DEFAULT_SEED})")
    parser.add_argument("--pure", action="store_true",
                        help="score with the learned cosine only, the paper's score (default: the hybrid "
                             "score, the cosine lowered by the critical-information check)")
    return run


def run(args) -> int:
    from ..augmentation import TRAIN_COLUMNS, AugmentStats, augment
    from ..hybrid import format_reasons
    from ..io import check_output_dir, output_directory, read_table, write_table
    from ..resources import samples_dir
    from ..scoring import ParaphraseScorer

    # the default runs/demo is made in a fresh clone; a path the user typed needs its parent (or --mkdir)
    check_output_dir(args.output, "--output", inputs=[args.model], make_parents=args.output == DEFAULT_OUTPUT)
    out = output_directory(args.output)
    samples = samples_dir()

    questions = read_table(samples / "questions.jsonl")
    stats = AugmentStats()
    triplets = augment(questions["question"].tolist(), operators="train", seed=args.seed,
                       skip_unavailable=True, question_ids=questions["id"].tolist(), progress=True,
                       stats=stats)
    write_table(triplets[TRAIN_COLUMNS], out / "triplets.jsonl")  # train-ready, like `paraqd augment`
    print(f"[1/2] augment: {stats.triplets} triplets from {stats.with_triplets}/{stats.questions} questions "
          f"-> {out / 'triplets.jsonl'}")
    if stats.skipped_operators:
        print("      skipped (no local model): " + ", ".join(stats.skipped_operators))
    example = triplets.iloc[0]
    print(f"      anchor  : {example.anchor}\n      positive: {example.positive}  [{example.positive_op}]"
          f"\n      negative: {example.negative}  [{example.negative_op}]")

    scorer = ParaphraseScorer.load(args.model, hybrid=False if args.pure else None)
    pairs = read_table(samples / "candidates.csv")
    results = scorer.explain_pairs(pairs["question"].tolist(), pairs["candidate"].tolist())
    pairs["cosine"] = [round(r.cosine, 6) for r in results]
    pairs["score"] = [round(r.score, 6) for r in results]
    pairs["valid"] = [r.valid for r in results]
    pairs["reasons"] = [format_reasons(r) for r in results]
    write_table(pairs, out / "scored.csv")
    mode = ("pure: the learned cosine only" if scorer.hybrid is None
            else "hybrid: the learned cosine lowered by the critical-information check")
    agree = int((pairs["valid"].astype(int) == pairs["expected"].astype(int)).sum())
    print(f"[2/2] score ({mode}): {len(pairs)} candidate paraphrases -> {out / 'scored.csv'}")
    print(f"      verdicts agreeing with the hand labels: {agree}/{len(pairs)}")
    print("      cosine = learned similarity; score = final score (valid when >= "
          f"{scorer.threshold:g})")
    if scorer.hybrid is not None:
        print("      the paper's score, the learned cosine alone: `paraqd demo --pure` "
              "(Python: ParaphraseScorer.load(hybrid=False))")
    for question, group in pairs.groupby("question", sort=False):
        print(f"\n  Q: {question}")
        for _, row in group.sort_values("score", ascending=False).iterrows():
            verdict = "valid  " if row.valid else "INVALID"
            reason = f"\n{'':22}<- {row.reasons}" if row.reasons else ""
            print(f"    cos {row.cosine:+.2f} score {row.score:+.2f} {verdict} {row.candidate}{reason}")
    return 0
