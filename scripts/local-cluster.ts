/**
 * What runs the server as a school that outgrows one process would, on this machine: a throwaway PostgreSQL
 * cluster from Debian's packages and nginx in front of several API processes (round robin). npm test's
 * PostgreSQL stage, the cluster test and bench:peak share them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls ready every 200 ms until it answers true; what() says what was awaited when it never does. */
export async function until(ready: () => Promise<boolean>, what: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready after ${timeoutMs} ms: ${what()}`);
}

/** A child process and everything it printed, line by line; stop() ends it with SIGTERM. */
export function watch(child: ChildProcess) {
  const lines: string[] = [];
  let partial = '';
  const take = (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { lines, stop };
}

export interface LocalPostgres {
  /** The cluster's postgres database as its superuser (trust authentication, 127.0.0.1 only). */
  url: string;
  /** The postmaster's process id (its backends are its children). */
  pid: () => number | null;
  /** Stops the server and keeps its data, as an outage would; resume() starts it again on the same port. */
  halt: () => void;
  resume: () => void;
  stop: () => void;
}

/**
 * Starts a throwaway PostgreSQL cluster (initdb, trust, 127.0.0.1) from the newest version under
 * /usr/lib/postgresql, on port or a free one; null when none is installed or it does not start.
 * Unless durable, it does not flush to disk (fsync off), as a test's data need not survive a crash;
 * durable keeps PostgreSQL's defaults, so a commit waits for its WAL to reach the disk as in production.
 */
export async function startPostgres(options: { port?: number; durable?: boolean; settings?: Record<string, string> } = {}): Promise<LocalPostgres | null> {
  const base = '/usr/lib/postgresql';
  const version = existsSync(base)
    ? readdirSync(base)
        .sort((a, b) => Number(b) - Number(a))
        .find((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    : undefined;
  if (!version) return null;
  const binDir = path.join(base, version, 'bin');
  const dir = mkdtempSync(path.join(tmpdir(), 'isps-pg-'));
  const asRoot = process.getuid?.() === 0;
  const wrap = (cmd: string, args: string[]): [string, string[]] => (asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres']).stdout.toString().trim());
    chownSync(dir, uid, gid);
  }
  const port = options.port ?? (await freePort());
  const data = path.join(dir, 'data');
  const initdb = spawnSync(...wrap(path.join(binDir, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']), { stdio: 'ignore' });
  if (initdb.status !== 0) return null;
  const settings = { listen_addresses: '127.0.0.1', ...(options.durable ? {} : { fsync: 'off', full_page_writes: 'off' }), ...options.settings };
  const serverOptions = [`-p ${port}`, `-k ${dir}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
  const pgCtl = (...args: string[]) => spawnSync(...wrap(path.join(binDir, 'pg_ctl'), ['-D', data, ...args]), { stdio: 'ignore' }).status === 0;
  const start = () => pgCtl('-o', serverOptions, '-l', path.join(dir, 'log'), '-w', 'start');
  if (!start()) return null;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: () => {
      const first = existsSync(path.join(data, 'postmaster.pid')) ? readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0] : undefined;
      return first ? Number(first) : null;
    },
    halt() {
      if (!pgCtl('-m', 'fast', 'stop')) throw new Error('PostgreSQL did not stop');
    },
    resume() {
      if (!start()) throw new Error('PostgreSQL did not start again');
    },
    stop() {
      pgCtl('-m', 'fast', 'stop');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface LocalNginx {
  url: string;
  /** The master's process id (its worker is its child). */
  pid: number | undefined;
  /** What nginx logged as errors so far, each message once with how often (time, connection and client left out). */
  errors: () => string[];
  stop: () => Promise<void>;
}

/**
 * Debian's nginx on port (or a free one) in front of the API processes on upstreamPorts, round robin, with
 * kept-alive connections to them; each answer names the process in X-Upstream. An upstream is never taken
 * out of the round (max_fails=0): under overload one slow or reset answer would otherwise mark a process
 * down for 10 s, and with both down every request is refused at once (502, no live upstreams) — a shed
 * request is a 503 of the process's own, and a process that is really gone is skipped per request. workerConnections bounds
 * the connections it holds at once (clients and upstreams together).
 */
export async function startNginx(upstreamPorts: number[], options: { port?: number; workerConnections?: number } = {}): Promise<LocalNginx> {
  if (spawnSync('nginx', ['-v']).error) throw new Error('nginx is not installed: apt-get install -y nginx');
  const dir = await mkdtemp(path.join(tmpdir(), 'isps-nginx-'));
  const port = options.port ?? (await freePort());
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join('\n    ');
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
worker_rlimit_nofile ${2 * (options.workerConnections ?? 256) + 64};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections ${options.workerConnections ?? 256}; }
http {
    access_log off;
    ${temp}
    client_max_body_size 20m;
    upstream api {
        ${upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(' ')}
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${port};
        location / {
            proxy_pass http://api;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            add_header X-Upstream $upstream_addr always;
        }
    }
}
`,
  );
  const child = spawn('nginx', ['-p', dir, '-e', `${dir}/error.log`, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = watch(child);
  await until(async () => (await fetch(`http://127.0.0.1:${port}/api/sys/ping`)).ok, () => output.lines.join('\n'), 20_000);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    errors: () => summariseNginxErrors(existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''),
    stop: async () => {
      await output.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** nginx's error lines grouped by message: "[error] 12#12: *345 connect() failed (…) while …, client: …" → "connect() failed (…) while … × 17". */
function summariseNginxErrors(log: string): string[] {
  const counts = new Map<string, number>();
  for (const line of log.split('\n')) {
    const match = /\[(?:error|crit|alert|emerg|warn)\] \d+#\d+: (?:\*\d+ )?([^,]+)/.exec(line);
    if (match) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([message, count]) => `${message} × ${count}`);
}
