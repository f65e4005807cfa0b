import { CheckCircleFilled, CloseCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Popconfirm, Tag } from 'antd';
import {
  PLACEMENT_REFS,
  PLACEMENT_STATUS_COLORS,
  STATUS_ACTIONS,
  refOfUnit,
  type ChecklistItem,
} from '@contract/internship-placement.ts';
import { EXCEPTION_MSG, EXCEPTION_RULE_LABELS, EXCEPTION_URL, isExceptionRule, type ExceptionRule } from '@contract/internship-exception.ts';
import { INTERNSHIP_RULES } from '@contract/internship-rules.ts';
import type { RefTarget } from '@contract/resource.ts';
import { ENROLMENT_STATUS_LABELS, type EnrolmentStatus } from '@contract/internship.ts';
import { OfficeFileInput } from '@/components/office-file/office-file-input.tsx';
import { RefSelect } from '@/components/resource/ref-select.tsx';
import type { ResourceRow } from '@/components/resource/resource-api.ts';
import type { MatchingSelection } from '@/components/resource/resource-table.tsx';
import { CHECKED_FIELDS, useAssignAction, useExceptionRequest, usePlacementChecks, usePlacementStatus } from './placement-parts.ts';
import '../placement.css';

/** A limit's exception as the checklist shows it: 申请例外备案 while it may be asked, else where it stands. */
function ExceptionState({ item, onAsk }: { item: ChecklistItem; onAsk?: (rule: ExceptionRule) => void }) {
  if (item.exception === 'approved') return <Tag color="purple">已例外备案</Tag>;
  if (item.exception === 'running') return <Tag color="processing">例外备案审批中</Tag>;
  if (item.exception === 'open' && onAsk && isExceptionRule(item.code)) {
    const rule = item.code;
    return (
      <Button type="link" size="small" className="placement-check__ask" onClick={() => onAsk(rule)}>
        申请例外备案
      </Button>
    );
  }
  return null;
}

function ChecklistLine({ item, onAsk }: { item: ChecklistItem; onAsk?: (rule: ExceptionRule) => void }) {
  const icon = item.met === true ? <CheckCircleFilled className="placement-check__ok" /> : item.met === false ? <CloseCircleFilled className="placement-check__bad" /> : <MinusCircleOutlined className="placement-check__unknown" />;
  const state = item.met === true ? '符合' : item.met === false ? '不符合' : '待核对';
  return (
    <li className="placement-check__item" aria-label={`${state}：${item.text}`}>
      {icon}
      <div>
        <div className="placement-check__text">{item.text}</div>
        {item.met === false && item.message ? <div className="placement-check__message">{item.message}</div> : <div className="placement-check__source">{item.source}</div>}
        <ExceptionState item={item} onAsk={onAsk} />
      </div>
    </li>
  );
}

function Checklist({ title, items, onAsk }: { title: string; items: ChecklistItem[]; onAsk?: (rule: ExceptionRule) => void }) {
  return (
    <>
      <h4 className="placement-check__title">{title}</h4>
      <ul className="placement-check__list">
        {items.map((item) => (
          <ChecklistLine key={item.code} item={item} onAsk={onAsk} />
        ))}
      </ul>
    </>
  );
}

