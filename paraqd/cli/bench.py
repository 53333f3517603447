"""`paraqd bench`: the paper's Table 1 (and ablations) on your question pools and labelled files."""

from __future__ import annotations

import logging

from ..defaults import DEFAULT_SEED
from ..errors import InputError
from . import command, options

log = logging.getLogger("paraqd.bench")

DESCRIPTION = """Compare pretrained, UDA, UDA (pl), SSMBA, SSMBA (pl) and ParaQD on labelled files, beside paraqd's
default scorer.

The paper's methods are scored as in the paper, with the pure learned cosine; "Default scorer" is what
ParaphraseScorer.load() gives on the same encoder, untrained: the hybrid score (the cosine lowered by what
the critical-information check finds). Both appear in the table and the plots.

Every method trains the same encoder, with the same seed, questions and budget, on questions drawn from the
--pool files; questions (and paraphrases) of the --eval files are removed from the pool first (the count is
reported). Results are written to OUTPUT: table1.md / .csv / .json in the paper's Table 1 layout, PNGs
(score distributions, confusion matrices, t-SNE of test triplets: the paper's Figure 2) and bench.json
(configuration, versions, seeds, wall times, what was skipped and why).

A method whose model is missing runs reduced and says so (UDA without translation model: TF-IDF replacement
only) or is reported as skipped with the reason (SSMBA without a masked LM). The defaults are the paper's
(all questions, 9 epochs, batch 16, lr 2e-5, seed 3407); shrink them with --questions, --epochs, --max-steps.

ablations (--ablation, repeatable): operators (Table 4, leave one operator out), loss (Table 5, triplet vs
MNRL), seed (Table 6, seeds 0..4 for 20 % of the steps, best on validation separation finished), encoder
(Table 8, with --encoders).

examples:
  # the README's budget (3 trained methods x 100 steps of 16 triplets, plus evaluation and plots)
  paraqd bench --pool gsm8k_train.jsonl aqua_dev.jsonl --eval AQUA_test.csv SAWP_test.csv \\
      -o docs/bench --questions 1600 --epochs 1 --max-steps 100 --max-seq-length 128
  paraqd bench --pool q.jsonl --eval test.csv -o out --methods pretrained,paraqd --ablation loss
  paraqd bench --pool q.jsonl --eval test.csv -o out --ablation encoder \\
      --encoders pretrained,sentence-transformers/all-mpnet-base-v2"""


def _csv(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


@command("bench", help="Table 1 of the paper: all methods, same budget, on labelled files",
         description=DESCRIPTION)
def add_arguments(parser):
    parser.add_argument("--pool", nargs="+", required=True, metavar="FILE",
                        help="question files to train on (.jsonl/.csv/.parquet with a question column)")
    parser.add_argument("--eval", nargs="+", required=True, metavar="FILE", dest="eval_files",
                        help="labelled pair files (question, paraphrase, label)")
    parser.add_argument("-o", "--output", required=True, help="output directory")
    parser.add_argument("--methods", type=_csv, default=None,
                        help="comma-separated subset of pretrained,uda,uda-pl,ssmba,ssmba-pl,paraqd,default or methods you "
                             "registered (paraqd.bench.methods) (default: all; `default` is ParaphraseScorer.load() "
                             "of the encoder, untrained: the hybrid score)")
    parser.add_argument("--encoder", help="sentence encoder every method starts from (default: the embedded "
                                          "all-MiniLM-L6-v2)")
    parser.add_argument("--seed", type=options.seed, default=DEFAULT_SEED, help="seed of sampling, generation and "
                                                                            f"training (default: {DEFAULT_SEED})")
    budget = parser.add_argument_group("budget (defaults: the paper's)")
    budget.add_argument("--questions", type=options.count, help="training questions sampled from the pools (default: all)")
    budget.add_argument("--validation-questions", type=options.count_or_zero, default=100,
                        help="held-out pool questions for seed optimisation (default: 100)")
    budget.add_argument("--epochs", type=options.positive_number, default=9, help="training epochs (default: 9)")
    budget.add_argument("--max-steps", type=options.count, help="stop each training after this many steps")
    budget.add_argument("--batch-size", type=options.count, default=16, help="training batch size (default: 16)")
    budget.add_argument("--lr", type=options.positive_number, default=2e-5, help="learning rate (default: 2e-5)")
    budget.add_argument("--max-seq-length", type=options.count, help="truncate texts to this many tokens (faster)")
    methods = parser.add_argument_group("methods")
    methods.add_argument("--operators", default="train",
                         help="ParaQD's operators (default: train; unavailable ones are skipped and named)")
    methods.add_argument("--loss", choices=("triplet", "mnrl"), default="triplet", help="ParaQD's loss")
    methods.add_argument("--baseline-loss", choices=("triplet", "mnrl"), default="triplet",
                         help="loss of UDA and SSMBA, whose negative is another question (default: triplet)")
    methods.add_argument("--uda-models", type=_csv, default=["facebook/wmt19-en-de", "facebook/wmt19-de-en"],
                         metavar="EN_XX,XX_EN",
                         help="UDA's translation models; 'none' for TF-IDF replacement only")
    methods.add_argument("--ssmba-model", default="bert-base-uncased", help="SSMBA's masked LM")
    methods.add_argument("--workers", type=options.count, default=1, help="processes for the rule-based operators")
    parser.add_argument("--ablation", action="append", default=[],
                        choices=("operators", "loss", "seed", "encoder"), help="also run an ablation")
    parser.add_argument("--encoders", type=_csv, default=[], help="encoders of the encoder ablation")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNGs")
    parser.add_argument("--keep-models", action="store_true", help="keep the trained models under OUTPUT/work")
    return run


def run(args) -> int:
    from ..bench import BenchConfig, method_labels, run_bench
    from ..io import check_output_dir, output_directory

    check_output_dir(args.output, "--output", inputs=[*args.pool, *args.eval_files, args.encoder])
    uda = args.uda_models
    if uda in (["none"], []):
        uda_models = None
    elif len(uda) == 2:
        uda_models = (uda[0], uda[1])
    else:
        raise InputError("--uda-models takes two models (EN_XX,XX_EN) or 'none'")
    config = BenchConfig(
        pools=args.pool, eval_files=args.eval_files, output_dir=str(output_directory(args.output)), encoder=args.encoder, seed=args.seed,
        questions=args.questions, validation_questions=args.validation_questions, epochs=args.epochs,
        max_steps=args.max_steps, batch_size=args.batch_size, learning_rate=args.lr,
        max_seq_length=args.max_seq_length, methods=tuple(args.methods or method_labels()), paraqd_operators=args.operators,
        paraqd_loss=args.loss, baseline_loss=args.baseline_loss, uda_models=uda_models,
        ssmba_model=args.ssmba_model, workers=args.workers, plots=not args.no_plots, keep_models=args.keep_models)

    def show(name, table):
        print(table.to_markdown())
        log.info("wrote %s/%s.md, .csv, .json", args.output, name)

    run_bench(config, ablations=args.ablation, encoders=args.encoders, on_table=show)
    return 0
