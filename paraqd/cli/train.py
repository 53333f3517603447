"""`paraqd train`: train a paraphrase scorer (paper recipe, recommended recipe) or the LoRA verifier."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

from ..defaults import DEFAULT_SEED
from ..errors import ParaqdError
from . import command, options

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

CPU training is slow (a few triplets per second): --max-seq-length 128 and --max-steps help.

--recipe recommended: the inputs are QUESTION files (JSONL/CSV with a question column). The rule-based train
operators make triplets from --max-questions of them (plus any wide-form --reference candidates you bring);
the encoder stays frozen, every distinct text is encoded once and a residual head is trained on the cached
embeddings (defaults: loss triplet-euclidean, margin 5, 1 block, 20 epochs, lr 1e-3, batch 64); labelled dev
pairs given with --select-on pick the epoch (hybrid ROC-AUC, one-standard-error rule, the untrained encoder
included); the model directory scores with the hybrid score. Questions of --exclude, --validation and
--select-on files (and data/dev/*_labelled.csv of a source checkout) are never trained on.
  paraqd train questions.jsonl more.jsonl -o model/ --recipe recommended --select-on dev_pairs.csv

--recipe verifier: the inputs are QUESTION files too. Operators make labelled pairs from --max-questions of
them, --labelled files add rewordings labelled by hand or by an LLM (each seen --labelled-repeat times), and a
LoRA cross-encoder on the embedded MiniLM learns to tell them apart (paraqd.verifier.PairVerifier loads it;
paraqd ships one, trained on a GPU: data/models/verifier). About 11 pairs/s on 2 CPU cores; --device cuda.
  paraqd train gsm8k_train.jsonl -o verifier/ --recipe verifier --labelled data/train/rewordings_llm_train.csv

--loss names a registered loss (paraqd.training.losses; add one with @register_loss)."""


