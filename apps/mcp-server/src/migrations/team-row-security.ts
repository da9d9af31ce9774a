/**
 * Row-level security of a team table of the read model (forced): `cps_mcp` (the projection writer) sees and writes
 * every row, `cps_mcp_query` (every `ask` statement) sees the rows of the transaction's `mcp.team_id` only.
 */
export function teamRowSecuritySql(table: string): string[] {
  return [
    `ALTER TABLE mcp.${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE mcp.${table} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY ${table}_writer ON mcp.${table} TO cps_mcp USING (true) WITH CHECK (true)`,
    `CREATE POLICY ${table}_team ON mcp.${table} FOR SELECT TO cps_mcp_query
        USING (team_id = current_setting('mcp.team_id', true))`,
  ];
}
