// Waiting, in a test, for something another process or the sandbox does: the check is asked
// again every few milliseconds until it holds, and after `timeoutMs` the wait fails, saying
// what never happened (rather than hanging until the test's own timeout).

/** Resolves once `check` holds; rejects with "… never `what`" after `timeoutMs`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms: ${what} never happened`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
