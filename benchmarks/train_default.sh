#!/usr/bin/env bash
# Train paraqd's recommended scorer on a CPU budget (<= 30 minutes on 2 idle cores) into OUTDIR.
#
#   benchmarks/train_default.sh OUTDIR          # then: paraqd evaluate OUTDIR AQUA_test.csv SAWP_test.csv
#
# It is the product command `paraqd train QUESTIONS... -o OUTDIR --recipe recommended` run on the question
# pools of ../shared, with the reference augmentations and the exclusions below; with your own question files
# (and, optionally, labelled dev pairs for --select-on) the same command needs none of ../shared.
#
# Recipe (ablations: benchmarks/train_ablations.py, docs/training.md): the encoder (all-MiniLM-L6-v2) stays
# frozen; every distinct text is encoded once and a residual tanh head is trained on the cached embeddings
# with the triplet loss of the paper's script (Euclidean distance, margin 5), on the reference
# augmentations of ../shared/data/reference_augmentations
# ("bring your own": real back-translations and Pegasus negatives) plus triplets made by the rule-based
# train operators from the question pools. The epoch kept is the earliest within one standard error of the
# best hybrid ROC-AUC on the
# hand-labelled dev pairs (data/dev/aqua_dev_labelled.csv and svamp_dev_labelled.csv, 330 pairs), the untrained
# encoder (epoch 0) included (the one-standard-error rule: 330 pairs cannot tell apart heads that differ by less).
# The model directory switches the hybrid score on (learned cosine lowered by the critical-information
# check, paraqd.hybrid.PenaltyRule) in its paraqd.json.
#
# No evaluation question is ever trained on: every question of ../shared/data/eval/*.csv (normalised) is
# dropped from the reference files and the pools, and so are the AQuA dev split used for validation and the
# questions of every hand-labelled dev file data/dev/*_labelled.csv (those used for selection, --select-on, and
# the others), GSM8K test (mathcheck_dev is built on it) and mathcheck_dev itself.
#
# Environment: PARAQD_SHARED (default ../shared beside the repository), PYTHON (default: the repository's
# .venv/bin/python when there is one, else python3 with paraqd installed), POOL_QUESTIONS (default 2000),
# EVALUATE=0 to skip the evaluation printed at the end.
set -euo pipefail

if [[ $# -ne 1 || "$1" == -* ]]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi
OUT=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SHARED=${PARAQD_SHARED:-$ROOT/../shared}
if [[ -n ${PYTHON:-} ]]; then PY=$PYTHON
elif [[ -x $ROOT/.venv/bin/python ]]; then PY=$ROOT/.venv/bin/python
else PY=python3
fi
DATA=$SHARED/data
export HF_HUB_OFFLINE=1 TOKENIZERS_PARALLELISM=false

for f in "$DATA/reference_augmentations/aqua_train400_augmented.csv" "$DATA/questions/svamp.jsonl"; do
    [[ -f $f ]] || { echo "error: $f not found (set PARAQD_SHARED)" >&2; exit 2; }
done
EVAL_FILES=()
for f in "$DATA"/eval/*.csv; do [[ -f $f ]] && EVAL_FILES+=("$f"); done

start=$(date +%s)
"$PY" -m paraqd train "$DATA/questions/svamp.jsonl" "$DATA/questions/gsm8k_train.jsonl" \
    -o "$OUT" --recipe recommended --overwrite \
    --reference "$DATA/reference_augmentations/aqua_train400_augmented.csv" \
    --max-questions "${POOL_QUESTIONS:-2000}" --per-question 3 \
    --exclude "${EVAL_FILES[@]}" "$DATA/questions/aqua_dev.jsonl" "$DATA/questions/gsm8k_test.jsonl" \
        "$DATA/dev/mathcheck_dev.csv" "$ROOT"/data/dev/*_labelled.csv \
    --validation "$DATA/reference_augmentations/aqua_dev_augmented.csv" \
    --select-on "$ROOT/data/dev/aqua_dev_labelled.csv" "$ROOT/data/dev/svamp_dev_labelled.csv" \
    --loss triplet-euclidean --margin 5 --head-blocks 1 --epochs 20 --lr 1e-3 --seed 3407
echo "trained $OUT in $(( $(date +%s) - start )) s"

if [[ "${EVALUATE:-1}" != 0 && ${#EVAL_FILES[@]} -gt 0 ]]; then
    "$PY" -m paraqd evaluate "$OUT" "${EVAL_FILES[@]}" --json "$OUT.eval.json"
fi
