"""``paraqd pairs``: get more out of labelled pairs (transitive closure, silver pairs, active learning)."""

from __future__ import annotations

import argparse
import logging

from . import command, options, verbosity_options

logger = logging.getLogger("paraqd.pairs")

DESCRIPTION = """Methods that get more out of labelled pairs (text_a, text_b, label).

  closure      add the pairs implied by transitivity (A~B, B~C => A~C; A~B, B!~C => A!~C)
  cross-train  train a cross-encoder on gold pairs (initialised from the embedded MiniLM, offline)
  silver       sample unlabelled pairs and label them with the cross-encoder (Augmented SBERT)
  active       choose the pairs worth labelling, round after round (uncertainty / adaptive retrieval)

Pair files are CSV, JSONL or Parquet; the columns text_a/text_b/label, question1/question2/is_duplicate,
sentence1/sentence2 and anchor/positive/negative triplets are recognised."""

EPILOG = """examples:
  paraqd pairs closure labelled.csv -o closed.csv --max-distance 2 --exclude data/eval/*.csv
  paraqd pairs cross-train gold.csv -o ce_model/ --seeds 0 1 2 3 4
  paraqd pairs silver questions.jsonl -o silver.csv --cross-encoder ce_model/ --sampler bm25+semantic
  paraqd train gold.csv silver.csv -o model/
  paraqd pairs active pool.jsonl -o queried.csv --labels closed.csv --test test_pairs.csv --rounds 5
  paraqd pairs active pool.jsonl -o queried.csv --interactive        # you answer y/n"""


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the descriptions as written and appends each option's default when its help does not say it."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        if "default" in text or not action.option_strings or action.required \
                or action.default in (None, argparse.SUPPRESS):
            return text
        if action.default is False:
            return text + " (default: off)"
        value = " ".join(map(str, action.default)) if isinstance(action.default, list) else "%(default)s"
        return text + f" (default: {value or 'none'})"


def _subcommand(sub, name: str, help_: str, description: str, epilog: str) -> argparse.ArgumentParser:
    """One ``paraqd pairs`` subcommand's parser: its description kept as written, the defaults appended to the
    options' help (:class:`_HelpFormatter`), and -q / -v."""
    return sub.add_parser(name, help=help_, formatter_class=_HelpFormatter, parents=[verbosity_options()],
                          description=description, epilog=epilog)


def _pool_args(p: argparse.ArgumentParser, pool_help: str, output_help: str) -> None:
    """The pool of texts a subcommand pairs, its output and the pool's text column (`pairs silver`, `pairs active`)."""
    p.add_argument("pool", help=pool_help)
    p.add_argument("-o", "--output", required=True, help=output_help)
    p.add_argument("--text-column", metavar="COL",
                   help="text column of the pool (default: detected, e.g. question, text)")


def _check_outputs(inputs, *outputs: tuple[str, str | None]) -> None:
    """The ``(option, path)`` outputs checked before any work: distinct from one another, writable, and none of
    them one of the ``inputs``."""
    from ..io import check_distinct_outputs, check_output_file

    check_distinct_outputs(list(outputs))
    for flag, path in outputs:
        check_output_file(path, flag, inputs=inputs)


def _cross_training_args(g, batch_size: bool = True) -> None:
    """Options of cross-encoder training (`pairs cross-train`, and `pairs silver --gold`)."""
    g.add_argument("--epochs", type=options.positive_number, default=1.0, help="passes over the gold pairs")
    if batch_size:
        g.add_argument("--batch-size", type=options.count, default=16, help="pairs per training step")
    g.add_argument("--lr", type=options.positive_number, default=2e-5, help="learning rate (AdamW)")
    g.add_argument("--max-length", type=options.count, default=128, help="tokens of a (text_a, text_b) input, truncated")
    g.add_argument("--max-steps", type=options.count, default=None,
                   help="stop after this many steps (default: the steps of --epochs)")
    g.add_argument("--seeds", type=options.seed, nargs="+", default=[0],
                   help="seeds for seed optimisation: each trains --early-stop of the steps, the best continues")
    g.add_argument("--early-stop", type=options.fraction, default=0.2,
                   help="fraction of the steps each seed trains before the best is picked")
    g.add_argument("--dev-fraction", type=options.fraction, default=0.2,
                   help="fraction of the gold pairs held out to pick the seed")


