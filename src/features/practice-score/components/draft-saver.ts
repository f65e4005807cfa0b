import type { CellInput } from '@contract/practice-score.ts';

/** The pause after typing before the changed cells go out together. */
export const SAVE_PAUSE_MS = 600;
/** A save that failed for the network is tried again after this. */
export const RETRY_MS = 5000;

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'failed'; message: string; final: boolean };

/**
 * Whether trying the same save again may pass: no answer, a server fault, or "too many requests" (read
 * from the API client's ApiError by its fields, so this module stays free of the client and the browser).
 */
function passing(error: unknown): boolean {
  const { status, unreached } = (error ?? {}) as { status?: number; unreached?: boolean };
  return unreached === true || status === undefined || status >= 500 || status === 429;
}

/**
 * The draft of a sheet saved as typed (no React here): changed cells wait a moment, then go in one
 * batch; one batch at a time. A failed batch goes back under what was typed since (newer values win),
 * so nothing is lost: it is tried again after a while, at the next change, or by flush (重试). A
 * refusal that trying again will not change (the sheet was locked meanwhile) stops the retries.
 */
export class DraftSaver {
  private readonly pending = new Map<string, string | null>();
  private sending: Promise<boolean> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  state: SaveState = { kind: 'idle' };

  constructor(
    private readonly send: (cells: CellInput[]) => Promise<{ savedAt: string }>,
    private readonly onState: (state: SaveState) => void,
  ) {}

  get unsaved(): boolean {
    return this.pending.size > 0 || this.sending !== null;
  }

  /** A typed cell: 保存中 from now on (not 已保存 while it waits), sent once typing pauses. */
  change(studentId: string, value: string | null) {
    this.pending.set(studentId, value);
    if (this.state.kind !== 'saving') this.setState({ kind: 'saving' });
    this.schedule(SAVE_PAUSE_MS);
  }

  /** Sends what waits now; true once everything typed so far is saved. */
  async flush(): Promise<boolean> {
    clearTimeout(this.timer);
    if (this.sending) await this.sending;
    if (this.pending.size === 0) return this.state.kind !== 'failed';
    const batch = new Map(this.pending);
    this.pending.clear();
    this.setState({ kind: 'saving' });
    this.sending = this.send([...batch].map(([studentId, value]) => ({ studentId, value }))).then(
      (result) => {
        if (this.pending.size === 0) this.setState({ kind: 'saved', at: new Date(result.savedAt) });
        return true;
      },
      (error: unknown) => {
        for (const [studentId, value] of batch) if (!this.pending.has(studentId)) this.pending.set(studentId, value);
        const final = !passing(error);
        this.setState({ kind: 'failed', message: error instanceof Error ? error.message : '保存失败', final });
        if (!final) this.schedule(RETRY_MS);
        return false;
      },
    );
    const saved = await this.sending;
    this.sending = null;
    return saved && this.pending.size > 0 ? this.flush() : saved;
  }

  /** Stops the timers; what still waits is sent once more. */
  close() {
    clearTimeout(this.timer);
    if (this.pending.size > 0) void this.flush();
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private setState(state: SaveState) {
    this.state = state;
    this.onState(state);
  }
}
