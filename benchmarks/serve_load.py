"""Load test of `paraqd serve` on the loopback interface, against calling ParaphraseScorer directly.

Starts `paraqd serve` on 127.0.0.1 (a free port; nothing else is ever contacted), waits for /health, sends a
bounded number of requests per scenario (and stops a scenario at --time-limit), then stops the server. The
same requests are timed as direct calls of ``ParaphraseScorer.score_pairs`` / ``explain_pairs`` in this
process, never at the same time as the server's (an idle server costs nothing): each scenario alternates
--rounds blocks of direct calls and of requests, so a machine whose load drifts slows both alike. Scenarios:

    score   1 pair per request,  1 client       score   1 pair per request, --concurrency clients
    score   --batch pairs,       1 client       explain 1 pair per request,  1 client
    explain --batch pairs,       1 client

Reported per scenario: requests/s, pairs/s, p50/p95 latency (ms), and the same for the direct calls; the
last line printed is one JSON object. Inputs: the bundled sample pairs (data/samples), cycled.

``--load 1,16,150`` measures the service under load instead: for each number of concurrent clients, every
client sends single-pair ``/score`` requests back to back (``--load-requests`` in all, bounded by
--time-limit) while a probe asks ``/health`` every 50 ms. Reported per level: requests/s, p50/p95 latency,
the answers' statuses (a 503 is the queue limit refusing, with Retry-After) and the ``/health`` p50/p95/max.

    python benchmarks/serve_load.py                        # the embedded model, load()'s default scoring
    python benchmarks/serve_load.py --requests 50 --hybrid --workers 2
    python benchmarks/serve_load.py --load 1,16,150 --load-requests 600
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HOST = "127.0.0.1"  # loopback only, by design


def sample_pairs() -> list[tuple[str, str]]:
    """Deterministic (question, paraphrase) pairs from the bundled samples: the hand-written candidates, each
    question with itself and with the next question."""
    import pandas as pd

    from paraqd.resources import samples_dir

    candidates = pd.read_csv(samples_dir() / "candidates.csv")
    questions = pd.read_json(samples_dir() / "questions.jsonl", lines=True)["question"].tolist()
    pairs = list(zip(candidates["question"], candidates["candidate"]))
    pairs += [(q, q) for q in questions]
    pairs += [(q, questions[(i + 1) % len(questions)]) for i, q in enumerate(questions)]
    return pairs


def batches(pairs, size: int, count: int) -> list[list[tuple[str, str]]]:
    """``count`` batches of ``size`` pairs, cycling through ``pairs``."""
    out, k = [], 0
    for _ in range(count):
        batch = []
        for _ in range(size):
            batch.append(pairs[k % len(pairs)])
            k += 1
        out.append(batch)
    return out


def summary(latencies: list[float], wall: float, pairs_per_request: int) -> dict[str, float]:
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))] * 1000

    return {"requests": len(ordered), "seconds": round(wall, 3),
            "requests_per_s": round(len(ordered) / wall, 2),
            "pairs_per_s": round(len(ordered) * pairs_per_request / wall, 1),
            "p50_ms": round(statistics.median(ordered) * 1000, 2), "p95_ms": round(pct(95), 2)}


def time_direct(scorer, endpoint: str, work, time_limit: float) -> tuple[list[float], float]:
    call = scorer.score_pairs if endpoint == "score" else scorer.explain_pairs
    latencies, start = [], time.perf_counter()
    for batch in work:
        t = time.perf_counter()
        call([q for q, _ in batch], [p for _, p in batch])
        latencies.append(time.perf_counter() - t)
        if time.perf_counter() - start > time_limit:
            break
    return latencies, time.perf_counter() - start


def time_server(url: str, endpoint: str, work, concurrency: int, time_limit: float) -> tuple[list[float], float]:
    import httpx

    deadline = time.perf_counter() + time_limit
    chunks = [work[i::concurrency] for i in range(concurrency)]

    def client(chunk):
        latencies = []
        with httpx.Client(base_url=url, timeout=120) as http:
            for batch in chunk:
                if time.perf_counter() > deadline:
                    break
                body = {"pairs": [{"question": q, "paraphrase": p} for q, p in batch]}
                t = time.perf_counter()
                response = http.post(f"/{endpoint}", json=body)
                latencies.append(time.perf_counter() - t)
                if response.status_code != 200:
                    raise RuntimeError(f"/{endpoint} answered {response.status_code}: {response.text[:200]}")
                if len(response.json()["results"]) != len(batch):
                    raise RuntimeError(f"/{endpoint} returned the wrong number of results")
        return latencies

    start = time.perf_counter()
    with ThreadPoolExecutor(concurrency) as pool:
        latencies = [x for part in pool.map(client, chunks) for x in part]
    return latencies, time.perf_counter() - start


def time_load(url: str, pairs, clients: int, total: int, time_limit: float) -> dict:
    """``clients`` concurrent clients sending ``total`` single-pair /score requests (bounded by ``time_limit``)
    while a probe asks /health every 50 ms: throughput, latencies, statuses and the health latencies."""
    import threading

    import httpx

    deadline = time.perf_counter() + time_limit
    per_client = max(1, total // clients)
    statuses: dict[int, int] = {}
    latencies: list[float] = []
    health: list[float] = []
    lock = threading.Lock()
    done = threading.Event()

    def client(k: int) -> None:
        with httpx.Client(base_url=url, timeout=120) as http:
            for i in range(per_client):
                if time.perf_counter() > deadline:
                    break
                q, p = pairs[(k * per_client + i) % len(pairs)]
                t = time.perf_counter()
                response = http.post("/score", json={"pairs": [{"question": q, "paraphrase": p}]})
                elapsed = time.perf_counter() - t
                with lock:
                    statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
                    if response.status_code == 200:
                        latencies.append(elapsed)
                if response.status_code not in (200, 503):
                    raise RuntimeError(f"/score answered {response.status_code}: {response.text[:200]}")

    def probe() -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            while not done.is_set():
                t = time.perf_counter()
                if http.get("/health").status_code != 200:
                    raise RuntimeError("/health did not answer 200")
                health.append(time.perf_counter() - t)
                done.wait(0.05)

    prober = threading.Thread(target=probe, daemon=True)
    prober.start()
    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    wall = time.perf_counter() - start
    done.set()
    prober.join(timeout=30)
    ordered = sorted(health)

    def pct(values, p):
        return round(values[min(len(values) - 1, max(0, round(p / 100 * len(values)) - 1))] * 1000, 2)

    out = summary(latencies, wall, 1) if latencies else {"requests": 0}
    out.update({"clients": clients, "statuses": {str(k): v for k, v in sorted(statuses.items())},
                "answered_per_s": round(sum(statuses.values()) / wall, 2),
                "health_probes": len(ordered), "health_p50_ms": pct(ordered, 50), "health_p95_ms": pct(ordered, 95),
                "health_max_ms": round(ordered[-1] * 1000, 2)})
    return out


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def start_server(args, port: int) -> subprocess.Popen:
    command = [sys.executable, "-m", "paraqd", "-q", "serve", "--host", HOST, "--port", str(port),
               "--workers", str(args.workers), "--no-access-log"]
    if args.model:
        command += ["--model", args.model]
    if args.hybrid is not None:
        command.append("--hybrid" if args.hybrid else "--pure")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(Path(__file__).resolve().parents[1]),
                                                       os.environ.get("PYTHONPATH")]))}
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def wait_ready(process: subprocess.Popen, url: str, timeout: float) -> dict:
    import httpx

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited ({process.returncode}): {process.stderr.read()[-2000:]}")
        try:
            return httpx.get(f"{url}/health", timeout=2).json()
        except httpx.HTTPError:
            time.sleep(0.25)
    raise SystemExit(f"the server did not answer /health within {timeout:g} s")


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="model directory (default: the embedded all-MiniLM-L6-v2)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--hybrid", dest="hybrid", action="store_true", default=None)
    mode.add_argument("--pure", dest="hybrid", action="store_false")
    parser.add_argument("--requests", type=int, default=100, help="requests per scenario (default: 100)")
    parser.add_argument("--batch", type=int, default=32, help="pairs per batched request (default: 32)")
    parser.add_argument("--concurrency", type=int, default=4, help="clients of the concurrent scenario")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes (default: 1)")
    parser.add_argument("--rounds", type=int, default=4, help="alternating direct/server blocks per scenario")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="seconds per scenario at most (direct and server together; default: 60)")
    parser.add_argument("--startup-timeout", type=float, default=300.0, help="seconds to wait for the server")
    parser.add_argument("--load", metavar="N,N,...",
                        help="measure the service under load at these numbers of concurrent clients (1..256 "
                             "each), with a /health probe, instead of the scenarios above")
    parser.add_argument("--load-requests", type=int, default=300,
                        help="requests per load level (default: 300; 1..10000)")
    args = parser.parse_args()
    if args.load:
        try:
            levels = [int(x) for x in args.load.split(",")]
        except ValueError:
            parser.error("--load takes whole numbers separated by commas, e.g. 1,16,150")
        if not levels or not all(1 <= n <= 256 for n in levels) or not 1 <= args.load_requests <= 10_000:
            parser.error("--load levels 1..256, --load-requests 1..10000")
        return run_load(args, levels)
    if not 1 <= args.requests <= 10_000 or not 1 <= args.batch <= 256 or not 1 <= args.concurrency <= 64 \
            or not 1 <= args.rounds <= args.requests:
        parser.error("--requests 1..10000, --batch 1..256, --concurrency 1..64, --rounds 1..requests")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

    from paraqd.scoring import ParaphraseScorer

    pairs = sample_pairs()
    scenarios = [  # name, endpoint, pairs per request, clients
        ("score_single", "score", 1, 1),
        (f"score_single_c{args.concurrency}", "score", 1, args.concurrency),
        (f"score_batch{args.batch}", "score", args.batch, 1),
        ("explain_single", "explain", 1, 1),
        (f"explain_batch{args.batch}", "explain", args.batch, 1),
    ]
    work = {name: batches(pairs, size, args.requests) for name, _, size, _ in scenarios}

    scorer = ParaphraseScorer.load(args.model, hybrid=args.hybrid)
    scorer.explain_pairs(*map(list, zip(*pairs[:4])))  # warm-up: encoder and parser loaded
    port = free_port()
    url = f"http://{HOST}:{port}"
    started = time.perf_counter()
    process = start_server(args, port)
    results = {}
    try:
        health = wait_ready(process, url, args.startup_timeout)
        startup_s = time.perf_counter() - started
        for name, endpoint, size, clients in scenarios:
            # the same warm-up on both sides: one-off costs (a lazily built resource) stay out of the timings
            time_direct(scorer, endpoint, work[name][:5], args.time_limit)
            time_server(url, endpoint, work[name][:5], 1, args.time_limit)
            timed = {"direct": ([], 0.0), "server": ([], 0.0)}
            share = args.time_limit / (2 * args.rounds)
            for r in range(args.rounds):
                block = work[name][r::args.rounds]
                for side, (latencies, wall) in (("direct", time_direct(scorer, endpoint, block, share)),
                                                ("server", time_server(url, endpoint, block, clients, share))):
                    timed[side] = (timed[side][0] + latencies, timed[side][1] + wall)
            server, base = summary(*timed["server"], size), summary(*timed["direct"], size)
            results[name] = {"pairs_per_request": size, "clients": clients, "server": server, "direct": base,
                             "p50_overhead_ms": round(server["p50_ms"] - base["p50_ms"], 2),
                             "throughput_ratio": round(server["pairs_per_s"] / base["pairs_per_s"], 3)}
    finally:
        stop(process)
    hybrid = scorer.hybrid is not None

    print(f"{'scenario':<22} {'server req/s':>12} {'p50 ms':>8} {'p95 ms':>8} | {'direct req/s':>12} "
          f"{'p50 ms':>8} {'p95 ms':>8} | ratio")
    for name, row in results.items():
        s, d = row["server"], row["direct"]
        print(f"{name:<22} {s['requests_per_s']:>12} {s['p50_ms']:>8} {s['p95_ms']:>8} | {d['requests_per_s']:>12} "
              f"{d['p50_ms']:>8} {d['p95_ms']:>8} | {row['throughput_ratio']}")
    print(json.dumps({"host": HOST, "workers": args.workers, "hybrid": hybrid, "model": health.get("model"),
                      "startup_s": round(startup_s, 1), "cpus": os.cpu_count(),
                      "load_average": [round(x, 1) for x in os.getloadavg()], "distinct_pairs": len(pairs),
                      "scenarios": results}))


def run_load(args, levels: list[int]) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    pairs = sample_pairs()
    port = free_port()
    url = f"http://{HOST}:{port}"
    process = start_server(args, port)
    results = {}
    try:
        health = wait_ready(process, url, args.startup_timeout)
        time_load(url, pairs, 1, 5, args.time_limit)  # warm-up
        for clients in levels:
            results[str(clients)] = time_load(url, pairs, clients, max(args.load_requests, clients), args.time_limit)
    finally:
        stop(process)
    print(f"{'clients':>7} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'health p95 ms':>14} {'health max ms':>14}  "
          "statuses")
    for clients, row in results.items():
        print(f"{clients:>7} {row.get('requests_per_s', 0):>7} {row.get('p50_ms', '-'):>8} {row.get('p95_ms', '-'):>8} "
              f"{row['health_p95_ms']:>14} {row['health_max_ms']:>14}  {row['statuses']}")
    print(json.dumps({"host": HOST, "workers": args.workers, "model": health.get("model"),
                      "hybrid": health.get("hybrid"), "limits": health.get("limits"), "cpus": os.cpu_count(),
                      "load_average": [round(x, 1) for x in os.getloadavg()], "load": results}))


if __name__ == "__main__":
    main()
