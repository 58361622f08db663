// npm run bench:load: two server instances on the PostgreSQL server behind one proxy port, 200 simulated
// members for 60 s, a session used across instances, a crash test (SIGKILL mid-writes) and a rolling
// restart under load (each instance stopped with SIGTERM and started again in turn). Prints figures and
// adds them to bench/results/latest.json. Build the web app first (npm run build:web).
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../apps/server/src/db/client';
import { prepareDatabase } from '../apps/server/src/prepare';
import { seedLoadMembers, loadUsername, storedSequences } from './load-members';
import { MemberClient, type CallLog, type CallTiming } from './member-client';
import { scratchDatabase } from './postgres';
import { HEALTH_CHECK_MS, startProxyProcess } from './proxy';
import { machine, saveResults } from './results';
import { freePort, startServer, type ServerProcess } from './server-process';

const MEMBERS = Number(process.env.LOAD_MEMBERS ?? 200);
const DURATION_MS = Number(process.env.LOAD_SECONDS ?? 60) * 1000;
const CRASH_MEMBERS = Math.min(50, MEMBERS);
const ROLLING_MEMBERS = Math.min(100, MEMBERS);
/** Members start their first visit spread over this long, one after another, not all in the same instant. */
const ARRIVAL_SPREAD_MS = 5000;
const JOURNEY = '/mdp-api/api/journeys/dbcoreretirementapplication';
const WRITE_PATH = `${JOURNEY}/page/ra_guidance/stepData/load`;

/** Figures as a table, lists (error samples, per-instance counts) below it. */
function printFigures(figures: Record<string, unknown>) {
  const entries = Object.entries(figures);
  console.table(Object.fromEntries(entries.filter(([, value]) => typeof value !== 'object')));
  for (const [name, value] of entries.filter(([, value]) => typeof value === 'object'))
    console.log(name, value);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], share: number) =>
  Number((sorted[Math.floor(share * (sorted.length - 1))] ?? 0).toFixed(1));
const sortedLatencies = (calls: CallTiming[]) => calls.map((call) => call.ms).sort((a, b) => a - b);

/** A call's kind: the write, or the last segment of its path (login, refresh-token, quotes...). */
const kindOf = (call: CallTiming) =>
  call.method === 'POST' && call.path === WRITE_PATH ? 'write' : call.path.split('/').at(-1)!;

/** Count and p50/p95/p99/max (ms) for each kind of call, slowest p99 first. */
function latenciesByKind(calls: CallTiming[]) {
  const byKind = new Map<string, CallTiming[]>();
  for (const call of calls) {
    const kind = kindOf(call);
    byKind
      .set(kind, byKind.get(kind) ?? [])
      .get(kind)!
      .push(call);
  }
  const rows = [...byKind].map(
    ([kind, ofKind]) =>
      [
        kind,
        { ...summary(ofKind), max: Number(Math.max(...ofKind.map(({ ms }) => ms)).toFixed(1)) },
      ] as const,
  );
  return Object.fromEntries(rows.sort(([, a], [, b]) => b.p99 - a.p99));
}

