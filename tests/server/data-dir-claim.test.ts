import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir } from '../../server/db/data-dir-claim.ts';
import { openDatabase } from '../../server/db/database.ts';

// The embedded database's directory is one process's: a second `npm start` is refused before it opens a file.
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'isps-claim-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const claimPath = () => path.join(dataDir, 'pglite.pid');
const IN_USE = /^数据目录 .+ 正由另一个服务进程（pid \d+）使用：内置数据库（PGlite）只能由一个进程打开。请先停止那个进程；要运行多个进程，请用 DATABASE_URL 连接 PostgreSQL。$/;

describe('the embedded database’s directory', () => {
  it('is refused to a second opening while the first is open, and opens again once it is closed', async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(await readFile(claimPath(), 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(IN_USE);
      // The refusal touched nothing: the first still reads and writes.
      await first.db.execute(sql`create table claim_probe (n int)`);
      await first.db.execute(sql`insert into claim_probe values (1)`);
    } finally {
      await first.close();
    }
    await expect(readFile(claimPath(), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    const again = await openDatabase({ dataDir });
    try {
      const { rows } = (await again.db.execute(sql`select n from claim_probe`)) as unknown as { rows: { n: number }[] };
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  });

  it('is refused while another running process holds it', async () => {
    await writeFile(claimPath(), String(process.ppid));
    try {
      await expect(claimDataDir(claimPath(), dataDir)).rejects.toThrow(`（pid ${process.ppid}）`);
      expect(await readFile(claimPath(), 'utf8')).toBe(String(process.ppid));
    } finally {
      await rm(claimPath());
    }
  });

  it('is taken over from a process that has ended, or from this process’s pid left by an earlier life', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    for (const stale of [ended, process.pid]) {
      await writeFile(claimPath(), String(stale));
      const release = await claimDataDir(claimPath(), dataDir);
      expect(await readFile(claimPath(), 'utf8')).toBe(String(process.pid));
      await release();
    }
  });
});