@command("train", help="fine-tune the scorer on triplets (paper defaults)", description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("inputs", nargs="+", metavar="FILE",
                        help="training files (.csv, .jsonl or .parquet): triplets, wide form or labelled pairs; "
                             "--recipe recommended/verifier: question files")
    parser.add_argument("-o", "--output", required=True, metavar="MODEL_DIR", help="model directory to write")
    parser.add_argument("--encoder", metavar="NAME_OR_PATH",
                        help="encoder to fine-tune (default: the embedded all-MiniLM-L6-v2)")
    group = parser.add_argument_group("recipe")
    group.add_argument("--recipe", choices=("paper", "recommended", "verifier"), default="paper",
                       help="paper: fine-tune the encoder on training files (default); recommended: the inputs "
                            "are QUESTION files: frozen encoder + head trained on operator triplets, hybrid "
                            "scoring (paraqd.training.recipes); verifier: the inputs are QUESTION files: build "
                            "operator pairs and train the LoRA cross-encoder verifier")
    group.add_argument("--exclude", nargs="+", default=[], metavar="FILE",
                       help="--recipe recommended/verifier: files whose questions must never be trained on "
                            "(data/dev/*_labelled.csv of a source checkout are always excluded)")
    group.add_argument("--max-questions", type=options.count_or_zero, default=2000,
                       help="--recipe recommended/verifier: questions sampled from the question files "
                            "(default: 2000; verifier: ~14 min on 2 cores)")
    group.add_argument("--labelled", nargs="+", default=[], metavar="FILE",
                       help="--recipe verifier: labelled pair files (question, paraphrase, label) trained on beside "
                            "the operator pairs, e.g. data/train/rewordings_llm_train.csv")
    group.add_argument("--labelled-repeat", type=options.count, default=3, metavar="N",
                       help="--recipe verifier: times each --labelled pair is seen per epoch (default: 3)")
    group.add_argument("--reference", nargs="+", default=[], metavar="FILE",
                       help="--recipe recommended: wide-form candidate files to train on as well (question, "
                            "positive1.., neg_1..: e.g. real back-translations; bring your own)")
    group.add_argument("--select-on", nargs="+", default=[], metavar="FILE",
                       help="--recipe recommended: labelled dev pairs (question, paraphrase, label) that pick "
                            "the epoch by hybrid ROC-AUC; never trained on")
    group.add_argument("--per-question", type=options.count, default=3,
                       help="--recipe recommended: triplets per question and operator pairing (default: 3)")
    group.add_argument("--operators", default=None,
                       help="--recipe recommended: train operators for the question files (default: the fast "
                            "rule-based ones, f2,f3,f4,f6,f7,f8,f10)")
    group.add_argument("--head-blocks", type=options.count, default=1,
                       help="--recipe recommended: residual blocks of the head (default: 1)")
    group.add_argument("--workers", type=options.count, default=1,
                       help="--recipe recommended: processes for the rule-based operators (default: 1)")
    group = parser.add_argument_group("loss")
    group.add_argument("--loss", default=None,
                       help="triplet (the paper's, with --distance; default), or a registered loss: "
                            "triplet-euclidean (recommended's default), triplet-cosine, mnrl "
                            "(MultipleNegativesRankingLoss), threshold, or your own")
    group.add_argument("--distance", choices=("euclidean", "cosine"), default="euclidean",
                       help="triplet distance (default: euclidean, as the authors' script; the paper writes "
                            "1 - cos)")
    group.add_argument("--margin", type=options.positive_number, default=5.0, help="triplet margin (default: 5; try 0.5 with "
                                                                 "--distance cosine)")
    group.add_argument("--pairs-as", choices=("triplets", "cosent", "contrastive"), default="triplets",
                       help="how labelled-pair files are trained (default: triplets per question)")
    group.add_argument("--pairing", choices=("cycle", "product"), default="cycle",
                       help="how one question's positives and negatives form triplets (default: cycle)")
    group = parser.add_argument_group("optimisation")
    group.add_argument("--epochs", type=options.positive_number,
                       help="training epochs (default: 9; --recipe recommended: 20; verifier: 1)")
    group.add_argument("--max-steps", type=options.count, help="stop after this many steps (overrides --epochs)")
    group.add_argument("--batch-size", type=options.count, help="triplets per step (default: 16; recommended: 64)")
    group.add_argument("--lr", type=options.positive_number, help="peak learning rate (default: 2e-5; recommended: 1e-3)")
    group.add_argument("--weight-decay", type=options.non_negative_number, default=0.01, help="AdamW weight decay (default: 0.01)")
    group.add_argument("--warmup-ratio", type=options.part_fraction, default=0.1,
                       help="fraction of steps of linear warm-up (default: 0.1)")
    group.add_argument("--seed", type=options.seed, default=DEFAULT_SEED, help=f"random seed (default: {DEFAULT_SEED})")
    group.add_argument("--max-seq-length", type=options.count,
                       help="truncate texts to this many tokens (default: the encoder's, 256)")
    group.add_argument("--device", type=options.device, help="torch device, e.g. cpu or cuda (default: automatic)")
    group = parser.add_argument_group("validation")
    group.add_argument("--validation", nargs="+", metavar="FILE",
                       help="validation files (any layout); triplet accuracy is reported each epoch (--recipe "
                            "recommended: wide-form or labelled pairs, never trained on, scored at the end)")
    group.add_argument("--validation-split", type=options.fraction, default=0.0, metavar="FRACTION",
                       help="hold out this fraction of the training questions for validation instead")
    group = parser.add_argument_group("checkpoints")
    group.add_argument("--save-steps", type=options.count,
                       help="write a checkpoint to MODEL_DIR/checkpoints every N steps (default: none)")
    group.add_argument("--save-total-limit", type=options.count, default=2,
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
    if args.recipe == "recommended":
        return run_recommended(args)
    from ..training import TrainingConfig, train

    config = TrainingConfig(
        encoder=args.encoder, loss=args.loss or "triplet", distance=args.distance, margin=args.margin,
        epochs=9 if args.epochs is None else args.epochs,
        max_steps=args.max_steps, batch_size=args.batch_size or 16, learning_rate=args.lr or 2e-5,
        weight_decay=args.weight_decay, warmup_ratio=args.warmup_ratio, seed=args.seed,
        max_seq_length=args.max_seq_length, pairs_as=args.pairs_as, pairing=args.pairing,
        validation_fraction=args.validation_split, save_steps=args.save_steps,
        save_total_limit=args.save_total_limit, keep_checkpoints=args.keep_checkpoints,
    ).validate()
    check_model_dir(args)
    with tidy_on_failure(Path(args.output)):
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


def check_model_dir(args) -> None:
    """Fail early on an unusable MODEL_DIR; clear what an earlier run stopped before its first checkpoint left
    (``checkpoints/`` with nothing to resume from), so that the same command runs again."""
    from ..io import check_output_dir

    inputs = [*args.inputs, *(args.validation or []), *getattr(args, "exclude", []),
              *getattr(args, "reference", []), *getattr(args, "select_on", []), *getattr(args, "labelled", []),
              args.encoder]
    check_output_dir(args.output, "--output", inputs=inputs, replaced=True)
    out = Path(args.output)
    drop_incomplete_checkpoints(out)
    if out.is_dir() and not args.resume and _only_unresumable_checkpoints(out):
        log.info("%s: removing what an interrupted run left (no checkpoint to resume from)", out)
        shutil.rmtree(out / CHECKPOINTS)
        if not any(out.iterdir()):
            out.rmdir()


CHECKPOINTS = "checkpoints"


def _checkpoints(out: Path) -> list[Path]:
    """The complete checkpoints in ``out/checkpoints``, oldest first (the trainer writes its state file last)."""
    ckpt = out / CHECKPOINTS
    found = [c for c in ckpt.glob("checkpoint-*") if c.is_dir() and (c / "trainer_state.json").is_file()
             and c.name.rsplit("-", 1)[1].isdigit()] if ckpt.is_dir() else []
    return sorted(found, key=lambda c: int(c.name.rsplit("-", 1)[1]))


def drop_incomplete_checkpoints(out: Path) -> None:
    """Remove checkpoints a stopped or killed run left half-written (no trainer state file): resuming from
    one would fail; the complete ones before it remain."""
    ckpt = out / CHECKPOINTS
    if not ckpt.is_dir():
        return
    complete = set(_checkpoints(out))
    for path in ckpt.glob("checkpoint-*"):
        if path.is_dir() and path not in complete:
            log.info("%s: removing the incomplete checkpoint %s", out, path.name)
            shutil.rmtree(path, ignore_errors=True)


def _only_unresumable_checkpoints(out: Path) -> bool:
    """``out`` holds nothing but a ``checkpoints/`` directory without any checkpoint in it."""
    entries = list(out.iterdir())
    return [e.name for e in entries] == [CHECKPOINTS] and entries[0].is_dir() and not _checkpoints(out)


class tidy_on_failure:
    """If training fails or is stopped, remove what it created and cannot be resumed from: the model
    directory (when it did not exist before) or its ``checkpoints/`` without a checkpoint. Checkpoints
    that --resume can continue from are kept, and the message says so."""

    def __init__(self, out: Path):
        self.out = out
        self.existed = out.exists()
        self.ckpt_existed = (out / CHECKPOINTS).exists()
        self.created = out  # the outermost directory this run creates (missing parents are made too)
        while not self.created.parent.exists() and self.created.parent != self.created:
            self.created = self.created.parent

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is None or not self.out.is_dir():
            return
        drop_incomplete_checkpoints(self.out)
        if _checkpoints(self.out):
            if issubclass(exc_type, ParaqdError):  # refused (e.g. not empty): nothing was trained or changed
                return
            log.warning("%s: checkpoints kept; the same command with --resume continues from %s", self.out,
                        _checkpoints(self.out)[-1].name)
            return
        if not self.existed:
            shutil.rmtree(self.created, ignore_errors=True)
        elif not self.ckpt_existed:
            shutil.rmtree(self.out / CHECKPOINTS, ignore_errors=True)


def run_verifier(args) -> int:
    import importlib.util

    from ..errors import InputError
    from ..io import output_directory

    if importlib.util.find_spec("peft") is None:
        raise InputError("--recipe verifier needs peft: pip install 'paraqd[verifier]'")
    from ..training.verifier_recipe import train_verifier_recipe
    from ..training.verifier_training import VerifierConfig

    try:
        config = VerifierConfig(epochs=1.0 if args.epochs is None else args.epochs, batch_size=args.batch_size or 16,
                                lr=5e-4, seed=args.seed, threads=None).validate()
    except ValueError as exc:
        raise InputError(str(exc)) from None
    output_directory(args.output)
    check_model_dir(args)
    with tidy_on_failure(Path(args.output)):
        meta = train_verifier_recipe(args.inputs, args.output, exclude=args.exclude,
                                     max_questions=args.max_questions, config=config, base=args.encoder,
                                     device=args.device or "cpu", log=log.info, labelled=args.labelled,
                                     labelled_repeat=args.labelled_repeat)
    timing = meta["timing"]
    log.info("trained the verifier on %d pairs from %d questions in %.0f s (%.1f pairs/s); written to %s",
             meta["pairs"]["count"], meta["questions"]["trained"], timing["train_s"], timing["pairs_per_second"],
             args.output)
    return 0


def run_recommended(args) -> int:

    from ..errors import InputError
    from ..io import output_directory
    from ..progress import show_progress
    from ..training.data import FAST_TRAIN_OPERATORS, TrainingSetSpec, with_source_dev_files
    from ..training.head import HeadConfig
    from ..training.recipes import train_recipe

    epochs = 20 if args.epochs is None else args.epochs
    if epochs != int(epochs):
        raise InputError(f"--recipe recommended trains whole epochs, got --epochs {epochs}")
    if args.max_questions < 0 or args.per_question < 1:
        raise InputError("--max-questions must not be negative and --per-question must be at least 1")
    validation, select_on = args.validation or [], args.select_on
    for path in [*args.inputs, *args.reference, *args.exclude, *validation, *select_on]:
        if not Path(path).is_file():
            raise InputError(f"{path}: no such file")
    spec = TrainingSetSpec(reference=args.reference, pools=args.inputs, exclude=with_source_dev_files(args.exclude),
                           pool_questions=args.max_questions, per_question=args.per_question,
                           operators=args.operators or FAST_TRAIN_OPERATORS, seed=args.seed, workers=args.workers)
    head = HeadConfig(loss=args.loss or "triplet-euclidean", margin=args.margin, blocks=args.head_blocks,
                      epochs=int(epochs), batch_size=args.batch_size or 64, learning_rate=args.lr or 1e-3,
                      seed=args.seed).validate()
    output_directory(args.output)
    check_model_dir(args)
    with tidy_on_failure(Path(args.output)):
        result = train_recipe(spec, args.output, head, validation=validation, select_on=select_on,
                              encoder=args.encoder, overwrite=args.overwrite, progress=show_progress())
    data = result.data
    log.info("trained the head on %d triplets (%d reference, %d from %d questions; %d excluded questions "
             "dropped) in %.0f s", data.reference_triplets + data.pool_triplets, data.reference_triplets,
             data.pool_triplets, data.pool_questions, data.dropped_questions, result.seconds)
    if result.head.selection:
        log.info("selection (hybrid ROC-AUC per epoch, 0 = untrained): %s; kept epoch %d",
                 [round(v, 4) for v in result.head.selection], result.head.selected_epoch)
    if result.validation:
        log.info("validation: %s", result.validation)
    log.info("model written to %s", result.model_dir)
    return 0
