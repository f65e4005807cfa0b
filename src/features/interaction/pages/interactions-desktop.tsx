import { useState } from 'react';
import { Alert, Badge, Button, Empty, Form, Input, List, Modal, Select, Spin } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { usePlacements, useThread, useThreadList } from '../api/interaction-api.ts';
import { MessageList, formatTime, useComposer, useNewThread, useThreadPreset, type NewThreadValues } from '../components/interaction-parts.tsx';

function ThreadDesktop({ id }: { id: string }) {
  const thread = useThread(id);
  const composer = useComposer(id);
  if (thread.isPending) return <Spin />;
  if (thread.isError) return <Alert type="warning" showIcon title="加载失败" description={thread.error.message} />;
  const view = thread.data;
  return (
    <article className="interaction-thread" aria-label={view.title}>
      <h3>{view.title}</h3>
      <p className="interaction-meta">
        <span>学生：{view.studentName}</span>
        {view.unitName && <span>{view.unitName}</span>}
        {view.recordTitle && <span>关于：{view.recordTitle}</span>}
      </p>
      <MessageList messages={view.messages} />
      <Form.Item label="回复内容" layout="vertical" validateStatus={composer.error ? 'error' : undefined} help={composer.error}>
        <Input.TextArea rows={3} maxLength={1000} showCount value={composer.text} onChange={(e) => composer.setText(e.target.value)} placeholder="写下你的回复" />
      </Form.Item>
      <div>
        <Button type="primary" loading={composer.pending} onClick={() => void composer.send()}>
          发送
        </Button>
      </div>
    </article>
  );
}

function NewThreadModal({ open, preset, recordTitle, onClose, onStarted }: { open: boolean; preset: NewThreadValues | null; recordTitle: string | null; onClose: () => void; onStarted: (id: string) => void }) {
  const placements = usePlacements(open);
  const form = useNewThread();
  const [values, setValues] = useState<NewThreadValues>(preset ?? {});
  const options = (placements.data ?? []).map((p) => ({ value: p.id, label: `${p.studentName} · ${p.unitName ?? p.programName}` }));
  const submit = async () => {
    const id = await form.submit(values);
    if (!id) return;
    setValues({});
    onStarted(id);
  };
  const status = (key: keyof NewThreadValues) => (form.errors[key] ? ('error' as const) : undefined);
  return (
    <Modal title="发起互动" open={open} onCancel={onClose} onOk={() => void submit()} okText="发送" cancelText="取消" confirmLoading={form.pending} destroyOnHidden>
      <Form layout="vertical">
        {recordTitle && <p className="interaction-meta">关于记录：{recordTitle}</p>}
        <Form.Item label="实习学生" validateStatus={status('enrolmentId')} help={form.errors.enrolmentId}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={placements.isPending} options={options} placeholder="选择学生" value={values.enrolmentId} onChange={(enrolmentId) => setValues((s) => ({ ...s, enrolmentId }))} />
        </Form.Item>
        <Form.Item label="主题" validateStatus={status('title')} help={form.errors.title}>
          <Input maxLength={50} placeholder="例如：本周走访安排" value={values.title ?? ''} onChange={(e) => setValues((s) => ({ ...s, title: e.target.value }))} />
        </Form.Item>
        <Form.Item label="内容" validateStatus={status('content')} help={form.errors.content}>
          <Input.TextArea rows={4} maxLength={1000} showCount value={values.content ?? ''} onChange={(e) => setValues((s) => ({ ...s, content: e.target.value }))} />
        </Form.Item>
        {form.errors.form && <Alert type="error" showIcon title={form.errors.form} />}
      </Form>
    </Modal>
  );
}

/** 互动 on desktop and tablet: the threads on the left, the one opened on the right with its reply box. */
export default function InteractionsDesktop() {
  const list = useThreadList();
  const rows = list.data?.pages.flatMap((p) => p.records) ?? [];
  const [openId, setOpenId] = useState<string | null>(null);
  const { preset, recordTitle, clear } = useThreadPreset();
  const [starting, setStarting] = useState(Boolean(preset));
  return (
    <AntdProvider>
      <section className="interaction-layout" aria-label="互动">
        <div>
          <div className="interaction-layout__toolbar">
            <h2>互动</h2>
            <Button type="primary" onClick={() => setStarting(true)}>
              发起互动
            </Button>
          </div>
          <List
            loading={list.isPending}
            dataSource={rows}
            locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无互动' }}
            loadMore={list.hasNextPage ? <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>加载更多</Button> : null}
            renderItem={(row) => (
              <List.Item className={`interaction-row${row.id === openId ? ' interaction-row--open' : ''}`} onClick={() => setOpenId(row.id)} extra={<Badge count={row.unread} aria-label={row.unread ? `${row.unread}条未读` : undefined} />}>
                <List.Item.Meta
                  title={
                    <Button type="link" className="interaction-row__title" onClick={() => setOpenId(row.id)}>
                      {row.title}
                    </Button>
                  }
                  description={
                    <span className="interaction-meta">
                      <span>{row.studentName}</span>
                      <span>{formatTime(row.lastAt)}</span>
                      <span>
                        {row.lastAuthorName}：{row.lastContent}
                      </span>
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </div>
        {openId ? <ThreadDesktop key={openId} id={openId} /> : <Empty className="interaction-thread" description="选择左侧的互动查看" />}
      </section>
      <NewThreadModal
        open={starting}
        preset={preset}
        recordTitle={recordTitle}
        onClose={() => {
          setStarting(false);
          clear();
        }}
        onStarted={(id) => {
          setStarting(false);
          clear();
          setOpenId(id);
        }}
      />
    </AntdProvider>
  );
}
