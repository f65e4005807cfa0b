import { useState, type ReactNode } from 'react';
import { SIMILARITY_MSG, dismissSimilaritySchema, type SimilarityFlag } from '@contract/similarity.ts';
import type { RecordKindDeclaration } from '@contract/records.ts';
import { sent } from '@/components/notification/show-failure.ts';
import { notify } from '@/components/notification/notification-store.ts';
import dayjs from '@/lib/dayjs.ts';
import { useDismissSimilarity, useSimilarityFlags } from '../api/similarity.ts';
import './similarity-notes.css';

/** The record's text with the passages another record shares marked (<mark>), in its own line breaks. */
export function MarkedText({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < from) continue;
    if (start > from) parts.push(text.slice(from, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    from = end;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** 忽略 with the reviewer's reason: a line of text and two buttons under the flag. */
function DismissForm({ onDismiss, onCancel, pending }: { onDismiss: (reason: string) => void; onCancel: () => void; pending: boolean }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const checked = dismissSimilaritySchema.safeParse({ reason });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? SIMILARITY_MSG.reasonRequired);
    onDismiss(checked.data.reason.trim());
  };
  return (
    <div className="similarity-notes__dismiss">
      <label>
        不算雷同的理由
        <input value={reason} maxLength={200} placeholder="如：小组共同完成的任务" aria-invalid={Boolean(error)} onChange={(event) => (setReason(event.target.value), setError(null))} />
      </label>
      {error && <p className="similarity-notes__error" role="alert">{error}</p>}
      <div className="similarity-notes__buttons">
        <button type="button" onClick={submit} disabled={pending}>
          确认忽略
        </button>
        <button type="button" onClick={onCancel} disabled={pending}>
          取消
        </button>
      </div>
    </div>
  );
}

function FlagItem({ flag, canDismiss, onDismiss, pending }: { flag: SimilarityFlag; canDismiss: boolean; onDismiss: (reason: string) => Promise<boolean>; pending: boolean }) {
  const [dismissing, setDismissing] = useState(false);
  const whose = flag.match.own ? '本人' : flag.match.studentName;
  return (
    <li className={flag.dismissed ? 'similarity-notes__flag similarity-notes__flag--dismissed' : 'similarity-notes__flag'}>
      <p className="similarity-notes__headline">
        与{whose}{flag.match.own ? '此前' : ''}的《{flag.match.title}》雷同 <strong>{flag.percent}%</strong>
        {flag.match.submittedAt && <span className="similarity-notes__when">（{dayjs(flag.match.submittedAt).format('MM-DD HH:mm')} 提交）</span>}
      </p>
      <blockquote className="similarity-notes__passages" aria-label="对方记录中相同的段落">
        {flag.match.passages.map((passage, i) => (
          <mark key={i}>{passage}</mark>
        ))}
      </blockquote>
      {flag.dismissed ? (
        <p className="similarity-notes__dismissed">
          已由{flag.dismissed.by}忽略：{flag.dismissed.reason}
        </p>
      ) : (
        canDismiss &&
        (dismissing ? (
          <DismissForm pending={pending} onCancel={() => setDismissing(false)} onDismiss={(reason) => void onDismiss(reason).then((done) => done && setDismissing(false))} />
        ) : (
          <button type="button" className="similarity-notes__open" onClick={() => setDismissing(true)}>
            忽略
          </button>
        ))
      )}
    </li>
  );
}

/**
 * 雷同提示 above the record's text: each earlier record it much repeats, the share and the other's shared passages
 * (the record's own are marked in its text); a reviewer may dismiss one with a reason. Nothing while there is none.
 */
export function SimilarityNotes({ declaration, recordId, canDismiss }: { declaration: RecordKindDeclaration; recordId: string; canDismiss: boolean }) {
  const { data: flags } = useSimilarityFlags(declaration, recordId);
  const dismiss = useDismissSimilarity(declaration, recordId);
  if (!flags || flags.length === 0) return null;
  const open = flags.filter((flag) => !flag.dismissed).length;
  return (
    <section className="similarity-notes" aria-label="雷同提示">
      <h4 className="similarity-notes__title">雷同提示{open > 0 ? `（${open}）` : '（已忽略）'}</h4>
      <ul>
        {flags.map((flag) => (
          <FlagItem
            key={flag.id}
            flag={flag}
            canDismiss={canDismiss}
            pending={dismiss.isPending}
            onDismiss={async (reason) => {
              const done = await sent(dismiss.mutateAsync({ flagId: flag.id, input: { reason } }));
              if (done) notify.success(SIMILARITY_MSG.dismissed);
              return done;
            }}
          />
        ))}
      </ul>
    </section>
  );
}
