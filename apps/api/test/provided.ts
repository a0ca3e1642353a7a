/** Values the global setups hand to the test files. */
declare module 'vitest' {
  export interface ProvidedContext {
    dbEngine: 'pglite' | 'postgres';
    /** PGlite: path of the dumped, migrated and seeded data folder. */
    pgliteTemplateFile: string;
    /** PostgreSQL: server URL and the template database each file copies. */
    postgresUrl: string;
    postgresTemplate: string;
  }
}
export {};
