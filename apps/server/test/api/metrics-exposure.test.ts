import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const listeningBeyondLoopback = useTestApp({ HOST: '0.0.0.0' });
const loopbackDevelopment = useTestApp({ NODE_ENV: 'development' });

describe('Prometheus metrics without a token', () => {
  it('are served only to a server listening on this machine', async () => {
    const exposed = await listeningBeyondLoopback.app.inject({ url: '/metrics' });
    expect(exposed.statusCode).not.toBe(200);
    expect(exposed.body).not.toContain('process_cpu_user_seconds_total');
    const local = await loopbackDevelopment.app.inject({ url: '/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('process_cpu_user_seconds_total');
  });
});