/** Count and p50/p95/p99 (ms) of some calls. */
function summary(calls: CallTiming[]) {
  const sorted = sortedLatencies(calls);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

const scratch = await scratchDatabase('load');
if (!scratch) {
  console.error(
    'bench:load needs the PostgreSQL server (BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)',
  );
  process.exit(1);
}
// The load members are cloned from a demo member, seeded here: production refuses to start with the demo.
const seeding = await openDatabase({ kind: 'postgres', url: scratch.url });
await prepareDatabase(seeding, { seedDemo: true, log: { info: () => undefined } });
await seeding.close();
const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
const proxyUrl = `http://localhost:${proxyPort}`;
// Production mode behind one proxy: the client's address comes from X-Forwarded-For, as it would.
const environment = {
  NODE_ENV: 'production',
  TRUST_PROXY: '1',
  DATABASE_URL: scratch.url,
  API_URL: proxyUrl,
  EPA_DOMAIN: 'epa.localhost',
  SECRETS_KEY: randomBytes(32).toString('hex'),
  MERIDIAN_DEMO: 'false',
  // As docs/deploy.md runs it: migrations are a step of their own (done above), and a stopping
  // instance drains for longer than the proxy's health checks take to notice.
  MIGRATE_ON_START: 'false',
  SHUTDOWN_DRAIN_SECONDS: String((8 * HEALTH_CHECK_MS) / 1000),
};
let instanceA: ServerProcess = await startServer(portA, environment);
await seedLoadMembers(scratch.url, MEMBERS);
let instanceB: ServerProcess = await startServer(portB, environment);
const proxy = await startProxyProcess(proxyPort, [portA, portB]);

interface Member {
  client: MemberClient;
  /** The last sequence number the portal acknowledged writing. */
  acknowledged: number;
  signedOut: boolean;
}

async function prepareMember(index: number, log: CallLog): Promise<Member> {
  const client = new MemberClient(proxyUrl, loadUsername(index), `10.1.${index >> 8}.${index & 255}`, log);
  await client.signIn();
  const window = await client.json<{ availableRetirementDateRange: { from: string } }>(
    '/mdp-api/api/v2/retirement/retirement-date',
  );
  await client.call('POST', `${JOURNEY}/start-db-core-journey`, {
    retirementDate: window.availableRetirementDateRange.from,
    selectedQuoteName: 'maximum-lump-sum',
  });
  return { client, acknowledged: 0, signedOut: false };
}

/** One visit: the hub's calls, the figures, two content pages and a write. */
async function visit(member: Member) {
  const { client } = member;
  const { contentAccessKey } = await client.json<{ contentAccessKey: string }>(
    '/mdp-api/api/content/access-key?tenantUrl=localhost&newlyRetiredRangeInMonth=3&preRetirementAgePeriodInYears=5&timestamp=1',
  );
  const key = encodeURIComponent(contentAccessKey);
  await Promise.all([
    client.call('GET', '/mdp-api/api/members/personal-details'),
    client.call('GET', '/mdp-api/api/linked-records'),
    client.call('GET', `/content-api/api/v2/content/authorized-menu?contentAccessKey=${key}`),
    client.call('GET', `/content-api/api/v2/content/authorized-footer?contentAccessKey=${key}`),
  ]);
  await client.call('GET', '/mdp-api/api/members/current/time-to-retirement');
  await client.call('GET', '/mdp-api/api/v3/retirement/quotes');
  await client.call(
    'GET',
    `/content-api/api/v2/content/authorized-page?pageUrl=/my-pension&contentAccessKey=${key}`,
  );
  await client.call('GET', '/content-api/api/v2/content/unauthorized-page?pageUrl=/&tenantUrl=localhost');
  const sequence = member.acknowledged + 1;
  await client.call('POST', WRITE_PATH, { genericDataJson: JSON.stringify({ sequence }) });
  member.acknowledged = sequence;
}

// 1. 200 members for 60 s through the proxy.
const log: CallLog = { calls: [], errors: [] };
const members: Member[] = [];
for (let index = 1; index <= MEMBERS; index += 10) {
  const batch = Array.from({ length: Math.min(10, MEMBERS - index + 1) }, (_, offset) =>
    prepareMember(index + offset, log),
  );
  members.push(...(await Promise.all(batch)));
}
const signInCalls = log.calls.splice(0);
const setupErrors = log.errors.splice(0);
const loadStarted = performance.now();
let visits = 0;
/** When the last member's first visit ended: until then every member is on its first visit at once. */
let firstVisitsEndedAt = loadStarted;
await Promise.all(
  members.map(async (member, index) => {
    await sleep((index * ARRIVAL_SPREAD_MS) / MEMBERS);
    for (let visitNumber = 1; performance.now() - loadStarted < DURATION_MS; visitNumber += 1) {
      try {
        await visit(member);
        visits += 1;
        if (visits % 5 === index % 5) await member.client.refresh();
      } catch {
        await sleep(100);
      }
      if (visitNumber === 1) firstVisitsEndedAt = Math.max(firstVisitsEndedAt, performance.now());
    }
  }),
);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const sorted = sortedLatencies(log.calls);
const load = {
  loadMembers: MEMBERS,
  loadSeconds: Number(loadSeconds.toFixed(1)),
  loadRequests: sorted.length,
  loadRequestsPerSecond: Math.round(sorted.length / loadSeconds),
  loadVisits: visits,
  loadP50Ms: percentile(sorted, 0.5),
  loadP95Ms: percentile(sorted, 0.95),
  loadP99Ms: percentile(sorted, 0.99),
  loadErrors: log.errors.length + setupErrors.length,
  loadErrorSamples: [...setupErrors, ...log.errors].slice(0, 5),
  loadServedByInstance: Object.fromEntries(
    [...(await proxy.served())].map(([port, count]) => [port === portA ? 'A' : 'B', count]),
  ),
};
const signInByKind = latenciesByKind(signInCalls);
const loadByKind = latenciesByKind(log.calls);
const loadByPhase = {
  firstVisits: {
    ...summary(log.calls.filter((call) => call.sentAt < firstVisitsEndedAt)),
    seconds: Number(((firstVisitsEndedAt - loadStarted) / 1000).toFixed(1)),
  },
  laterVisits: summary(log.calls.filter((call) => call.sentAt >= firstVisitsEndedAt)),
};
console.log('\nLoad: two instances on PostgreSQL behind one proxy');
printFigures(load);
console.log(`\nSign-ins before the load (${MEMBERS} members, 10 at a time), ms:`);
console.table(signInByKind);
console.log('Calls during the load by kind, ms:');
console.table(loadByKind);
console.log('Calls sent until every member had finished a first visit, and after, ms:');
console.table(loadByPhase);

// 2. A session started on one instance, used and refreshed on the other.
const crossLog: CallLog = { calls: [], errors: [] };
const traveller = new MemberClient(proxyUrl, 'db.active', '10.2.0.1', crossLog);
await traveller.signIn(instanceA.url);
const readOnB = await traveller
  .call('GET', '/mdp-api/api/members/personal-details', undefined, instanceB.url)
  .then(
    () => true,
    () => false,
  );
const refreshedOnB = await traveller.refresh(instanceB.url).then(
  () => true,
  () => false,
);
const readOnA = await traveller
  .call('GET', '/mdp-api/api/members/personal-details', undefined, instanceA.url)
  .then(
    () => true,
    () => false,
  );
const crossInstanceSession =
  readOnB && refreshedOnB && readOnA ? 'works' : `fails: ${crossLog.errors.join('; ')}`;
console.log(
  `\nA session signed in on instance A, read and refreshed on B, read again on A: ${crossInstanceSession}`,
);

// How long a sign-out on A takes to be refused on B, which has the session cached (polled every 2 ms).
await traveller.call('GET', '/mdp-api/api/members/personal-details', undefined, instanceB.url);
const revokedToken = traveller.bearerToken;
await traveller.call('POST', '/authentication-api/api/authentication/logout', undefined, instanceA.url);
const signedOutAt = performance.now();
const refusedOnB = async () =>
  (
    await fetch(`${instanceB.url}/mdp-api/api/members/personal-details`, {
      headers: { authorization: `Bearer ${revokedToken}` },
    })
  ).status === 401;
while (!(await refusedOnB())) await sleep(2);
const revocationReachedOtherInstanceMs = Number((performance.now() - signedOutAt).toFixed(1));
console.log(
  `A sign-out on A was refused on B (which had the session cached) after ${revocationReachedOtherInstanceMs} ms`,
);

// 3. Crash test: members keep writing and refreshing; instance B is killed with SIGKILL mid-write, then restarted.
const errorsBeforeCrash = log.errors.length;
const crashMembers = members.slice(0, CRASH_MEMBERS);
let inFlightWrites = 0;
let retried = 0;
let crashing = true;
/** Retries what failed because an instance went away (502/503 or a dropped connection), as a browser user would. */
async function withRetry(member: Member, action: () => Promise<unknown>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await action();
      return;
    } catch (error) {
      if (/answered 401/.test((error as Error).message)) {
        member.signedOut = true;
        return;
      }
      if (attempt === 5) throw error;
      retried += 1;
      await sleep(200);
    }
  }
}
const writers = crashMembers.map(async (member, index) => {
  while (crashing && !member.signedOut) {
    const sequence = member.acknowledged + 1;
    inFlightWrites += 1;
    await withRetry(member, () =>
      member.client.call('POST', WRITE_PATH, { genericDataJson: JSON.stringify({ sequence }) }),
    ).finally(() => {
      inFlightWrites -= 1;
    });
    if (!member.signedOut) member.acknowledged = sequence;
    if ((sequence + index) % 3 === 0) await withRetry(member, () => member.client.refresh());
  }
});
await sleep(2000);
while (inFlightWrites === 0) await sleep(5);
const writesInFlightAtKill = inFlightWrites;
await instanceB.stop('SIGKILL');
await sleep(2000);
instanceB = await startServer(portB, environment);
await sleep(3000);
crashing = false;
await Promise.all(writers);

