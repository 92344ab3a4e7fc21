/**
 * A promise started now and awaited later, after others: marked handled now, so that its
 * failure while those are awaited is not an unhandled rejection (which ends the process). It
 * still throws where it is awaited.
 */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
