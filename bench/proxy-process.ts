// The child process startProxyProcess runs: the proxy on argv's port in front of the instances on the
// ports after it. Says 'listening' once it listens, and answers 'served' with each instance's count.
import { startProxy } from './proxy';

const [port, ...upstreams] = process.argv.slice(2).map(Number);
const served = await startProxy(port!, upstreams);
process.on('message', (message) => {
  if (message === 'served') process.send!([...served]);
});
// It keeps nothing, so it may stop at once, with calls in flight; and it goes with the bench, should
// the bench end without closing it.
process.on('SIGTERM', () => process.exit(0));
process.on('disconnect', () => process.exit(0));
process.send!('listening');
