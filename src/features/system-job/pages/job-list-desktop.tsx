import { useState } from 'react';
import { Button, Form, Input, Modal, Result, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { CRON_HINT, CRON_MAX, describeCron, nextCronRun, type JobRow } from '@contract/job.ts';
import { AntdProvider } from '@/components/antd-provider.tsx';
import { cronError, useEditJobCron } from '../api/edit-job-cron.ts';
import { useJobs } from '../api/get-jobs.ts';
import { nextRunText, runLabel, scheduleText, statusLabel, timeText, useJobActions } from './job-list-parts.ts';
import './job-list.css';

interface CronValues {
  cron: string;
}

/** 修改执行时间: the cron expression checked with the shared schema as one types, what it means and the next run it would give. */
function CronModal({ job, onClose }: { job: JobRow | null; onClose: () => void }) {
  const [form] = Form.useForm<CronValues>();
  const edit = useEditJobCron();
  const cron = Form.useWatch('cron', form) ?? '';
  const preview = cronError(cron) ? null : nextCronRun(cron.trim());
  const words = preview ? describeCron(cron.trim()) : null;

  const submit = async () => {
    if (!job) return;
    let values: CronValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    // A refusal is shown by the client; the dialog stays open to fix it.
    await edit.mutateAsync({ id: job.jobKey, cron: values.cron }).then(onClose, () => undefined);
  };

  return (
    <Modal
      title={job ? `修改执行时间：${job.jobName}` : '修改执行时间'}
      open={job !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      confirmLoading={edit.isPending}
      destroyOnHidden
      afterOpenChange={(open) => open && job && form.setFieldsValue({ cron: job.cron })}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          name="cron"
          label="cron表达式"
          extra={CRON_HINT}
          rules={[{ validator: (_rule, value: string | undefined) => (cronError(value ?? '') ? Promise.reject(new Error(cronError(value ?? '')!)) : Promise.resolve()) }]}
        >
          <Input maxLength={CRON_MAX} placeholder="例如 0 0 3 * * ?" autoComplete="off" spellCheck={false} className="job-list__cron-input" />
        </Form.Item>
        <p className="job-list__preview" aria-live="polite">
          {preview ? `${words ? `即${words}执行。` : ''}按此表达式，下次执行：${timeText(preview.toISOString())}` : '\u00a0'}
        </p>
      </Form>
    </Modal>
  );
}

function LastRun({ job }: { job: JobRow }) {
  if (!job.lastRunAt) return <span className="job-list__muted">从未执行</span>;
  return (
    <div className="job-list__last">
      <span>
        {timeText(job.lastRunAt)} <Tag color={job.lastStatus === 'failed' ? 'error' : 'success'}>{runLabel(job)}</Tag>
      </span>
      {job.lastMessage && (
        <Typography.Text type={job.lastStatus === 'failed' ? 'danger' : 'secondary'} className="job-list__message" ellipsis={{ tooltip: job.lastMessage }}>
          {job.lastMessage}
        </Typography.Text>
      )}
    </div>
  );
}

/** 定时任务 on desktop and tablet: the jobs in a table with their actions, the cron in a dialog. */
export default function JobListDesktop() {
  const jobs = useJobs();
  const actions = useJobActions();
  const [editing, setEditing] = useState<JobRow | null>(null);

  const columns: TableColumnsType<JobRow> = [
    { title: '任务名称', dataIndex: 'jobName', width: 150, fixed: 'left' },
    { title: '说明', dataIndex: 'description', render: (value: string | null) => value || '—' },
    {
      title: '执行时间',
      dataIndex: 'cron',
      width: 140,
      render: (value: string) => (
        <span className="job-list__schedule">
          <span>{scheduleText(value)}</span>
          <code className="job-list__cron" title="cron表达式">
            {value}
          </code>
        </span>
      ),
    },
    { title: '状态', dataIndex: 'status', width: 80, render: (_value, job) => <Tag color={job.status === '0' ? 'processing' : 'default'}>{statusLabel(job)}</Tag> },
    { title: '上次执行', key: 'lastRun', width: 200, render: (_value, job) => <LastRun job={job} /> },
    { title: '下次执行', key: 'nextRun', width: 160, render: (_value, job) => nextRunText(job) },
  ];
  if (actions.canEdit || actions.canRun) {
    columns.push({
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_value, job) => {
        const busy = actions.busyFor(job);
        return (
          <Space size={4}>
            {actions.canEdit && (
              <Button type="link" size="small" loading={busy === 'toggle'} disabled={busy !== null} onClick={() => void actions.toggle(job)}>
                {job.status === '0' ? '暂停' : '恢复'}
              </Button>
            )}
            {actions.canRun && (
              <Tooltip title={job.status === '-1' ? '已暂停的任务也可以立即执行一次' : undefined}>
                <Button type="link" size="small" loading={busy === 'run'} disabled={busy !== null} onClick={() => void actions.runNow(job)}>
                  立即执行
                </Button>
              </Tooltip>
            )}
            {actions.canEdit && (
              <Button type="link" size="small" disabled={busy !== null} onClick={() => setEditing(job)}>
                修改执行时间
              </Button>
            )}
          </Space>
        );
      },
    });
  }

  return (
    <AntdProvider>
      <section className="job-list" aria-label="定时任务">
        <div className="job-list__toolbar">
          <h2 className="job-list__heading">定时任务</h2>
          <Button onClick={() => void jobs.refetch()} loading={jobs.isFetching && !jobs.isPending}>
            刷新
          </Button>
        </div>
        {jobs.isError && !jobs.data ? (
          <Result status="warning" title="定时任务加载失败" subTitle={jobs.error.message} extra={<Button onClick={() => void jobs.refetch()}>重试</Button>} />
        ) : (
          <Table<JobRow>
            rowKey="jobKey"
            size="middle"
            columns={columns}
            dataSource={jobs.data ?? []}
            loading={jobs.isPending}
            scroll={{ x: 1160 }}
            pagination={false}
            locale={{ emptyText: jobs.isPending ? '加载中…' : '暂无定时任务' }}
          />
        )}
      </section>
      <CronModal job={editing} onClose={() => setEditing(null)} />
    </AntdProvider>
  );
}
