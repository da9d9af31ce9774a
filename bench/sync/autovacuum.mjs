// Postgres's autovacuum, for a bench database on a server that runs without it. This machine's Postgres is set up
// for CI with `autovacuum = off` (/etc/postgresql/*/main/conf.d); without it no table of the bench is ever analyzed
// (the planner takes 1,000 linked connections for one row) and the scheduler's hot rows pile up dead versions, so a
// bench would measure a database no deployment runs (every Postgres and CloudNativePG vacuum by default).
import pg from 'pg';

/**
 * If the server's autovacuum is off, does its work for `databaseUrl` with its default settings: every
 * `naptimeMs` (autovacuum_naptime, 1 min) each table with more dead rows than 50 + 20% of its live ones is
 * vacuumed and analyzed, and each with more changed rows than 50 + 10% of its live ones is analyzed. Answers a
 * function that stops it (its `now()` does one round at once), or undefined when the server's own autovacuum runs.
 */
export async function standInForAutovacuum(databaseUrl, { naptimeMs = 60_000, log = () => {} } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-autovacuum' });
  await client.connect();
  const [{ autovacuum }] = (await client.query('SHOW autovacuum')).rows;
  if (autovacuum === 'on') {
    await client.end();
    return undefined;
  }
  log(`the server runs without autovacuum; the bench vacuums and analyzes its database like autovacuum would`);
  let running = Promise.resolve();
  const round = async () => {
    const { rows } = await client.query(
      `SELECT format('%I.%I', schemaname, relname) AS name,
              n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum,
              n_mod_since_analyze > 50 + 0.1 * n_live_tup AS analyze
         FROM pg_stat_user_tables`,
    );
    for (const table of rows) {
      if (table.vacuum) await client.query(`VACUUM (ANALYZE) ${table.name}`);
      else if (table.analyze) await client.query(`ANALYZE ${table.name}`);
    }
  };
  const timer = setInterval(() => {
    running = running.then(round).catch((error) => log(`autovacuum stand-in: ${error.message}`));
  }, naptimeMs);
  const stop = async () => {
    clearInterval(timer);
    await running;
    await client.end();
  };
  /** One naptime's work now (a bench calls it after its warm-up, where autovacuum would have had its turn). */
  stop.now = () => (running = running.then(round));
  return stop;
}
