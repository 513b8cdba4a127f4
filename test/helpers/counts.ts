// Counts as the README writes them in text, by a rule of the tests' own.

/** 1482 → "1,482": the digits from the right in threes. */
export function grouped(value: number): string {
  const digits = String(value);
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups.join(',');
}
