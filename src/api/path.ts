// Values put into a request's path: each is one segment, and none may step.

/** `.` or `..`, plainly or percent-encoded: a segment that would move the request elsewhere. */
export function isDotSegment(value: string): boolean {
  return /^(\.|%2e){1,2}$/i.test(value);
}

/**
 * Whether a path holds a `.` or `..` step in any spelling a server may read
 * as one: between `/`, `\` or their percent-encoded forms (%2F, %5C), and
 * with `;parameters` after it (`..;/`, as Java servers read it).
 */
export function holdsDotStep(path: string): boolean {
  return path
    .split(/\/|\\|%2f|%5c/i)
    .map((segment) => segment.split(';', 1)[0]!)
    .some(isDotSegment);
}
