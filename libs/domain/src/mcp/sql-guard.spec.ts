import { guardSelect } from './sql-guard.js';

describe('guardSelect', () => {
  it('lets one SELECT over the read model through, with its row limit at most 100', () => {
    expect(guardSelect('SELECT count(*) FROM mcp.purchases p WHERE p.total > $1 LIMIT 5')).toMatchObject({ ok: true });
    const unlimited = guardSelect('SELECT p.purchase_id FROM mcp.purchases p');
    expect(unlimited.ok && unlimited.sql).toMatch(/LIMIT \(?100\)?/);
    const tooMany = guardSelect('SELECT p.purchase_id FROM mcp.purchases p LIMIT 5000');
    expect(tooMany.ok && tooMany.sql).toMatch(/LIMIT \(?100\)?/);
  });

  it.each([
    ['DELETE FROM mcp.purchases', 'only a plain SELECT'],
    ['SELECT 1; SELECT 2', 'exactly one statement'],
    ['SELECT * FROM mcp.query_audit', 'relation mcp.query_audit'],
    ['SELECT * FROM purchases', 'relation .purchases'],
    ['SELECT * FROM mcp.purchases WHERE purchase_id IN (SELECT key_id FROM auth.api_keys)', 'relation auth.api_keys'],
    ["SELECT set_config('mcp.team_id', 'other', true)", 'function set_config'],
    ['SELECT * FROM generate_series(1, 10)', 'functions in FROM'],
    ['SELECT count(*) OVER () FROM mcp.items', 'window functions'],
    ['SELECT * FROM mcp.items FOR UPDATE', 'FOR'],
    ['WITH x AS (SELECT 1) SELECT * FROM x', 'plain SELECT'],
    ['not sql at all', 'does not parse'],
  ])('refuses %j', (sql, reason) => {
    const verdict = guardSelect(sql);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(reason);
  });
});
