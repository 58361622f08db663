/** Runs `run` when the browser is idle; without requestIdleCallback, on the next tick with 5 ms to spare. */
const whenIdle: (run: (deadline: { timeRemaining(): number }) => void) => void =
  typeof requestIdleCallback === 'function'
    ? (run) => requestIdleCallback(run)
    : (run) => setTimeout(() => run({ timeRemaining: () => 5 }), 1);

const waiting: string[] = [];

function writeWaiting(deadline: { timeRemaining(): number }) {
  do console.debug(waiting.shift());
  while (waiting.length > 0 && deadline.timeRemaining() > 1);
  if (waiting.length > 0) whenIdle(writeWaiting);
}

/**
 * Writes a line to console.debug when the browser is idle, in order. With DevTools (or Lighthouse)
 * attached a console call costs about a millisecond, and a page's start makes a dozen requests:
 * written at once, those calls lengthened the tasks that draw the page.
 */
export function debugWhenIdle(line: string) {
  if (waiting.push(line) === 1) whenIdle(writeWaiting);
}