const stored = await storedSequences(scratch.url);
let lostWrites = 0;
let halfWritten = 0;
let signedOut = 0;
for (const [index, member] of crashMembers.entries()) {
  const value = stored.get(String(2000001 + index)) as { sequence?: unknown } | undefined;
  if (typeof value?.sequence !== 'number') halfWritten += 1;
  else if (value.sequence < member.acknowledged) lostWrites += 1;
  const stillSignedIn =
    !member.signedOut &&
    (await member.client
      .refresh()
      .then(() => member.client.call('GET', '/mdp-api/api/members/personal-details'))
      .then(
        () => true,
        () => false,
      ));
  if (!stillSignedIn) signedOut += 1;
}
const crash = {
  crashMembers: CRASH_MEMBERS,
  crashWritesInFlightAtKill: writesInFlightAtKill,
  crashRequestsRetried: retried,
  crashWritesAcknowledged: crashMembers.reduce((total, member) => total + member.acknowledged, 0),
  crashLostWrites: lostWrites,
  crashHalfWritten: halfWritten,
  crashMembersSignedOut: signedOut,
  crashErrorSamples: log.errors.slice(errorsBeforeCrash, errorsBeforeCrash + 5),
};
console.log('\nCrash test: instance B killed (SIGKILL) with writes in flight, then restarted');
printFigures(crash);

