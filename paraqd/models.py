"""Loading and running the neural models that operators, baselines and scoring share.

Every model is loaded lazily, once per process, through a cache keyed by ``(name, device)``: two operators
that use the same checkpoint share its weights. Any Hugging Face hub id or local directory works; a model
that cannot be loaded raises :class:`paraqd.errors.ModelUnavailableError` with a one-line message.

* :class:`Seq2SeqGenerator`: batched text-to-text generation with any ``AutoModelForSeq2SeqLM`` (FSMT,
  Marian, T5, Pegasus, BART...), including diverse (group) beam search.
* :class:`MaskedLMFiller`: SSMBA-style corruption and reconstruction with a masked language model.
* :func:`load_sentence_encoder`: a ``SentenceTransformer`` (default: the embedded all-MiniLM-L6-v2).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from .errors import ModelUnavailableError
from .process_cache import ProcessCache

if TYPE_CHECKING:  # pragma: no cover
    import torch
    from sentence_transformers import SentenceTransformer

__all__ = [
    "MaskedLMFiller",
    "Seq2SeqGenerator",
    "clear_model_cache",
    "default_device",
    "load_masked_lm",
    "load_sentence_encoder",
    "load_seq2seq",
    "model_hint",
]

_CACHE = ProcessCache()  # a forked worker loads its own (never runs its parent's)


def default_device() -> str:
    """``"cuda"`` when a GPU is visible, else ``"cpu"``."""
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def model_hint(example: str = "--model OP=PATH") -> str:
    """How a user supplies a model that is missing (used in error messages)."""
    return (f"pass a local directory or a Hugging Face hub id reachable with network "
            f"(e.g. `{example}`), or pre-download it into the Hugging Face cache")


def clear_model_cache() -> None:
    """Forget every loaded model (the next use loads it again). Mostly for tests and long sessions."""
    _CACHE.clear()
    encoders = sys.modules.get("paraqd.encoders")  # sentence encoders: cached there (imported when used)
    if encoders is not None:
        encoders.clear_encoder_cache()


def _cached(kind: str, name: str, device: str, loader: Callable[[], Any]) -> Any:
    return _CACHE.get((kind, name, device), loader)


def _reason(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else type(exc).__name__
    return first if len(first) <= 200 else first[:197] + "..."


def _load_pretrained(name: str, device: str, model_cls_name: str, hint: str) -> tuple[Any, Any]:
    """Load tokenizer and model (eval mode, on ``device``), mapping every failure to ModelUnavailableError."""
    import transformers

    model_cls = getattr(transformers, model_cls_name)
    try:
        tokenizer = transformers.AutoTokenizer.from_pretrained(name)
        model = model_cls.from_pretrained(name)
    except ImportError as exc:  # a tokenizer backend is missing (sacremoses for FSMT, sentencepiece...)
        extra = " (sacremoses: pip install 'paraqd[translate]')" if "sacremoses" in str(exc).lower() else ""
        raise ModelUnavailableError(name, hint="install the missing package: " + _reason(exc) + extra) from exc
    except (OSError, ValueError, KeyError, RuntimeError) as exc:
        raise ModelUnavailableError(name, hint=hint, reason=_reason(exc)) from exc
    model.to(device)
    model.eval()
    return tokenizer, model


def load_seq2seq(name: str, device: str | None = None, hint: str | None = None) -> tuple[Any, Any]:
    """``(tokenizer, model)`` of a sequence-to-sequence model, loaded once per process and device."""
    device = device or default_device()

    def load() -> tuple[Any, Any]:
        tokenizer, model = _load_pretrained(name, device, "AutoModelForSeq2SeqLM", hint or model_hint())
        # Length limits come from each call (max_new_tokens); a checkpoint's own max_length (FSMT ships 200)
        # would only clash with them.
        model.generation_config.max_length = None
        return tokenizer, model

    return _cached("seq2seq", name, device, load)


def load_masked_lm(name: str, device: str | None = None, hint: str | None = None) -> tuple[Any, Any]:
    """``(tokenizer, model)`` of a masked language model, loaded once per process and device."""
    device = device or default_device()
    return _cached("masked-lm", name, device,
                   lambda: _load_pretrained(name, device, "AutoModelForMaskedLM", hint or model_hint()))


def _length_sorted_batches(texts: Sequence[str], batch_size: int) -> Iterator[list[int]]:
    """Indices of ``texts`` in batches of similar length (less padding), longest first."""
    order = sorted(range(len(texts)), key=lambda i: -len(texts[i]))
    for start in range(0, len(order), max(1, batch_size)):
        yield order[start:start + batch_size]


class Seq2SeqGenerator:
    """Batched generation with a sequence-to-sequence model (translation, paraphrase, reconstruction).

    >>> gen = Seq2SeqGenerator("facebook/wmt19-en-de")                      # doctest: +SKIP
    >>> gen.generate(["How many hours did it take?"], num_beams=5)          # doctest: +SKIP
    [['Wie viele Stunden hat es gedauert?']]

    ``prefix`` is prepended to every input (T5 task prompts such as ``"paraphrase: "``). Generation keyword
    arguments go to ``model.generate``; ``num_beam_groups > 1`` with ``diversity_penalty > 0`` runs diverse
    beam search (see :meth:`generate`).
    """

    def __init__(self, model: str, device: str | None = None, batch_size: int = 16,
                 max_new_tokens: int = 128, prefix: str = "", max_input_tokens: int = 512,
                 hint: str | None = None):
        self.model_name = str(model)
        self.device = device
        self.batch_size = int(batch_size)
        self.max_new_tokens = int(max_new_tokens)
        self.prefix = prefix
        self.max_input_tokens = int(max_input_tokens)
        self.hint = hint

    def load(self) -> tuple[Any, Any]:
        """``(tokenizer, model)``; loaded on first use and shared by every generator with the same name."""
        return load_seq2seq(self.model_name, self.device, self.hint)

    def generate(self, texts: Sequence[str], num_return_sequences: int = 1,
                 **generate_kwargs: Any) -> list[list[str]]:
        """Generate ``num_return_sequences`` candidates for each text, best first.

        Returns one list per input, in input order. Inputs are batched by length and truncated to
        ``max_input_tokens`` (or the checkpoint's position limit, as is the output). With
        ``num_beam_groups > 1`` the beams are split into groups decoded one after another, each group
        penalised (``diversity_penalty``, Hamming diversity) for choosing at step *t* a token an earlier
        group chose at step *t* -- the diverse beam search of Vijayakumar et al., which transformers v5 moved
        out of the library into a hub-hosted ``custom_generate`` repository.
        """
        import torch

        texts = [self.prefix + t for t in texts]
        results: list[list[str]] = [[] for _ in texts]
        if not texts:
            return results
        tokenizer, model = self.load()
        max_input, max_new = _length_limits(tokenizer, model, self.max_input_tokens, self.max_new_tokens)
        kwargs = dict(generate_kwargs)
        if "max_length" not in kwargs:
            kwargs.setdefault("max_new_tokens", max_new)
        groups = int(kwargs.pop("num_beam_groups", 1) or 1)
        penalty = float(kwargs.pop("diversity_penalty", 0.0) or 0.0)
        with torch.inference_mode():
            for batch in _length_sorted_batches(texts, self.batch_size):
                enc = tokenizer([texts[i] for i in batch], return_tensors="pt", padding=True,
                                truncation=True, max_length=max_input)
                enc = {k: v.to(model.device) for k, v in enc.items() if k in ("input_ids", "attention_mask")}
                if groups > 1:
                    outs = _diverse_beam_search(model, tokenizer, enc, num_return_sequences, groups, penalty,
                                                kwargs)
                else:
                    ids = model.generate(**enc, num_return_sequences=num_return_sequences, **kwargs)
                    decoded = tokenizer.batch_decode(ids, skip_special_tokens=True)
                    outs = [[d.strip() for d in decoded[j * num_return_sequences:(j + 1) * num_return_sequences]]
                            for j in range(len(batch))]
                for i, cands in zip(batch, outs):
                    results[i] = cands
        return results

    def __repr__(self) -> str:
        return f"Seq2SeqGenerator({self.model_name!r})"


def _length_limits(tokenizer, model, max_input: int, max_new: int) -> tuple[int, int]:
    """Input and output token limits, capped by the checkpoint's absolute position embeddings.

    Models with learned or sinusoidal positions (Pegasus, BART, FSMT, Marian) fail with an index error past
    ``max_position_embeddings`` (tuner007/pegasus_paraphrase has 60), so longer inputs are truncated and
    generation stops there; T5's relative positions have no such limit.
    """
    limits = [max_input]
    model_max = getattr(tokenizer, "model_max_length", None)
    if isinstance(model_max, int) and 0 < model_max < 1_000_000:
        limits.append(model_max)
    positions = getattr(model.config, "max_position_embeddings", None)
    if isinstance(positions, int) and positions > 1:
        limits.append(positions)
        max_new = min(max_new, positions - 1)  # the decoder start token takes one position
    return min(limits), max_new


class _HammingDiversity:
    """Logits processor: lower the score of tokens earlier beam groups emitted at the same position."""

    def __init__(self, previous: list[torch.Tensor], beams_per_row: int, penalty: float, pad_id: int | None):
        self.previous = previous  # per earlier group: (batch, beams, length) token ids
        self.beams_per_row = beams_per_row
        self.penalty = penalty
        self.pad_id = pad_id

    def __call__(self, input_ids: torch.Tensor, scores: torch.Tensor) -> torch.Tensor:
        import torch

        # Work on log-probabilities whatever the decoding loop hands over (raw logits in greedy search,
        # log-probabilities in beam search; log_softmax leaves the latter unchanged), as group beam search does.
        scores = torch.log_softmax(scores, dim=-1)
        pos = input_ids.shape[-1]
        rows = torch.arange(scores.shape[0], device=scores.device) // self.beams_per_row
        for prev in self.previous:
            if pos >= prev.shape[-1]:
                continue
            tokens = prev[:, :, pos]  # (batch, beams)
            counts = torch.zeros(prev.shape[0], scores.shape[-1], device=scores.device, dtype=scores.dtype)
            counts.scatter_add_(1, tokens, torch.ones_like(tokens, dtype=scores.dtype))
            if self.pad_id is not None:
                counts[:, self.pad_id] = 0
            scores = scores - self.penalty * counts[rows]
        return scores


def _diverse_beam_search(model, tokenizer, enc: dict, num_return_sequences: int, groups: int, penalty: float,
                         kwargs: dict) -> list[list[str]]:
    """Group beam search with Hamming diversity, one group after another (see ``Seq2SeqGenerator``)."""
    from transformers import LogitsProcessorList

    kwargs = dict(kwargs)  # the caller reuses its dict for the next batch
    num_beams = int(kwargs.pop("num_beams", groups) or groups)
    if num_beams % groups:
        raise ValueError(f"num_beams ({num_beams}) must be divisible by num_beam_groups ({groups})")
    per_group = num_beams // groups
    batch = enc["input_ids"].shape[0]
    pad_id = model.generation_config.pad_token_id
    if pad_id is None:
        pad_id = tokenizer.pad_token_id
    previous: list[torch.Tensor] = []
    candidates: list[list[tuple[float, int, str]]] = [[] for _ in range(batch)]
    for g in range(groups):
        processors = LogitsProcessorList([_HammingDiversity(list(previous), per_group, penalty, pad_id)])
        out = model.generate(**enc, num_beams=per_group, num_return_sequences=per_group,
                             logits_processor=processors, return_dict_in_generate=True, output_scores=True,
                             do_sample=False, **kwargs)
        seqs = out.sequences.view(batch, per_group, -1)
        previous.append(seqs)
        scores = getattr(out, "sequences_scores", None)
        scores = scores.view(batch, per_group).tolist() if scores is not None else [[0.0] * per_group] * batch
        decoded = tokenizer.batch_decode(out.sequences, skip_special_tokens=True)
        for b in range(batch):
            for k in range(per_group):
                candidates[b].append((scores[b][k], g * per_group + k, decoded[b * per_group + k].strip()))
    ranked = []
    for cands in candidates:
        cands.sort(key=lambda c: (-c[0], c[1]))
        ranked.append([text for _, _, text in cands[:num_return_sequences]])
    return ranked


class MaskedLMFiller:
    """Corrupt text by masking tokens and let a masked language model fill them in (SSMBA).

    >>> filler = MaskedLMFiller("bert-base-uncased")                                   # doctest: +SKIP
    >>> filler.reconstruct(["A train covers 300 km in 5 hours."], random.Random(0))   # doctest: +SKIP
    ['a train covers 300 km in 5 days.']

    The corruption is BERT's: each word piece is selected with probability ``mask_prob`` (at least one per
    text); a selected piece becomes the mask token with probability ``mask_token_prob``, a random vocabulary
    piece with probability ``random_token_prob``, and stays as it is otherwise. The model then predicts every
    selected position, and the prediction is sampled from its distribution (``sample=True``, optionally
    restricted to the ``top_k`` most likely pieces) or taken as the argmax. Randomness comes only from the
    ``random.Random`` given, one per text when a sequence is given, so a batch gives the same output as the
    texts one at a time. Texts longer than ``max_input_tokens`` word pieces are truncated.
    """

    def __init__(self, model: str = "bert-base-uncased", device: str | None = None, batch_size: int = 16,
                 max_input_tokens: int = 512, hint: str | None = None):
        self.model_name = str(model)
        self.device = device
        self.batch_size = int(batch_size)
        self.max_input_tokens = int(max_input_tokens)
        self.hint = hint

    def load(self) -> tuple[Any, Any]:
        return load_masked_lm(self.model_name, self.device, self.hint)

    def reconstruct(self, texts: Sequence[str], rng: random.Random | Sequence[random.Random], *,
                    mask_prob: float = 0.15, sample: bool = True, top_k: int | None = None,
                    mask_token_prob: float = 0.8, random_token_prob: float = 0.1) -> list[str]:
        """Corrupt and refill each text; returns one reconstruction per text (it may equal the input)."""
        import torch

        if not 0.0 <= mask_prob <= 1.0:
            raise ValueError(f"mask_prob must be in [0, 1], got {mask_prob}")
        rngs = [rng] * len(texts) if isinstance(rng, random.Random) else list(rng)
        if len(rngs) != len(texts):
            raise ValueError("give one random.Random per text, or a single one")
        tokenizer, model = self.load()
        if tokenizer.mask_token_id is None:
            raise ModelUnavailableError(self.model_name, reason="its tokenizer has no mask token")
        special = set(tokenizer.all_special_ids)
        vocab = [i for i in range(len(tokenizer)) if i not in special]

        corrupted: list[tuple[list[int], list[int]]] = []  # (ids with specials, selected positions)
        for text, r in zip(texts, rngs):
            ids = tokenizer(text, truncation=True, max_length=self.max_input_tokens)["input_ids"]
            inner = [p for p, t in enumerate(ids) if t not in special]
            chosen = [p for p in inner if r.random() < mask_prob]
            if not chosen and inner and mask_prob > 0:
                chosen = [r.choice(inner)]
            ids = list(ids)
            for p in chosen:
                u = r.random()
                if u < mask_token_prob:
                    ids[p] = tokenizer.mask_token_id
                elif u < mask_token_prob + random_token_prob:
                    ids[p] = r.choice(vocab)
            corrupted.append((ids, chosen))

        outputs = [""] * len(texts)
        pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
        banned = torch.tensor(sorted(special), dtype=torch.long)
        with torch.inference_mode():
            for batch in _length_sorted_batches([" " * len(c[0]) for c in corrupted], self.batch_size):
                width = max(len(corrupted[i][0]) for i in batch)
                input_ids = torch.full((len(batch), width), pad, dtype=torch.long)
                mask = torch.zeros((len(batch), width), dtype=torch.long)
                for row, i in enumerate(batch):
                    ids = corrupted[i][0]
                    input_ids[row, :len(ids)] = torch.tensor(ids)
                    mask[row, :len(ids)] = 1
                logits = model(input_ids=input_ids.to(model.device),
                               attention_mask=mask.to(model.device)).logits.float().cpu()
                logits[:, :, banned] = float("-inf")
                for row, i in enumerate(batch):
                    ids, chosen = list(corrupted[i][0]), corrupted[i][1]
                    for p in chosen:
                        ids[p] = _pick(logits[row, p], rngs[i], sample, top_k)
                    outputs[i] = tokenizer.decode(ids, skip_special_tokens=True,
                                                  clean_up_tokenization_spaces=True).strip()
        return outputs

    def __repr__(self) -> str:
        return f"MaskedLMFiller({self.model_name!r})"


def _pick(logits: torch.Tensor, rng: random.Random, sample: bool, top_k: int | None) -> int:
    """Argmax, or a draw from softmax(logits) (top-k restricted) using ``rng`` (batch-independent)."""
    import torch

    if not sample:
        return int(torch.argmax(logits))
    if top_k:
        values, indices = torch.topk(logits, min(top_k, logits.shape[-1]))
    else:
        values, indices = logits, torch.arange(logits.shape[-1])
    probs = torch.softmax(values.double(), dim=-1)
    cdf = torch.cumsum(probs, dim=-1)
    k = int(torch.searchsorted(cdf, torch.tensor([rng.random() * float(cdf[-1])], dtype=cdf.dtype)))
    return int(indices[min(k, len(indices) - 1)])


def load_sentence_encoder(name_or_path: str | None = None, device: str | None = None,
                          backend: str = "torch") -> SentenceTransformer:
    """A ``SentenceTransformer``, loaded once per process; ``None``/``"pretrained"`` is the embedded MiniLM.

    ``backend`` ``"onnx"`` or ``"onnx-int8"`` runs its transformer on ONNX Runtime, ``"openvino"`` on OpenVINO
    (:mod:`paraqd.backends`).
    The same as :func:`paraqd.encoders.load_encoder`, with the operators' hint (``--encoder``) in its errors.
    """
    from .encoders import load_encoder

    return load_encoder(name_or_path, backend=backend, device=device, hint=model_hint("--encoder NAME_OR_PATH"))
