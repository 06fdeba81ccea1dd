/** A seeded PRNG (mulberry32): benchmarks must build the same corpus every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from `items` with Zipf-like frequencies (the first items are the most common). */
export function zipfPicker<T>(items: readonly T[], random: () => number, exponent = 1.05): () => T {
  const weights = items.map((_, index) => 1 / Math.pow(index + 1, exponent));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const weight of weights) cumulative.push((running += weight / total));
  return () => {
    const target = random();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return items[low]!;
  };
}
