import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements } from '../../server/db/pglite-statements.ts';

/** The prepared path answers as PGlite's own query() does, on an engine of its own (not the app's database). */
describe('PGlite with prepared statements', () => {
  let engine: PGlite;
  let prepared: PGlite;

  beforeAll(async () => {
    engine = await PGlite.create();
    prepared = withPreparedStatements(engine, { limit: 3 });
    await engine.exec(`create table pet (id int primary key, name text not null unique, born date, tags text[], meta jsonb, seen timestamptz)`);
  });
  afterAll(async () => {
    await engine.close();
  });

  it('returns the same rows, fields and counts as query(), as objects and as arrays', async () => {
    const insert = `insert into pet (id, name, born, tags, meta, seen) values ($1, $2, $3, $4, $5, $6) returning id, name`;
    const inserted = await prepared.query(insert, [1, '小白', '2020-02-29', ['猫', 'a,b'], { 颜色: '白' }, new Date('2026-12-01T08:00:00Z')]);
    expect(inserted.rows).toEqual([{ id: 1, name: '小白' }]);
    expect(inserted.affectedRows).toBe(1);
    await prepared.query(insert, [2, '阿黄', null, null, null, null]);

    const select = `select id, name, born, tags, meta, seen from pet where id >= $1 order by id`;
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1082: (value: string) => `日期 ${value}` } }]) {
      const mine = await prepared.query(select, [1], options);
      const theirs = await engine.query(select, [1], options);
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
      expect(mine.affectedRows).toBe(theirs.affectedRows);
    }
    expect((await prepared.query<{ born: string }>(select, [1], { parsers: { 1082: (value: string) => `日期 ${value}` } })).rows[0]!.born).toBe('日期 2020-02-29');
    const updated = await prepared.query(`update pet set name = name || $1 where id > $2`, ['!', 0]);
    expect(updated.affectedRows).toBe(2);
  });

  it('keeps the error of a refused statement (a unique violation with its constraint), and runs it again afterwards', async () => {
    const insert = `insert into pet (id, name) values ($1, $2)`;
    await prepared.query(insert, [10, '重名']);
    const error = await prepared.query(insert, [11, '重名']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'pet_name_key', query: insert });
    expect((await prepared.query(insert, [11, '不重名'])).affectedRows).toBe(1);
  });

  it('runs inside a transaction, whose rollback leaves nothing, and waits for it from outside', async () => {
    const count = async () => (await prepared.query<{ n: number }>(`select count(*)::int as n from pet where id >= $1`, [100])).rows[0]!.n;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared
      .transaction(async (tx) => {
        await tx.query(`insert into pet (id, name) values ($1, $2)`, [100, '事务里']);
        expect((await tx.query<{ n: number }>(`select count(*)::int as n from pet where id >= $1`, [100])).rows[0]!.n).toBe(1);
        await held;
        throw new Error('rolled back');
      })
      .catch((e: Error) => e.message);
    // Asked while the transaction is open, the count waits for it and so never sees its row.
    const outside = count();
    release();
    expect(await transaction).toBe('rolled back');
    expect(await outside).toBe(0);
    expect(await count()).toBe(0);
  });

  it('closes the least recently used statements beyond its limit, and still answers every one', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 6; i++) {
        const { rows } = await prepared.query<{ n: number }>(`select $1::int + ${i} as n`, [round]);
        expect(rows[0]!.n).toBe(round + i);
      }
    }
    const { rows } = await engine.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`);
    expect(rows[0]!.n).toBeLessThanOrEqual(4);
  });

  it('prepares again a statement whose table changed under it', async () => {
    const select = `select * from pet where id = $1`;
    expect(Object.keys((await prepared.query(select, [1])).rows[0]!)).not.toContain('weight');
    await engine.exec(`alter table pet add column weight int`);
    expect(Object.keys((await prepared.query(select, [1])).rows[0]!)).toContain('weight');
  });
});
