/**
 * Resolves in a later task: the work after it runs once the browser has had its turn (input,
 * painting). The start cuts its work with it, since a phone counts every task over 50 ms as blocking
 * time (issue 9 §4). A timer rather than a microtask, which would run in the same task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
