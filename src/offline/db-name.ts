/** The one IndexedDB database of the app, which Dexie (./db.ts) and the bare calls (./bare-db.ts) share. */
export const OFFLINE_DB_NAME = 'isps-offline';

/** The latest of Dexie's schema versions in ./db.ts; Dexie opens version n as IndexedDB version n × 10. */
export const OFFLINE_DB_VERSION = 1;