def _pair_columns(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("columns (detected when not given)")
    g.add_argument("--text-a", metavar="COL", help="first text column (default: text_a, question1, ...)")
    g.add_argument("--text-b", metavar="COL", help="second text column (default: text_b, question2, ...)")
    g.add_argument("--label", metavar="COL", help="label column, 0/1 (default: label, is_duplicate, ...)")


def _add_closure(sub) -> None:
    p = _subcommand(
        sub, "closure", "add transitive positives and negatives, with their distance",
        description="Add the pairs implied by transitivity to a labelled pair file (Jurisic et al., 2023).\n\n"
                    "Distance = links in the shortest proving chain - 1: input pairs 0, A~B~C gives A~C at 1,\n"
                    "A~B~C~D gives A~D at 2, A~B!~C gives A!~C at 1. On QQP the paper found positives up to\n"
                    "distance 2 harmless and generated negatives harmful: consider --max-distance 2 --no-negatives.\n"
                    "A pair proved both duplicate and non-duplicate is a contradiction: counted in the log, listed\n"
                    "with --contradictions, handled by --on-contradiction.",
        epilog="example:\n  paraqd pairs closure labelled.csv -o closed.csv --max-distance 2 "
               "--exclude AQUA_test.csv SAWP_test.csv")
    p.add_argument("labelled", help="labelled pairs (CSV/JSONL/Parquet)")
    p.add_argument("-o", "--output", required=True, help="output: text_a, text_b, label, distance")
    _pair_columns(p)
    p.add_argument("--max-distance", type=options.count_or_zero, default=None, metavar="D", help="largest distance (default: none)")
    p.add_argument("--negatives", action=argparse.BooleanOptionalAction, default=True,
                   help="also generate non-duplicates (default: yes)")
    p.add_argument("--exclude", nargs="+", default=[], metavar="FILE",
                   help="evaluation files: no generated pair may touch one of their texts (default: none)")
    p.add_argument("--on-contradiction", choices=["drop", "keep", "error"], default="drop",
                   help="drop: leave contradictory generated pairs out (default); keep: write both labels; "
                        "error: stop")
    p.add_argument("--contradictions", metavar="FILE",
                   help="write the contradictions to this file (default: only counted in the log)")
    p.set_defaults(_pairs_run=_run_closure)


def _run_closure(args) -> int:
    import pandas as pd

    from ..io import write_table
    from ..pairs.closure import transitive_closure
    from ..pairs.data import read_exclusions, read_labelled_pairs

    _check_outputs([args.labelled, *args.exclude], ("--output", args.output),
                   ("--contradictions", args.contradictions))
    pairs = read_labelled_pairs(args.labelled, args.text_a, args.text_b, args.label)
    exclude = read_exclusions(args.exclude)
    result = transitive_closure(pairs, args.max_distance, args.negatives, exclude, args.on_contradiction)
    write_table(result.pairs, args.output)
    if args.contradictions:
        write_table(pd.DataFrame([c.__dict__ for c in result.contradictions],
                                 columns=["text_a", "text_b", "positive_distance", "negative_distance"]),
                    args.contradictions)
    logger.info("%d input pairs -> %d pairs in %s\n%s", len(pairs), len(result.pairs), args.output,
                result.summary())
    if result.contradictions:
        logger.warning("%d contradictory pair(s) (%s)%s", len(result.contradictions),
                       {"drop": "generated ones left out", "keep": "written with both labels"}[args.on_contradiction],
                       "" if args.contradictions else "; list them with --contradictions FILE")
    return 0


def _encoder_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--encoder", default=None, metavar="NAME_OR_PATH",
                   help="sentence encoder (default: the embedded all-MiniLM-L6-v2)")


def _add_cross_train(sub) -> None:
    p = _subcommand(
        sub, "cross-train", "train a cross-encoder on gold pairs",
        description="Train a cross-encoder (both texts in one transformer pass, one logit) on gold pairs.\n"
                    "It starts from the embedded MiniLM's weights (new classification head), so it runs offline.\n"
                    "With several --seeds, each seed trains for --early-stop of the steps, the best on a held-out\n"
                    "dev split (average precision) goes on to the end (seed optimisation, Thakur et al., 2021).",
        epilog="example:\n  paraqd pairs cross-train gold.csv -o ce_model/ --seeds 0 1 2 3 4 --epochs 1")
    p.add_argument("gold", help="gold pairs: labelled pairs or anchor/positive/negative triplets")
    p.add_argument("-o", "--output", required=True, help="directory for the trained cross-encoder")
    _pair_columns(p)
    p.add_argument("--base", default=None, metavar="NAME_OR_PATH", help="initial weights (default: embedded MiniLM)")
    _cross_training_args(p)
    p.set_defaults(_pairs_run=_run_cross_train)


