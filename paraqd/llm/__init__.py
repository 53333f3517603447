"""Large language models over the OpenAI-compatible chat-completions protocol.

llama.cpp's ``llama-server``, vLLM, Ollama, LM Studio and the hosted APIs all speak it, so one small client
serves them all::

    from paraqd.llm import RewordClient, reword

    client = RewordClient("http://127.0.0.1:8080/v1", "qwen2.5-7b-instruct")
    result = reword(["Tom has 3 apples and buys 2 more. How many apples does he have?"], client=client, n=5)
    result.accepted   # question, paraphrase, score, rank: the valid rewordings, best first per question

========================  ===========================================================================
:mod:`.client`            :class:`RewordClient`: timeouts, retries with backoff, a request budget, bounded
                          concurrency, one-line errors for an unusable endpoint (httpx: ``paraqd[llm]``)
:mod:`.cache`             :class:`CompletionCache`: completions on disk, so a rerun asks only for what is missing
:mod:`.rewording`         :func:`reword`: ask for rewordings, clean them, score them, keep the valid ones
:mod:`.judge`             :class:`Judge`: an LLM's second opinion on the pairs scored near the threshold
========================  ===========================================================================

Nothing here imports httpx, torch or pandas until it is used.
"""

from __future__ import annotations

_LAZY = {
    "RewordClient": ("paraqd.llm.client", "RewordClient"),
    "EndpointError": ("paraqd.llm.client", "EndpointError"),
    "CompletionCache": ("paraqd.llm.cache", "CompletionCache"),
    "reword": ("paraqd.llm.rewording", "reword"),
    "RewordResult": ("paraqd.llm.rewording", "RewordResult"),
    "Judge": ("paraqd.llm.judge", "Judge"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'paraqd.llm' has no attribute {name!r}")


__all__ = list(_LAZY)
