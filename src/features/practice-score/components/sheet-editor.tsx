import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal, Popconfirm, Space, Spin, Timeline } from 'antd';
import { PRACTICE_SCORE_PERMISSIONS, SCORE_MARKS, cellProblem, scoreModeLabel, sheetSummary, sheetSummaryText, termLabel, type SheetDetail } from '@contract/practice-score.ts';
import { notify } from '@/components/notification/notification-store.ts';
import { usePermission } from '@/hooks/use-permission.ts';
import { formatDate } from '@/lib/format.ts';
import { downloadSheetRegister, exportSheet, useReopenSheet, useSheetDetail, useSubmitSheet } from '../api/score-sheet-api.ts';
import { ScoreGrid } from './score-grid.tsx';
import { SheetStatusTag } from './sheet-status-tag.tsx';
import { useDraftSave, type SaveState } from './use-draft-save.ts';

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <span className={`practice-score__save practice-score__save--${state.kind}`} role="status" aria-live="polite">
      {state.kind === 'saving' && '保存中…'}
      {state.kind === 'saved' && `已保存 ${formatDate(state.at, 'HH:mm:ss')}`}
      {state.kind === 'failed' && (
        <>
          保存失败：{state.message}（已输入的成绩保留在本页）
          <Button type="link" size="small" onClick={onRetry}>
            重试
          </Button>
        </>
      )}
      {state.kind === 'idle' && '输入后自动保存'}
    </span>
  );
}

