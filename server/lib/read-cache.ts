/**
 * Answers of reads (a list's page) held in memory, each under the tables it was read from, and let go of
 * as soon as the database says one of them changed: migration 0020's triggers NOTIFY every process with
 * `table:<name>` after each statement that writes a tracked table. What a read returns after a change
 * began is not stored (each table's generation), and while the listening connection is down nothing is
 * served from memory: the cache never answers what the database no longer says.
 */

/** The payload prefix of a table's change on the database's change channel. */
export const TABLE_CHANGED_PREFIX = 'table:';
const MAX_ENTRIES = 2_000;

interface Entry {
  tables: readonly string[];
  value: unknown;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  /** Moves at every clear, so a read begun before a lost connection is never stored after it. */
  private epoch = 0;
  private listening = false;
  hits = 0;
  misses = 0;

  ready(): void {
    this.clear();
    this.listening = true;
  }

  lost(): void {
    this.listening = false;
    this.clear();
  }

  clear(): void {
    this.epoch += 1;
    this.entries.clear();
  }

  /** A message on the change channel; only table changes concern this cache. */
  message(payload: string): void {
    if (!payload.startsWith(TABLE_CHANGED_PREFIX)) return;
    const table = payload.slice(TABLE_CHANGED_PREFIX.length);
    this.generations.set(table, (this.generations.get(table) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.tables.includes(table)) this.entries.delete(key);
  }

  get<T>(key: string): T | undefined {
    const entry = this.listening ? this.entries.get(key) : undefined;
    if (entry) this.hits += 1;
    else this.misses += 1;
    return entry?.value as T | undefined;
  }

  /** Taken before reading the database: what was read is stored only if none of its tables changed meanwhile. */
  stamp(tables: readonly string[]): string | null {
    return this.listening ? this.stampOf(tables) : null;
  }

  store(key: string, tables: readonly string[], stamp: string | null, value: unknown): void {
    if (stamp === null || !this.listening || stamp !== this.stampOf(tables)) return;
    // Oldest first: a Map keeps insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { tables, value });
  }

  /** The answer under key, read (and kept) when it is not held. */
  async through<T>(key: string, tables: readonly string[], read: () => Promise<T>): Promise<T> {
    const held = this.get<T>(key);
    if (held !== undefined) return held;
    const stamp = this.stamp(tables);
    const value = await read();
    this.store(key, tables, stamp, value);
    return value;
  }

  private stampOf(tables: readonly string[]): string {
    return `${this.epoch}:${tables.map((t) => this.generations.get(t) ?? 0).join(',')}`;
  }
}
