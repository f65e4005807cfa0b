import { Alert, Badge, Button, Empty, Form, Input, List, Modal, Select, Spin } from 'antd';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { ThreadBody, formatTime, useNewThreadForm, useThreadView, type InteractionsState, type NewThreadValues } from '../components/interaction-parts.tsx';

function ThreadDesktop({ id }: { id: string }) {
  const { thread, composer } = useThreadView(id);
  if (thread.isPending) return <Spin />;
  if (thread.isError) return <Alert type="warning" showIcon title="加载失败" description={thread.error.message} />;
  const view = thread.data;
  return (
    <ThreadBody view={view} studentLabel="学生：" className="interaction-thread">
      <Form.Item label="回复内容" layout="vertical" validateStatus={composer.error ? 'error' : undefined} help={composer.error}>
        <Input.TextArea rows={3} maxLength={1000} showCount value={composer.text} onChange={(e) => composer.setText(e.target.value)} placeholder="写下你的回复" />
      </Form.Item>
      <div>
        <Button type="primary" loading={composer.pending} onClick={() => void composer.send()}>
          发送
        </Button>
      </div>
    </ThreadBody>
  );
}

function NewThreadModal({ state }: { state: InteractionsState }) {
  const form = useNewThreadForm(state);
  const { values, errors } = form;
  const status = (key: keyof NewThreadValues) => (errors[key] ? ('error' as const) : undefined);
  return (
    <Modal title="发起互动" open={state.starting} onCancel={() => state.close('keep')} onOk={() => void form.send(values.enrolmentId)} okText="发送" cancelText="取消" confirmLoading={form.pending} destroyOnHidden>
      <Form layout="vertical">
        {state.recordTitle && <p className="interaction-meta">关于记录：{state.recordTitle}</p>}
        <Form.Item label="实习学生" validateStatus={status('enrolmentId')} help={errors.enrolmentId}>
          <Select showSearch={{ optionFilterProp: 'label' }} loading={form.placements.isPending} options={form.options} placeholder="选择学生" value={values.enrolmentId} onChange={(enrolmentId) => form.set({ enrolmentId })} />
        </Form.Item>
        <Form.Item label="主题" validateStatus={status('title')} help={errors.title}>
          <Input maxLength={50} placeholder="例如：本周走访安排" value={values.title ?? ''} onChange={(e) => form.set({ title: e.target.value })} />
        </Form.Item>
        <Form.Item label="内容" validateStatus={status('content')} help={errors.content}>
          <Input.TextArea rows={4} maxLength={1000} showCount value={values.content ?? ''} onChange={(e) => form.set({ content: e.target.value })} />
        </Form.Item>
        {errors.form && <Alert type="error" showIcon title={errors.form} />}
      </Form>
    </Modal>
  );
}

/** 互动 on desktop and tablet: the threads on the left, the one opened on the right with its reply box. */
export default function InteractionsDesktop({ state }: { state: InteractionsState }) {
  const { list, openId } = state;
  return (
    <AntdProvider>
      <section className="interaction-layout" aria-label="互动">
        <div>
          <div className="interaction-layout__toolbar">
            <h2>互动</h2>
            <Button type="primary" onClick={state.start}>
              发起互动
            </Button>
          </div>
          <List
            loading={list.isPending}
            dataSource={state.rows}
            locale={{ emptyText: list.isError ? '加载失败，请稍后重试' : '暂无互动' }}
            loadMore={list.hasNextPage ? <Button block type="link" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>加载更多</Button> : null}
            renderItem={(row) => (
              <List.Item className={`interaction-row${row.id === openId ? ' interaction-row--open' : ''}`} onClick={() => state.open(row.id)} extra={<Badge count={row.unread} aria-label={row.unread ? `${row.unread}条未读` : undefined} />}>
                <List.Item.Meta
                  title={
                    <Button type="link" className="interaction-row__title" onClick={() => state.open(row.id)}>
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
      <NewThreadModal state={state} />
    </AntdProvider>
  );
}
