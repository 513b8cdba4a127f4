/**
 * "Did you mean …?" for names typed by hand: the candidate with the smallest
 * edit distance, if it is close enough to be a plausible typo.
 */
export function closestName(input: string, candidates: readonly string[]): string | undefined {
  const typed = input.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase());
    if (distance <= allowedDistance(candidate) && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Short names tolerate one or two slips; longer ones about a third of their length. */
function allowedDistance(candidate: string): number {
  return Math.max(2, Math.floor(candidate.length / 3));
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and
 * swaps of two neighbouring characters each cost 1, so "regoin" is one step
 * from "region" (plain Levenshtein would count two).
 */
export function editDistance(a: string, b: string): number {
  // Three rows are enough: the swap rule looks back two rows.
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, beforePrevious[j - 2]! + 1);
      current.push(distance);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}
