// The load bench's population: `count` members cloned from the DB deferred demo member (inside the
// retirement window, so each can start a retirement application), each with a sign-in of their own.
import pg from 'pg';

export const loadUsername = (index: number) => `load.${String(index).padStart(3, '0')}`;

export async function seedLoadMembers(databaseUrl: string, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query(
    `insert into portal.members
       select (jsonb_populate_record(m, jsonb_build_object('reference_number', (2000000 + n)::text))).*
       from portal.members m, generate_series(1, $1::int) n
       where m.business_group = 'MER' and m.reference_number = '1000001'`,
    [count],
  );
  await client.query(
    `insert into portal.users (username, email, password_hash)
       select 'load.' || lpad(n::text, 3, '0'), 'load' || n || '@example.org', u.password_hash
       from portal.users u, generate_series(1, $1::int) n where u.username = 'db.deferred'`,
    [count],
  );
  await client.query(
    `insert into portal.user_records (user_id, business_group, reference_number, record_number, is_primary)
       select id, 'MER', (2000000 + substring(username from 6)::int)::text, 1, true
       from portal.users where username like 'load.%'`,
  );
  await client.query('commit');
  await client.end();
}

/** What the database holds as each load member's last write (the sequence in its step data). */
export async function storedSequences(databaseUrl: string): Promise<Map<string, unknown>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{
    reference_number: string;
    steps: { pageKey: string; stepData?: Record<string, unknown> }[];
  }>(`select reference_number, steps from portal.journeys where reference_number like '2%'`);
  await client.end();
  return new Map(
    rows.map((row) => [
      row.reference_number,
      row.steps.find((step) => step.pageKey === 'ra_guidance')?.stepData?.load,
    ]),
  );
}