// 4. Rolling restart: members keep visiting while instance A, then B, is stopped as a supervisor stops
// it (SIGTERM: it drains, finishes what it has and exits) and started again. No call should fail.
const rollingLog: CallLog = { calls: [], errors: [] };
const rollingMembers: Member[] = [];
for (let index = 1; index <= ROLLING_MEMBERS; index += 10) {
  const batch = Array.from({ length: Math.min(10, ROLLING_MEMBERS - index + 1) }, async (_, offset) => {
    const number = index + offset;
    const client = new MemberClient(
      proxyUrl,
      loadUsername(number),
      `10.3.${number >> 8}.${number & 255}`,
      rollingLog,
    );
    await client.signIn();
    return { client, acknowledged: members[number - 1]!.acknowledged, signedOut: false };
  });
  rollingMembers.push(...(await Promise.all(batch)));
}
rollingLog.calls.splice(0);
const servedBeforeRolling = await proxy.served();
let rolling = true;
let rollingVisits = 0;
const rollingStarted = performance.now();
const visitors = rollingMembers.map(async (member, index) => {
  await sleep((index * ARRIVAL_SPREAD_MS) / ROLLING_MEMBERS);
  while (rolling) {
    try {
      await visit(member);
      rollingVisits += 1;
      if (rollingVisits % 5 === index % 5) await member.client.refresh();
    } catch {
      await sleep(100);
    }
  }
});
await sleep(ARRIVAL_SPREAD_MS + 2000);
const restarts: Record<string, { stopSeconds: number; startSeconds: number }> = {};
for (const name of ['A', 'B'] as const) {
  const instance = name === 'A' ? instanceA : instanceB;
  const stopping = performance.now();
  await instance.stop('SIGTERM');
  const starting = performance.now();
  const restarted = await startServer(instance.port, environment);
  restarts[name] = {
    stopSeconds: Number(((starting - stopping) / 1000).toFixed(1)),
    startSeconds: Number(((performance.now() - starting) / 1000).toFixed(1)),
  };
  if (name === 'A') instanceA = restarted;
  else instanceB = restarted;
  // Back in the proxy's rotation (its next health checks) before the other one stops.
  await sleep(4 * HEALTH_CHECK_MS);
}
await sleep(3000);
rolling = false;
await Promise.all(visitors);
const servedAfterRolling = await proxy.served();
const rollingSorted = sortedLatencies(rollingLog.calls);
const rollingRestart = {
  rollingMembers: ROLLING_MEMBERS,
  rollingSeconds: Number(((performance.now() - rollingStarted) / 1000).toFixed(1)),
  rollingRequests: rollingLog.calls.length,
  rollingFailedRequests: rollingLog.errors.length,
  rollingVisits,
  rollingP50Ms: percentile(rollingSorted, 0.5),
  rollingP99Ms: percentile(rollingSorted, 0.99),
  rollingMaxMs: Number((rollingSorted.at(-1) ?? 0).toFixed(1)),
  rollingRestarts: restarts,
  rollingServedByInstance: {
    A: servedAfterRolling.get(portA)! - servedBeforeRolling.get(portA)!,
    B: servedAfterRolling.get(portB)! - servedBeforeRolling.get(portB)!,
  },
  rollingErrorSamples: rollingLog.errors.slice(0, 5),
};
console.log(
  `\nRolling restart under load: ${ROLLING_MEMBERS} members visiting while A, then B, is stopped (SIGTERM, drained ${environment.SHUTDOWN_DRAIN_SECONDS} s) and started again`,
);
printFigures(rollingRestart);

await proxy.close();
await Promise.all([instanceA.stop(), instanceB.stop()]);
await scratch.drop();
saveResults({
  loadMeasuredAt: new Date().toISOString(),
  loadMachine: machine(),
  ...load,
  loadSignInByKind: signInByKind,
  loadByKind,
  loadByPhase,
  crossInstanceSession,
  revocationReachedOtherInstanceMs,
  ...crash,
  ...rollingRestart,
});