def _train_config(args):
    from ..training.cross_encoder import CrossEncoderTrainingConfig

    return CrossEncoderTrainingConfig(epochs=args.epochs, batch_size=args.batch_size, lr=args.lr,
                                      max_length=args.max_length, max_steps=args.max_steps, seeds=tuple(args.seeds),
                                      early_stop_fraction=args.early_stop, dev_fraction=args.dev_fraction)


def _run_cross_train(args) -> int:
    from ..io import check_output_dir
    from ..pairs.data import read_labelled_pairs
    from ..training.cross_encoder import train_cross_encoder

    check_output_dir(args.output, "--output", inputs=[args.gold, args.base], replaced=True)
    gold = read_labelled_pairs(args.gold, args.text_a, args.text_b, args.label)
    model, report = train_cross_encoder(gold, _train_config(args), base=args.base)
    model.save(args.output)
    logger.info("%s\ncross-encoder saved to %s", report.summary(), args.output)
    return 0


def _sampler_names() -> list[str]:
    from ..pairs.sampling import samplers

    return samplers.names()


def _strategy_names() -> list[str]:
    from ..pairs.active import strategies

    return strategies.names()


def _add_silver(sub) -> None:
    p = _subcommand(
        sub, "silver", "label sampled pairs with a cross-encoder (Augmented SBERT silver data)",
        description="Sample unlabelled pairs from a pool of texts, label them with a cross-encoder and write\n"
                    "silver pairs (text_a, text_b, label, score, sampler) that `paraqd train` takes next to gold.\n\n"
                    "samplers (Thakur et al., 2021):\n"
                    "  random          uniform pairs (mostly negatives)\n"
                    "  kde             many random pairs, then keep all positives and as many negatives as\n"
                    "                  the gold ratio allows (KDE on scores for non-binary gold)\n"
                    "  bm25            each text with its --top-k lexical (BM25) neighbours\n"
                    "  semantic        each text with its --top-k neighbours under the sentence encoder\n"
                    "  bm25+semantic   both\n"
                    "  (and any sampler registered with paraqd.pairs.sampling.register_sampler)",
        epilog="examples:\n"
               "  paraqd pairs silver questions.jsonl -o silver.csv --cross-encoder ce_model/ --sampler bm25\n"
               "  paraqd pairs silver questions.jsonl -o silver.csv --gold gold.csv --sampler kde --n-pairs 2000")
    _pool_args(p, "texts to pair: a question file, or a pair file (both sides are used)",
               "silver pairs: text_a, text_b, label, score, sampler")
    p.add_argument("--cross-encoder", metavar="DIR", help="label with this cross-encoder, saved by `pairs cross-train` (default: train one on --gold)")
    p.add_argument("--gold", metavar="FILE",
                   help="gold pairs: never re-labelled, their label ratio guides kde; without --cross-encoder "
                        "a cross-encoder is trained on them first (default: none; one of the two is needed)")
    _pair_columns(p)
    p.add_argument("--sampler", type=options.registered(_sampler_names, "sampler"), metavar="SAMPLER",
                   default="bm25+semantic",
                   help="how candidate pairs are drawn (see above; default: bm25+semantic)")
    p.add_argument("--top-k", type=options.count, default=3, help="neighbours per text for bm25/semantic (paper: 3-5)")
    p.add_argument("--n-pairs", type=options.count, default=1000, help="pairs drawn by the random and kde samplers")
    p.add_argument("--kde-oversample", type=options.count, default=4,
                   help="kde first labels this many times --n-pairs, then keeps --n-pairs")
    p.add_argument("--threshold", type=options.probability, default=0.5,
                   help="cross-encoder score (a probability, in [0, 1]) at or above which a pair is labelled 1")
    p.add_argument("--exclude", nargs="+", default=[], metavar="FILE",
                   help="evaluation files: their texts are removed from the pool (default: none)")
    p.add_argument("--batch-size", type=options.count, default=32, help="texts per batch when encoding and scoring")
    p.add_argument("--seed", type=options.seed, default=0, help="random seed of the samplers")
    _encoder_arg(p)
    _cross_training_args(p.add_argument_group("cross-encoder training (with --gold)"), batch_size=False)
    p.set_defaults(_pairs_run=_run_silver)


