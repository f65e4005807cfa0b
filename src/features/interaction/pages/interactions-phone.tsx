import { Badge, Button, DotLoading, ErrorBlock, Form, Input, List, TextArea } from 'antd-mobile';
import { PhoneInfiniteList } from '@/components/phone-list/phone-infinite-list.tsx';
import { FieldError } from '@/components/field-error.tsx';
import { PhoneSheet } from '@/components/sheet/phone-sheet.tsx';
import { SingleChoice } from '@/components/single-choice/single-choice.tsx';
import { ThreadBody, formatTime, useNewThreadForm, useThreadView, type InteractionsState } from '../components/interaction-parts.tsx';

function ThreadPhone({ id }: { id: string }) {
  const { thread, composer } = useThreadView(id);
  if (thread.isPending) return <DotLoading />;
  if (thread.isError) return <ErrorBlock status="default" title="加载失败" description={thread.error.message} />;
  const view = thread.data;
  // Headed by its 主题, as on the desktop: the title bar only says 互动.
  return (
    <ThreadBody view={view} className="interaction-thread interaction-thread--phone">
      <TextArea aria-label="回复内容" placeholder="写下你的回复" value={composer.text} onChange={composer.setText} autoSize={{ minRows: 3, maxRows: 6 }} maxLength={1000} showCount />
      {composer.error && <p className="interaction-error" role="alert">{composer.error}</p>}
      <Button color="primary" block loading={composer.pending} onClick={() => void composer.send()}>
        发送
      </Button>
    </ThreadBody>
  );
}

function NewThreadPhone({ state }: { state: InteractionsState }) {
  const form = useNewThreadForm(state);
  const { values, errors, options } = form;
  const enrolmentId = values.enrolmentId ?? form.only;
  if (form.placements.isPending) return <DotLoading />;
  if (options.length === 0) return <ErrorBlock status="empty" title="暂无可互动的实习" description="实习安排后，可与指导教师、企业导师互动" />;
  return (
    <Form
      layout="vertical"
      footer={
        <Button block color="primary" loading={form.pending} onClick={() => void form.send(enrolmentId)}>
          发送
        </Button>
      }
    >
      {state.recordTitle && <p className="interaction-meta">关于记录：{state.recordTitle}</p>}
      {options.length > 1 && !state.preset && (
        <Form.Item label="实习学生" description={<FieldError message={errors.enrolmentId} />}>
          <SingleChoice columns={1} options={options} value={enrolmentId} onChange={(next) => form.set({ enrolmentId: next })} />
        </Form.Item>
      )}
      <Form.Item label="主题" description={<FieldError message={errors.title} />}>
        <Input placeholder="例如：关于加班" maxLength={50} value={values.title ?? ''} onChange={(title) => form.set({ title })} />
      </Form.Item>
      <Form.Item label="内容" description={<FieldError message={errors.content} />}>
        <TextArea placeholder="想问的问题或想说的话" autoSize={{ minRows: 4 }} maxLength={1000} showCount value={values.content ?? ''} onChange={(content) => form.set({ content })} />
      </Form.Item>
      {errors.form && <p className="interaction-error" role="alert">{errors.form}</p>}
    </Form>
  );
}

/** 互动 on the phone (antd-mobile only): my threads, the newest first, each opened full screen with its reply box. */
export default function InteractionsPhone({ state }: { state: InteractionsState }) {
  const { rows } = state;
  return (
    <section className="interaction-phone" aria-label="互动">
      <Button className="interaction-phone__new" color="primary" fill="outline" onClick={state.start}>
        发起互动
      </Button>
      <PhoneInfiniteList query={state.list} empty={rows.length === 0} emptyTitle="暂无互动" emptyDescription="有问题可发起互动，指导教师和企业导师会收到提醒">
        <List mode="card">
          {rows.map((row) => (
            <List.Item
              key={row.id}
              onClick={() => state.open(row.id)}
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
      <PhoneSheet open={state.starting || state.openId !== null} title={state.starting ? '发起互动' : '互动'} onClose={() => state.close('close')} bodyClassName="interaction-phone__body">
        {state.starting ? <NewThreadPhone state={state} /> : state.openId && <ThreadPhone id={state.openId} />}
      </PhoneSheet>
    </section>
  );
}
