import { useState } from 'react';
import { Badge, Button, DotLoading, ErrorBlock, Form, Input, List, TextArea } from 'antd-mobile';
import { Popup } from '@/components/sheet/popup.tsx';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { PhoneNavBar } from '@/components/phone-nav-bar/phone-nav-bar.tsx';
import { usePlacements, useThread, useThreadList } from '../api/interaction-api.ts';
import { MessageList, formatTime, useComposer, useNewThread, useThreadPreset, type NewThreadValues } from '../components/interaction-parts.tsx';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';

function ThreadPhone({ id }: { id: string }) {
  const thread = useThread(id);
  const composer = useComposer(id);
  if (thread.isPending) return <DotLoading />;
  if (thread.isError) return <ErrorBlock status="default" title="加载失败" description={thread.error.message} />;
  const view = thread.data;
  // Headed by its 主题, as on the desktop: the title bar only says 互动.
  return (
    <article className="interaction-thread interaction-thread--phone" aria-label={view.title}>
      <h3>{view.title}</h3>
      <p className="interaction-meta">
        <span>{view.studentName}</span>
        {view.unitName && <span>{view.unitName}</span>}
        {view.recordTitle && <span>关于：{view.recordTitle}</span>}
      </p>
      <MessageList messages={view.messages} />
      <TextArea aria-label="回复内容" placeholder="写下你的回复" value={composer.text} onChange={composer.setText} autoSize={{ minRows: 3, maxRows: 6 }} maxLength={1000} showCount />
      {composer.error && <p className="interaction-error" role="alert">{composer.error}</p>}
      <Button color="primary" block loading={composer.pending} onClick={() => void composer.send()}>
        发送
      </Button>
    </article>
  );
}

function NewThreadPhone({ preset, recordTitle, onStarted }: { preset: NewThreadValues | null; recordTitle: string | null; onStarted: (id: string) => void }) {
  const placements = usePlacements(true);
  const form = useNewThread();
  const [values, setValues] = useState<NewThreadValues>(preset ?? {});
  const options = (placements.data ?? []).map((p) => ({ value: p.id, label: `${p.studentName} · ${p.unitName ?? p.programName}` }));
  const enrolmentId = values.enrolmentId ?? (options.length === 1 ? options[0]!.value : undefined);
  if (placements.isPending) return <DotLoading />;
  if (options.length === 0) return <ErrorBlock status="empty" title="暂无可互动的实习" description="实习安排后，可与指导教师、企业导师互动" />;
  return (
    <Form layout="vertical" footer={<Button block color="primary" loading={form.pending} onClick={async () => { const id = await form.submit({ ...values, enrolmentId }); if (id) onStarted(id); }}>发送</Button>}>
      {recordTitle && <p className="interaction-meta">关于记录：{recordTitle}</p>}
      {options.length > 1 && !preset && (
        <Form.Item label="实习学生" description={<FieldError message={form.errors.enrolmentId} />}>
          <SingleChoice columns={1} options={options} value={enrolmentId} onChange={(next) => setValues((s) => ({ ...s, enrolmentId: next }))} />
        </Form.Item>
      )}
      <Form.Item label="主题" description={<FieldError message={form.errors.title} />}>
        <Input placeholder="例如：关于加班" maxLength={50} value={values.title ?? ''} onChange={(title) => setValues((s) => ({ ...s, title }))} />
      </Form.Item>
      <Form.Item label="内容" description={<FieldError message={form.errors.content} />}>
        <TextArea placeholder="想问的问题或想说的话" autoSize={{ minRows: 4 }} maxLength={1000} showCount value={values.content ?? ''} onChange={(content) => setValues((s) => ({ ...s, content }))} />
      </Form.Item>
      {form.errors.form && <p className="interaction-error" role="alert">{form.errors.form}</p>}
    </Form>
  );
}

/** 互动 on the phone (antd-mobile only): my threads, the newest first, each opened full screen with its reply box. */
export default function InteractionsPhone() {
  const list = useThreadList();
  const { preset, recordTitle, clear } = useThreadPreset();
  const [open, setOpen] = useState<{ kind: 'thread'; id: string } | { kind: 'new' } | null>(preset ? { kind: 'new' } : null);
  const rows = list.data?.pages.flatMap((p) => p.records) ?? [];
  const close = () => {
    setOpen(null);
    clear();
  };
  return (
    <section className="interaction-phone" aria-label="互动">
      <Button className="interaction-phone__new" color="primary" fill="outline" onClick={() => setOpen({ kind: 'new' })}>
        发起互动
      </Button>
      <PhoneInfiniteList query={list} empty={rows.length === 0} emptyTitle="暂无互动" emptyDescription="有问题可发起互动，指导教师和企业导师会收到提醒">
        <List mode="card">
          {rows.map((row) => (
            <List.Item
              key={row.id}
              onClick={() => setOpen({ kind: 'thread', id: row.id })}
              extra={row.unread > 0 ? <Badge content={row.unread} aria-label={`${row.unread}条未读`} /> : formatTime(row.lastAt)}
              description={
                <span className="interaction-meta">
                  <span>{row.studentName}</span>
                  <span>
                    {row.lastAuthorName}：{row.lastContent}
                  </span>
                </span>
              }
            >
              {row.title}
            </List.Item>
          ))}
        </List>
      </PhoneInfiniteList>
      <Popup visible={open !== null} position="right" onClose={close} destroyOnClose bodyClassName="interaction-phone__sheet">
        <PhoneNavBar onBack={close}>{open?.kind === 'new' ? '发起互动' : '互动'}</PhoneNavBar>
        <div className="interaction-phone__body">
          {open?.kind === 'thread' && <ThreadPhone id={open.id} />}
          {open?.kind === 'new' && (
            <NewThreadPhone
              preset={preset}
              recordTitle={recordTitle}
              onStarted={(id) => {
                clear();
                setOpen({ kind: 'thread', id });
              }}
            />
          )}
        </div>
      </Popup>
    </section>
  );
}
