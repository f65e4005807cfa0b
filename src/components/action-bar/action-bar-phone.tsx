import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/sheet/dialog.ts';
import { phoneOrder, type ActionSpec } from './action-spec.ts';
import './action-bar.css';

async function runAfterConfirm({ confirm, run }: ActionSpec) {
  if (confirm && !(await confirmDialog({ content: confirm.title, confirmText: confirm.ok, cancelText: '取消' }))) return;
  await run();
}

/** Declared actions as whole-width antd-mobile buttons in a row, the main one last (antd-mobile only). */
export function ActionBarPhone({ actions, className }: { actions: readonly ActionSpec[]; className?: string }) {
  if (actions.length === 0) return null;
  return (
    <div className={className ? `action-bar-phone ${className}` : 'action-bar-phone'}>
      {phoneOrder(actions).map((action) => (
        <Button
          key={action.key}
          block
          color={action.tone === 'primary' ? 'primary' : action.tone === 'danger' ? 'danger' : 'default'}
          fill={action.tone === 'primary' ? 'solid' : 'outline'}
          loading={action.loading}
          disabled={action.disabled}
          onClick={() => void runAfterConfirm(action)}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}
