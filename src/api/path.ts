// Values put into a request's path: each is one segment, and none may step.

/** `.` or `..`, plainly or percent-encoded: a segment that would move the request elsewhere. */
export function isDotSegment(value: string): boolean {
  return /^(\.|%2e){1,2}$/i.test(value);
}
