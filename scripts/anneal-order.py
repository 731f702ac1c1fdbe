#!/usr/bin/env python3
"""A component order for `ltsym reach --order file:PATH` by simulated annealing on the total
span (the sum over synchronised labels of the distance between their outermost components,
what `ltsym` reports as `order_span`).

usage: scripts/anneal-order.py PROBLEM.dot [SEED] > order.txt   (span on stderr)

Deterministic for a given seed. 20 restarts of 60,000 moves (swap or move one component).
"""
import collections
import math
import random
import re
import sys


def labels_of(path):
    comp, labels = None, collections.defaultdict(set)
    for line in open(path):
        m = re.match(r"\s*subgraph (\w+)", line)
        if m:
            comp = m.group(1)
            continue
        m = re.search(r'->\d+ \[label="([^"]*)"', line)
        if m and comp and m.group(1):
            labels[m.group(1)].add(comp)
    return labels


def main():
    path = sys.argv[1]
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    labels = labels_of(path)
    comps = sorted({c for s in labels.values() for c in s}, key=lambda c: int(re.sub(r"\D", "", c) or 0))
    idx = {c: i for i, c in enumerate(comps)}
    sync = [[idx[c] for c in s] for s in labels.values() if len(s) > 1]

    def span(order):
        pos = [0] * len(order)
        for i, c in enumerate(order):
            pos[c] = i
        return sum(max(pos[c] for c in l) - min(pos[c] for c in l) for l in sync)

    rnd = random.Random(seed)
    best = None
    for _ in range(20):
        o = list(range(len(comps)))
        rnd.shuffle(o)
        cur, temp = span(o), 20.0
        for _ in range(60000):
            i, j = rnd.randrange(len(o)), rnd.randrange(len(o))
            if i == j:
                continue
            o2 = o[:]
            if rnd.random() < 0.5:
                o2[i], o2[j] = o2[j], o2[i]
            else:
                o2.insert(j, o2.pop(i))
            s = span(o2)
            if s <= cur or rnd.random() < math.exp((cur - s) / temp):
                o, cur = o2, s
            temp *= 0.9999
        if best is None or cur < best[0]:
            best = (cur, o[:])
    print(f"span {best[0]}", file=sys.stderr)
    print("\n".join(comps[c] for c in best[1]))


if __name__ == "__main__":
    main()
