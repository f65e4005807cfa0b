/** Notifications titled 系统提示 (SPEC.md section 8), without pulling a UI library into the first load. */
export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

export interface Notice {
  id: number;
  kind: NoticeKind;
  title: string;
  message: string;
  /** Milliseconds before it closes itself; null stays until closed. */
  duration: number | null;
  action?: { label: string; run: () => void };
}

export const NOTICE_DURATION_MS = 4000;

let notices: Notice[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const noticeStore = {
  list: () => notices,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Old messages do not outlive the situation they described (a failed login, once logged in). */
  clear() {
    notices = [];
    emit();
  },
  close(id: number) {
    notices = notices.filter((n) => n.id !== id);
    emit();
  },
};

function show(kind: NoticeKind, message: string, options: Partial<Omit<Notice, 'id' | 'kind' | 'message'>> = {}): number {
  const notice: Notice = { id: nextId++, kind, title: options.title ?? '系统提示', message, duration: options.duration === undefined ? NOTICE_DURATION_MS : options.duration, action: options.action };
  notices = [...notices.filter((n) => !(n.message === message && n.kind === kind)), notice];
  emit();
  if (notice.duration !== null) setTimeout(() => noticeStore.close(notice.id), notice.duration);
  return notice.id;
}

export const notify = {
  error: (message: string, options?: Parameters<typeof show>[2]) => show('error', message, options),
  warning: (message: string, options?: Parameters<typeof show>[2]) => show('warning', message, options),
  success: (message: string, options?: Parameters<typeof show>[2]) => show('success', message, options),
  info: (message: string, options?: Parameters<typeof show>[2]) => show('info', message, options),
};