def _run_silver(args) -> int:
    from ..errors import InputError
    from ..io import check_output_file, write_table
    from ..pairs.data import read_exclusions, read_labelled_pairs, read_texts
    from ..pairs.sampling import create_sampler
    from ..pairs.silver import make_silver
    from ..training.cross_encoder import PairCrossEncoder, train_cross_encoder

    if not (args.cross_encoder or args.gold):
        raise InputError("give --cross-encoder DIR, or --gold FILE to train one")
    check_output_file(args.output, "--output", inputs=[args.pool, args.gold, *args.exclude])
    exclude = read_exclusions(args.exclude)
    texts = [t for t in read_texts(args.pool, args.text_column) if t not in exclude]
    if len(texts) < 2:
        raise InputError(f"{args.pool}: {len(texts)} text(s) left to pair" + (" after --exclude" if exclude else "")
                         + "; silver pairs need at least 2")
    from ..pairs.sampling import has_words

    if "bm25" in args.sampler and not has_words(texts):  # fail before a cross-encoder is trained
        raise InputError(f"{args.pool}: no text has a word to match with BM25; use --sampler semantic or random")
    gold = read_labelled_pairs(args.gold, args.text_a, args.text_b, args.label) if args.gold else None
    if args.cross_encoder:
        model = PairCrossEncoder.load(args.cross_encoder)
    else:
        model, report = train_cross_encoder(gold, _train_config(args))
        logger.info("%s", report.summary())
    sampler = create_sampler(args.sampler, top_k=args.top_k, n_pairs=args.n_pairs, encoder=args.encoder,
                             oversample=args.kde_oversample, gold=gold)
    silver = make_silver(texts, model, sampler, gold=gold, threshold=args.threshold, seed=args.seed,
                         batch_size=args.batch_size)
    write_table(silver, args.output)
    n_pos = int(silver["label"].sum()) if len(silver) else 0
    logger.info("%d texts -> %d silver pairs (%d positive, %d negative) with %s in %s", len(texts), len(silver),
                n_pos, len(silver) - n_pos, args.sampler, args.output)
    return 0


def _add_active(sub) -> None:
    p = _subcommand(
        sub, "active", "active learning: choose the pairs worth labelling, round after round",
        description="Active learning over all pairs of a pool of texts (Mussmann et al., 2020).\n\n"
                    "Model: p = sigmoid(w * cos(e(a), e(b)) + b) on the frozen sentence encoder with a trainable\n"
                    "linear map (--adapter none: only w and b, by logistic regression). Round 1 labels the\n"
                    "--seed-size most similar pairs; each later round labels --growth times more, chosen by\n"
                    "--strategy among nearest neighbours (faiss): uncertainty (p nearest 1/2), adaptive-retrieval\n"
                    "(highest p), static (highest cosine of the frozen encoder) or random.\n\n"
                    "The answers come from --labels (simulation: pairs connected by labelled duplicates are\n"
                    "duplicates, all others not) or from you (--interactive: y/n/s/q at the terminal).\n"
                    "With --test, all-pairs average precision and precision at 20% recall are logged per round.",
        epilog="examples:\n"
               "  paraqd pairs active pool.csv -o queried.csv --labels pool_pairs.csv --test test_pairs.csv\n"
               "  paraqd pairs active questions.jsonl -o queried.csv --interactive --rounds 3 --seed-size 20")
    _pool_args(p, "texts to pair (a question file, or a pair file: both sides)",
               "labelled pairs collected: text_a, text_b, label, round")
    oracle = p.add_mutually_exclusive_group(required=True)
    oracle.add_argument("--labels", metavar="FILE", help="labelled pairs answering the queries: a simulation (default: none; this or "
                             "--interactive is needed)")
    oracle.add_argument("--interactive", action="store_true", help="ask you at the terminal (y/n/s/q)")
    p.add_argument("--test", metavar="FILE",
                   help="labelled pairs of a test set for all-pairs AP per round (default: no evaluation)")
    _pair_columns(p)
    p.add_argument("--strategy", type=options.registered(_strategy_names, "strategy"), metavar="STRATEGY",
                   default="uncertainty",
                   help="which pairs are queried (see above; or one registered with "
                        "paraqd.pairs.active.register_strategy)")
    p.add_argument("--rounds", type=options.count, default=5, help="labelling rounds")
    p.add_argument("--seed-size", type=options.count, default=64, help="pairs labelled in round 1")
    p.add_argument("--growth", type=options.positive_number, default=1.5, help="each round labels this many times the previous")
    p.add_argument("--neighbours", type=options.count, default=20, help="nearest neighbours per text searched")
    p.add_argument("--adapter", choices=["linear", "none"], default="linear",
                   help="linear: a logistic regression on pair features retrained each round; none: the "
                        "frozen encoder's cosine")
    p.add_argument("--exact-limit", type=options.count, default=3000,
                   help="test sets up to this many texts are scored on every pair; larger ones are estimated")
    p.add_argument("--report", metavar="FILE",
                   help="write the per-round figures as JSON to this file, - for standard output (default: none)")
    p.add_argument("--seed", type=options.seed, default=0, help="random seed")
    _encoder_arg(p)
    p.set_defaults(_pairs_run=_run_active)


