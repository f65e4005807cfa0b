import { Form, Input, Modal, Tag, Typography } from 'antd';
import { CRON_HINT, CRON_MAX, describeCron, nextCronRun, type JobRow } from '@contract/job.ts';
import { ListDesktop } from '@/components/list/list-desktop.tsx';
import { cronError, useEditJobCron } from '../api/edit-job-cron.ts';
import { runLabel, timeText, type JobListPage } from './job-list.tsx';

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

/** 上次执行 on the desktop: the time and result, the job's message under them cut to the column (whole on hover). */
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

/** 定时任务 on desktop and tablet: the jobs' table, the cron in a dialog. */
export default function JobListDesktop({ list, editing, closeEditing }: JobListPage) {
  return (
    <ListDesktop list={list} cells={{ lastRun: (job) => <LastRun job={job} /> }}>
      <CronModal job={editing} onClose={closeEditing} />
    </ListDesktop>
  );
}
