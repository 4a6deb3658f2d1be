/**
 * The little the registrations need of a database, met by PGlite (embedded) and by a PostgreSQL
 * server alike, so every query in store.ts is written once and runs on both.
 */
export interface SqlRunner {
  /** One statement with $1.. parameters; the rows as plain objects. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlClient extends SqlRunner {
  readonly kind: 'embedded' | 'postgres';
  /** Where the data lives, for logs: a folder, or the server without its password. */
  readonly location: string;
  /** `work` in one transaction: committed when it returns, rolled back when it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * `work` on one connection of its own, outside any transaction. On PostgreSQL its session-level
   * advisory locks are released when it ends, and by the server if the process dies holding them.
   */
  session<T>(work: (session: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