def _embed(texts, encoder):
    from ..pairs.sampling import encode_texts

    return encode_texts(texts, encoder)


def _run_active(args) -> int:
    import numpy as np

    from ..errors import InputError
    from ..io import write_json, write_table
    from ..leakage import LeakageFilter
    from ..pairs.active import ActiveLearningConfig, ImputedOracle, TerminalOracle, run_active_learning
    from ..pairs.allpairs import AllPairsEvaluator, clusters_from_pairs
    from ..pairs.data import normalize_text, read_labelled_pairs, read_texts, unique_texts

    _check_outputs([args.pool, args.labels, args.test], ("--output", args.output), ("--report", args.report))
    texts = read_texts(args.pool, args.text_column)
    if args.labels:
        labels = read_labelled_pairs(args.labels, args.text_a, args.text_b, args.label)
        oracle = ImputedOracle(labels)
        unknown = sum(not oracle.knows(t) for t in texts)
        if unknown:
            logger.warning("%d pool text(s) appear in no labelled pair: they count as nobody's duplicate", unknown)
    else:
        oracle = TerminalOracle()
    evaluate = None
    if args.test:
        test = read_labelled_pairs(args.test, args.text_a, args.text_b, args.label)
        test_texts = unique_texts(t for p in test for t in (p.text_a, p.text_b))
        in_pool = LeakageFilter(texts)
        overlap = sum(t in in_pool for t in test_texts)
        if overlap:
            raise InputError(f"{overlap} test text(s) are also in the pool; the test set must be disjoint")
        index = {normalize_text(t): i for i, t in enumerate(test_texts)}
        clusters = clusters_from_pairs(test_texts, [(index[normalize_text(p.text_a)], index[normalize_text(p.text_b)])
                                                    for p in test if p.label == 1])
        all_emb = _embed(texts + test_texts, args.encoder)
        base, test_emb = all_emb[:len(texts)], all_emb[len(texts):]
        evaluator = AllPairsEvaluator(clusters, reference=test_emb, exact_limit=args.exact_limit, seed=args.seed)
        evaluate = lambda model: evaluator.evaluate(model.transform(test_emb))
        first = evaluator.evaluate(test_emb)
        logger.info("test: %d texts, %d pairs (%s), %d duplicates; frozen encoder: AP %.4f, P@R20 %.4f",
                    len(test_texts), evaluator.n_pairs, "exact" if evaluator.exact else "estimated",
                    len(evaluator.positives), first.average_precision, first.precision_at_recall)
    else:
        base = _embed(texts, args.encoder)
    config = ActiveLearningConfig(args.strategy, args.rounds, args.seed_size, args.growth, args.neighbours,
                                  args.adapter, args.seed)
    result = run_active_learning(texts, np.asarray(base), oracle, config, evaluate)
    write_table(result.pairs, args.output)
    if args.report:
        write_json({"config": config.__dict__, "rounds": [r.as_dict() for r in result.rounds]}, args.report)
    logger.info("%d labelled pairs (%d duplicates) in %s%s", len(result.pairs), int(result.pairs["label"].sum()),
                args.output, " (stopped early)" if result.stopped_early else "")
    return 0


@command("pairs", help="more from labelled pairs: transitive closure, silver pairs, active learning",
         description=DESCRIPTION)
def add_arguments(parser: argparse.ArgumentParser):
    parser.epilog = EPILOG
    sub = parser.add_subparsers(dest="pairs_command", metavar="SUBCOMMAND")
    _add_closure(sub)
    _add_cross_train(sub)
    _add_silver(sub)
    _add_active(sub)

    def run(args) -> int:
        if not getattr(args, "_pairs_run", None):
            parser.print_help()
            return 2
        return args._pairs_run(args)

    return run
