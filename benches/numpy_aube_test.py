#!/usr/bin/env python3
"""The comparison a user would otherwise write: the aube test (CA 12, ND 5) simulated with
vectorised numpy, in chunks so memory stays flat. Prints the estimate and the throughput.

Run both sides on the same machine (see README, "Performance"):

    python3 benches/numpy_aube_test.py 100000000
    time target/release/alea prob aube.test ca=12 nd=5 --samples 1000000000 --threads 2
"""

import sys
import time

import numpy as np


def simulate(samples: int, ca: int = 12, nd: int = 5, chunk: int = 10_000_000, seed: int = 20261122):
    rng = np.random.default_rng(seed)
    success = beats = 0
    done = 0
    while done < samples:
        n = min(chunk, samples - done)
        d = rng.integers(1, 21, size=n, dtype=np.int8)
        ok = (d == 1) | ((d <= ca) & (d != 20))
        success += int(np.count_nonzero(ok))
        beats += int(np.count_nonzero(ok & (d > nd)))
        done += n
    return success / samples, beats / samples


def main():
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000_000
    start = time.perf_counter()
    p_success, p_beats = simulate(samples)
    elapsed = time.perf_counter() - start
    print(f"numpy {np.__version__}: {samples:,} tests in {elapsed:.2f} s = {samples / elapsed:.3g} tests/s")
    print(f"P(success) = {p_success:.5f} (exact 0.6), P(beats ND) = {p_beats:.5f} (exact 0.35)")


if __name__ == "__main__":
    main()
