/** The operations console: loaded only under /admin, in a chunk of its own. */
export { ConsoleApp } from './ConsoleApp';
