// No imports: the pages read these too, to wait for the worker no longer than its deadlines allow.

/**
 * How long one call to the service may take, from sending it to the last byte of its answer.
 * The service answers in well under a second; 20 s covers a slow mobile connection, and past it
 * the person is better served by "the service did not answer in time" than by a spinner.
 * A build may set a shorter one (__NETWORK_TIMEOUT_MS__, from DIGIPOST_NETWORK_TIMEOUT_MS): the
 * end-to-end tests do, so a service that never answers is seen without a long wait.
 */
export const NETWORK_TIMEOUT_MS =
  typeof __NETWORK_TIMEOUT_MS__ === 'number' && __NETWORK_TIMEOUT_MS__ > 0 ? __NETWORK_TIMEOUT_MS__ : 20_000;

/**
 * How long the worker keeps looking for evidence of a write whose answer did not say what happened
 * (an invoice's payment shows only once the service's call to the bank is through), reading a few
 * times within it: bounded, so the person soon hears "not confirmed yet" rather than waiting.
 */
export const CONFIRM_WINDOW_MS = NETWORK_TIMEOUT_MS * 1.5;

/** A letter's content may be 20 MiB: its transfer gets more time than a JSON answer. */
export const CONTENT_TIMEOUT_MS = NETWORK_TIMEOUT_MS * 6;