function ReopenButton({ sheet }: { sheet: SheetDetail }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ reason: string }>();
  const reopen = useReopenSheet();
  const finish = ({ reason }: { reason: string }) =>
    void reopen
      .mutateAsync({ id: sheet.id, reason })
      .then(() => {
        notify.success('成绩单已重新开放');
        setOpen(false);
        form.resetFields();
      })
      .catch(() => undefined);
  return (
    <>
      <Button onClick={() => setOpen(true)}>重新开放</Button>
      <Modal title="重新开放成绩单" open={open} okText="重新开放" onOk={() => form.submit()} confirmLoading={reopen.isPending} onCancel={() => setOpen(false)} destroyOnHidden>
        <p>重新开放后录入教师可以修改成绩，需再次提交。此操作将记入日志。</p>
        <Form form={form} layout="vertical" onFinish={finish}>
          <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写重新开放的原因' }, { max: 200, message: '原因不能超过200字' }]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The cells as typed, starting from the sheet's saved values. */
const valuesOf = (sheet: SheetDetail) => Object.fromEntries(sheet.students.map((s) => [s.studentId, s.value ?? '']));

function SheetBody({ sheet, onBack }: { sheet: SheetDetail; onBack: () => void }) {
  const [values, setValues] = useState(() => valuesOf(sheet));
  const draft = useDraftSave(sheet.id);
  const submit = useSubmitSheet();
  const mayReopen = usePermission(PRACTICE_SCORE_PERMISSIONS.reopen);
  const wrong = sheet.students.filter((s) => cellProblem(values[s.studentId], sheet.scoreMode) !== null).length;
  const empty = sheet.students.filter((s) => !values[s.studentId]?.trim()).length;
  // Counted as typed, as the server counts what is saved.
  const summary = sheetSummary(
    sheet.students.map((s) => values[s.studentId]),
    sheet.scoreMode,
  );

  const change = (changes: Record<string, string>) => {
    setValues((current) => ({ ...current, ...changes }));
    // A cell that breaks the rule is not a score: it is saved as empty until it is put right.
    for (const [studentId, value] of Object.entries(changes)) draft.change(studentId, cellProblem(value, sheet.scoreMode) ? null : value);
  };

  const send = async () => {
    if (!(await draft.flush())) return notify.error('成绩尚未保存，请重试后再提交');
    await submit
      .mutateAsync(sheet.id)
      .then(() => notify.success('成绩单已提交，已锁定'))
      .catch(() => undefined);
  };

  const locked = sheet.status === 'submitted';
  return (
    <section className="practice-score" aria-label="成绩单">
      <div className="practice-score__toolbar">
        <Button onClick={onBack}>返回列表</Button>
        <h2>
          {sheet.className}《{sheet.courseName}》成绩
        </h2>
        <SheetStatusTag status={sheet.status} locked />
        <span className="practice-score__spacer" />
        {sheet.editable && <SaveStatus state={draft.state} onRetry={() => void draft.flush()} />}
        <Space>
          {sheet.editable && (
            <Popconfirm
              title="提交成绩单"
              description={empty > 0 || wrong > 0 ? `还有${empty}名学生未录入、${wrong}个成绩有误（未参加考核的学生请录入${SCORE_MARKS.join('、')}）` : '提交后成绩将锁定，不能再修改。确定提交？'}
              okText="提交"
              cancelText="取消"
              okButtonProps={{ disabled: empty > 0 || wrong > 0 }}
              onConfirm={send}
            >
              <Button type="primary" loading={submit.isPending}>
                提交
              </Button>
            </Popconfirm>
          )}
          {locked && mayReopen && <ReopenButton sheet={sheet} />}
          <Button onClick={() => void exportSheet(sheet).catch(() => undefined)}>导出Excel</Button>
          <Button onClick={() => void downloadSheetRegister(sheet, 'pdf').catch(() => undefined)}>打印成绩登记表</Button>
          <Button onClick={() => void downloadSheetRegister(sheet, 'xlsx').catch(() => undefined)}>成绩登记表Excel</Button>
        </Space>
      </div>
      <Descriptions size="small" column={4} className="practice-score__facts">
        <Descriptions.Item label="学期">{termLabel(sheet.term)}</Descriptions.Item>
        <Descriptions.Item label="课程">
          {sheet.courseName}（{sheet.courseCode}）
        </Descriptions.Item>
        <Descriptions.Item label="成绩类型">{scoreModeLabel(sheet.scoreMode)}</Descriptions.Item>
        <Descriptions.Item label="录入教师">{sheet.teacherName}</Descriptions.Item>
        <Descriptions.Item label="已录入">
          {sheet.students.length - empty} / {sheet.students.length}
        </Descriptions.Item>
        {sheet.submittedAt && <Descriptions.Item label="提交时间">{formatDate(sheet.submittedAt)}</Descriptions.Item>}
        <Descriptions.Item label="统计" span={4}>
          <span className="practice-score__summary">{sheetSummaryText(summary)}</span>
        </Descriptions.Item>
      </Descriptions>
      {sheet.editable && (
        <Alert
          type="info"
          showIcon
          className="practice-score__hint"
          title={`Tab 或回车到下一名学生（Shift 反向）；可从 Excel 复制一列成绩，粘贴到起始学生的格子。${sheet.scoreMode === 'grade' ? '五级制：优、良、中、及格、不及格。' : '百分制：0–100，最多一位小数。'}未参加考核的学生录入${SCORE_MARKS.join('、')}。`}
        />
      )}
      {locked && <Alert type="success" showIcon className="practice-score__hint" title="成绩单已提交（已锁定），如需修改请联系管理员重新开放。" />}
      {!locked && !sheet.editable && <Alert type="info" showIcon className="practice-score__hint" title="成绩单由录入教师填写，这里只能查看。" />}
      <ScoreGrid sheet={sheet} values={values} onChange={change} />
      {sheet.log.length > 0 && (
        <div className="practice-score__log">
          <h3>操作记录</h3>
          <Timeline
            items={sheet.log.map((entry) => ({
              key: `${entry.action}-${entry.at}`,
              children: `${formatDate(entry.at)} ${entry.actorName} ${entry.action === 'submit' ? '提交' : `重新开放，原因：${entry.reason ?? ''}`}`,
            }))}
          />
        </div>
      )}
    </section>
  );
}

/** A sheet on desktop: the grid to enter (its teacher, in draft) or to read, 提交, and 重新开放 for the administrator. */
export function SheetEditor({ sheetId, onBack }: { sheetId: string; onBack: () => void }) {
  const detail = useSheetDetail(sheetId);
  if (detail.isPending) {
    return (
      <div className="practice-score__loading" role="status">
        <Spin /> 加载中…
      </div>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <section className="practice-score">
        <Alert type="error" showIcon title="成绩单不存在或无权查看" action={<Button onClick={onBack}>返回列表</Button>} />
      </section>
    );
  }
  // Submitted or reopened, the grid starts again from the saved values.
  return <SheetBody key={`${detail.data.id}-${detail.data.status}`} sheet={detail.data} onBack={onBack} />;
}
