import { Button, Popconfirm, Space } from 'antd';
import type { ActionSpec } from './action-spec.ts';

/** One declared action as an antd button, behind its popover when it asks first. */
function ActionButton({ action }: { action: ActionSpec }) {
  const { label, tone, loading, disabled, confirm, run } = action;
  const button = (
    <Button type={tone === 'primary' ? 'primary' : undefined} danger={tone === 'danger'} loading={loading} disabled={disabled} onClick={confirm ? undefined : () => void run()}>
      {label}
    </Button>
  );
  if (!confirm) return button;
  return (
    <Popconfirm title={confirm.title} okText={confirm.ok} cancelText="取消" onConfirm={() => Promise.resolve(run()).catch(() => undefined)}>
      {button}
    </Popconfirm>
  );
}

/** Declared actions side by side in their order (antd). */
export function ActionBar({ actions, className }: { actions: readonly ActionSpec[]; className?: string }) {
  return (
    <Space wrap className={className}>
      {actions.map((action) => (
        <ActionButton key={action.key} action={action} />
      ))}
    </Space>
  );
}
