import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { replySchema, startThreadSchema, type StartThreadInput, type ThreadMessage, type ThreadView } from '@contract/interactions.ts';
import dayjs from '@/lib/dayjs.ts';
import { useSession } from '@/lib/session-store.ts';
import { newUuid } from '@/lib/uuid.ts';
import { usePlacements, useReply, useStartThread, useThread, useThreadList } from '../api/interaction-api.ts';
import '../interaction.css';

/** What the desktop and phone screens of 互动 share (no UI library here). */

export const formatTime = (iso: string) => dayjs(iso).format('MM-DD HH:mm');

/** The messages of a thread, mine on the right. */
export function MessageList({ messages }: { messages: ThreadMessage[] }) {
  const { userInfo } = useSession();
  return (
    <ol className="interaction-messages" aria-label="消息">
      {messages.map((m) => {
        const mine = m.authorId === userInfo?.id;
        return (
          <li key={m.id} className={`interaction-message${mine ? ' interaction-message--mine' : ''}`}>
            <div className="interaction-message__head">
              <span className="interaction-message__author">{mine ? '我' : m.authorName}</span>
              <span className="interaction-message__role">{m.authorRole}</span>
              <time dateTime={m.createdAt}>{formatTime(m.createdAt)}</time>
            </div>
            <p className="interaction-message__content">{m.content}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** A thread headed by its 主题, whom and what it is about, its messages, then the layout's reply box (plain markup: both layouts draw it so). */
export function ThreadBody({ view, studentLabel = '', className, children }: { view: ThreadView; studentLabel?: string; className: string; children: ReactNode }) {
  return (
    <article className={className} aria-label={view.title}>
      <h3>{view.title}</h3>
      <p className="interaction-meta">
        <span>
          {studentLabel}
          {view.studentName}
        </span>
        {view.unitName && <span>{view.unitName}</span>}
        {view.recordTitle && <span>关于：{view.recordTitle}</span>}
      </p>
      <MessageList messages={view.messages} />
      {children}
    </article>
  );
}

/** Why a send failed, in words a student understands (the text stays in the box). */
const failure = (error: unknown) => (navigator.onLine ? (error instanceof Error ? error.message : '发送失败，请稍后重试') : '网络不可用，联网后再发送（内容已保留）');

/** A thread opened, and its reply box. */
export const useThreadView = (id: string) => ({ thread: useThread(id), composer: useComposer(id) });

/** The reply box: checked with the shared schema, the text kept until the server has it. */
function useComposer(threadId: string) {
  const reply = useReply(threadId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One id per message being written, so a retry after a lost answer is kept once.
  const [messageId, setMessageId] = useState(newUuid);
  const send = async () => {
    const checked = replySchema.safeParse({ id: messageId, content: text });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? '请填写内容');
    setError(null);
    try {
      await reply.mutateAsync(checked.data);
      setText('');
      setMessageId(newUuid());
    } catch (e) {
      setError(failure(e));
    }
  };
  return { text, setText: (value: string) => (setText(value), setError(null)), send, pending: reply.isPending, error };
}

export type NewThreadValues = Partial<Pick<StartThreadInput, 'enrolmentId' | 'recordId' | 'title' | 'content'>>;

/** A thread asked for from a record (就这份…向老师提问): its placement, the record and a title, from the address. */
export function useThreadPreset(): { preset: NewThreadValues | null; recordTitle: string | null; clear: () => void } {
  const [params, setParams] = useSearchParams();
  const recordId = params.get('record');
  const enrolmentId = params.get('enrolment');
  const title = params.get('title');
  if (!recordId || !enrolmentId) return { preset: null, recordTitle: null, clear: () => undefined };
  return {
    preset: { enrolmentId, recordId, title: title ? `关于：${title}`.slice(0, 50) : undefined },
    recordTitle: title,
    clear: () => setParams({}, { replace: true }),
  };
}

/** 发起互动: the values checked with the shared schema (messages per field), then sent; answers the new thread's id. */
function useNewThread() {
  const start = useStartThread();
  const [id, setId] = useState(newUuid);
  const [errors, setErrors] = useState<Partial<Record<keyof NewThreadValues | 'form', string>>>({});
  const submit = async (values: NewThreadValues): Promise<string | null> => {
    const checked = startThreadSchema.safeParse({ id, ...values });
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) found[(issue.path[0] as keyof NewThreadValues) ?? 'form'] ??= issue.message;
      setErrors(found);
      return null;
    }
    setErrors({});
    try {
      await start.mutateAsync(checked.data);
      setId(newUuid());
      return checked.data.id;
    } catch (e) {
      setErrors({ form: failure(e) });
      return null;
    }
  };
  return { submit, errors, pending: start.isPending, reset: () => setErrors({}) };
}

/**
 * The page's hook (components/device-page.tsx): my threads, the one open, and 发起互动 (opened at once
 * when a record asks for it, the address then cleared).
 */
export function useInteractionsPage() {
  const list = useThreadList();
  const { preset, recordTitle, clear } = useThreadPreset();
  const [openId, setOpenId] = useState<string | null>(null);
  const [starting, setStarting] = useState(Boolean(preset));
  return {
    state: {
      list,
      rows: list.data?.pages.flatMap((p) => p.records) ?? [],
      preset,
      recordTitle,
      openId,
      open: setOpenId,
      starting,
      start: () => setStarting(true),
      /** 发起互动 is left; on the phone its sheet closes with the thread shown. */
      close: (thread: 'keep' | 'close') => {
        setStarting(false);
        if (thread === 'close') setOpenId(null);
        clear();
      },
      started: (id: string) => {
        setStarting(false);
        clear();
        setOpenId(id);
      },
    },
  };
}

export type InteractionsState = ReturnType<typeof useInteractionsPage>['state'];

/** 发起互动's form: the placements to choose from, the values typed, and 发送 (the values go once sent). */
export function useNewThreadForm(state: InteractionsState) {
  const placements = usePlacements(state.starting);
  const form = useNewThread();
  const [values, setValues] = useState<NewThreadValues>(state.preset ?? {});
  const options = (placements.data ?? []).map((p) => ({ value: p.id, label: `${p.studentName} · ${p.unitName ?? p.programName}` }));
  return {
    placements,
    options,
    /** The one placement there is to choose, if only one. */
    only: options.length === 1 ? options[0]!.value : undefined,
    errors: form.errors,
    pending: form.pending,
    values,
    set: (changes: NewThreadValues) => setValues((current) => ({ ...current, ...changes })),
    send: async (enrolmentId: string | undefined) => {
      const id = await form.submit({ ...values, enrolmentId });
      if (!id) return;
      setValues({});
      state.started(id);
    },
  };
}
