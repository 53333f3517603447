"""`paraqd train`: fine-tune the sentence encoder into a paraphrase scorer."""

from __future__ import annotations

import logging

from . import command

log = logging.getLogger("paraqd.train")

DESCRIPTION = """Fine-tune a sentence encoder on training triplets so that cosine similarity scores paraphrases.

Defaults are the paper's: 9 epochs, learning rate 2e-5, AdamW with weight decay 0.01, linear schedule with
10 % warm-up, batch 16, seed 3407, triplet loss with Euclidean distance and margin 5 (as the authors'
released script). The encoder defaults to the embedded all-MiniLM-L6-v2, so this runs offline. The model
directory loads with plain `SentenceTransformer(MODEL_DIR)`; MODEL_DIR/paraqd.json records the data's
hashes, operators, hyper-parameters, seed and library versions.

input layouts (detected from the columns; several files are trained together):
  triplets   anchor, positive, negative [, positive_op, negative_op, question_id]   (paraqd augment)
  wide       question, positive1..N, neg_1..M (empty cell = not applicable); each question's positives
             and negatives are paired up (--pairing cycle: max(N, M) triplets; product: N x M)
  pairs      question, paraphrase, label [, score]   (e.g. silver or closure pairs); by default each
             question's valid and invalid paraphrases become triplets (--pairs-as triplets), or every pair
             is trained with a pair loss of its own (--pairs-as cosent: targets = score, else label;
             --pairs-as contrastive: OnlineContrastiveLoss on the labels)

examples:
  paraqd train triplets.jsonl -o model/
  paraqd train triplets.jsonl -o model/ --max-steps 200 --max-seq-length 128 --validation-split 0.1
  paraqd train gold.csv silver.csv -o model/ --pairs-as cosent
  paraqd train wide_augmentations.csv -o model/ --loss mnrl --epochs 1
  paraqd train triplets.jsonl -o model/ --save-steps 100          # interrupted? add --resume

CPU training is slow (a few triplets per second): --max-seq-length 128 and --max-steps help."""


