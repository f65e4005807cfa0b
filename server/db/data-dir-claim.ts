import { open, readFile, unlink } from 'node:fs/promises';

/** The claims this process holds, so its own pid left by an earlier life (a container's pid 1) reads as stale. */
const held = new Set<string>();

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database's directory for this process. PGlite is PostgreSQL inside one process:
 * a second process opening the same files (a second `npm start` by mistake) writes over the first one's
 * and can leave a database that no longer opens. A claim left by a process that has ended is taken over.
 * Returns the release.
 */
export async function claimDataDir(claimPath: string, dataDir: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      const file = await open(claimPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      held.add(claimPath);
      return async () => {
        held.delete(claimPath);
        if ((await readFile(claimPath, 'utf8').catch(() => '')) === String(process.pid)) await unlink(claimPath).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(claimPath, 'utf8').catch(() => '')).trim());
    const inUse = holder > 0 && (holder === process.pid ? held.has(claimPath) : running(holder));
    if (inUse) {
      throw new Error(
        `数据目录 ${dataDir} 正由另一个服务进程（pid ${holder}）使用：内置数据库（PGlite）只能由一个进程打开。` +
          '请先停止那个进程；要运行多个进程，请用 DATABASE_URL 连接 PostgreSQL。',
      );
    }
    await unlink(claimPath).catch(() => undefined);
  }
}