/** 申请例外备案: why, and the supporting file; the office decides it in 我的待办. */
function ExceptionModal({ request }: { request: ReturnType<typeof useExceptionRequest> }) {
  const [form] = Form.useForm<{ reason: string; attachmentId: string }>();
  const send = async () => {
    const { reason, attachmentId } = await form.validateFields();
    await request.submit(reason, attachmentId);
  };
  return (
    <Modal
      open={request.asking !== null}
      title={request.asking ? `申请例外备案：${EXCEPTION_RULE_LABELS[request.asking]}` : ''}
      onCancel={request.close}
      onOk={() => void send().catch(() => undefined)}
      okText="提交审批"
      cancelText="取消"
      confirmLoading={request.pending}
      destroyOnHidden
    >
      {request.asking && (
        <Form form={form} layout="vertical" preserve={false}>
          <p className="placement-check__source">
            {INTERNSHIP_RULES[request.asking].text}（{INTERNSHIP_RULES[request.asking].source}）。规定为“原则上”，经实习办审批备案后可例外安排。
          </p>
          <Form.Item name="reason" label="申请理由" rules={[{ required: true, whitespace: true, message: '请填写申请理由' }, { min: 5, message: '申请理由不能少于5个字' }]}>
            <Input.TextArea rows={3} maxLength={500} showCount placeholder="如：该单位为学校长期合作的产教融合基地，岗位带教条件充足" />
          </Form.Item>
          <Form.Item name="attachmentId" label="证明材料" rules={[{ required: true, message: EXCEPTION_MSG.fileRequired }]}>
            <OfficeFileInput label="证明材料" uploadUrl={EXCEPTION_URL.upload} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/**
 * Beside the placement form: each rule the save must keep, met or not as the values change, and what
 * starting the 岗位实习 will need.
 */
export function PlacementChecklist({ row }: { row: ResourceRow | null }) {
  const form = Form.useFormInstance();
  const values = Form.useWatch((all: Record<string, unknown>) => Object.fromEntries(CHECKED_FIELDS.map((name) => [name, all[name]])), form) ?? {};
  const { chosen, ready, facts, rules, start } = usePlacementChecks(form, values, row);
  const exception = useExceptionRequest(chosen);
  const hint = !ready ? '选择实习计划和学生后，这里逐条核对实习规定。' : !facts.data ? (facts.isError ? '无法读取核对所需的信息' : '正在读取…') : null;
  return (
    <aside className="placement-check" aria-label="实习规定核对">
      {hint ? (
        <p className="placement-check__hint">{hint}</p>
      ) : (
        <>
          <Checklist title="保存前核对" items={rules} onAsk={exception.ask} />
          {start.length > 0 && <Checklist title="开始岗位实习前" items={start} />}
        </>
      )}
      <ExceptionModal request={exception} />
    </aside>
  );
}

type Control = { id?: string; value?: string | null; onChange?: (value: string | null) => void };

/** The post or mentor picker: it lists those of the unit chosen in the same form. */
export function UnitRefSelect({ target, ...control }: { target: RefTarget } & Control) {
  const unitId = Form.useWatch('unitId') as string | undefined;
  return <RefSelect {...control} onChange={(v) => control.onChange?.(typeof v === 'string' ? v : null)} target={refOfUnit(target, unitId)} placeholder={target === PLACEMENT_REFS.post && !unitId ? '先选择实习单位' : undefined} />;
}

export function PlacementStatusTag({ status }: { status: unknown }) {
  const value = String(status) as EnrolmentStatus;
  return <Tag color={PLACEMENT_STATUS_COLORS[value]}>{ENROLMENT_STATUS_LABELS[value] ?? value}</Tag>;
}

/** 开始实习, 结束实习, 终止实习 (with a reason) for the row's status. */
export function PlacementStatusActions({ row }: { row: ResourceRow }) {
  const status = usePlacementStatus(row);
  const { name, run } = status;
  if (status.actions.length === 0) return null;
  return (
    <>
      {status.actions.map((action) =>
        action === 'terminate' ? (
          <Button key={action} type="link" size="small" danger onClick={() => status.setTerminating(true)}>
            终止
          </Button>
        ) : (
          <Popconfirm key={action} title={`确定为${name}${STATUS_ACTIONS[action].label}吗?`} okText="确定" cancelText="取消" onConfirm={() => run(action)}>
            <Button type="link" size="small">
              {action === 'start' ? '开始' : '结束'}
            </Button>
          </Popconfirm>
        ),
      )}
      <Modal
        open={status.terminating}
        title={`终止${name}的实习`}
        okText="终止实习"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: status.pending }}
        onOk={() => void run('terminate', status.reason)}
        onCancel={() => status.setTerminating(false)}
        destroyOnHidden
      >
        <Input.TextArea aria-label="终止原因" placeholder="请填写终止原因（必填）" rows={3} maxLength={500} value={status.reason} onChange={(e) => status.setReason(e.target.value)} />
      </Modal>
    </>
  );
}

/** 分配指导教师: one adviser for the chosen placements. */
export function AssignAdvisers({ rows, clear, matching }: { rows: ResourceRow[]; clear: () => void; matching?: MatchingSelection }) {
  const assign = useAssignAction();
  if (!assign.canAssign) return null;
  const count = matching?.total ?? rows.length;
  const send = async () => {
    if (await assign.submit(matching ? { search: matching.search } : { ids: rows.map((r) => r.id) }, count)) clear();
  };
  return (
    <>
      <Button type="primary" ghost onClick={() => assign.setOpen(true)}>
        分配指导教师
      </Button>
      <Modal open={assign.open} title={`为 ${count} 名学生分配指导教师`} okText="分配" cancelText="取消" confirmLoading={assign.pending} onOk={() => void send()} onCancel={() => assign.setOpen(false)} destroyOnHidden>
        <Form layout="vertical">
          <Form.Item label="指导教师" required htmlFor="placement-assign-adviser">
            <RefSelect id="placement-assign-adviser" target={PLACEMENT_REFS.adviser} value={assign.adviser} onChange={(v) => assign.setAdviser(typeof v === 'string' ? v : null)} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