@command("train", help="fine-tune the scorer on triplets (paper defaults)", description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("inputs", nargs="+", metavar="TRIPLETS",
                        help="training files (.csv, .jsonl or .parquet): triplets, wide form or labelled pairs")
    parser.add_argument("-o", "--output", required=True, metavar="MODEL_DIR", help="model directory to write")
    parser.add_argument("--encoder", metavar="NAME_OR_PATH",
                        help="encoder to fine-tune (default: the embedded all-MiniLM-L6-v2)")
    group = parser.add_argument_group("recipe")
    group.add_argument("--recipe", choices=("paper", "verifier"), default="paper",
                       help="paper: train the encoder on TRIPLETS files (default); verifier: the inputs are "
                            "QUESTION files (JSONL/CSV with a question column): build operator pairs and train "
                            "the LoRA cross-encoder verifier (paraqd.training.verifier_recipe)")
    group.add_argument("--exclude", nargs="+", default=[], metavar="FILE",
                       help="--recipe verifier: files whose questions must never be trained on (data/dev/"
                            "*_labelled.csv of a source checkout are always excluded)")
    group.add_argument("--max-questions", type=int, default=2000,
                       help="--recipe verifier: questions to build pairs from (default: 2000, ~14 min on 2 cores)")
    group = parser.add_argument_group("loss")
    group.add_argument("--loss", choices=("triplet", "mnrl"), default="triplet",
                       help="triplet (the paper) or mnrl: MultipleNegativesRankingLoss (default: triplet)")
    group.add_argument("--distance", choices=("euclidean", "cosine"), default="euclidean",
                       help="triplet distance (default: euclidean, as the authors' script; the paper writes "
                            "1 - cos)")
    group.add_argument("--margin", type=float, default=5.0, help="triplet margin (default: 5; try 0.5 with "
                                                                 "--distance cosine)")
    group.add_argument("--pairs-as", choices=("triplets", "cosent", "contrastive"), default="triplets",
                       help="how labelled-pair files are trained (default: triplets per question)")
    group.add_argument("--pairing", choices=("cycle", "product"), default="cycle",
                       help="how one question's positives and negatives form triplets (default: cycle)")
    group = parser.add_argument_group("optimisation")
    group.add_argument("--epochs", type=float, help="training epochs (default: 9; --recipe verifier: 1)")
    group.add_argument("--max-steps", type=int, help="stop after this many steps (overrides --epochs)")
    group.add_argument("--batch-size", type=int, default=16, help="triplets per step (default: 16)")
    group.add_argument("--lr", type=float, default=2e-5, help="peak learning rate (default: 2e-5)")
    group.add_argument("--weight-decay", type=float, default=0.01, help="AdamW weight decay (default: 0.01)")
    group.add_argument("--warmup-ratio", type=float, default=0.1,
                       help="fraction of steps of linear warm-up (default: 0.1)")
    group.add_argument("--seed", type=int, default=3407, help="random seed (default: 3407)")
    group.add_argument("--max-seq-length", type=int,
                       help="truncate texts to this many tokens (default: the encoder's, 256)")
    group.add_argument("--device", help="torch device, e.g. cpu or cuda (default: automatic)")
    group = parser.add_argument_group("validation")
    group.add_argument("--validation", nargs="+", metavar="FILE",
                       help="validation files (any layout); triplet accuracy is reported each epoch")
    group.add_argument("--validation-split", type=float, default=0.0, metavar="FRACTION",
                       help="hold out this fraction of the training questions for validation instead")
    group = parser.add_argument_group("checkpoints")
    group.add_argument("--save-steps", type=int,
                       help="write a checkpoint to MODEL_DIR/checkpoints every N steps (default: none)")
    group.add_argument("--save-total-limit", type=int, default=2,
                       help="checkpoints kept (default: 2)")
    group.add_argument("--resume", action="store_true",
                       help="continue from the last checkpoint in MODEL_DIR/checkpoints (same data and options)")
    group.add_argument("--keep-checkpoints", action="store_true",
                       help="keep MODEL_DIR/checkpoints after training (default: removed)")
    group.add_argument("--overwrite", action="store_true", help="replace a non-empty MODEL_DIR")
    return run


def run(args) -> int:
    if args.recipe == "verifier":
        return run_verifier(args)
    from ..training import TrainingConfig, train

    config = TrainingConfig(
        encoder=args.encoder, loss=args.loss, distance=args.distance, margin=args.margin,
        epochs=9 if args.epochs is None else args.epochs,
        max_steps=args.max_steps, batch_size=args.batch_size, learning_rate=args.lr,
        weight_decay=args.weight_decay, warmup_ratio=args.warmup_ratio, seed=args.seed,
        max_seq_length=args.max_seq_length, pairs_as=args.pairs_as, pairing=args.pairing,
        validation_fraction=args.validation_split, save_steps=args.save_steps,
        save_total_limit=args.save_total_limit, keep_checkpoints=args.keep_checkpoints,
    ).validate()
    from ..io import output_directory

    output_directory(args.output)
    result = train(args.inputs, args.output, config, validation_files=args.validation, resume=args.resume,
                   overwrite=args.overwrite, show_progress_bar=None, device=args.device)
    counts = result.metadata["counts"]
    accuracy = [h for h in result.history if "eval_validation_cosine_accuracy" in h]
    log.info("trained %d steps on %d triplets%s in %.0f s (%.1f examples/s)", result.steps, counts["triplets"],
             f" and {counts['pairs']} pairs" if counts["pairs"] else "", result.seconds,
             result.examples_per_second)
    if accuracy:
        log.info("validation triplet accuracy: %.3f before, %.3f after",
                 accuracy[0]["eval_validation_cosine_accuracy"], accuracy[-1]["eval_validation_cosine_accuracy"])
    log.info("model written to %s", result.model_dir)
    return 0


def run_verifier(args) -> int:
    import importlib.util

    from ..errors import InputError
    from ..io import output_directory

    if importlib.util.find_spec("peft") is None:
        raise InputError("--recipe verifier needs peft: pip install 'paraqd[verifier]'")
    from ..training.cross_encoder import VerifierConfig
    from ..training.verifier_recipe import train_verifier_recipe

    try:
        config = VerifierConfig(epochs=1.0 if args.epochs is None else args.epochs, batch_size=args.batch_size,
                                lr=5e-4, seed=args.seed, threads=None).validate()
    except ValueError as exc:
        raise InputError(str(exc)) from None
    output_directory(args.output)
    meta = train_verifier_recipe(args.inputs, args.output, exclude=args.exclude, max_questions=args.max_questions,
                                 config=config, base=args.encoder, device=args.device or "cpu", log=log.info)
    timing = meta["timing"]
    log.info("trained the verifier on %d pairs from %d questions in %.0f s (%.1f pairs/s); written to %s",
             meta["pairs"]["count"], meta["questions"]["trained"], timing["train_s"], timing["pairs_per_second"],
             args.output)
    return 0
